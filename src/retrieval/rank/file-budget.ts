import type { RankedFile } from './fusion.rank.js';

export interface FileBudget {
  maxFiles: number;
  /** Total bytes of the selected files (files without a known size count as 0). */
  maxBytes: number;
  /** Files scoring below this are not selected (0 keeps every file with a non-negative score). */
  minScore: number;
}

// minScore sits below the smallest structure contribution (a prefix name match at STRUCTURE_SCALE): a file
// one lane found at all is kept; only files with nothing but penalties are cut.
export const DEFAULT_FILE_BUDGET: FileBudget = { maxFiles: 40, maxBytes: 400_000, minScore: 0.005 };

export type CutReason = 'below_min_score' | 'max_files' | 'max_bytes';

/** A file the budget left out, recorded so the pack can say what was cut and why. */
export interface CutFile {
  path: string;
  score: number;
  reason: CutReason;
}

/**
 * Walks a ranked list in order and keeps files while the budget allows: below `minScore` is cut, a
 * file that would overflow `maxBytes` is cut but smaller later files may still fit, and once
 * `maxFiles` are kept the rest are cut. Deterministic for a given ranked list.
 */
export function selectWithinBudget(ranked: readonly RankedFile[], budget: FileBudget = DEFAULT_FILE_BUDGET): { selected: RankedFile[]; cut: CutFile[] } {
  const selected: RankedFile[] = [];
  const cut: CutFile[] = [];
  let bytes = 0;
  for (const file of ranked) {
    const size = file.bytes ?? 0;
    let reason: CutReason | null = null;
    if (!(file.score >= budget.minScore)) reason = 'below_min_score';
    else if (selected.length >= budget.maxFiles) reason = 'max_files';
    else if (bytes + size > budget.maxBytes) reason = 'max_bytes';
    if (reason) {
      cut.push({ path: file.path, score: file.score, reason });
      continue;
    }
    selected.push(file);
    bytes += size;
  }
  return { selected, cut };
}
