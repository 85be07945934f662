import type { Graph } from '../../src/graph/graph.js';
import { namespaceFacts } from './ingest-queries.js';

/** Snapshot and Repo records name the run, not the facts; a fact keeps the snapshot it was written in. */
const VOLATILE_LABELS = new Set(['Snapshot', 'Repo', 'IngestLock']);
const VOLATILE_PROPS = new Set(['snapshotId', 'ftRepo', 'createdAt', 'updatedAt', 'ingestedAt']);

/** Props with sorted keys, volatile ones dropped. */
function canonical(props: Record<string, unknown>): string {
  return JSON.stringify(Object.keys(props).filter((k) => !VOLATILE_PROPS.has(k)).sort().map((k) => [k, props[k]]));
}

/**
 * A namespace's facts as sorted lines, its repoId replaced, and the hashes that ids of references
 * carry (derived from the repoId) masked: two ingests of one tree compare equal.
 */
export async function factLines(graph: Graph, repoId: string): Promise<string[]> {
  const rows = await graph.read(namespaceFacts, { repoId });
  return rows
    .filter((r) => !r.labels.some((l) => VOLATILE_LABELS.has(l)))
    .map((r) => {
      const out = r.out.map((e) => `${e.type} ${e.to} ${canonical(e.props)}`).sort();
      return `${r.id} ${[...r.labels].sort().join(':')} ${canonical(r.props)} ${out.join(' | ')}`;
    })
    .map((line) => line.replaceAll(repoId, 'R').replace(/(ref:[^#\s"]+)#[0-9a-f]{20}/g, '$1#H').replace(/~[0-9a-f]{16}/g, '~H'))
    .sort();
}
