import { createHash } from 'node:crypto';

/**
 * Deterministic ids: `<repoId>:<kind>:<path>[#<name>]`. Long or odd keys are hashed so ids stay
 * bounded. The same input always yields the same id, so re-ingest MERGEs instead of duplicating.
 */
export function factId(repoId: string, kind: string, path: string, name?: string): string {
  const key = name === undefined ? path : `${path}#${name}`;
  const safe = key.length <= 200 ? key : `${key.slice(0, 120)}~${createHash('sha1').update(key).digest('hex').slice(0, 16)}`;
  return `${repoId}:${kind}:${safe}`;
}
