import { int, loadQuery, type Graph } from '../../src/graph/index.js';
import { serverCpuMs } from './server-cpu.js';

const createNodes = loadQuery<{ rows: Array<Record<string, unknown>> }, { written: number }>('bench/write-floor-nodes.cypher');
const createRels = loadQuery<{ rows: Array<{ from: string; to: string; props: Record<string, unknown> }> }, { written: number }>('bench/write-floor-rels.cypher');
const countRepoGraph = loadQuery<{ repoId: string }, { nodes: number; relationships: number }>('bench/count-repo-graph.cypher');
const clean = loadQuery<Record<string, never>, { deleted: number }>('bench/write-floor-clean.cypher');

const BATCH = 2_000;

export interface WriteFloor {
  nodes: number;
  relationships: number;
  ms: number;
  serverCpuMs: number | null;
}

/**
 * The write floor: what Neo4j needs to store as many nodes and relationships as the ingest wrote,
 * written the cheapest way Cypher allows (UNWIND + CREATE in batches of 2,000, nodes with the
 * Fact label only and fact-sized properties, relationships matched by Fact id). No extractor, no
 * MERGE, no link step, no per-label or full-text index. The pipeline cannot be faster than this.
 */
/** Writes as many nodes and relationships as `repoId` has, then removes them again. */
export async function measureWriteFloor(graph: Graph, repoId: string, probeId: string): Promise<WriteFloor> {
  const [count] = await graph.read(countRepoGraph, { repoId });
  const nodes = count?.nodes ?? 0;
  const relationships = count?.relationships ?? 0;
  if (nodes === 0) return { nodes, relationships: 0, ms: 0, serverCpuMs: 0 };
  await removeProbe(graph);
  const cpuBefore = serverCpuMs();
  const started = performance.now();
  for (let i = 0; i < nodes; i += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, nodes - i) }, (_, k) => probeNode(probeId, i + k));
    await graph.write(createNodes, { rows });
  }
  for (let i = 0; i < relationships; i += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, relationships - i) }, (_, k) => {
      const n = i + k;
      return { from: `${probeId}:n${n % nodes}`, to: `${probeId}:n${(n * 7 + 1) % nodes}`, props: { ownerFile: `src/app/f${n % 108}.ts`, repoId: probeId } };
    });
    await graph.write(createRels, { rows });
  }
  const ms = Math.round(performance.now() - started);
  const cpuAfter = serverCpuMs();
  await removeProbe(graph);
  return { nodes, relationships, ms, serverCpuMs: cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : null };
}

function probeNode(probeId: string, i: number): Record<string, unknown> {
  const file = `src/app/features/f${i % 108}/components/f${i % 108}-c${i % 30}.component.ts`;
  return {
    id: `${probeId}:n${i}`, repoId: probeId, snapshotId: 'f'.repeat(40), ownerFile: file, name: `Name${i}`, kind: 'class',
    startLine: int(i % 300), endLine: int((i % 300) + 5), searchText: `name${i} name ${i}`,
  };
}

async function removeProbe(graph: Graph): Promise<void> {
  for (;;) {
    const [row] = await graph.write(clean, {});
    if (!row?.deleted) return;
  }
}
