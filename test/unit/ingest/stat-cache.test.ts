import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { KnownFile } from '../../../ingest/pipeline/known-files.js';
import { loadStatCache, saveStatCache, withCachedStats } from '../../../ingest/pipeline/stat-cache.js';

const stat = { size: 10, mtimeMs: 1_000, ctimeMs: 1_000, ino: 7, readAt: 5_000 };
const row = (path: string, sha256: string, withStat = true): KnownFile => ({ path, sha256, blob: 'b', reads: [], mountReads: [], mountSig: null, ...(withStat ? { stat } : {}) });

describe('stat cache file', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gg-statcache-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the stats of the files that have one, for that root and repo only', () => {
    saveStatCache('/repo', 'r', new Map([['a.ts', row('a.ts', 'h1')], ['b.ts', row('b.ts', 'h2', false)]]), { dir });
    expect([...loadStatCache('/repo', 'r', { dir })]).toEqual([['a.ts', { sha256: 'h1', stat }]]);
    expect(loadStatCache('/repo', 'other', { dir }).size).toBe(0);
    expect(loadStatCache('/elsewhere', 'r', { dir }).size).toBe(0);
  });

  it('gives a row the cached stat only for the hash the graph holds', () => {
    saveStatCache('/repo', 'r', new Map([['a.ts', row('a.ts', 'h1')], ['b.ts', row('b.ts', 'h2')]]), { dir });
    const known = new Map([['a.ts', row('a.ts', 'h1', false)], ['b.ts', row('b.ts', 'moved', false)], ['c.ts', row('c.ts', 'h3', false)]]);
    expect(withCachedStats(known, loadStatCache('/repo', 'r', { dir }))).toBe(1);
    expect(known.get('a.ts')?.stat).toEqual(stat);
    expect(known.get('b.ts')?.stat).toBeUndefined();
    expect(known.get('c.ts')?.stat).toBeUndefined();
  });

  it('reads a damaged or foreign cache as empty, and skips malformed rows', () => {
    saveStatCache('/repo', 'r', new Map([['a.ts', row('a.ts', 'h1')]]), { dir });
    const [file] = readdirSync(dir);
    writeFileSync(join(dir, file as string), '{"format":1,"root":"/repo","repoId":"r","rows":[["a.ts","h1",1,2,3,4],["b.ts","h2",1,2,3,4,5]]}');
    expect([...loadStatCache('/repo', 'r', { dir }).keys()]).toEqual(['b.ts']);
    writeFileSync(join(dir, file as string), '{"format":99,"root":"/repo","repoId":"r","rows":[]}');
    expect(loadStatCache('/repo', 'r', { dir }).size).toBe(0);
    writeFileSync(join(dir, file as string), 'not json');
    expect(loadStatCache('/repo', 'r', { dir }).size).toBe(0);
  });

  it('keeps at most 64 caches, removing the least recently written', () => {
    const base = Date.now() - 100_000;
    for (let i = 0; i < 66; i++) {
      const before = new Set(readdirSync(dir));
      saveStatCache(`/repo${i}`, 'r', new Map([['a.ts', row('a.ts', 'h')]]), { dir });
      // Written one second apart, oldest first.
      for (const name of readdirSync(dir)) if (!before.has(name)) utimesSync(join(dir, name), new Date(), new Date(base + i * 1_000));
    }
    expect(readdirSync(dir)).toHaveLength(64);
    expect(loadStatCache('/repo0', 'r', { dir }).size).toBe(0);
    expect(loadStatCache('/repo1', 'r', { dir }).size).toBe(0);
    expect(loadStatCache('/repo2', 'r', { dir }).size).toBe(1);
    expect(loadStatCache('/repo65', 'r', { dir }).size).toBe(1);
  });
});
