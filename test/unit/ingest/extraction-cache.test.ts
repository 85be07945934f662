import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { extractionCacheLimit, openTreeEntry, treeKey, type CachedExtraction, type ExtractionCacheOptions, type TreeEntry } from '../../../ingest/pipeline/extraction-cache.js';
import { TreeEntryWriter } from '../../../ingest/pipeline/extraction-cache-writer.js';
import { extractorsFingerprint } from '../../../ingest/pipeline/extraction-fingerprint.js';

const entry = (path: string, sha256 = 'a'.repeat(64), filler = ''): CachedExtraction => ({
  sha256,
  facts: { path, nodes: [{ id: `r:sym:${path}#A`, labels: ['Symbol'], props: { name: 'A', line: 3, note: filler } }], edges: [], refs: [], events: [] },
  deps: { reads: ['x.html'], mountReads: [], mountSig: null },
  text: { ftName: path, ftFolders: '', ftIdents: 'a', ftText: '', ftComments: '' },
});

/** Writes an entry as a run does: each file as it is extracted, then the rest of `previous`. */
function saveTreeExtractions(key: string, files: Map<string, CachedExtraction>, where: ExtractionCacheOptions, previous?: TreeEntry): number {
  const writer = new TreeEntryWriter(key, where, previous);
  for (const [path, entry] of files) writer.add(path, entry);
  return writer.finish();
}

describe('extraction cache on disk', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gg-xcache-unit-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keys a tree by repo, content-addressed snapshot and extraction key; other snapshots have no key', () => {
    const tree = `git:${'1'.repeat(40)}`;
    const key = treeKey('repo-a', tree, '3:abc');
    expect(key).toMatch(/^[0-9a-f]{40}$/);
    expect(treeKey('repo-b', tree, '3:abc')).not.toBe(key);
    expect(treeKey('repo-a', `git:${'2'.repeat(40)}`, '3:abc')).not.toBe(key);
    expect(treeKey('repo-a', tree, '4:abc')).not.toBe(key);
    expect(treeKey('repo-a', `content:${'f'.repeat(64)}`, '3:abc')).toMatch(/^[0-9a-f]{40}$/);
    expect(treeKey('repo-a', 'unknown', '3:abc')).toBeUndefined();
    expect(treeKey('repo-a', 'git:../../etc', '3:abc')).toBeUndefined();
  });

  it('round-trips entries, reads a file only when asked, and keeps the files of an earlier run of the tree', () => {
    const where = { dir, maxBytes: 1024 * 1024 };
    const routed = { ...entry('r.ts', 'b'.repeat(64)), deps: { reads: [], mountReads: ['loader.ts'], mountSig: 'sig-1' } };
    expect(saveTreeExtractions('k1', new Map([['a.ts', entry('a.ts')], ['r.ts', routed]]), where)).toBeGreaterThan(0);
    const before = openTreeEntry('k1', where);
    saveTreeExtractions('k1', new Map([['b.ts', entry('b.ts')]]), where, before);
    before.close();
    const loaded = openTreeEntry('k1', where);
    expect([...loaded.shas.keys()].sort()).toEqual(['a.ts', 'b.ts', 'r.ts']);
    expect(loaded.shas.get('r.ts')).toBe('b'.repeat(64));
    expect(loaded.mountSig('r.ts')).toBe('sig-1');
    expect(loaded.mountSig('a.ts')).toBeNull();
    expect(loaded.mountSig('zz.ts')).toBeUndefined();
    expect(loaded.get('a.ts')).toEqual(entry('a.ts'));
    expect(loaded.get('r.ts')).toEqual(routed);
    expect(loaded.get('zz.ts')).toBeUndefined();
    loaded.close();
    expect(openTreeEntry('k2', where).shas.size).toBe(0);
  });

  it('an entry renamed over an open one does not mix into it', () => {
    const where = { dir, maxBytes: 1024 * 1024 };
    saveTreeExtractions('k1', new Map([['a.ts', entry('a.ts')]]), where);
    const open = openTreeEntry('k1', where);
    saveTreeExtractions('k1', new Map([['a.ts', entry('a.ts', 'c'.repeat(64), 'longer '.repeat(50))]]), where);
    expect(open.get('a.ts')).toEqual(entry('a.ts'));
    open.close();
    expect(openTreeEntry('k1', where).get('a.ts')?.sha256).toBe('c'.repeat(64));
  });

  it('reads nothing from a corrupt, foreign or older-format file, and no body that does not match its index', () => {
    const where = { dir, maxBytes: 1024 * 1024 };
    writeFileSync(join(dir, 'k1.json'), '{not json\n{}');
    expect(openTreeEntry('k1', where).shas.size).toBe(0);
    writeFileSync(join(dir, 'k2.json'), JSON.stringify({ format: 2, key: 'k2', files: { 'a.ts': entry('a.ts') } }));
    expect(openTreeEntry('k2', where).shas.size).toBe(0);
    saveTreeExtractions('k3', new Map([['a.ts', entry('a.ts')]]), where);
    writeFileSync(join(dir, 'k4.json'), readFileSync(join(dir, 'k3.json')));
    expect(openTreeEntry('k4', where).shas.size).toBe(0);
    const body = JSON.stringify({ ...entry('a.ts'), facts: { ...entry('a.ts').facts, path: 'elsewhere.ts' } });
    const index = JSON.stringify({ format: 4, key: 'k5', files: { 'a.ts': ['a'.repeat(64), 0, Buffer.byteLength(body), null], 'b.ts': ['a'.repeat(64), 0, 5_000, null] } });
    writeFileSync(join(dir, 'k5.json'), `${body}${index}${String(Buffer.byteLength(body)).padStart(20, '0')}\n`);
    const bad = openTreeEntry('k5', where);
    expect(bad.shas.size).toBe(2);
    expect(bad.get('a.ts')).toBeUndefined();
    expect(bad.get('b.ts')).toBeUndefined();
    bad.close();
  });

  it('stays within its bound: the least recently written trees go first, a tree over the bound is not written', () => {
    const big = 'x'.repeat(40_000);
    const where = { dir, maxBytes: 100_000 };
    saveTreeExtractions('old', new Map([['a.ts', entry('a.ts', undefined, big)]]), where);
    utimesSync(join(dir, 'old.json'), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    saveTreeExtractions('mid', new Map([['a.ts', entry('a.ts', undefined, big)]]), where);
    saveTreeExtractions('new', new Map([['a.ts', entry('a.ts', undefined, big)]]), where);
    expect(readdirSync(dir).sort()).toEqual(['mid.json', 'new.json']);
    expect(saveTreeExtractions('huge', new Map([['a.ts', entry('a.ts', undefined, big.repeat(3))]]), where)).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['mid.json', 'new.json']);
  });

  it('drops an entry that outgrows the bound while written, or that the run abandons, leaving no temp file', () => {
    const where = { dir, maxBytes: 20_000 };
    const writer = new TreeEntryWriter('k1', where);
    writer.add('a.ts', entry('a.ts'));
    writer.add('b.ts', entry('b.ts', undefined, 'x'.repeat(30_000)));
    writer.add('c.ts', entry('c.ts'));
    expect(writer.finish()).toBe(0);
    const abandoned = new TreeEntryWriter('k2', where);
    abandoned.add('a.ts', entry('a.ts'));
    abandoned.abort();
    abandoned.abort();
    expect(abandoned.finish()).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('removes the temp file of a run that died while writing, once it is stale, and keeps a fresh one', () => {
    const where = { dir, maxBytes: 1024 * 1024 };
    writeFileSync(join(dir, 'dead.json.123.tmp'), 'x'.repeat(1000));
    utimesSync(join(dir, 'dead.json.123.tmp'), new Date(Date.now() - 11 * 60_000), new Date(Date.now() - 11 * 60_000));
    writeFileSync(join(dir, 'live.json.456.tmp'), 'x'.repeat(1000));
    saveTreeExtractions('k1', new Map([['a.ts', entry('a.ts')]]), where);
    expect(readdirSync(dir).sort()).toEqual(['k1.json', 'live.json.456.tmp']);
  });

  it('is off at 0 MB: nothing read, nothing written', () => {
    saveTreeExtractions('k1', new Map([['a.ts', entry('a.ts')]]), { dir, maxBytes: 1024 * 1024 });
    const where = { dir, maxBytes: 0 };
    expect(openTreeEntry('k1', where).shas.size).toBe(0);
    expect(saveTreeExtractions('k2', new Map([['a.ts', entry('a.ts')]]), where)).toBe(0);
    expect(readdirSync(dir)).toEqual(['k1.json']);
  });

  it('reads its bound from GRAPHGATE_EXTRACTION_CACHE_MB and refuses a value that is not a size', () => {
    expect(extractionCacheLimit({})).toBe(256 * 1024 * 1024);
    expect(extractionCacheLimit({ GRAPHGATE_EXTRACTION_CACHE_MB: '0' })).toBe(0);
    expect(extractionCacheLimit({ GRAPHGATE_EXTRACTION_CACHE_MB: '1.5' })).toBe(1.5 * 1024 * 1024);
    expect(() => extractionCacheLimit({ GRAPHGATE_EXTRACTION_CACHE_MB: '-1' })).toThrow(/GRAPHGATE_EXTRACTION_CACHE_MB/);
    expect(() => extractionCacheLimit({ GRAPHGATE_EXTRACTION_CACHE_MB: 'lots' })).toThrow(/GRAPHGATE_EXTRACTION_CACHE_MB/);
  });

  it('fingerprints the extractors it runs with (stable within a process)', () => {
    expect(extractorsFingerprint()).toMatch(/^[0-9a-f]{16}$/);
    expect(extractorsFingerprint()).toBe(extractorsFingerprint());
  });
});
