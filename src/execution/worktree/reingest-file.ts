import { createTsProjectCache, ingestRepository, type IngestSummary, type TsProjectCache } from '../../../ingest/index.js';
import type { Graph } from '../../graph/index.js';
import type { Logger } from '../../runtime/logger.js';

/** Keeps at most this many warm workspace projects per cache. */
const MAX_WARM_PROJECTS = 4;

/** This process's warm ts-morph projects per workspace root, shared by every mutating verb. */
export const processWarmProjects = new Map<string, TsProjectCache>();

export interface ReingestOptions {
  graph: Graph;
  repoId: string;
  /** The main checkout: the Repo node keeps pointing at it, not at the work's workspace. */
  repoRoot: string;
  log: Logger;
  /** Warm projects per workspace root (then a re-ingest re-parses only the touched file); none: a cold parse. */
  projectCaches?: Map<string, TsProjectCache>;
}

function warmCache(caches: Map<string, TsProjectCache>, root: string): TsProjectCache {
  let cache = caches.get(root);
  if (!cache) {
    if (caches.size >= MAX_WARM_PROJECTS) caches.delete(caches.keys().next().value as string);
    cache = createTsProjectCache();
    caches.set(root, cache);
  }
  return cache;
}

/**
 * Incremental re-ingest of one file a work changed in its workspace, under the work's repoId, so the
 * graph follows the code the work is producing (src/execution/README.md, apply_code_patch step 6).
 */
export async function reingestWorkspaceFile(options: ReingestOptions, workspaceRoot: string, path: string): Promise<IngestSummary> {
  const { graph, repoId, repoRoot, log, projectCaches } = options;
  return ingestRepository({
    graph, root: workspaceRoot, log, settings: { repoId }, changedPaths: [path], totals: false, recordedRoot: repoRoot,
    ...(projectCaches ? { projectCache: warmCache(projectCaches, workspaceRoot) } : {}),
  });
}
