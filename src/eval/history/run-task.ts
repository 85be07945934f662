import { existsSync } from 'node:fs';
import { ingestRepository, type ProgressListener, type TsProjectCache } from '../../../ingest/index.js';
import { loadConfig } from '../../config/index.js';
import type { Graph } from '../../graph/index.js';
import type { Logger } from '../../runtime/logger.js';
import type { Bm25Baseline } from '../bm25-baseline.js';
import { listRepoFiles } from '../eval.queries.js';
import { buildEvalPack } from '../pack-adapter.js';
import { git } from './git.js';
import type { HistoryTaskResult, SystemResult } from './history-report.js';
import { packInputFor, verifyGraphHistory, verifyNoLeakage } from './leakage.js';
import type { HistoryTask } from './mine-tasks.js';
import { normaliseSubject } from './prompt.js';
import { RANK_DEPTH, scoreRanking } from './rank-metrics.js';
import { checkoutScratch } from './scratch.js';

/** What stays the same across the tasks of one run (one warm project cache, one BM25 index). */
export interface TaskContext {
  graph: Graph;
  log: Logger;
  scratch: string;
  /** The folder ingested and evaluated: the scratch clone, or its subfolder. */
  ingestRoot: string;
  repoId: string;
  projectCache: TsProjectCache;
  bm25: Bm25Baseline;
  onIngestProgress?: ProgressListener;
  /** The last pack builder's name (filled in as tasks run). */
  builder?: string;
}

const since = (t: number): number => Math.round(performance.now() - t);

/** Subjects of every commit in HEAD's history (the scratch is at the parent), normalised. */
async function earlierSubjects(scratch: string): Promise<Set<string>> {
  const out = await git(scratch, ['log', '--format=%s', 'HEAD', '--'], 300_000);
  return new Set(out.split('\n').filter(Boolean).map(normaliseSubject));
}

function system(files: readonly string[], expected: readonly string[]): SystemResult {
  const top = [...new Set(files)].slice(0, RANK_DEPTH);
  return { top, metrics: scoreRanking(top, expected) };
}

/**
 * Runs one task on its parent snapshot: checkout → leakage check → incremental ingest → the graph's
 * commits checked against the parent's history → BM25 index
 * synced to the snapshot's File facts → graphgate's pack and BM25's top-25 for the same prompt →
 * metrics. The same function for every task, so both systems always see the same snapshot.
 */
export async function runTask(ctx: TaskContext, task: HistoryTask): Promise<HistoryTaskResult> {
  const started = performance.now();
  const result: HistoryTaskResult = {
    id: task.id, sha: task.sha, parent: task.parent, date: task.date, subject: task.subject, ticketKey: task.ticketKey,
    prompt: task.prompt, repeatsEarlierSubject: false, specOnly: task.specOnly, changedFiles: task.changedFiles,
    expected: task.expected, expectedNotIngested: [], status: 'skipped',
    timings: { checkoutMs: 0, ingestMs: 0, parsedFiles: 0, graphCommits: 0, corpusFiles: 0, bm25Sync: null, totalMs: 0 },
  };
  const finish = (skipReason?: string): HistoryTaskResult => {
    if (skipReason) result.skipReason = skipReason;
    result.timings.totalMs = since(started);
    return result;
  };

  let t = performance.now();
  await checkoutScratch(ctx.scratch, task.parent);
  await verifyNoLeakage(ctx.scratch, task);
  result.timings.checkoutMs = since(t);
  if (!existsSync(ctx.ingestRoot)) return finish('the subfolder does not exist at the parent');
  result.repeatsEarlierSubject = (await earlierSubjects(ctx.scratch)).has(normaliseSubject(task.subject));

  t = performance.now();
  const summary = await ingestRepository({
    graph: ctx.graph, root: ctx.ingestRoot, log: ctx.log, settings: { repoId: ctx.repoId },
    projectCache: ctx.projectCache, onProgress: ctx.onIngestProgress, totals: false,
  });
  result.timings.ingestMs = since(t);
  result.timings.parsedFiles = summary.files.parsed;
  result.timings.graphCommits = await verifyGraphHistory(ctx.graph, ctx.repoId, ctx.scratch, task);

  const files = await ctx.graph.read(listRepoFiles, { repoId: ctx.repoId });
  result.timings.corpusFiles = files.length;
  result.timings.bm25Sync = await ctx.bm25.sync(ctx.ingestRoot, files.map((f) => ({ path: f.path, hash: f.sha256 })));
  const known = new Set(files.map((f) => f.path));
  const expected = task.expected.filter((p) => known.has(p));
  result.expectedNotIngested = task.expected.filter((p) => !known.has(p));
  if (expected.length === 0) return finish('no expected file is a File fact at the parent (ingestion skips them)');

  let config;
  try {
    config = loadConfig({ repoRoot: ctx.ingestRoot }).config;
  } catch (error) {
    return finish(`the repository's .ai/config is invalid at the parent: ${(error as Error).message.slice(0, 200)}`);
  }

  const input = packInputFor(task);
  t = performance.now();
  const pack = await buildEvalPack({ graph: ctx.graph, repoId: ctx.repoId, repoRoot: ctx.ingestRoot, config, ...input });
  const packMs = performance.now() - t;
  ctx.builder = pack.builder;
  const bm25 = ctx.bm25.search(input.prompt, RANK_DEPTH);

  result.status = 'scored';
  result.graphgate = { ...system(pack.files, expected), outcome: pack.outcome, packSize: pack.files.length, packMs: Math.round(packMs * 10) / 10 };
  result.bm25 = { ...system(bm25.files, expected), queryMs: Math.round(bm25.ms * 10) / 10 };
  if (pack.lanes) {
    result.lanes = Object.fromEntries(Object.entries(pack.lanes).map(([name, ranked]) => [name, system(ranked, expected)]));
  }
  return finish();
}
