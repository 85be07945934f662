import { describe, expect, it } from 'vitest';
import { shapeOf } from '../../../src/graph/statement-shapes.js';
import { closureSeedParam, DEFAULT_CLOSURE_BUDGET } from '../../../src/retrieval/closure/closure.js';

describe('closureSeedParam: one plan for every round of closure-expand', () => {
  it('gives every seed list a round can hold (1 to maxSeeds) the same plan-cache shape', () => {
    const lists = Array.from({ length: DEFAULT_CLOSURE_BUDGET.maxSeeds }, (_, i) => Array.from({ length: i + 1 }, (_, j) => `id:${j}`));
    const shapes = new Set(lists.map((ids) => JSON.stringify(shapeOf(closureSeedParam(ids)))));
    expect([...shapes]).toEqual([JSON.stringify({ list: 11, of: 'string' })]);
  });

  it('keeps the ids in order and adds only the empty id, which no node has', () => {
    expect(closureSeedParam(['b', 'a'])).toEqual(['b', 'a', ...Array(9).fill('')]);
    expect(closureSeedParam([])).toEqual([]);
    const twelve = Array.from({ length: 12 }, (_, i) => `id:${i}`);
    expect(closureSeedParam(twelve)).toEqual(twelve);
  });
});
