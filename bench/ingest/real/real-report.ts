import type { IngestSummary } from '../../../ingest/index.js';
import { percentile } from '../../../src/eval/metrics.js';
import type { CheckoutResult } from './checkout-run.js';
import { failureText, type CliIngest } from './cli-ingest.js';
import type { CompodocResult } from './compodoc-run.js';
import type { DaemonFirstResult } from './daemon-first.js';
import type { EditRunsResult } from './edit-runs.js';
import type { GcUsage } from './measured-child.js';

/** Everything one `bench:ingest -- --repo` run measured, before formatting. */
export interface RealBenchResult {
  repo: { path: string; commit: string | null; dirty: boolean | null };
  context: { graphgate: string | null; node: string; loadavg: number[]; neo4j: string };
  repoId: string;
  parseFloor: { files: number; ms: number; runsMs: number[] };
  first: CliIngest;
  firstServerCpuMs: number | null;
  rerun: CliIngest | null;
  checkout: CheckoutResult | { error: string } | null;
  daemonFirst: DaemonFirstResult | { error: string } | null;
  edits: EditRunsResult | { error: string } | null;
  compodoc: CompodocResult | null;
  cleanup: { deleted: number; ms: number } | { error: string };
  reproduce: string;
}

const s = (ms: number | null | undefined): string => (ms === null || ms === undefined ? 'n/a' : (ms / 1000).toFixed(2));
const n = (value: number): string => value.toLocaleString('en-US');
const mb = (value: number | null): string => (value === null ? 'n/a' : `${n(value)} MB`);

/** Phase times of one ingest (ms): the summary's timings, history's own, and what no phase covers. */
export function phasesOf(summary: IngestSummary): Record<string, number> {
  const t = summary.timings;
  const phases = {
    lockWait: t.lockWaitMs, knownFiles: t.knownMs, discover: t.discoverMs, read: t.readMs, snapshot: t.snapshotMs,
    parseExtract: t.parseMs, write: t.writeMs, link: t.linkMs, policy: t.policyMs, history: summary.history.ms, fulltext: t.fulltextMs,
  };
  const rounded = Object.fromEntries(Object.entries(phases).map(([k, v]) => [k, Math.round(v)]));
  // Batched writes overlap parsing, so the phases can add up to more than the total.
  const other = t.totalMs - Object.values(phases).reduce((a, b) => a + b, 0);
  return { ...rounded, otherOrOverlap: Math.round(other), total: Math.round(t.totalMs) };
}

const extractorsOf = (summary: IngestSummary): Record<string, number> =>
  Object.fromEntries(Object.entries(summary.timings.extractors).sort(([, a], [, b]) => b - a).map(([k, v]) => [k, Math.round(v)]));

function ingestJson(ingest: CliIngest | null): Record<string, unknown> | null {
  if (!ingest) return null;
  const { run, summary } = ingest;
  const base = { wallMs: run.wallMs, maxRssMb: run.maxRssMb, cpuMs: run.cpuMs, gc: run.gc, exitCode: run.exitCode };
  if (!summary) return { ...base, error: failureText(ingest) };
  return {
    ...base, totalMs: summary.timings.totalMs, filesPerSecond: Math.round(summary.filesPerSecond), writeMode: summary.writeMode,
    files: summary.files, extractionCache: summary.extractionCache ?? null, projectMode: summary.project.mode, phasesMs: phasesOf(summary), extractorsMs: extractorsOf(summary),
    refs: summary.refs.byStatus, events: summary.events, totals: summary.totals ?? null, historyCommits: summary.history.commits,
  };
}

/** The ingest process's collection pauses (a fifth of a large first ingest on Node 20) and its young generation, which Node 24 sizes larger. */
function gcLine(gc: GcUsage | null, node: string | null): string {
  if (!gc) return '    GC: n/a (the process ended before its exit hook)';
  return `    GC pauses (main thread): minor ${n(gc.minor.count)} × = ${s(gc.minor.ms)} s | major ${n(gc.major.count)} × = ${s(gc.major.ms)} s | incremental/weak ${s(gc.other.ms)} s | young generation up to ${n(gc.youngGenerationMb)} MB (node ${node ?? '?'})`;
}

/** The JSON line: every number the lines show, and more (fact totals, per-extractor times). */
export function reportJson(r: RealBenchResult): Record<string, unknown> {
  const checkout = r.checkout && 'error' in r.checkout ? r.checkout
    : r.checkout ? {
      head: r.checkout.head, target: r.checkout.target, filesChanged: r.checkout.filesChanged, secondClone: ingestJson(r.checkout.secondClone), afterCheckout: ingestJson(r.checkout.afterCheckout), backToHead: ingestJson(r.checkout.backToHead), targetAgain: ingestJson(r.checkout.targetAgain),
      daemon: 'error' in r.checkout.daemon ? r.checkout.daemon
        : { warmUpMs: r.checkout.daemon.warmUpMs, reusedRunning: r.checkout.daemon.reusedRunning, runs: r.checkout.daemon.runs.map((d) => ({ to: d.to, ...ingestJson(d.ingest) })) },
    } : null;
  return {
    repo: r.repo, context: r.context, repoId: r.repoId, parseFloor: r.parseFloor,
    first: { ...ingestJson(r.first), serverCpuMs: r.firstServerCpuMs }, rerun: ingestJson(r.rerun), checkout, daemonFirst: daemonFirstJson(r.daemonFirst), edits: r.edits, compodoc: r.compodoc, cleanup: r.cleanup, reproduce: r.reproduce,
  };
}

function daemonLines(d: CheckoutResult['daemon']): string[] {
  if ('error' in d) return [`    through graphgate daemon: failed: ${d.error}`];
  const wall = (to: 'head' | 'target') => d.runs.filter((r) => r.to === to && r.ingest.summary).map((r) => Math.round(r.ingest.run.wallMs));
  const failed = d.runs.filter((r) => !r.ingest.summary);
  const parsed = (to: 'head' | 'target') => d.runs.find((r) => r.to === to)?.ingest.summary?.files.parsed ?? 0;
  return [
    `    through graphgate daemon (${d.reusedRunning ? 'the one already running' : 'started for this step'}; warm-up pair ${d.warmUpMs.map((ms) => Math.round(ms)).join(' / ')} ms):`,
    `      to the target (${parsed('target')} parsed): CLI ${wall('target').join(' / ')} ms; back to HEAD (${parsed('head')} parsed): CLI ${wall('head').join(' / ')} ms`,
    ...failed.map((r) => `      ${failureText(r.ingest)}`),
  ];
}

function daemonFirstJson(d: RealBenchResult['daemonFirst']): Record<string, unknown> | null {
  if (!d || 'error' in d) return d;
  return { reusedRunning: d.reusedRunning, settleMs: d.settleMs, warmUp: ingestJson(d.warmUp), runs: d.runs.map(ingestJson) };
}

function daemonFirstLines(d: RealBenchResult['daemonFirst']): string[] {
  if (!d) return [];
  if ('error' in d) return [`  first ingests through graphgate daemon: failed: ${d.error}`];
  const ok = d.runs.filter((r) => r.summary);
  const median = ok.length ? percentile(ok.map((r) => r.run.wallMs), 50) : null;
  return [
    `  first ingests through graphgate daemon (${d.reusedRunning ? 'the one already running' : 'started for this step'}; fresh namespaces, ${s(d.settleMs)} s after each deletion; warm-up run ${s(d.warmUp.run.wallMs)} s):`,
    `    CLI wall (s): ${ok.map((r) => s(r.run.wallMs)).join(' / ')}, median ${s(median)}; ingest (s): ${ok.map((r) => s(r.summary!.timings.totalMs)).join(' / ')}`,
    ...d.runs.filter((r) => !r.summary).map((r) => `    ${failureText(r)}`),
  ];
}

function ingestLine(label: string, ingest: CliIngest): string {
  const { run, summary } = ingest;
  if (!summary) return `  ${label}: ${failureText(ingest)}`;
  const f = summary.files;
  const cache = summary.extractionCache ? `, ${n(summary.extractionCache.hits)} from the extraction cache${summary.project.mode === 'none' ? ' (no parser loaded)' : ''}` : '';
  return `  ${label}: CLI ${s(run.wallMs)} s wall (ingest ${s(summary.timings.totalMs)} s), peak RSS ${mb(run.maxRssMb)}, ${n(f.parsed)} parsed (${f.added} added, ${f.changed} changed, ${f.deleted} deleted, ${f.dependents} dependents)${cache}`;
}

/** The readable lines, ending with the command that reproduces the run. */
export function reportLines(r: RealBenchResult): string[] {
  const { first } = r;
  const commit = r.repo.commit ? `${r.repo.commit.slice(0, 12)}${r.repo.dirty ? ' + uncommitted changes' : ''}` : 'not a git checkout';
  const lines = [
    `real-code ingest benchmark — ${r.repo.path} at ${commit}`,
    `  graphgate ${r.context.graphgate?.slice(0, 12) ?? '?'}, node ${r.context.node}, load ${r.context.loadavg.map((l) => l.toFixed(1)).join(' ')}, Neo4j ${r.context.neo4j}`,
  ];
  const sum = first.summary;
  if (!sum) {
    lines.push(`  first ingest: ${failureText(first)}`);
  } else {
    const p = phasesOf(sum);
    const f = sum.files;
    lines.push(
      `  files: ${n(f.seen)} seen, ${n(f.parsed - f.skipped)} ingested (${n(f.skipped)} skipped: too large, binary or outside), ${n(r.parseFloor.files)} TypeScript`,
      `  first ingest (fresh namespace ${r.repoId}): CLI ${s(first.run.wallMs)} s wall (ingest ${s(sum.timings.totalMs)} s; the rest: start-up, connection, exit), ${n(Math.round(sum.filesPerSecond))} files/s`,
      `    peak RSS ${mb(first.run.maxRssMb)} | ingest process CPU ${s(first.run.cpuMs)} s | Neo4j server CPU ${r.firstServerCpuMs === null ? 'n/a (not the local instance)' : `${s(r.firstServerCpuMs)} s`} | write mode ${sum.writeMode}`,
      `    phases (s): discover ${s(p.discover)} | read ${s(p.read)} | known ${s(p.knownFiles)} | snapshot ${s(p.snapshot)} | parse+extract ${s(p.parseExtract)} | write ${s(p.write)} | link ${s(p.link)} | full-text ${s(p.fulltext)} | policy ${s(p.policy)} | history ${s(p.history)} (${sum.history.commits} commits) | lock ${s(p.lockWait)} | other/overlap ${s(p.otherOrOverlap)}`,
      `    extractors (s, inside parse+extract): ${Object.entries(extractorsOf(sum)).map(([k, v]) => `${k} ${s(v)}`).join(' | ')}`,
      gcLine(first.run.gc, first.run.node),
    );
  }
  const floorRatio = sum ? ` → the ingest is ${(sum.timings.totalMs / Math.max(r.parseFloor.ms, 1)).toFixed(1)}× the floor` : '';
  lines.push(`  parse floor (ts.createProgram, best of 3 fresh processes): ${n(r.parseFloor.files)} files in ${s(r.parseFloor.ms)} s (${r.parseFloor.runsMs.join(' / ')} ms)${floorRatio}`);
  if (r.rerun) lines.push(ingestLine('unchanged re-run', r.rerun));
  if (r.checkout && 'error' in r.checkout) lines.push(`  checkout: failed: ${r.checkout.error}`);
  else if (r.checkout) {
    lines.push(
      `  checkout ${r.checkout.head.slice(0, 12)} → ${r.checkout.target.slice(0, 12)} in a scratch clone (${n(r.checkout.filesChanged)} paths differ in git):`,
      ingestLine('  second clone at HEAD, same namespace', r.checkout.secondClone),
      ingestLine('  after git checkout', r.checkout.afterCheckout),
      ingestLine('  back to HEAD', r.checkout.backToHead),
      ingestLine('  to the target again', r.checkout.targetAgain),
      ...daemonLines(r.checkout.daemon),
    );
  }
  lines.push(...daemonFirstLines(r.daemonFirst));
  if (r.edits && 'error' in r.edits) lines.push(`  edits: failed: ${r.edits.error}`);
  else if (r.edits) {
    lines.push(
      `  one-file edits re-ingested as --watch does (warm project, scratch clone; start ${s(r.edits.startMs)} s): ${r.edits.runs.length} edits, p50 ${r.edits.p50} ms | p95 ${r.edits.p95} ms | max ${r.edits.max} ms`,
      `    runs (ms): ${r.edits.runs.map((e) => e.ms).join(' ')}`,
      ...slowestEdits(r.edits.runs),
      r.edits.warm
        ? `    warm-up before the edits (lazy-route index, barrels, extractors, rehearsed writes, route links): ${s(r.edits.warm.ms)} s, ${n(r.edits.warm.targets)} lazy targets, ${n(r.edits.warm.barrels)} barrel files, ${n(r.edits.warm.extracted)} files extracted (${n(r.edits.warm.rehearsed)} edits rehearsed), ${n(r.edits.warm.relTypes)} relationship types planned, ${n(r.edits.warm.routeFiles)} routes files linked, project ${n(r.edits.warm.held)} files, RSS ${n(r.edits.warm.rssMb)} MB`
        : '    warm-up before the edits: off',
    );
  }
  lines.push(...compodocLines(r));
  lines.push('error' in r.cleanup ? `  cleanup of ${r.repoId} FAILED: ${r.cleanup.error}` : `  namespace ${r.repoId} deleted (${n(r.cleanup.deleted)} nodes, ${s(r.cleanup.ms)} s)`);
  lines.push(`  reproduce: ${r.reproduce}`);
  return lines;
}

/** `4.8× faster` when ours is smaller, `3.2× slower` when it is larger. */
const times = (theirs: number, ours: number, better: string, worse: string): string =>
  theirs >= ours ? `${(theirs / Math.max(ours, 1)).toFixed(1)}× ${better}` : `${(ours / Math.max(theirs, 1)).toFixed(1)}× ${worse}`;

function compodocLines(r: RealBenchResult): string[] {
  const c = r.compodoc;
  if (!c) return ['  Compodoc: skipped (--no-compodoc)'];
  const found = c.status === 'ok' && c.found ? [`    found: ${Object.entries(c.found).filter(([, v]) => v > 0).map(([k, v]) => `${k} ${n(v)}`).join(', ') || 'nothing'}`] : [];
  if (c.status === 'skipped') return [`  Compodoc: skipped: ${c.reason}`];
  const head = `  Compodoc 2.0.0 -p ${c.tsconfig} (${c.scope}) ${c.flags.slice(4).join(' ')}`;
  if (c.status === 'timeout') return [head, `    did not finish: stopped after ${s(c.wallMs)} s (--compodoc-timeout)`];
  if (c.status === 'failed') return [head, `    FAILED (exit ${c.exitCode}) after ${s(c.wallMs)} s, peak RSS ${mb(c.maxRssMb)}; output tail:`, ...c.outputTail.split('\n').map((l) => `      ${l}`)];
  const wall = r.first.run.wallMs;
  const rss = r.first.run.maxRssMb;
  const compare = r.first.summary ? ` → graphgate's first ingest (CLI wall): ${times(c.wallMs, wall, 'faster', 'slower')}${rss && c.maxRssMb ? `, ${times(c.maxRssMb, rss, 'less', 'more')} peak RSS` : ''} than Compodoc` : '';
  return [
    head,
    `    ${s(c.wallMs)} s wall, peak RSS ${mb(c.maxRssMb)}, CPU ${s(c.cpuMs)} s${compare}`,
    ...found,
  ];
}

/** The three slowest edits with the phases they spent in, so that an outlier says whether it parsed, wrote or waited. */
function slowestEdits(runs: EditRunsResult['runs']): string[] {
  return [...runs].sort((a, b) => b.ms - a.ms).slice(0, 3).map((e) => {
    const phases = Object.entries(e.phases).filter(([, ms]) => ms > 0).map(([name, ms]) => `${name} ${ms}`).join(', ');
    return `    slow: ${e.ms} ms ${e.path} (${phases}; project ${n(e.held)} files)`;
  });
}
