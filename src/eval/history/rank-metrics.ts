import { percentile } from '../metrics.js';

/**
 * Ranking metrics of the history eval (pure). Every system is scored on its own ranked list cut at
 * RANK_DEPTH — graphgate's pack in pack order, BM25's own top-25, each lane's ranking — so a
 * system is never judged at another's size.
 */

/** How deep every list is scored (MRR and the @k metrics never look further). */
export const RANK_DEPTH = 25;

export interface RankMetrics {
  /** An expected file is the first / in the first 5 / in the first 10. */
  acc1: boolean;
  acc5: boolean;
  acc10: boolean;
  /** Share of the expected files in the first 10 / 25. */
  recall10: number;
  recall25: number;
  /** Every expected file in the first 25. */
  all25: boolean;
  /** 1 / rank of the first expected file within the depth; 0 when none is there. */
  mrr: number;
  /** Rank (1-based) of the first expected file within the depth, or null. */
  firstHit: number | null;
}

/** Scores one ranked list against the expected files (duplicates in the list count once, at their first place). */
export function scoreRanking(ranked: readonly string[], expected: readonly string[], depth = RANK_DEPTH): RankMetrics {
  const list = [...new Set(ranked)].slice(0, depth);
  const want = new Set(expected);
  if (want.size === 0) throw new Error('scoreRanking needs at least one expected file');
  const index = list.findIndex((f) => want.has(f));
  const firstHit = index < 0 ? null : index + 1;
  const found = (k: number): number => list.slice(0, k).filter((f) => want.has(f)).length;
  return {
    acc1: firstHit !== null && firstHit <= 1,
    acc5: firstHit !== null && firstHit <= 5,
    acc10: firstHit !== null && firstHit <= 10,
    recall10: found(10) / want.size,
    recall25: found(25) / want.size,
    all25: found(25) === want.size,
    mrr: firstHit === null ? 0 : 1 / firstHit,
    firstHit,
  };
}

export interface RankSummary {
  tasks: number;
  acc1: number;
  acc5: number;
  acc10: number;
  recall10: number;
  recall25: number;
  all25: number;
  mrr: number;
}

const mean = (values: readonly number[]): number => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
const round = (n: number, digits = 4): number => Math.round(n * 10 ** digits) / 10 ** digits;
const bit = (b: boolean): number => (b ? 1 : 0);

/** Means over tasks (each task weighs the same); rates are 0..1. */
export function summariseRanking(metrics: readonly RankMetrics[]): RankSummary {
  return {
    tasks: metrics.length,
    acc1: round(mean(metrics.map((m) => bit(m.acc1)))),
    acc5: round(mean(metrics.map((m) => bit(m.acc5)))),
    acc10: round(mean(metrics.map((m) => bit(m.acc10)))),
    recall10: round(mean(metrics.map((m) => m.recall10))),
    recall25: round(mean(metrics.map((m) => m.recall25))),
    all25: round(mean(metrics.map((m) => bit(m.all25)))),
    mrr: round(mean(metrics.map((m) => m.mrr))),
  };
}

/** graphgate's verdict against the answer: what its `ok` / `pack_insufficient` was worth. */
export interface VerdictSummary {
  okPacks: number;
  insufficientPacks: number;
  /** outcome ok, yet no expected file in the first 25; rate over ok packs (null without any). */
  falseConfidence: number | null;
  /** outcome insufficient, yet an expected file in the first 5; rate over insufficient packs (null without any). */
  rightButInsufficient: number | null;
}

export function summariseVerdicts(rows: ReadonlyArray<{ outcome: 'ok' | 'pack_insufficient'; metrics: RankMetrics }>): VerdictSummary {
  const ok = rows.filter((r) => r.outcome === 'ok');
  const insufficient = rows.filter((r) => r.outcome !== 'ok');
  return {
    okPacks: ok.length,
    insufficientPacks: insufficient.length,
    falseConfidence: ok.length ? round(ok.filter((r) => r.metrics.recall25 === 0).length / ok.length) : null,
    rightButInsufficient: insufficient.length ? round(insufficient.filter((r) => r.metrics.acc5).length / insufficient.length) : null,
  };
}

export interface LatencySummary {
  p50: number;
  p95: number;
  mean: number;
}

export function summariseLatency(ms: readonly number[]): LatencySummary {
  return { p50: round(percentile(ms, 50), 1), p95: round(percentile(ms, 95), 1), mean: round(mean(ms), 1) };
}
