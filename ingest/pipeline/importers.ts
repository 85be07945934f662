import type { Graph } from '../../src/graph/index.js';
import { ids } from '../model/ids.js';
import { chunk } from '../write/batches.js';
import { findRefsByKey, readEdgeRefsInto } from '../write/ingest.queries.js';
import { targetKeys } from '../write/ref-keys.js';
import type { KnownFile } from './known-files.js';
import { readOne, type SourceInfo } from './read-files.js';
import type { PipelineSettings } from './settings.js';
import type { IngestSummary } from './summary.js';

/**
 * Files that point at a deleted file (its IMPORTS importers, a component whose templateUrl it was):
 * every such edge crosses file ownership, so it is a reference keyed `id:<file id>` or `file:<path>`
 * (a Ref node, or only its edge while an edge-only one is resolved). Those owners are re-extracted
 * in the same run, so their imports of the vanished file become unresolved references (and their
 * other facts about it are recomputed), as if they had been edited. Two indexed reads, only when
 * files were deleted.
 */
export async function importersOfDeleted(graph: Graph, repoId: string, deleted: readonly string[], known: ReadonlyMap<string, KnownFile>): Promise<string[]> {
  if (deleted.length === 0) return [];
  const keys = deleted.flatMap((path) => [`id:${ids.file(repoId, path)}`, ...targetKeys(['File'], { path })]);
  const gone = new Set(deleted);
  const owners = new Set<string>();
  const add = (ownerFile: string): void => {
    if (!gone.has(ownerFile) && known.has(ownerFile)) owners.add(ownerFile);
  };
  for (const part of chunk([...new Set(keys)], 1000)) {
    for (const { ref } of await graph.read(findRefsByKey, { repoId, keys: part })) add(ref.ownerFile);
  }
  // Resolved `id` references from a node of their own file have no Ref node: found by their edges.
  const fileIds = deleted.map((path) => ids.file(repoId, path));
  for (const part of chunk(fileIds, 1000)) {
    for (const row of await graph.read(readEdgeRefsInto, { repoId, ids: part })) add(row.ownerFile);
  }
  return [...owners].sort();
}

/** Adds the importers of deleted files to what this run parses (read from disk, counted as dependents). */
export async function addImportersOfDeleted(
  graph: Graph, repoId: string, root: string, settings: PipelineSettings, known: ReadonlyMap<string, KnownFile>,
  changes: { deleted: string[]; toParse: SourceInfo[]; current: Map<string, SourceInfo> }, summary: IngestSummary,
): Promise<void> {
  const queued = new Set(changes.toParse.map((i) => i.path));
  for (const path of await importersOfDeleted(graph, repoId, changes.deleted, known)) {
    if (queued.has(path)) continue;
    const info = changes.current.get(path) ?? readOne(root, path, settings.maxFileBytes);
    if (!info) continue;
    changes.toParse.push(info);
    changes.current.set(path, info);
    summary.files.dependents++;
    summary.files.parsed++;
    if (info.skipReason) summary.files.skipped++;
  }
}
