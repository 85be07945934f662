import type { SyncStats } from '../bm25-baseline.js';
import type { HistoryTask, SkipReason } from './mine-tasks.js';
import { comparePaired, type PairedComparison } from './paired.js';
import {
  summariseLatency, summariseRanking, summariseVerdicts,
  type LatencySummary, type RankMetrics, type RankSummary, type VerdictSummary,
} from './rank-metrics.js';

/** One system's answer to one task: its first 25 files and their metrics. */
export interface SystemResult {
  top: string[];
  metrics: RankMetrics;
}

/** A mined task (its commit, prompt and answer) with what running it gave. */
export interface HistoryTaskResult extends Pick<HistoryTask, 'id' | 'sha' | 'parent' | 'date' | 'subject' | 'ticketKey' | 'prompt' | 'specOnly' | 'changedFiles' | 'expected'> {
  /** The subject (normalised) was already used by a commit in the parent's history. */
  repeatsEarlierSubject: boolean;
  /** Expected files that are not File facts at the parent (ingestion skips them): left out of scoring. */
  expectedNotIngested: string[];
  status: 'scored' | 'skipped';
  skipReason?: string;
  graphgate?: SystemResult & { outcome: 'ok' | 'pack_insufficient'; packSize: number; packMs: number };
  bm25?: SystemResult & { queryMs: number };
  /** Each lane's own ranking, when the pack builder exposes lanes. */
  lanes?: Record<string, SystemResult>;
  timings: {
    checkoutMs: number; ingestMs: number; parsedFiles: number;
    /** Commit nodes the namespace held after the ingest (all checked to be in the parent's history). */
    graphCommits: number;
    corpusFiles: number; bm25Sync: SyncStats | null; totalMs: number;
  };
}

export interface GroupSummary {
  tasks: number;
  graphgate: RankSummary & { verdicts: VerdictSummary; packLatencyMs: LatencySummary };
  bm25: RankSummary & { queryLatencyMs: LatencySummary };
  /** graphgate − BM25 on Acc@5, paired by task. */
  graphgateVsBm25: PairedComparison;
  lanes: Record<string, RankSummary & { vsBm25: PairedComparison }>;
}

export interface HistoryReport {
  generatedAt: string;
  mode: 'history';
  repo: { root: string; head: string; subfolder: string | null; repoId: string };
  options: { tasks: number; since: string | null; until: string | null; stripTicketKey: boolean; depth: number };
  mining: { scanned: number; qualified: number; skipped: Partial<Record<SkipReason, number>> };
  packBuilder: string;
  baseline: { library: string; scoring: string; k: number };
  tasks: HistoryTaskResult[];
  summary: { all: GroupSummary; withoutRepeatedSubjects: GroupSummary; repeatedSubjectTasks: number };
  timings: { totalMs: number; cloneMs: number; perTaskMs: LatencySummary; ingestMs: LatencySummary; bm25SyncMs: LatencySummary };
}

type Scored = HistoryTaskResult & Required<Pick<HistoryTaskResult, 'graphgate' | 'bm25'>>;

export const isScored = (t: HistoryTaskResult): t is Scored => t.status === 'scored' && !!t.graphgate && !!t.bm25;

/** Lane names seen in any scored task (a lane missing from one task counts as an empty ranking there). */
export function laneNames(tasks: readonly HistoryTaskResult[]): string[] {
  return [...new Set(tasks.flatMap((t) => Object.keys(t.lanes ?? {})))].sort();
}

const EMPTY_LANE: RankMetrics = { acc1: false, acc5: false, acc10: false, recall10: 0, recall25: 0, all25: false, mrr: 0, firstHit: null };

/** Summarises a set of task results: both systems, the verdicts, lanes, and the paired Acc@5 comparison. */
export function summariseGroup(tasks: readonly HistoryTaskResult[]): GroupSummary {
  const scored = tasks.filter(isScored);
  const bm25Hits = scored.map((t) => t.bm25.metrics.acc5);
  const lanes: GroupSummary['lanes'] = {};
  for (const name of laneNames(scored)) {
    const metrics = scored.map((t) => t.lanes?.[name]?.metrics ?? EMPTY_LANE);
    lanes[name] = { ...summariseRanking(metrics), vsBm25: comparePaired(metrics.map((m) => m.acc5), bm25Hits) };
  }
  return {
    tasks: scored.length,
    graphgate: {
      ...summariseRanking(scored.map((t) => t.graphgate.metrics)),
      verdicts: summariseVerdicts(scored.map((t) => ({ outcome: t.graphgate.outcome, metrics: t.graphgate.metrics }))),
      packLatencyMs: summariseLatency(scored.map((t) => t.graphgate.packMs)),
    },
    bm25: { ...summariseRanking(scored.map((t) => t.bm25.metrics)), queryLatencyMs: summariseLatency(scored.map((t) => t.bm25.queryMs)) },
    graphgateVsBm25: comparePaired(scored.map((t) => t.graphgate.metrics.acc5), bm25Hits),
    lanes,
  };
}

/** All tasks, and the same without tasks whose subject repeats an earlier commit's. */
export function summariseTasks(tasks: readonly HistoryTaskResult[]): HistoryReport['summary'] {
  return {
    all: summariseGroup(tasks),
    withoutRepeatedSubjects: summariseGroup(tasks.filter((t) => !t.repeatsEarlierSubject)),
    repeatedSubjectTasks: tasks.filter((t) => isScored(t) && t.repeatsEarlierSubject).length,
  };
}
