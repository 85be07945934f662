/**
 * Read-verb latencies pooled over several soak runs (their `--json` reports): one run of K=1 has 20
 * calls per verb with `--reads 20`, so its p95 is its second-slowest call; pooling five runs gives 100.
 * `node dist/bench/soak/pool-runs.js <report.json>… [--after-s n]`: with `--after-s`, also the calls
 * that started n s or more after the agents' start (leaving out the start burst), and apart the calls
 * that started before (the start burst alone). Nearest rank, plus each pool's slowest call.
 * `--restart-window-s n`: per report, `submit_execution_plan` outside the outage (as the soak's table counts
 * it), the submissions that started within n s after the db fault's server came back, and the p95 without them.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { percentile } from '../../src/eval/metrics.js';
import type { SoakReport } from './runner.js';

export const READ_VERBS = ['read_file_lines', 'lookup_symbol_definition', 'trace_symbol_graph', 'search_codebase_text'] as const;

export interface PooledVerb { verb: string; n: number; p50: number; p95: number; max: number }

/**
 * Per read verb, p50, p95 and max over every answered call of the runs that started at least `afterMs`
 * and less than `beforeMs` after its run's agents started.
 */
export function poolReads(reports: ReadonlyArray<Pick<SoakReport, 'samples' | 'startedAt'>>, afterMs = 0, beforeMs = Infinity): PooledVerb[] {
  return READ_VERBS.map((verb) => {
    const ms = reports.flatMap((r) => r.samples.filter((s) => {
      const startedAfter = s.at - s.ms - r.startedAt;
      return s.verb === verb && s.traceRef !== null && startedAfter >= afterMs && startedAfter < beforeMs;
    }).map((s) => s.ms));
    return { verb, n: ms.length, p50: Math.round(percentile(ms, 50)), p95: Math.round(percentile(ms, 95)), max: Math.round(percentile(ms, 100)) };
  });
}

export interface SubmitsAroundRestart {
  /** Submissions outside the outage window (the soak's `p95 no-outage`), and their p95. */
  n: number;
  p95: number;
  /** Durations of those that started within the window after `db start` returned, slowest first. */
  inWindow: number[];
  /** The p95 of the others. */
  p95Without: number;
}

/** Where a run's slow submissions fall: in the first `windowMs` after its db fault's server came back, or not. */
export function submitsAroundRestart(report: Pick<SoakReport, 'samples' | 'outages'>, windowMs: number): SubmitsAroundRestart {
  const back = report.outages.map((o) => o.to).filter((to): to is number => to !== null);
  const outside = report.samples.filter((s) => s.verb === 'submit_execution_plan' && !s.duringOutage);
  const inWindow = (s: (typeof outside)[number]): boolean => back.some((to) => s.at - s.ms >= to && s.at - s.ms < to + windowMs);
  const others = outside.filter((s) => !inWindow(s)).map((s) => s.ms);
  return {
    n: outside.length,
    p95: Math.round(percentile(outside.map((s) => s.ms), 95)),
    inWindow: outside.filter(inWindow).map((s) => Math.round(s.ms)).sort((a, b) => b - a),
    p95Without: Math.round(percentile(others, 95)),
  };
}

export function formatPooled(label: string, pooled: PooledVerb[]): string {
  const join = (k: 'n' | 'p50' | 'p95' | 'max'): string => pooled.map((v) => v[k]).join(' / ');
  return `${label}: n ${join('n')}; p50 ${join('p50')} ms; p95 ${join('p95')} ms; max ${join('max')} ms (${READ_VERBS.join(' / ')})`;
}

/** The value after `flag` (removed from `args` with it), as a number ≥ 0; undefined when absent, NaN when bad. */
function takeSeconds(args: string[], flag: string): number | undefined {
  const at = args.indexOf(flag);
  if (at < 0) return undefined;
  const [, raw] = args.splice(at, 2);
  const n = Number(raw);
  return n >= 0 ? n : Number.NaN;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const files = process.argv.slice(2);
  const afterS = takeSeconds(files, '--after-s');
  const windowS = takeSeconds(files, '--restart-window-s');
  if (files.length === 0 || Number.isNaN(afterS) || Number.isNaN(windowS)) {
    process.stderr.write('usage: node dist/bench/soak/pool-runs.js <soak report.json>… [--after-s n] [--restart-window-s n]\n');
    process.exit(2);
  }
  const reports = files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as SoakReport);
  process.stdout.write(`${formatPooled(`${reports.length} run(s), all calls`, poolReads(reports))}\n`);
  if (afterS !== undefined) {
    process.stdout.write(`${formatPooled(`calls from ${afterS} s on`, poolReads(reports, afterS * 1000))}\n`);
    process.stdout.write(`${formatPooled(`calls before ${afterS} s`, poolReads(reports, 0, afterS * 1000))}\n`);
  }
  if (windowS !== undefined) {
    for (const [i, report] of reports.entries()) {
      const r = submitsAroundRestart(report, windowS * 1000);
      process.stdout.write(`${files[i]}: submit outside the outage n ${r.n}, p95 ${r.p95} ms; started within ${windowS} s after the server came back: ${r.inWindow.join(', ') || 'none'} ms; p95 without them ${r.p95Without} ms\n`);
    }
  }
}
