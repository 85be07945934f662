import { ingestRepository, type TsProjectCache } from '../../../ingest/index.js';
import type { Graph, RunOptions } from '../../graph/index.js';
import type { Logger } from '../../runtime/logger.js';
import { warmCache } from '../worktree/reingest-file.js';
import { WorkOverlays } from './work-overlays.js';

/**
 * How long the merge's ingest waits for another ingest of the base (a full run holds the lock for
 * minutes): the merge has landed by then, so waiting longer only holds the turn; the next ingest of the
 * main checkout (the watcher sees the merged files) catches up instead.
 */
const BASE_LOCK_WAIT_MS = 20_000;

export interface MergeIntoBaseOptions {
  graph: Graph;
  /** The repository's (base) repoId. */
  repoId: string;
  /** Real path of the main checkout the merge landed in. */
  repoRoot: string;
  log: Logger;
  /** Warm projects per root (the main checkout's is kept between merges). */
  projectCaches?: Map<string, TsProjectCache>;
}

/** What a merge did to the graph: the base's incremental ingest of the merged files, and the overlay it replaced. */
export interface BaseIngestResult {
  status: 'ingested' | 'failed';
  files: number;
  parsed: number;
  snapshotId: string | null;
  /** Why the ingest failed (the base then catches up on the next ingest of the main checkout). */
  message?: string;
  overlayNodesDeleted: number;
}

/**
 * After an approved merge: the merged files reach the base through the normal incremental ingest of
 * the main checkout (`changedPaths`: the files the merge changed, deleted ones included), then the
 * work's overlay is deleted — its facts are the base's now. Idempotent (a retried merge runs it again:
 * unchanged files are not re-parsed, a missing overlay deletes nothing). An ingest failure does not undo
 * the merge: it is reported, and the next ingest of the main checkout (watcher, `graphgate ingest`,
 * the MCP server's start) finds the changed hashes.
 */
export async function mergeIntoBase(options: MergeIntoBaseOptions, workId: string, files: readonly string[], run?: RunOptions): Promise<BaseIngestResult> {
  const { graph, repoId, repoRoot, log, projectCaches } = options;
  let ingest: Omit<BaseIngestResult, 'overlayNodesDeleted'>;
  try {
    const summary = files.length === 0 ? null : await ingestRepository({
      graph, root: repoRoot, log, settings: { repoId, lockWaitMs: BASE_LOCK_WAIT_MS }, changedPaths: [...files], totals: false,
      ...(projectCaches ? { projectCache: warmCache(projectCaches, repoRoot) } : {}),
    });
    ingest = { status: 'ingested', files: files.length, parsed: summary?.files.parsed ?? 0, snapshotId: summary?.snapshotId ?? null };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log.warn('the merged files could not be ingested into the base', { repoId, workId, message });
    ingest = { status: 'failed', files: files.length, parsed: 0, snapshotId: null, message: message.slice(0, 500) };
  }
  const overlayNodesDeleted = await new WorkOverlays({ graph, repoId }).drop(workId, run);
  return { ...ingest, overlayNodesDeleted };
}
