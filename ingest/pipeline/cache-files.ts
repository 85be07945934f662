import { readdirSync, statSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';

// The machine-local caches of a run (stat-cache.ts, extraction-cache.ts) keep files in one folder each
// and drop the least recently written when over their bound. Other processes may prune the same folder
// at the same time, so a file that vanishes between listing and removal is not an error.

export interface CacheFileStat {
  path: string;
  size: number;
  mtimeMs: number;
}

/** The folder's files whose names end with `suffix`, with their size and mtime (files gone meanwhile are skipped). */
export function listCacheFiles(dir: string, suffix: string): CacheFileStat[] {
  return readdirSync(dir).filter((name) => name.endsWith(suffix)).flatMap((name) => {
    const path = join(dir, name);
    try {
      const st = statSync(path);
      return [{ path, size: st.size, mtimeMs: st.mtimeMs }];
    } catch {
      return [];
    }
  });
}

/** Removes a file another process may already have removed. */
export function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Gone already.
  }
}

/** Removes the least recently written files until the rest are within the bound (count and total bytes). */
export function evictLeastRecent(files: readonly CacheFileStat[], bound: { maxFiles?: number; maxBytes?: number }): void {
  const oldestFirst = [...files].sort((a, b) => a.mtimeMs - b.mtimeMs);
  let count = oldestFirst.length;
  let bytes = oldestFirst.reduce((sum, f) => sum + f.size, 0);
  for (const file of oldestFirst) {
    if (count <= (bound.maxFiles ?? Infinity) && bytes <= (bound.maxBytes ?? Infinity)) break;
    removeQuietly(file.path);
    count -= 1;
    bytes -= file.size;
  }
}
