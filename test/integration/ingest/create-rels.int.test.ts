import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Graph } from '../../../src/graph/graph.js';
import { loadQuery } from '../../../src/graph/query-registry.js';
import { createNodes } from '../../../ingest/write/ingest.queries.js';
import { createEdges, MERGE_REL, type EdgeRowParam } from '../../../ingest/write/rel-queries.js';
import type { RelType } from '../../../ingest/model/facts.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';

const rels = loadQuery<{ repoId: string }, { from: string; type: string; to: string; props: Record<string, unknown> }>('bench/fact-dump-rels.cypher');

/** Edge rows of a first ingest, with what MERGE_REL must collapse: a repeated (type, from, to, owner) and a missing end. */
function groups(ns: string): Array<{ type: RelType; rows: EdgeRowParam[] }> {
  const row = (from: string, to: string, ownerFile: string, line: number): EdgeRowParam => ({
    from: `${ns}:${from}`, to: `${ns}:${to}`, ownerFile, props: { ownerFile, repoId: ns, line },
  });
  return [
    { type: 'IMPORTS', rows: [row('a', 'b', 'a.ts', 1), row('a', 'b', 'a.ts', 2), row('a', 'b', 'c.ts', 3), row('a', 'missing', 'a.ts', 4)] },
    { type: 'HAS_USAGE', rows: [row('a', 'c', 'a.ts', 5), row('c', 'a', 'c.ts', 6)] },
  ];
}

describe('createEdges: one statement for every relationship type on a first ingest', () => {
  let graph: Graph;
  const created = testNamespace('create-rels');
  const merged = testNamespace('merge-rels');

  beforeAll(async () => {
    graph = openTestGraph();
    for (const ns of [created, merged]) {
      await graph.write(createNodes, { rows: ['a', 'b', 'c'].map((id) => ({ labels: ['Symbol'], props: { id: `${ns}:${id}`, repoId: ns } })) });
    }
  });
  afterAll(async () => {
    await cleanNamespace(graph, created);
    await cleanNamespace(graph, merged);
    await graph.close();
  });

  async function snapshot(ns: string): Promise<string[]> {
    const rows = await graph.read(rels, { repoId: ns });
    return rows.map((r) => JSON.stringify([r.from.slice(ns.length), r.type, r.to.slice(ns.length), { ...r.props, repoId: 'ns' }])).sort();
  }

  it('writes the relationships and counts that one MERGE statement per type writes', async () => {
    const viaCreate = await createEdges((q, p) => graph.write(q, p), groups(created), 2);
    const viaMerge = new Map<string, number>();
    for (const { type, rows } of groups(merged)) {
      const [row] = await graph.write(MERGE_REL[type], { rows });
      viaMerge.set(type, Number(row?.written ?? 0));
    }
    expect(Object.fromEntries(viaCreate)).toEqual({ IMPORTS: 3, HAS_USAGE: 2 });
    expect(Object.fromEntries(viaCreate)).toEqual(Object.fromEntries(viaMerge));
    const mergedRels = await snapshot(merged);
    expect(mergedRels).toHaveLength(4);
    expect(await snapshot(created)).toEqual(mergedRels);
    // The repeated relationship keeps the last row's properties, as MERGE ... SET r = row.props does.
    expect(mergedRels.some((r) => r.includes('"line":2') && r.includes('IMPORTS'))).toBe(true);
  });

  it('refuses a type outside the allowlist before writing anything', async () => {
    const bad = [{ type: 'OWNS' as RelType, rows: [{ from: `${created}:a`, to: `${created}:b`, ownerFile: 'a.ts', props: {} }] }];
    await expect(createEdges((q, p) => graph.write(q, p), bad, 10)).rejects.toThrow(/not in the allowlist: OWNS/);
  });
});
