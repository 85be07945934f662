/**
 * Read-verb latencies pooled over several soak runs (their `--json` reports): one run of K=1 has 20
 * calls per verb with `--reads 20`, so its p95 is its second-slowest call; pooling five runs gives 100.
 * `node dist/bench/soak/pool-runs.js <report.json>… [--after-s n]`: with `--after-s`, also the calls
 * that started n s or more after the agents' start (leaving out the start burst), and apart the calls
 * that started before (the start burst alone). Nearest rank, plus each pool's slowest call.
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

export function formatPooled(label: string, pooled: PooledVerb[]): string {
  const join = (k: 'n' | 'p50' | 'p95' | 'max'): string => pooled.map((v) => v[k]).join(' / ');
  return `${label}: n ${join('n')}; p50 ${join('p50')} ms; p95 ${join('p95')} ms; max ${join('max')} ms (${READ_VERBS.join(' / ')})`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--after-s');
  const afterS = at >= 0 ? Number(args[at + 1]) : undefined;
  const files = args.filter((a, i) => a !== '--after-s' && i !== at + 1);
  if (files.length === 0 || (afterS !== undefined && !(afterS >= 0))) {
    process.stderr.write('usage: node dist/bench/soak/pool-runs.js <soak report.json>… [--after-s n]\n');
    process.exit(2);
  }
  const reports = files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as SoakReport);
  process.stdout.write(`${formatPooled(`${reports.length} run(s), all calls`, poolReads(reports))}\n`);
  if (afterS !== undefined) {
    process.stdout.write(`${formatPooled(`calls from ${afterS} s on`, poolReads(reports, afterS * 1000))}\n`);
    process.stdout.write(`${formatPooled(`calls before ${afterS} s`, poolReads(reports, 0, afterS * 1000))}\n`);
  }
}
