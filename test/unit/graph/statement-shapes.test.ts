import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import neo4j from 'neo4j-driver';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultShapeFile, fitsText, readShapes, requiredParams, sampleParams, shapeOf, ShapeRecorder, sizeBucket, warmOrder, type StatementShape } from '../../../src/graph/statement-shapes.js';

describe('statement shapes (the plan cache key without values)', () => {
  const dirs: string[] = [];
  const scratch = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'gg-shapes-'));
    dirs.push(dir);
    return join(dir, 'shapes.json');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('buckets sizes as Neo4j 5.26 plans them apart: 0, 1, 2–10, 11–100, 101–1000', () => {
    expect([0, 1, 2, 10, 11, 100, 101, 1000, 1001].map(sizeBucket)).toEqual([0, 1, 2, 2, 11, 11, 101, 101, 1001]);
  });

  it('shapes a parameter string by its length bucket, strings inside lists and maps by type only', () => {
    expect(shapeOf('soak-31359-mx0vfscp')).toEqual({ string: 11 });
    expect(shapeOf('')).toEqual({ string: 0 });
    expect(shapeOf(['src/a.ts', 'b'])).toEqual({ list: 2, of: 'string' });
    expect(shapeOf([{ file: 'a.ts', name: 'A' }])).toEqual({ list: 1, of: { map: { file: 'string', name: 'string' } } });
    expect(shapeOf([])).toEqual({ list: 0, of: null });
    // The plan cache keys a map parameter as a map: nested sizes and nulls must not split shapes.
    expect(shapeOf({ denyCodes: ['A', 'B'], traceMeta: null, id: 't' })).toEqual(shapeOf({ denyCodes: [], traceMeta: '{}', id: 'a much longer id' }));
    expect(shapeOf([{ labels: ['File', 'Fact'] }])).toEqual({ list: 1, of: { map: { labels: { list: 0, of: null } } } });
    expect([shapeOf(null), shapeOf(true), shapeOf(1.5), shapeOf(neo4j.int(3))]).toEqual(['null', 'boolean', 'float', 'integer']);
    // A temporal value cannot be rebuilt by a warm-up: the call is not shaped at all.
    expect(shapeOf(new Date())).toBeUndefined();
  });

  it('rebuilds parameters of the same shape from values no fact has', () => {
    const actual = { repoId: 'kendraio', packId: 'pack-0123456789abcdef', paths: ['a.ts', 'b.ts', 'c.ts'], refs: [{ file: 'a.ts', name: 'A' }], limit: neo4j.int(50), overlay: null, empty: '' };
    const shape = Object.fromEntries(Object.entries(actual).map(([k, v]) => [k, shapeOf(v)!]));
    const sample = sampleParams(shape);
    expect(Object.fromEntries(Object.entries(sample).map(([k, v]) => [k, shapeOf(v)]))).toEqual(shape);
    expect(sample.repoId).not.toBe('kendraio');
    // An edited store cannot make a warm-up build a billion-element list.
    expect(sampleParams({ huge: { list: 1e9, of: 'integer' }, odd: { string: -3 } as never })).toMatchObject({ huge: { length: 1_001 }, odd: '' });
    expect(String(sample.repoId).startsWith('\u0000')).toBe(true);
  });

  it('records each shape once, merges it into the file and never writes a value', () => {
    const file = scratch();
    writeFileSync(file, JSON.stringify({ version: 1, shapes: [{ query: 'other/kept', params: { id: { string: 2 } } }] }));
    const recorder = new ShapeRecorder(file, 60_000);
    recorder.note('plan/read-pack-files', { repoId: 'secret-repo', paths: ['src/secret.ts'] });
    recorder.note('plan/read-pack-files', { repoId: 'secret-repo-2', paths: ['src/other.ts'] });
    recorder.note('plan/read-pack-files', { repoId: 'secret-repo', paths: ['a', 'b'] });
    recorder.note('plan/skipped', { at: new Date() });
    recorder.flush();
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('secret');
    expect(readShapes(file)).toEqual([
      { query: 'other/kept', params: { id: { string: 2 } } },
      { query: 'plan/read-pack-files', params: { repoId: { string: 11 }, paths: { list: 1, of: 'string' } }, processes: 1 },
      { query: 'plan/read-pack-files', params: { repoId: { string: 11 }, paths: { list: 2, of: 'string' } }, processes: 1 },
    ]);
    // A second process noting a shape already stored adds no shape; it counts one more process for it, once.
    const second = new ShapeRecorder(file, 60_000);
    second.note('plan/read-pack-files', { repoId: 'x-repo-name', paths: ['one'] });
    second.note('plan/read-pack-files', { repoId: 'y-repo-name', paths: ['two'] });
    second.flush();
    second.note('plan/read-pack-files', { repoId: 'z-repo-name', paths: ['three'] });
    second.flush();
    expect(readShapes(file).map((s) => s.processes)).toEqual([undefined, 2, 1]);
  });

  it('warms the shapes most processes ran first, ties oldest first, and trims the least common', () => {
    const shape = (query: string, processes?: number): StatementShape => ({ query, params: {}, ...(processes === undefined ? {} : { processes }) });
    const stored = [shape('ingest/merge-nodes', 1), shape('schema/read-schema-version'), shape('session/commit-turn', 9), shape('plan/persist-plan', 3), shape('session/read-work', 9)];
    expect(warmOrder(stored).map((s) => s.query)).toEqual(['session/commit-turn', 'session/read-work', 'plan/persist-plan', 'ingest/merge-nodes', 'schema/read-schema-version']);
    // An edited store's odd counts rank as none.
    expect(warmOrder([shape('a', -4), shape('b', Number.NaN), shape('c', 1)]).map((s) => s.query)).toEqual(['c', 'a', 'b']);

    const file = scratch();
    const full = Array.from({ length: 1_500 }, (_, i) => ({ query: `bench/q${i}`, params: {}, processes: i < 2 ? 1 : 5 }));
    writeFileSync(file, JSON.stringify({ version: 1, shapes: full }));
    const recorder = new ShapeRecorder(file, 60_000);
    recorder.note('session/new-statement', {});
    recorder.flush();
    const kept = readShapes(file);
    expect(kept).toHaveLength(1_500);
    // The least common stored shape went (the newer of the two run by one process); the one just run stays.
    expect(kept.map((s) => s.query)).not.toContain('bench/q1');
    expect(kept.map((s) => s.query)).toContain('bench/q0');
    expect(kept.at(-1)).toEqual({ query: 'session/new-statement', params: {}, processes: 1 });
  });

  it('reads a missing, corrupt or foreign file as empty, and GRAPHGATE_STATEMENT_SHAPES=off turns it all off', () => {
    const file = scratch();
    expect(readShapes(file)).toEqual([]);
    writeFileSync(file, '{not json');
    expect(readShapes(file)).toEqual([]);
    writeFileSync(file, JSON.stringify({ version: 2, shapes: [] }));
    expect(readShapes(file)).toEqual([]);
    expect(defaultShapeFile({ GRAPHGATE_STATEMENT_SHAPES: 'off' })).toBeNull();
    expect(defaultShapeFile({ GRAPHGATE_STATEMENT_SHAPES: file })).toBe(file);
  });

  it('reads the parameters a statement needs from its code, not its comments or strings, and tells a shape of an older text', () => {
    const text = [
      '// x/y.cypher — header naming $notAParam',
      "// the work's plan, one row each",
      'UNWIND $rows AS row /* $alsoNot */',
      "MATCH (n:Fact {id: row.id}) WHERE n.path =~ '.*\\$skip' AND n.name <> \"$quoted\"",
      'SET n:$(row.labels), n.repoId = $c.repoId // trailing $comment',
    ].join('\n');
    const required = requiredParams(text);
    expect([...required].sort()).toEqual(['c', 'rows']);
    expect(fitsText({ query: 'x/y', params: { rows: { list: 2, of: null }, c: { map: {} } } }, required)).toBe(true);
    // Recorded before the values moved into `$c`: replaying it could only fail.
    expect(fitsText({ query: 'x/y', params: { rows: { list: 2, of: null }, repoId: { string: 11 } } }, required)).toBe(false);
    // A parameter passed but not used is no reason to skip.
    expect(fitsText({ query: 'x/y', params: { rows: 'null', c: 'null', extra: 'string' } }, required)).toBe(true);
  });
});
