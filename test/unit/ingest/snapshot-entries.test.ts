import { describe, expect, it } from 'vitest';
import { advanceTsPaths, EntriesDelta, typeScriptPaths } from '../../../ingest/pipeline/snapshot-entries.js';
import type { SnapshotEntry } from '../../../ingest/pipeline/snapshot.js';

const entry = (path: string, blob = 'b0'): SnapshotEntry => ({ path, blob, sha256: `s-${blob}` });
const baseOf = (...paths: string[]): Map<string, SnapshotEntry> => new Map(paths.map((p) => [p, entry(p)]));

describe('EntriesDelta', () => {
  it('reads like the copied map it replaces after sets and deletes, in any order', () => {
    const base = baseOf('a.ts', 'b.html', 'c.ts');
    const delta = new EntriesDelta(base);
    const copy = new Map(base);
    const steps: Array<[string, string | null]> = [['a.ts', 'b1'], ['d.ts', 'b2'], ['c.ts', null], ['d.ts', null], ['e.ts', 'b3'], ['c.ts', 'b4'], ['e.ts', 'b5'], ['x.ts', null]];
    for (const [path, blob] of steps) {
      if (blob === null) delta.delete(path), copy.delete(path);
      else delta.set(path, entry(path, blob)), copy.set(path, entry(path, blob));
      expect(delta.size).toBe(copy.size);
      expect(new Map(delta)).toEqual(copy);
      expect([...delta.keys()].sort()).toEqual([...copy.keys()].sort());
      expect([...delta.values()].length).toBe(copy.size);
      for (const p of ['a.ts', 'b.html', 'c.ts', 'd.ts', 'e.ts', 'x.ts']) {
        expect(delta.has(p)).toBe(copy.has(p));
        expect(delta.get(p)).toEqual(copy.get(p));
      }
    }
    // The base itself is never written.
    expect(new Map(base)).toEqual(baseOf('a.ts', 'b.html', 'c.ts'));
  });
});

describe('typeScriptPaths', () => {
  it('gives the TypeScript paths of a whole map', () => {
    expect([...typeScriptPaths(baseOf('a.ts', 'b.html', 'c.tsx', 'd.json'))].sort()).toEqual(['a.ts', 'c.tsx']);
  });

  it('over a delta: its base\'s kept paths with what the delta added and removed, kept in step as the base advances', () => {
    const base = baseOf('a.ts', 'b.html', 'c.ts');
    const delta = new EntriesDelta(base);
    delta.set('d.ts', entry('d.ts'));
    delta.set('e.html', entry('e.html'));
    delta.delete('c.ts');
    const paths = typeScriptPaths(delta);
    expect(paths.size).toBe(2);
    expect([...paths].sort()).toEqual(['a.ts', 'd.ts']);
    expect(paths.has('c.ts')).toBe(false);
    expect(paths.has('d.ts')).toBe(true);
    expect(paths.has('e.html')).toBe(false);

    // The run succeeded: the base takes the delta (as advanceKnown does) and the kept set follows.
    base.set('d.ts', entry('d.ts'));
    base.set('e.html', entry('e.html'));
    base.delete('c.ts');
    advanceTsPaths(base, ['d.ts', 'e.html'], ['c.ts']);
    const next = new EntriesDelta(base);
    next.delete('a.ts');
    expect([...typeScriptPaths(next)]).toEqual(['d.ts']);
    expect(typeScriptPaths(next).size).toBe(1);
  });
});
