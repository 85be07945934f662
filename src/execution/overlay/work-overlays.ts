import type { Graph, GraphReader, GraphTx, RunOptions } from '../../graph/index.js';
import type { FactOverlay } from './fact-overlay.js';
import { overlayRepoId } from './overlay-id.js';
import { deleteOverlay, readOverlayPaths } from './overlay.queries.js';

/**
 * The works' overlays of one repository: the facts of the files a work changed in its worktree,
 * ingested under `overlayRepoId(repoId, workId)` (worktree/reingest-file.ts) and read only by that
 * work. The base (the repository's own repoId) never takes a worktree's edits; a merge brings them in.
 */
export class WorkOverlays {
  constructor(private readonly options: { graph: Graph; repoId: string }) {}

  /** The overlay namespace of a work. */
  idFor(workId: string): string {
    return overlayRepoId(this.options.repoId, workId);
  }

  /**
   * The work's overlay as its reads use it (no paths: the work changed nothing yet, it reads the base).
   * `reader`: another transaction to read it in (plan validation reads everything in one).
   */
  async view(workId: string, run?: RunOptions, reader: GraphReader = this.options.graph): Promise<FactOverlay> {
    const repoId = this.idFor(workId);
    const rows = await reader.read(readOverlayPaths, { overlayRepoId: repoId }, run);
    return { repoId, paths: rows.map((r) => r.path) };
  }

  /** Deletes the work's overlay (it ended, or its merge re-ingested the base). Idempotent; returns the node count. */
  async drop(workId: string, run?: RunOptions): Promise<number> {
    const [row] = await this.options.graph.write(deleteOverlay, { overlayRepoId: this.idFor(workId) }, run);
    return row?.deleted ?? 0;
  }

  /** The same, inside a caller's transaction (the completion commit). */
  async dropIn(tx: GraphTx, workId: string): Promise<number> {
    const [row] = await tx.run(deleteOverlay, { overlayRepoId: this.idFor(workId) });
    return row?.deleted ?? 0;
  }
}
