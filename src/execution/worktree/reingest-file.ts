import { createTsProjectCache, ingestRepository, type IngestSummary, type TsProjectCache } from '../../../ingest/index.js';
import type { Graph } from '../../graph/index.js';
import type { Logger } from '../../runtime/logger.js';
import { overlayRepoId } from '../overlay/overlay-id.js';
import { markOverlay, readOverlayDependents } from '../overlay/overlay.queries.js';

/** Keeps at most this many warm workspace projects per cache. */
const MAX_WARM_PROJECTS = 4;

/** This process's warm ts-morph projects per root (workspaces, and the main checkout a merge re-ingests), shared by every mutating verb. */
export const processWarmProjects = new Map<string, TsProjectCache>();

export interface ReingestOptions {
  graph: Graph;
  /** The repository's (base) repoId; the overlay's namespace is derived from it and the work. */
  repoId: string;
  log: Logger;
  /** Warm projects per workspace root (then a re-ingest re-parses only the touched file); none: a cold parse. */
  projectCaches?: Map<string, TsProjectCache>;
}

/** The warm project of a root in a bounded cache (oldest root dropped first). */
export function warmCache(caches: Map<string, TsProjectCache>, root: string): TsProjectCache {
  let cache = caches.get(root);
  if (!cache) {
    if (caches.size >= MAX_WARM_PROJECTS) caches.delete(caches.keys().next().value as string);
    cache = createTsProjectCache();
    caches.set(root, cache);
  }
  return cache;
}

/**
 * Incremental ingest of one file a work changed in its workspace into the work's **overlay**
 * (`overlayRepoId(repoId, workId)`, fact plane only), never into the repository's base, so other
 * works keep reading the checkout's facts (src/execution/README.md, "Work isolation"). The base's
 * dependents of the file (files whose extraction read it: the component of a changed template, …) are
 * re-extracted into the overlay with it, as a base ingest would re-extract them.
 */
export async function reingestWorkspaceFile(options: ReingestOptions, workId: string, workspaceRoot: string, path: string): Promise<IngestSummary> {
  const { graph, repoId, log, projectCaches } = options;
  const overlay = overlayRepoId(repoId, workId);
  const dependents = (await graph.read(readOverlayDependents, { repoId, paths: [path] })).map((r) => r.path);
  const summary = await ingestRepository({
    graph, root: workspaceRoot, log, settings: { repoId: overlay }, changedPaths: [path, ...dependents], totals: false, factsOnly: true, projectFromDiscovery: true,
    ...(projectCaches ? { projectCache: warmCache(projectCaches, workspaceRoot) } : {}),
  });
  await graph.write(markOverlay, { overlayRepoId: overlay, repoId, workId });
  return summary;
}
