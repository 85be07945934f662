import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { evictLeastRecent, listCacheFiles } from '../../../ingest/pipeline/cache-files.js';

describe('cache folder bound', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'gg-cachefiles-'));
    // f0 is the oldest; each file is 100 bytes.
    for (let i = 0; i < 5; i++) {
      writeFileSync(join(dir, `f${i}.json`), 'x'.repeat(100));
      utimesSync(join(dir, `f${i}.json`), 1_000 + i, 1_000 + i);
    }
    writeFileSync(join(dir, 'other.tmp'), 'y');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lists only the files with the suffix, with size and mtime', () => {
    const files = listCacheFiles(dir, '.json');
    expect(files.map((f) => f.path.slice(dir.length + 1)).sort()).toEqual(['f0.json', 'f1.json', 'f2.json', 'f3.json', 'f4.json']);
    expect(files.every((f) => f.size === 100)).toBe(true);
  });

  it('removes the least recently written until both bounds hold', () => {
    evictLeastRecent(listCacheFiles(dir, '.json'), { maxFiles: 4, maxBytes: 250 });
    expect(readdirSync(dir).sort()).toEqual(['f3.json', 'f4.json', 'other.tmp']);
    evictLeastRecent(listCacheFiles(dir, '.json'), { maxFiles: 1 });
    expect(readdirSync(dir).sort()).toEqual(['f4.json', 'other.tmp']);
  });

  it('goes on when a listed file was already removed by another process', () => {
    const files = listCacheFiles(dir, '.json');
    rmSync(join(dir, 'f0.json'));
    evictLeastRecent(files, { maxBytes: 300 });
    // f0's bytes left with it; f1 goes to reach 300.
    expect(readdirSync(dir).sort()).toEqual(['f2.json', 'f3.json', 'f4.json', 'other.tmp']);
  });
});
