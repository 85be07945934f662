import { int, loadQuery, type Graph } from '../../src/graph/index.js';
import { seedAnchors, seedMemories, seedTurnBatches, seedWorks, type SeedShape } from './seed-data.js';

const seedWorksQuery = loadQuery<{ repoId: string; works: Array<Record<string, unknown>> }, { works: number; agents: number }>('bench/observer-seed-works.cypher');
const seedAnchorsQuery = loadQuery<{ repoId: string; anchors: Array<{ id: string; path: string }> }, { anchors: number }>('bench/observer-seed-anchors.cypher');
const seedMemoriesQuery = loadQuery<{ repoId: string; memories: Array<Record<string, unknown>> }, { memories: number }>('bench/observer-seed-memories.cypher');
const seedTurnsQuery = loadQuery<{ repoId: string; rows: Array<Record<string, unknown>> }, { written: number }>('bench/observer-seed-turns.cypher');

export interface SeedResult {
  works: number;
  agents: number;
  turns: number;
  ms: number;
}

/** Writes the synthetic works, anchors, memories and turns (one transaction per `batch` turns). */
export async function seedObserverGraph(graph: Graph, shape: SeedShape, batch: number, progress: (written: number) => void): Promise<SeedResult> {
  const started = performance.now();
  const { repoId } = shape;
  await graph.write(seedAnchorsQuery, { repoId, anchors: seedAnchors(repoId) });
  await graph.write(seedMemoriesQuery, { repoId, memories: seedMemories(shape) });
  const works = seedWorks(shape).map((w) => ({ ...w, maxTokens: int(w.maxTokens as number), thresholdTokens: int(w.thresholdTokens as number) }));
  const [made] = await graph.write(seedWorksQuery, { repoId, works });
  let turns = 0;
  for (const rows of seedTurnBatches(shape, batch)) {
    // Counters and the row index are Integers, as the real commit passes them (int()).
    const typed = rows.map((r) => ({ ...r, i: int(r.i as number), tokens: int(r.tokens as number), rejected: int(r.rejected as number) }));
    const [row] = await graph.write(seedTurnsQuery, { repoId, rows: typed }, { timeoutMs: 300_000 });
    turns += row?.written ?? 0;
    progress(turns);
  }
  return { works: made?.works ?? 0, agents: made?.agents ?? 0, turns, ms: Math.round(performance.now() - started) };
}
