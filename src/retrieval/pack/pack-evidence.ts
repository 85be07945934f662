import type { z } from 'zod';
import type { RankedFile } from '../rank/fusion.rank.js';
import type { packEvidenceSchema } from './pack-sections.schema.js';

export type PackEvidenceFile = z.infer<typeof packEvidenceSchema>['files'][number];

/**
 * The pack's evidence entries for selected files: score, reasons and the full contribution breakdown,
 * so "why is this file here" can be answered from the pack alone. A file carries the snapshot id of
 * its hits (`mixed:…` when they disagree), which the snapshot-purity gate checks.
 */
export function evidenceFilesOf(selected: readonly RankedFile[], sha256ByPath: ReadonlyMap<string, string> = new Map()): PackEvidenceFile[] {
  return selected.map((f) => {
    const sha = sha256ByPath.get(f.path);
    return {
      path: f.path,
      score: f.score,
      reasons: [...f.reasons],
      contributions: f.contributions.map((c) => ({ ...c })),
      lanes: [...f.lanes],
      anchorId: f.anchorId,
      ...(f.bytes !== undefined ? { bytes: f.bytes } : {}),
      ...(sha !== undefined ? { sha256: sha } : {}),
      ...(f.snapshotIds.length === 1 ? { snapshotId: f.snapshotIds[0] as string } : {}),
      // Hits from several snapshots are recorded as such, so the snapshot-purity gate fails loudly.
      ...(f.snapshotIds.length > 1 ? { snapshotId: `mixed:${f.snapshotIds.join(',')}`.slice(0, 200) } : {}),
    };
  });
}
