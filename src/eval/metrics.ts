import type { ProofChain } from '../retrieval/proof-chains/index.js';
import type { EvalTask } from './task-file.schema.js';

/** What one system (graphgate or the baseline) produced for one task. */
export interface SystemRun {
  /** The pack's files in the system's rank order (best first): the @k metrics read its head. */
  files: string[];
  /** The system's own verdict when it has one (graphgate's pack outcome); null for the baseline. */
  claimedSufficient: boolean | null;
  latencyMs: number;
}

export interface TaskMetrics {
  packSize: number;
  /** Share of the expected anchors (entrypoints + definitions) whose file is in the pack. */
  anchorRate: number;
  entrypointHit: boolean;
  definitionHit: boolean;
  /** At least one entrypoint AND one definition in the pack (the anchor invariant of 002 §6.5). */
  anchorHit: boolean;
  /** Share of the expected files in the pack. */
  recall: number;
  missingFiles: string[];
  /** Expected proof chains carried by the pack (every hop file in it); null when the task expects none. */
  chainsFound: number | null;
  chainsExpected: number;
  /** anchorHit and every expected chain found: the agent could plan without escalating. */
  sufficient: boolean;
  /**
   * Rank-aware metrics over the first k files, whatever the pack size: with packs of 20–40 files
   * in a small repository both systems contain nearly everything, so only the head discriminates.
   */
  recallAt5: number;
  recallAt10: number;
  /** anchorHit and every expected chain found within the first 10 files. */
  sufficientAt10: boolean;
  /** Share of the pack's files that are expected files (pack bloat lowers it). */
  precision: number;
  /** The first 10 files, for inspection. */
  top: string[];
  claimedSufficient: boolean | null;
  latencyMs: number;
}

/** The @k cut-offs reported (an agent reads the head of a pack first). */
export const RANK_CUTOFFS = [5, 10] as const;

export interface OverallMetrics {
  tasks: number;
  anchorHitRate: number;
  anchorRate: number;
  recall: number;
  packSizeMean: number;
  /** Over the tasks that expect chains; null when none does. */
  proofChainFoundRate: number | null;
  sufficiencyRate: number;
  recallAt5: number;
  recallAt10: number;
  sufficiencyAt10Rate: number;
  precision: number;
  /** Tasks the system called sufficient that are not (false confidence); null for systems without a verdict. */
  falseSufficientRate: number | null;
  latencyMs: { p50: number; p95: number; mean: number };
}

const round = (n: number, digits = 3): number => Math.round(n * 10 ** digits) / 10 ** digits;

/** Whether a pack carries a complete chain of the kind, through the named hops, with every hop's file in the pack. */
export function chainCarried(pack: ReadonlySet<string>, chains: readonly ProofChain[], expected: { kind: string; through?: string[] }): boolean {
  return chains.some((chain) =>
    chain.kind === expected.kind &&
    chain.status === 'complete' &&
    (expected.through ?? []).every((name) => chain.hops.some((h) => h.name === name)) &&
    chain.hops.every((h) => h.path === null || pack.has(h.path)));
}

/** Scores one system's pack against a task's expectations (file level for every system, so they compare). */
export function scoreTask(task: EvalTask, run: SystemRun, chains: readonly ProofChain[]): TaskMetrics {
  const ordered = [...new Set(run.files)];
  const pack = new Set(ordered);
  const { entrypoints, definitions, files, proofChains = [] } = task.expected;
  const anchors = [...entrypoints, ...definitions];
  const entrypointHit = entrypoints.some((a) => pack.has(a.file));
  const definitionHit = definitions.some((a) => pack.has(a.file));
  const expectedFiles = [...new Set(files)];
  const missingFiles = expectedFiles.filter((f) => !pack.has(f));
  const chainsFound = proofChains.length ? proofChains.filter((c) => chainCarried(pack, chains, c)).length : null;
  const anchorHit = entrypointHit && definitionHit;
  const head = (k: number): Set<string> => new Set(ordered.slice(0, k));
  const recallIn = (set: ReadonlySet<string>): number => round(expectedFiles.filter((f) => set.has(f)).length / expectedFiles.length);
  const top10 = head(10);
  const sufficientAt10 = entrypoints.some((a) => top10.has(a.file)) && definitions.some((a) => top10.has(a.file)) &&
    proofChains.every((c) => chainCarried(top10, chains, c));
  return {
    packSize: pack.size,
    anchorRate: round(anchors.filter((a) => pack.has(a.file)).length / anchors.length),
    entrypointHit,
    definitionHit,
    anchorHit,
    recall: round((expectedFiles.length - missingFiles.length) / expectedFiles.length),
    missingFiles,
    chainsFound,
    chainsExpected: proofChains.length,
    sufficient: anchorHit && (chainsFound === null || chainsFound === proofChains.length),
    recallAt5: recallIn(head(5)),
    recallAt10: recallIn(top10),
    sufficientAt10,
    precision: ordered.length ? round(expectedFiles.filter((f) => pack.has(f)).length / ordered.length) : 0,
    top: ordered.slice(0, 10),
    claimedSufficient: run.claimedSufficient,
    latencyMs: round(run.latencyMs, 1),
  };
}

/** Nearest-rank percentile of a non-empty list. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const mean = (values: readonly number[]): number => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);

/** Means and rates over tasks (each task weighs the same). */
export function aggregate(metrics: readonly TaskMetrics[]): OverallMetrics {
  const withChains = metrics.filter((m) => m.chainsFound !== null);
  const claimed = metrics.filter((m) => m.claimedSufficient !== null);
  const latencies = metrics.map((m) => m.latencyMs);
  return {
    tasks: metrics.length,
    anchorHitRate: round(mean(metrics.map((m) => (m.anchorHit ? 1 : 0)))),
    anchorRate: round(mean(metrics.map((m) => m.anchorRate))),
    recall: round(mean(metrics.map((m) => m.recall))),
    packSizeMean: round(mean(metrics.map((m) => m.packSize)), 1),
    proofChainFoundRate: withChains.length ? round(mean(withChains.map((m) => m.chainsFound! / m.chainsExpected))) : null,
    sufficiencyRate: round(mean(metrics.map((m) => (m.sufficient ? 1 : 0)))),
    recallAt5: round(mean(metrics.map((m) => m.recallAt5))),
    recallAt10: round(mean(metrics.map((m) => m.recallAt10))),
    sufficiencyAt10Rate: round(mean(metrics.map((m) => (m.sufficientAt10 ? 1 : 0)))),
    precision: round(mean(metrics.map((m) => m.precision))),
    falseSufficientRate: claimed.length ? round(mean(claimed.map((m) => (m.claimedSufficient && !m.sufficient ? 1 : 0)))) : null,
    latencyMs: { p50: round(percentile(latencies, 50), 1), p95: round(percentile(latencies, 95), 1), mean: round(mean(latencies), 1) },
  };
}
