import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pathShapes, SUBMIT_PATH, warmUpOrder } from '../../../bench/soak/restart-cold.js';
import type { StatementShape } from '../../../src/graph/statement-shapes.js';

const shape = (query: string, processes: number, size = 11): StatementShape => ({ query, params: { repoId: { string: size } } as never, processes });
const recorded = [
  shape('ingest/merge-nodes', 90), shape('execution/lock-hold-stats', 40), shape('execution/lock-hold-stats', 70, 2),
  shape('session/read-work', 80), ...SUBMIT_PATH.filter((q) => q !== 'execution/lock-hold-stats' && q !== 'session/read-work').map((q) => shape(q, 10)),
];

describe('restart-cold', () => {
  it('names registry statements only', () => {
    for (const query of SUBMIT_PATH) expect(existsSync(join('cypher', `${query}.cypher`)), query).toBe(true);
  });

  it('replays each statement of the path in its most common recorded shape, in path order', () => {
    const shapes = pathShapes(recorded);
    expect(shapes.map((s) => s.query)).toEqual([...SUBMIT_PATH]);
    expect(shapes.find((s) => s.query === 'execution/lock-hold-stats')?.processes).toBe(70);
  });

  it('says which statements were never recorded, except the one without parameters', () => {
    expect(() => pathShapes(recorded.filter((s) => s.query !== 'plan/store-waiting-plan' && s.query !== 'graph/server-started-at')))
      .toThrow(/no recorded shape for plan\/store-waiting-plan: run the soak once/);
  });

  it('orders the warm-up as an MCP server does, or with the submission first', () => {
    expect(warmUpOrder(recorded, 'none')).toEqual([]);
    expect(warmUpOrder(recorded, 'recorded')[0]?.query).toBe('ingest/merge-nodes');
    const turnFirst = warmUpOrder(recorded, 'turn-first');
    expect(turnFirst).toHaveLength(recorded.length);
    expect(turnFirst.at(-1)?.query).toBe('ingest/merge-nodes');
    expect(turnFirst.slice(0, 2).map((s) => s.query)).toEqual(['session/read-work', 'execution/lock-hold-stats']);
  });
});
