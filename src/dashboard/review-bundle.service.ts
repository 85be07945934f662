import { AppError } from '../errors/index.js';
import { artifactDir } from '../execution/artifacts/artifact-writer.js';
import type { Graph } from '../graph/index.js';
import { readTextCapped, realRoot, resolveExisting } from '../paths/index.js';
import { readWork, type PlanNodeRow } from './dashboard.queries.js';

/** The files a review bundle holds (src/execution/side-effects/review-bundle.ts writes them, redacted). */
export const REVIEW_BUNDLE_FILES = ['review.md', 'summary.json', 'diffstat.txt', 'diff.patch'] as const;
export type ReviewBundleFile = (typeof REVIEW_BUNDLE_FILES)[number];
/** The bundle's diff is capped at 4 MB when written; a little over that for the rest of the file. */
const MAX_BUNDLE_FILE_BYTES = 5 * 1024 * 1024;

/** A work's review bundle as the work view links it: the plan node whose review_bundle side effect succeeded. */
export interface ReviewBundleLink {
  nodeId: string;
  at: string | null;
  /** Repo-relative folder of the bundle (under the main checkout's `.ai/tmp`). */
  dir: string;
  files: ReviewBundleFile[];
  /** Whether this console can serve the files (it knows the checkout). */
  served: boolean;
}

/** The newest succeeded review_bundle node of the current plan, if any (recorded by the side-effect service as the node's outcome). */
export function reviewBundleOf(workId: string, nodes: readonly PlanNodeRow[], served: boolean): ReviewBundleLink | null {
  const done = nodes.filter((n) => n.sideEffectType === 'review_bundle' && n.outcome === 'succeeded');
  const newest = done.sort((a, b) => (b.outcomeAt ?? '').localeCompare(a.outcomeAt ?? ''))[0];
  if (!newest) return null;
  return { nodeId: newest.nodeId, at: newest.outcomeAt, dir: `${artifactDir(workId, newest.nodeId)}/review`, files: [...REVIEW_BUNDLE_FILES], served };
}

/**
 * Serves one file of a work's review bundle as text: only for a node the graph records as a succeeded
 * review_bundle, only the bundle's own file names, and only a regular file at exactly that place in
 * the checkout (a symlink anywhere on the way is refused, so nothing else in the repository is reachable).
 */
export class ReviewBundleService {
  constructor(private readonly options: { graph: Graph; repoId: string; repoRoot?: string | undefined }) {}

  get served(): boolean {
    return this.options.repoRoot !== undefined;
  }

  async file(workId: string, nodeId: string, file: ReviewBundleFile): Promise<string> {
    const { graph, repoId, repoRoot } = this.options;
    const [row] = await graph.read(readWork, { repoId, workId });
    const bundle = row ? reviewBundleOf(workId, row.work.nodes.filter((n) => n.nodeId === nodeId), true) : null;
    if (!bundle) throw new AppError('NOT_FOUND', { message: `Work ${workId} has no review bundle at node ${nodeId}.`, details: { workId, nodeId } });
    if (!repoRoot) throw new AppError('NOT_FOUND', { message: 'This console was started without the checkout (--repo-id); the bundle is in the folder the work view names.', details: { dir: bundle.dir } });
    const root = await realRoot(repoRoot);
    const wanted = `${bundle.dir}/${file}`;
    // A link leading out of the checkout is refused by resolveExisting; here it is simply not a bundle file.
    const resolved = await resolveExisting(root, wanted).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw error;
      throw new AppError('NOT_FOUND', { message: `${wanted} is not a plain file of the bundle.`, details: { path: wanted } });
    });
    if (resolved.relative !== wanted) throw new AppError('NOT_FOUND', { message: `${wanted} is not a plain file of the bundle.`, details: { path: wanted } });
    return readTextCapped(resolved, MAX_BUNDLE_FILE_BYTES);
  }
}
