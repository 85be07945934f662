import { createHash } from 'node:crypto';

/** Marks an overlay namespace: `<base repoId>.ov-<16 hex>`. */
export const OVERLAY_MARK = '.ov-';

/**
 * The repoId under which a work's overlay is ingested: deterministic per (repository, work), distinct
 * from every repository id (the configured and derived ones never contain `.ov-` followed by the hash),
 * and within the ingest settings' repoId pattern (`[A-Za-z0-9._-]{1,80}`) for a base id of ≤ 60 chars.
 */
export function overlayRepoId(repoId: string, workId: string): string {
  const hash = createHash('sha256').update(`${repoId}\u0000${workId}`).digest('hex').slice(0, 16);
  return `${repoId.slice(0, 60)}${OVERLAY_MARK}${hash}`;
}
