import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTsProjectCache, ingestRepository, resolveSettings, warmProject, type WarmStats } from '../../../ingest/index.js';
import type { Graph } from '../../../src/graph/index.js';
import type { Logger } from '../../../src/runtime/logger.js';
import { percentile } from '../../../src/eval/metrics.js';
import { git, withScratchClone } from './scratch-clone.js';

/** The --edits step: one-file edits re-ingested the way `ingest --watch` and the MCP server's keeper do. */
export interface EditRunsResult {
  /** The keeper's start: a full scan of the scratch clone with a fresh project cache (the namespace already holds this commit). */
  startMs: number;
  /** The watcher's idle warm-up after the start (ingest/pipeline/warm-project.ts), with the process's RSS after it; null when off. */
  warm: (WarmStats & { rssMb: number }) | null;
  /** One entry per edit, in order: the edited file, the run's `timings.totalMs` and where it went. */
  runs: EditRun[];
  p50: number;
  p95: number;
  max: number;
}

/** One edit's run: its total and the phases of its summary (ms), and the files the project held after it. */
export interface EditRun {
  path: string;
  ms: number;
  /** `other`: the rest of the total (the snapshot's record, the ingest lock's release, the project cache's bookkeeping). */
  phases: { lockWait: number; known: number; read: number; snapshot: number; parse: number; write: number; link: number; policy: number; history: number; fulltext: number; other: number };
  held: number;
}

/**
 * `count` TypeScript files spread evenly over the sorted list of tracked ones, preferring Angular
 * classes (components, services…: the files an agent edits most), without specs.
 */
export function pickEditFiles(tracked: readonly string[], count: number): string[] {
  const ts = tracked.filter((p) => /\.ts$/.test(p) && !/\.(spec|d)\.ts$/.test(p) && !p.includes('node_modules/')).sort();
  const angular = ts.filter((p) => /\.(component|service|directive|pipe|module|routes)\.ts$/.test(p));
  const pool = angular.length >= count ? angular : ts;
  if (pool.length <= count) return pool;
  return Array.from({ length: count }, (_, i) => pool[Math.floor((i * pool.length) / count)] as string);
}

const mapValues = <T extends Record<string, number>>(o: T, f: (v: number) => number): T =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)])) as T;

/**
 * Clones the repository (`git clone --shared`, the user's checkout is only read) at HEAD into a temp
 * dir, starts as the keeper does (a full scan with a fresh TsProjectCache into `repoId`, which holds
 * the same commit) and its idle warm-up, then appends a comment line to `count` files one at a time, each re-ingested
 * with `changedPaths` in this process: the warm path `ingest --watch` runs for every saved file.
 * The clone is removed afterwards; the namespace keeps the edited facts until the caller deletes it.
 */
export async function measureEdits(root: string, graph: Graph, log: Logger, repoId: string, count: number, warmUp = true): Promise<EditRunsResult> {
  return withScratchClone(root, git(root, ['rev-parse', 'HEAD']), async (clone) => {
    const projectCache = createTsProjectCache();
    const settings = { repoId };
    const start = await ingestRepository({ graph, root: clone, log, settings, projectCache, totals: false });
    // As the watcher does once it watches: warm the project while idle (nothing else runs here, so the steps run back to back).
    const step = async <T>(work: () => T | Promise<T>): Promise<T> => {
      await new Promise((r) => setImmediate(r));
      return work();
    };
    const warmed = warmUp ? await warmProject(projectCache, clone, log, { step, stopped: () => false, extraction: { settings: resolveSettings(clone, settings) }, graph }) : undefined;
    const warm = warmed ? { ...warmed, rssMb: Math.round(process.memoryUsage().rss / 1e6) } : null;
    const runs: EditRunsResult['runs'] = [];
    for (const [i, path] of pickEditFiles(git(clone, ['ls-files']).split('\n'), count).entries()) {
      appendFileSync(join(clone, path), `\n// graphgate bench edit ${i}\n`);
      const run = await ingestRepository({ graph, root: clone, log, settings, projectCache, changedPaths: [path], totals: false });
      const t = run.timings;
      const timed = { lockWait: t.lockWaitMs, known: t.knownMs, read: t.readMs, snapshot: t.snapshotMs, parse: t.parseMs, write: t.writeMs, link: t.linkMs, policy: t.policyMs, history: run.history.ms, fulltext: t.fulltextMs };
      const phases = { ...timed, other: t.totalMs - Object.values(timed).reduce((a, b) => a + b, 0) };
      runs.push({ path, ms: Math.round(t.totalMs), phases: mapValues(phases, Math.round), held: run.project.files });
    }
    const ms = runs.map((r) => r.ms);
    return { startMs: Math.round(start.timings.totalMs), warm, runs, p50: percentile(ms, 50), p95: percentile(ms, 95), max: percentile(ms, 100) };
  });
}
