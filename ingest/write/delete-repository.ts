import { int, loadQuery, type Graph } from '../../src/graph/index.js';
import { deleteHistory } from '../history/history-sync.js';

const deleteRepoFacts = loadQuery<{ repoId: string; limit: ReturnType<typeof int> }, { deleted: number }>('ingest/delete-repo-facts.cypher');
const deleteRepoRecords = loadQuery<{ repoId: string }, { deleted: number }>('ingest/delete-repo-records.cypher');

/** Removes everything ingestion wrote for a repo, in bounded transactions. Returns the node count. */
export async function deleteRepository(graph: Graph, repoId: string, batch = 10_000): Promise<number> {
  let total = 0;
  for (;;) {
    const [row] = await graph.write(deleteRepoFacts, { repoId, limit: int(batch) }, { timeoutMs: 300_000 });
    total += row?.deleted ?? 0;
    if (!row?.deleted) break;
  }
  total += await deleteHistory(graph, repoId, batch);
  const [row] = await graph.write(deleteRepoRecords, { repoId });
  return total + (row?.deleted ?? 0);
}
