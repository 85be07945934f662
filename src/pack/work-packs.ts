import { int, type Graph, type RunOptions } from '../graph/index.js';
import { listWorkPacksQuery, type WorkPackRow } from './pack.queries.js';

/** Versions listed per work (packs only grow by escalation, so a work rarely has more than a handful). */
export const MAX_WORK_PACK_VERSIONS = 100;

/**
 * A work's context packs, newest version first: the current one and the chain it SUPERSEDES
 * (older versions stay on disk for audit; each row names the file, its hash and what it includes).
 * An unknown work, or one without a pack, gives an empty list.
 */
export async function listWorkPacks(graph: Graph, workId: string, run?: RunOptions): Promise<WorkPackRow[]> {
  // The chain is linear, and the Cypher caps its length at 100 hops whatever maxVersions says.
  return graph.read(listWorkPacksQuery, { workId, maxVersions: int(MAX_WORK_PACK_VERSIONS) }, run);
}
