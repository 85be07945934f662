import { int, storeWholeNumbersAsIntegers, type Graph } from '../../src/graph/index.js';
import type { Logger } from '../../src/runtime/logger.js';
import { chunk } from '../write/batches.js';
import { commitProps, MAX_STORED_FILES, type RawCommit } from './commit-facts.js';
import { GitHistoryError, readCommits, readGitHead, readWindowShas, type GitHead } from './git-log.js';
import { emptyHistorySummary, type HistorySummary } from './history-summary.js';
import {
  createCommits, deleteCommits, deleteRepoHistory, linkCommitFiles, readCommitShas, readHistoryState, writeHistoryState, type HistoryStateRow,
} from './history.queries.js';

/** Bumped when the stored commit properties change: every commit of the window is then written again. */
export const HISTORY_FORMAT_VERSION = 1;
/** Commits per write transaction (each with up to 100 paths to link). */
const WRITE_BATCH = 500;
/** Commits per `git log` process: the default window is read by one process; larger ones stay bounded in memory. */
const READ_CHUNK = 5_000;

export interface HistorySyncInput {
  graph: Graph;
  /** The canonical repository root (the ingest's). */
  root: string;
  repoId: string;
  /** The window bound (`historyMaxCommits`); 0 stores no history. */
  maxCommits: number;
  /** Whether the root is inside a git work tree (the repo identity knows; no git call when not). */
  inGit: boolean;
  /** Paths whose File nodes this run created: stored commits naming them get their CHANGED edges. */
  createdPaths: readonly string[];
  log?: Logger;
  /** HEAD as read by readGitHead, started earlier so the git process overlaps other work; read here when absent. */
  head?: Promise<GitHead>;
  /** The window read ahead (prefetchWindow); used when it was read for the HEAD, prefix and bound this sync targets. */
  window?: Promise<WindowAhead | null>;
  /** The stored state as this run's ingest lock was taken (nothing else writes it while the lock is held); read here when absent. */
  state?: HistoryStateRow;
}

/** A window read before the sync needed it: `git rev-list` for that HEAD, prefix and bound. */
export interface WindowAhead {
  head: string;
  prefix: string;
  bound: number;
  shas: string[];
}

/**
 * Reads the window beside the rest of the run when the stored state shows HEAD moved (a checkout, a
 * first ingest), so the history step finds `git rev-list` done (50–60 ms of git on ghostfolio's 5,000
 * commits, plus the process start). Null when the stored window is current or anything fails: the
 * sync then reads for itself and reports a git failure the usual way. Safe before the ingest lock: the
 * window depends on git alone, and the state read only decides whether to bother.
 */
export function prefetchWindow(input: Pick<HistorySyncInput, 'graph' | 'root' | 'repoId' | 'maxCommits'> & { head: Promise<GitHead> }): Promise<WindowAhead | null> {
  const ahead = async (): Promise<WindowAhead | null> => {
    const target = await input.head;
    if (!target.head || input.maxCommits <= 0) return null;
    const [state] = await input.graph.read(readHistoryState, { repoId: input.repoId });
    if (state && isCurrent(state, target, input.maxCommits)) return null;
    return { head: target.head, prefix: target.prefix, bound: input.maxCommits, shas: await readWindowShas(input.root, target.head, target.prefix, input.maxCommits) };
  };
  return ahead().catch(() => null);
}

const since = (t: number): number => Math.round(performance.now() - t);

/**
 * Makes the repo's stored commits equal the window from the checkout's HEAD: up to `maxCommits`
 * non-merge commits, newest first. Commits that left the window (HEAD moved back, a rebase, a smaller
 * bound) are deleted, so retrieval never sees a commit the checkout does not contain; missing ones are
 * read with one `git log` and created with CHANGED edges to the files that exist. When HEAD, bound and
 * format are those of the last sync, only the files created in this run are linked (a watcher's run
 * costs one `git rev-parse` and one read). A git failure is a warning in the summary, never a throw;
 * graph failures do throw, like every other step of the ingest.
 */
export async function syncHistory(input: HistorySyncInput): Promise<HistorySummary> {
  const started = performance.now();
  const summary = emptyHistorySummary();
  try {
    await sync(input, summary);
  } catch (error) {
    if (!(error instanceof GitHistoryError)) throw error;
    summary.status = 'failed';
    summary.warnings.push({ kind: 'parse_error', parser: 'git-history', path: '', message: error.message });
    input.log?.warn('git history not synced', { repoId: input.repoId, error: error.message });
  }
  summary.ms = since(started);
  return summary;
}

/** What a sync must do: nothing (the stored window is HEAD's), or reconcile from `state` to `target`. */
type SyncPlan = { current: true; state?: HistoryStateRow } | { current: false; state: HistoryStateRow | undefined; target: GitHead; bound: number };

async function planSync(input: HistorySyncInput, summary: HistorySummary): Promise<SyncPlan> {
  const { graph, repoId } = input;
  const state = input.state ?? (await graph.read(readHistoryState, { repoId }))[0];
  let target: GitHead = { head: null, prefix: '' };
  if (!input.inGit || input.maxCommits <= 0) {
    summary.status = input.inGit ? 'off' : 'no-git';
    // Nothing stored and nothing to store: no write at all.
    if (!state || (state.head === null && state.commits === 0 && !state.syncing)) return { current: true };
  } else {
    summary.status = 'synced';
    const t = performance.now();
    target = await (input.head ?? readGitHead(input.root));
    summary.gitMs += since(t);
  }
  summary.head = target.head;
  const bound = target.head ? input.maxCommits : 0;
  if (state && isCurrent(state, target, bound)) {
    if (summary.status === 'synced') summary.status = 'unchanged';
    summary.commits = state.commits;
    return { current: true, state };
  }
  return { current: false, state, target, bound };
}

async function sync(input: HistorySyncInput, summary: HistorySummary): Promise<void> {
  const plan = await planSync(input, summary);
  if (!plan.current) return reconcile(input, summary, plan.state, plan.target, plan.bound);
  if (plan.state && input.createdPaths.length > 0 && plan.state.commits > 0) summary.linked += await link(input.graph, input.repoId, input.createdPaths, false);
}

/**
 * The summary of a sync that would write nothing (the stored window is HEAD's), else null. Read-only:
 * an ingest checks with it before it takes the lock. A git failure is null too (the locked run reports it).
 */
export async function historyIfCurrent(input: Omit<HistorySyncInput, 'createdPaths'>): Promise<HistorySummary | null> {
  const started = performance.now();
  const summary = emptyHistorySummary();
  try {
    if (!(await planSync({ ...input, createdPaths: [] }, summary)).current) return null;
  } catch (error) {
    if (error instanceof GitHistoryError) return null;
    throw error;
  }
  summary.ms = since(started);
  return summary;
}

function isCurrent(state: HistoryStateRow, target: GitHead, bound: number): boolean {
  return !state.syncing && state.head === target.head && state.bound === bound && state.prefix === target.prefix && state.version === HISTORY_FORMAT_VERSION;
}

async function reconcile(input: HistorySyncInput, summary: HistorySummary, state: HistoryStateRow | undefined, target: GitHead, bound: number): Promise<void> {
  const { graph, repoId } = input;
  // Marked first: a run that dies half-way leaves `syncing`, and the next run repairs (re-links everything).
  await graph.write(writeHistoryState, { repoId, state: { syncing: true } });
  let window: string[] = [];
  if (target.head) {
    const t = performance.now();
    const ahead = await input.window;
    window = ahead && ahead.head === target.head && ahead.prefix === target.prefix && ahead.bound === bound ? ahead.shas : await readWindowShas(input.root, target.head, target.prefix, bound);
    summary.gitMs += since(t);
  }
  const stored = new Set((await graph.read(readCommitShas, { repoId })).map((r) => r.sha));
  const inWindow = new Set(window);
  const stale = [...stored].filter((sha) => !inWindow.has(sha));
  for (const shas of chunk(stale, 2_000)) summary.removed += (await graph.write(deleteCommits, { repoId, shas }))[0]?.deleted ?? 0;

  // A new format rewrites every commit; otherwise only the missing ones are read and written.
  const rewrite = state?.version != null && state.version !== HISTORY_FORMAT_VERSION;
  const missing = rewrite ? window : window.filter((sha) => !stored.has(sha));
  const kept = stored.size - stale.length;
  const repair = !state || state.syncing;
  // Stored commits that stay get edges to this run's new files (all files after a cut-short sync) before the new commits, which link on creation.
  if (kept > 0 && !rewrite && (repair || input.createdPaths.length > 0)) summary.linked += await link(graph, repoId, input.createdPaths, repair);

  for (const shas of chunk(missing, READ_CHUNK)) {
    const written = await readAndWrite(input, summary, shas);
    summary.added += rewrite ? 0 : written;
  }
  await graph.write(writeHistoryState, {
    repoId,
    state: { head: target.head, bound: int(bound), prefix: target.prefix, version: int(HISTORY_FORMAT_VERSION), commits: int(window.length), syncing: false },
  });
  summary.commits = window.length;
}

async function link(graph: Graph, repoId: string, paths: readonly string[], all: boolean): Promise<number> {
  const [row] = await graph.write(linkCommitFiles, { repoId, paths: all ? [] : [...paths], all }, { timeoutMs: 300_000 });
  return row?.linked ?? 0;
}

/** Streams one `git log` into write batches: the graph writes batch n while git produces batch n + 1. */
async function readAndWrite(input: HistorySyncInput, summary: HistorySummary, shas: string[]): Promise<number> {
  const { graph, repoId } = input;
  const queue: RawCommit[] = [];
  let finished = false;
  let wake: (() => void) | undefined;
  const signal = (): void => {
    wake?.();
    wake = undefined;
  };
  const t = performance.now();
  const reading = readCommits(input.root, shas, (commit) => {
    queue.push(commit);
    if (queue.length >= WRITE_BATCH) signal();
  }, { maxFiles: MAX_STORED_FILES }).finally(() => {
    finished = true;
    summary.gitMs += since(t);
    signal();
  });
  // Observed here so a git failure during a write is not an unhandled rejection; rethrown below.
  const outcome = reading.then((r) => ({ ok: true as const, malformed: r.malformed }), (error: unknown) => ({ ok: false as const, error }));
  let written = 0;
  for (;;) {
    if (queue.length >= WRITE_BATCH || (finished && queue.length > 0)) {
      const rows = queue.splice(0, WRITE_BATCH).map((raw) => ({ props: storeWholeNumbersAsIntegers({ ...commitProps(repoId, raw) }) }));
      const [row] = await graph.write(createCommits, { repoId, rows }, { timeoutMs: 120_000 });
      written += row?.written ?? 0;
      summary.linked += row?.linked ?? 0;
      continue;
    }
    if (finished) break;
    await new Promise<void>((resolve) => (wake = resolve));
  }
  const result = await outcome;
  if (!result.ok) throw result.error;
  if (result.malformed > 0) {
    summary.warnings.push({ kind: 'skipped', parser: 'git-history', path: '', message: `${result.malformed} git log records without a valid sha or time were skipped` });
  }
  return written;
}

/** Removes a repo's Commit and HistoryState nodes in bounded transactions (part of deleting a repository). */
export async function deleteHistory(graph: Graph, repoId: string, batch = 10_000): Promise<number> {
  let total = 0;
  for (;;) {
    const [row] = await graph.write(deleteRepoHistory, { repoId, limit: int(batch) }, { timeoutMs: 300_000 });
    total += row?.deleted ?? 0;
    if (!row?.deleted) return total;
  }
}
