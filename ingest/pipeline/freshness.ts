import type { Graph } from '../../src/graph/index.js';
import { readRepo } from '../write/ingest.queries.js';
import { detectChanges } from './detect-changes.js';
import { canonicalRoot } from './discovery.js';
import { loadKnownFiles } from './known-files.js';
import { resolveSettings } from './settings.js';
import { emptySummary } from './summary.js';

export interface Freshness {
  /** The snapshot the graph holds (null: never ingested). */
  snapshotId: string | null;
  /** A run died between its first write and its snapshot record. */
  writing: boolean;
  added: number;
  changed: number;
  deleted: number;
}

/**
 * How far the working tree is from the graph's snapshot, without writing anything: the same
 * discovery, read and hash an incremental ingest starts with (no parsing).
 */
export async function checkFreshness(graph: Graph, root: string, repoId: string): Promise<Freshness> {
  const canonical = canonicalRoot(root);
  const [repo] = await graph.read(readRepo, { repoId });
  if (!repo?.snapshotId) return { snapshotId: null, writing: false, added: 0, changed: 0, deleted: 0 };
  const known = await loadKnownFiles(graph, repoId, null);
  const summary = emptySummary(repoId, canonical);
  await detectChanges(canonical, resolveSettings(canonical, { repoId }), known, undefined, summary);
  return { snapshotId: repo.snapshotId, writing: repo.writing, added: summary.files.added, changed: summary.files.changed, deleted: summary.files.deleted };
}
