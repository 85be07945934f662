/**
 * Paired comparison of two systems on the same tasks (pure, deterministic). With 40–60 tasks a
 * per-repository difference under ~8 points is noise (RETRIEVAL-EVIDENCE.md), so a mean alone is
 * not a result: report the tasks each system won, and a bootstrap interval of the difference.
 */

import { seededRandom } from '../../runtime/seeded-random.js';

export { seededRandom };

export interface PairedComparison {
  tasks: number;
  /** Tasks where A hits and B does not / B hits and A does not / both the same. */
  wins: number;
  losses: number;
  ties: number;
  /** Mean of A − B (hit = 1, miss = 0), in 0..1 units. */
  difference: number;
  /** 95% percentile-bootstrap interval of that difference (null with no tasks). */
  ci95: [number, number] | null;
  resamples: number;
  seed: number;
}

export const DEFAULT_RESAMPLES = 1000;
export const DEFAULT_SEED = 20240601;

const round = (n: number): number => Math.round(n * 10_000) / 10_000;

/**
 * Resamples the per-task differences with replacement `resamples` times and takes the 2.5th and
 * 97.5th percentiles of the resampled means (nearest rank).
 */
export function bootstrapMeanInterval(differences: readonly number[], resamples = DEFAULT_RESAMPLES, seed = DEFAULT_SEED): [number, number] | null {
  const n = differences.length;
  if (n === 0) return null;
  const random = seededRandom(seed);
  const means: number[] = [];
  for (let r = 0; r < resamples; r += 1) {
    let sum = 0;
    for (let i = 0; i < n; i += 1) sum += differences[Math.floor(random() * n)]!;
    means.push(sum / n);
  }
  means.sort((a, b) => a - b);
  const at = (p: number): number => means[Math.min(resamples - 1, Math.max(0, Math.ceil(p * resamples) - 1))]!;
  return [round(at(0.025)), round(at(0.975))];
}

/** A vs B on a per-task hit (e.g. Acc@5): wins, losses, mean difference and its bootstrap interval. */
export function comparePaired(a: readonly boolean[], b: readonly boolean[], resamples = DEFAULT_RESAMPLES, seed = DEFAULT_SEED): PairedComparison {
  if (a.length !== b.length) throw new Error('comparePaired needs the same tasks for both systems');
  const differences = a.map((hit, i) => (hit ? 1 : 0) - (b[i] ? 1 : 0));
  const wins = differences.filter((d) => d > 0).length;
  const losses = differences.filter((d) => d < 0).length;
  return {
    tasks: a.length,
    wins,
    losses,
    ties: a.length - wins - losses,
    difference: a.length ? round(differences.reduce((s, d) => s + d, 0) / a.length) : 0,
    ci95: bootstrapMeanInterval(differences, resamples, seed),
    resamples,
    seed,
  };
}
