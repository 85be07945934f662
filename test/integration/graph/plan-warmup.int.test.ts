import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { loadQuery } from '../../../src/graph/query-registry.js';
import { describeParam, queryShape } from '../../../src/graph/query-shapes.js';
import { replayShapes } from '../../../src/graph/plan-warmup.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { openTestGraph } from '../../support/graph.js';
import { deleteQueryShapes, readQueryShapesByKey } from '../../support/queries.js';

const ping = loadQuery<Record<string, unknown>, { ok: number }>('test-support/ping.cypher');

describe('query shapes and the plan warm-up (real Neo4j)', () => {
  // A parameter no other test sends, so this file's shapes are its own (the server ignores unused parameters).
  const probe = `probe_${randomBytes(4).toString('hex')}`;
  const keys: string[] = [];
  afterAll(async () => {
    const graph = openTestGraph();
    await graph.write(deleteQueryShapes, { keys });
    await graph.close();
  });

  it('a process writes the shape of each query it ran when it closes, once per shape', async () => {
    const first = { [probe]: 'x', n: 1.5 };
    const sameTypes = { [probe]: 'y', n: 2.5 };
    const otherTypes = { [probe]: ['x'], n: 1.5 };
    keys.push(queryShape(ping.name, first).key, queryShape(ping.name, otherTypes).key);
    const graph = openTestGraph();
    await graph.read(ping, first);
    await graph.read(ping, sameTypes);
    await graph.read(ping, otherTypes);
    await graph.close();

    const reader = openTestGraph();
    try {
      const rows = await reader.read(readQueryShapesByKey, { keys });
      expect(rows).toHaveLength(2);
      for (const row of rows) expect(row.name).toBe('test-support/ping');
      expect(rows.map((r) => JSON.parse(r.params) as unknown)).toEqual(expect.arrayContaining([describeParam(first), describeParam(otherTypes)]));
    } finally {
      await reader.close();
    }
  });

  it('replays known shapes with EXPLAIN and skips names that are not registry queries of this build', async () => {
    const params = JSON.stringify(describeParam({ [probe]: 'x' }));
    const shapes = [
      { name: 'test-support/ping', params },
      { name: '../../../etc/passwd', params },
      { name: 'test-support/../../package', params },
      { name: 'nothing/like-this', params },
      { name: 'test-support/ping', params: 'not json' },
      { name: 'test-support/ping', params: '["a list"]' },
    ];
    const graph = openTestGraph();
    try {
      expect(await replayShapes(graph, shapes, { budgetMs: 60_000, log: silentLogger })).toMatchObject({ planned: 1, skipped: 5, failed: 0, left: 0 });
      expect(await replayShapes(graph, shapes, { budgetMs: 0, log: silentLogger })).toMatchObject({ planned: 0, skipped: 0, left: shapes.length });
    } finally {
      await graph.close();
    }
  });
});
