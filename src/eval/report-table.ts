import type { OverallMetrics, TaskMetrics } from './metrics.js';

/** One task's row: both systems side by side. */
export interface TaskRow {
  id: string;
  class: string;
  graphgate: TaskMetrics;
  baseline: TaskMetrics;
}

const pct = (n: number | null): string => (n === null ? '—' : `${Math.round(n * 100)}%`);
const yes = (b: boolean): string => (b ? 'yes' : 'no');
const chain = (m: TaskMetrics): string => (m.chainsFound === null ? '—' : `${m.chainsFound}/${m.chainsExpected}`);
const ms = (n: number): string => (n < 10 ? n.toFixed(1) : String(Math.round(n)));

/** A plain text table: the first `leftColumns` columns left-aligned, the others right-aligned. */
export function table(header: string[], rows: string[][], leftColumns = 2): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]): string => cells.map((c, i) => (i < leftColumns ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
}

const SYSTEM_COLUMNS = ['anchors', 'recall', 'r@5', 'r@10', 'size', 'chain', 'suff', 's@10', 'ms'];

function systemCells(m: TaskMetrics): string[] {
  return [`${yes(m.anchorHit)} ${pct(m.anchorRate)}`, pct(m.recall), pct(m.recallAt5), pct(m.recallAt10), String(m.packSize), chain(m), yes(m.sufficient), yes(m.sufficientAt10), ms(m.latencyMs)];
}

/** The readable side-by-side report: per task, then overall (graphgate | BM25 baseline). */
export function renderReport(input: { title: string; rows: TaskRow[]; overall: { graphgate: OverallMetrics; baseline: OverallMetrics } }): string {
  const header = ['task', 'class', ...SYSTEM_COLUMNS.map((c) => `gg:${c}`), '|', ...SYSTEM_COLUMNS.map((c) => `bm25:${c}`)];
  const rows = input.rows.map((r) => [r.id, r.class, ...systemCells(r.graphgate), '|', ...systemCells(r.baseline)]);
  const o = input.overall;
  const overallRows: Array<[string, (m: OverallMetrics) => string]> = [
    ['anchor hit rate (entrypoint + definition)', (m) => pct(m.anchorHitRate)],
    ['anchor coverage (expected anchors in pack)', (m) => pct(m.anchorRate)],
    ['recall of expected files', (m) => pct(m.recall)],
    ['pack size (mean files)', (m) => String(m.packSizeMean)],
    ['proof-chain found rate', (m) => pct(m.proofChainFoundRate)],
    ['pack sufficiency rate', (m) => pct(m.sufficiencyRate)],
    ['recall @5 (first 5 files)', (m) => pct(m.recallAt5)],
    ['recall @10 (first 10 files)', (m) => pct(m.recallAt10)],
    ['sufficiency @10 (anchors + chains in first 10)', (m) => pct(m.sufficiencyAt10Rate)],
    ['precision (expected files / pack size)', (m) => pct(m.precision)],
    ['claimed sufficient but not (false confidence)', (m) => pct(m.falseSufficientRate)],
    ['latency p50 / p95 ms', (m) => `${ms(m.latencyMs.p50)} / ${ms(m.latencyMs.p95)}`],
  ];
  return [
    input.title,
    '',
    ...table(header, rows),
    '',
    ...table(['overall', '', 'graphgate', 'bm25 baseline'], overallRows.map(([name, f]) => [name, '', f(o.graphgate), f(o.baseline)])),
  ].join('\n');
}
