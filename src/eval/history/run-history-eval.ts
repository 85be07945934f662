import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { createTsProjectCache, deleteRepository, type ProgressListener } from '../../../ingest/index.js';
import { AppError } from '../../errors/index.js';
import type { Graph } from '../../graph/index.js';
import type { Logger } from '../../runtime/logger.js';
import { Bm25Baseline, minisearchVersion } from '../bm25-baseline.js';
import { streamLog } from './git.js';
import { summariseTasks, type HistoryReport, type HistoryTaskResult } from './history-report.js';
import { inspectRepo, type InspectedRepo } from './inspect-repo.js';
import { normaliseSubfolder, TaskMiner, type MiningResult } from './mine-tasks.js';
import { summariseLatency, RANK_DEPTH } from './rank-metrics.js';
import { runTask, type TaskContext } from './run-task.js';
import { cloneIntoScratch, guardScratch, makeScratchDir, removeScratch } from './scratch.js';

export interface HistoryEvalOptions {
  graph: Graph;
  log: Logger;
  /** The user's repository (or a folder inside it, which then becomes the subfolder). */
  repoPath: string;
  /** How many tasks (the newest qualifying commits). Default 50. */
  tasks?: number;
  since?: string;
  until?: string;
  /** Only tasks whose answer files are all under this repo-relative folder, which is what gets ingested. */
  subfolder?: string;
  /** Leave the scratch clone and the eval namespace in place (debugging). */
  keepScratch?: boolean;
  /** Give the systems the prompt without its leading ticket key. */
  stripTicketKey?: boolean;
  onStage?: (text: string) => void;
  onIngestProgress?: ProgressListener;
  /** Called after each task (the CLI prints a progress line). */
  onTask?: (result: HistoryTaskResult, index: number, total: number) => void;
}

/** The eval's namespace for a repository: stable per repository, apart from the task-file eval's. */
export function historyRepoId(root: string, subfolder: string | undefined): string {
  return `eval-${createHash('sha256').update(`history:${root}//${subfolder ?? ''}`).digest('hex').slice(0, 12)}`;
}

/** Mines the newest `limit` qualifying commits reachable from `head` (read-only on the user's repo). */
export async function mineRepository(root: string, head: string, limit: number, options: { since?: string; until?: string; subfolder?: string; stripTicketKey?: boolean }): Promise<MiningResult> {
  const miner = new TaskMiner(limit, { subfolder: options.subfolder, stripTicketKey: options.stripTicketKey });
  await streamLog(root, head, { since: options.since, until: options.until }, (commits) => miner.add(commits));
  return miner.result();
}

/** The repository checked and its tasks mined: everything that needs no graph. */
export interface PreparedHistoryEval {
  repo: InspectedRepo;
  subfolder: string | undefined;
  limit: number;
  mining: MiningResult;
  startedAt: number;
}

/**
 * Checks the repository and mines its tasks (read-only; no graph, no clone), so a refusal comes
 * before Neo4j is opened or started.
 */
export async function prepareHistoryEval(options: Omit<HistoryEvalOptions, 'graph' | 'log'>): Promise<PreparedHistoryEval> {
  const startedAt = performance.now();
  const stage = options.onStage ?? (() => {});
  const limit = options.tasks ?? 50;
  if (!Number.isInteger(limit) || limit < 1) throw new AppError('INVALID_ARGS', { message: '--tasks must be a positive whole number.' });

  const repo = await inspectRepo(options.repoPath);
  const subfolder = normaliseSubfolder(options.subfolder ?? repo.pointedSubfolder);
  stage(`mining tasks from ${repo.root}${subfolder ? ` (subfolder ${subfolder})` : ''} at ${repo.head.slice(0, 12)}`);
  const mining = await mineRepository(repo.root, repo.head, limit, { since: options.since, until: options.until, subfolder, stripTicketKey: options.stripTicketKey });
  const skippedText = Object.entries(mining.skipped).map(([r, n]) => `${r} ${n}`).join(', ') || 'none';
  if (mining.tasks.length === 0) {
    throw new AppError('EVAL_NO_TASKS', {
      message: `No qualifying commit among the ${mining.scanned} read from ${repo.root}${options.since || options.until ? ' in the date range' : ''} (skipped: ${skippedText}).`,
      details: { scanned: mining.scanned, skipped: mining.skipped },
    });
  }
  stage(`${mining.tasks.length} task(s) from ${mining.scanned} commits (skipped: ${skippedText})`);
  return { repo, subfolder, limit, mining, startedAt };
}

/**
 * `eval --history`: mines tasks from the repository's commits, then runs each on its parent in a
 * scratch clone (oldest first, one warm ingest), comparing graphgate's pack with BM25 on the same
 * snapshot and prompt. The user's checkout and .git are only read; the scratch clone is removed
 * (also on Ctrl-C), and the eval namespace in Neo4j is deleted before and after the run.
 */
export async function runHistoryEval(options: HistoryEvalOptions): Promise<HistoryReport> {
  return executeHistoryEval(await prepareHistoryEval(options), options);
}

/** Runs the prepared tasks (see runHistoryEval). */
export async function executeHistoryEval(prepared: PreparedHistoryEval, options: HistoryEvalOptions): Promise<HistoryReport> {
  const { repo, subfolder, limit, mining } = prepared;
  const started = prepared.startedAt;
  const stage = options.onStage ?? (() => {});
  const repoId = historyRepoId(repo.root, subfolder);
  // A crashed or interrupted run may have left its namespace: start from nothing.
  await deleteRepository(options.graph, repoId);

  const t = performance.now();
  const scratch = makeScratchDir();
  const guard = guardScratch(scratch, { keep: options.keepScratch, onSignal: (s) => stage(`${s}: scratch clone ${options.keepScratch ? 'kept at' : 'removed:'} ${scratch}`) });
  stage(`scratch clone at ${scratch}`);

  const ctx: TaskContext = {
    graph: options.graph, log: options.log, scratch, ingestRoot: subfolder ? join(scratch, subfolder) : scratch, repoId,
    projectCache: createTsProjectCache(), bm25: Bm25Baseline.empty(), onIngestProgress: options.onIngestProgress,
  };
  const results: HistoryTaskResult[] = [];
  let cloneMs = 0;
  try {
    await cloneIntoScratch(scratch, repo.root);
    cloneMs = Math.round(performance.now() - t);
    for (const [i, task] of mining.tasks.entries()) {
      stage(`task ${i + 1}/${mining.tasks.length} ${task.id} ${task.subject.slice(0, 70)}`);
      const result = await runTask(ctx, task);
      results.push(result);
      options.onTask?.(result, i, mining.tasks.length);
    }
  } finally {
    if (options.keepScratch) {
      stage(`kept the scratch clone at ${scratch} and the namespace ${repoId}`);
    } else {
      removeScratch(scratch);
      await deleteRepository(options.graph, repoId).catch((error: unknown) => options.log.warn('could not delete the eval namespace', { repoId, cause: String(error) }));
    }
    guard.dispose();
  }

  return {
    generatedAt: new Date().toISOString(),
    mode: 'history',
    repo: { root: repo.root, head: repo.head, subfolder: subfolder ?? null, repoId },
    options: { tasks: limit, since: options.since ?? null, until: options.until ?? null, stripTicketKey: Boolean(options.stripTicketKey), depth: RANK_DEPTH },
    mining: { scanned: mining.scanned, qualified: mining.tasks.length, skipped: mining.skipped },
    packBuilder: ctx.builder ?? 'none (no task was scored)',
    baseline: {
      library: `minisearch@${minisearchVersion()}`,
      scoring: 'BM25 over path + content of the File facts at the parent, default tokenizer, OR query of the prompt, no boosts/fuzzy/prefix',
      k: RANK_DEPTH,
    },
    tasks: results,
    summary: summariseTasks(results),
    timings: {
      totalMs: Math.round(performance.now() - started),
      cloneMs,
      perTaskMs: summariseLatency(results.map((r) => r.timings.totalMs)),
      ingestMs: summariseLatency(results.map((r) => r.timings.ingestMs)),
      bm25SyncMs: summariseLatency(results.map((r) => r.timings.bm25Sync?.ms ?? 0)),
    },
  };
}
