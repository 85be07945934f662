import neo4j from 'neo4j-driver';
import { describe, expect, it } from 'vitest';
import { describeParam, QueryShapeRecorder, queryShape, skeletonOf } from '../../../src/graph/query-shapes.js';

describe('query shapes', () => {
  it('describes parameters by type, lists by their first element, and rebuilds values of the same types without data', () => {
    const params = { repoId: 'r1', limit: neo4j.int(25), score: 0.7, strict: true, none: null, paths: ['a.ts', 'b.ts'], empty: [], rows: [{ id: 'x', n: neo4j.int(3), tags: ['t'] }] };
    const type = describeParam(params);
    expect(type).toEqual({
      t: 'map',
      f: {
        empty: { t: 'list' }, limit: { t: 'int' }, none: { t: 'null' }, paths: { t: 'list', of: { t: 'str' } },
        repoId: { t: 'str' }, rows: { t: 'list', of: { t: 'map', f: { id: { t: 'str' }, n: { t: 'int' }, tags: { t: 'list', of: { t: 'str' } } } } },
        score: { t: 'float' }, strict: { t: 'bool' },
      },
    });
    const skeleton = skeletonOf(type) as Record<string, unknown>;
    expect(neo4j.isInt(skeleton.limit)).toBe(true);
    expect(skeleton).toMatchObject({ repoId: '', score: 0.5, strict: false, none: null, paths: [''], empty: [] });
    expect(neo4j.isInt((skeleton.rows as Array<Record<string, unknown>>)[0]?.n)).toBe(true);
    // The skeleton describes as the original did: the server caches one plan for both.
    expect(describeParam(skeleton)).toEqual(type);
  });

  it('keys a shape by name and types, not by values or key order', () => {
    const a = queryShape('plan/read-pack-files', { repoId: 'a', paths: ['x'] });
    expect(queryShape('plan/read-pack-files', { paths: ['y', 'z'], repoId: 'b' }).key).toBe(a.key);
    expect(queryShape('plan/read-pack-files', { repoId: 'a', paths: [neo4j.int(1)] }).key).not.toBe(a.key);
    expect(queryShape('plan/read-active-pack', { repoId: 'a', paths: ['x'] }).key).not.toBe(a.key);
    expect(describeParam(new Date())).toEqual({ t: 'other' });
    expect(skeletonOf({ t: 'other' })).toBeNull();
  });

  it('notes each shape once, at most four variants of one query, and gives back shapes a failed write kept', () => {
    const recorder = new QueryShapeRecorder();
    expect(recorder.note('q/a', { id: 'x' })).toBe(true);
    expect(recorder.note('q/a', { id: 'y' })).toBe(false);
    for (const extra of ['b', 'c', 'd']) expect(recorder.note('q/a', { id: 'x', [extra]: 1 })).toBe(true);
    expect(recorder.note('q/a', { id: 'x', e: 1 })).toBe(false);
    const taken = recorder.takePending();
    expect(taken.map((s) => s.name)).toEqual(['q/a', 'q/a', 'q/a', 'q/a']);
    expect(recorder.hasPending).toBe(false);
    recorder.giveBack(taken.slice(0, 2));
    expect(recorder.note('q/b', {})).toBe(true);
    expect(recorder.takePending()).toHaveLength(3);
  });
});
