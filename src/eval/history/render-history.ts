import { table } from '../report-table.js';
import type { GroupSummary, HistoryReport, HistoryTaskResult } from './history-report.js';
import type { PairedComparison } from './paired.js';
import type { RankSummary } from './rank-metrics.js';

const pct = (n: number | null): string => (n === null ? '—' : (n * 100).toFixed(1));
const ms = (n: number): string => (n < 10 ? n.toFixed(1) : String(Math.round(n)));
const rank = (n: number | null | undefined): string => (n === null || n === undefined ? '—' : String(n));
const signed = (n: number): string => `${n > 0 ? '+' : ''}${(n * 100).toFixed(1)}`;
const short = (s: string, n: number): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** "+6.0 [-2.0, +14.0], 9 won / 3 lost" */
export function pairedText(c: PairedComparison): string {
  const ci = c.ci95 ? ` [${signed(c.ci95[0])}, ${signed(c.ci95[1])}]` : '';
  return `${signed(c.difference)}${ci}, ${c.wins} won / ${c.losses} lost`;
}

function taskRows(tasks: readonly HistoryTaskResult[]): string[] {
  const anySkipped = tasks.some((t) => t.status !== 'scored');
  const rows = tasks.map((t, i) => {
    const head = [String(i + 1), t.id.slice(0, 10), short(t.subject.replace(/\s+/g, ' '), 48), t.repeatsEarlierSubject ? 'r' : '', String(t.expected.length)];
    const note = anySkipped ? [t.skipReason ? `skipped: ${t.skipReason}` : ''] : [];
    if (t.status !== 'scored' || !t.graphgate || !t.bm25) return [...head, '', '', '', '', '', ...note];
    return [...head, rank(t.graphgate.metrics.firstHit), rank(t.bm25.metrics.firstHit), t.graphgate.outcome === 'ok' ? 'ok' : 'insuff',
      ms(t.graphgate.packMs), ms(t.timings.ingestMs), ...note];
  });
  const header = ['#', 'commit', 'subject', 'rep', 'exp', 'gg 1st', 'bm25 1st', 'verdict', 'pack ms', 'ingest ms', ...(anySkipped ? ['note'] : [])];
  return table(header, rows, 3);
}

const RANK_ROWS: Array<[string, (s: RankSummary) => string]> = [
  ['Acc@1', (s) => pct(s.acc1)],
  ['Acc@5', (s) => pct(s.acc5)],
  ['Acc@10', (s) => pct(s.acc10)],
  ['recall@10', (s) => pct(s.recall10)],
  ['recall@25', (s) => pct(s.recall25)],
  ['all@25', (s) => pct(s.all25)],
  ['MRR (×100)', (s) => pct(s.mrr)],
];

/** One block: metrics × systems (graphgate, BM25, each lane), then the paired comparison and verdict lines. */
export function renderGroup(title: string, g: GroupSummary): string[] {
  const lanes = Object.keys(g.lanes);
  const systems: Array<[string, RankSummary]> = [['graphgate', g.graphgate], ['bm25', g.bm25], ...lanes.map((n): [string, RankSummary] => [`lane:${n}`, g.lanes[n]!])];
  const rows = RANK_ROWS.map(([name, f]) => [name, '', ...systems.map(([, s]) => f(s))]);
  const v = g.graphgate.verdicts;
  return [
    `${title} — ${g.tasks} task(s)`,
    ...table(['metric (%)', '', ...systems.map(([n]) => n)], rows),
    `  graphgate vs BM25, Acc@5 (points, 95% bootstrap): ${g.tasks ? pairedText(g.graphgateVsBm25) : '—'}`,
    ...lanes.map((n) => `  lane ${n} vs BM25, Acc@5: ${pairedText(g.lanes[n]!.vsBm25)}`),
    `  false confidence (ok packs with no expected file in the first 25): ${pct(v.falseConfidence)}% of ${v.okPacks}`,
    `  right but insufficient (insufficient packs with an expected file in the first 5): ${pct(v.rightButInsufficient)}% of ${v.insufficientPacks}`,
    `  pack latency p50 / p95: ${ms(g.graphgate.packLatencyMs.p50)} / ${ms(g.graphgate.packLatencyMs.p95)} ms; BM25 query p50 ${ms(g.bm25.queryLatencyMs.p50)} ms`,
  ];
}

/** The readable report: header, one row per task, the summary with and without repeated subjects, timings. */
export function renderHistoryReport(report: HistoryReport): string {
  const r = report;
  const skipped = Object.entries(r.mining.skipped).map(([k, n]) => `${k} ${n}`).join(', ') || 'none';
  return [
    `graphgate eval --history ${r.repo.root}${r.repo.subfolder ? ` (subfolder ${r.repo.subfolder})` : ''} at ${r.repo.head.slice(0, 12)}`,
    `tasks: ${r.mining.qualified} of ${r.mining.scanned} commits read (skipped: ${skipped}); prompt = subject + body${r.options.stripTicketKey ? ', ticket key stripped' : ''}`,
    `pack builder: ${r.packBuilder}`,
    `baseline: ${r.baseline.library}, top-${r.baseline.k}; every list scored on its first ${r.options.depth} files`,
    '',
    ...taskRows(r.tasks),
    '  (gg/bm25 1st: rank of the first expected file, — = not in the first 25; rep r = the subject repeats an earlier commit\'s)',
    '',
    ...renderGroup('all tasks', r.summary.all),
    '',
    ...renderGroup(`without repeated subjects (${r.summary.repeatedSubjectTasks} left out)`, r.summary.withoutRepeatedSubjects),
    '',
    `time: ${(r.timings.totalMs / 1000).toFixed(1)} s total; per task p50 ${ms(r.timings.perTaskMs.p50)} ms (mean ${ms(r.timings.perTaskMs.mean)}); ` +
      `ingest p50 ${ms(r.timings.ingestMs.p50)} ms, p95 ${ms(r.timings.ingestMs.p95)} ms; BM25 sync p50 ${ms(r.timings.bm25SyncMs.p50)} ms; clone ${r.timings.cloneMs} ms`,
  ].join('\n');
}
