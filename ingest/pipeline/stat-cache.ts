import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { graphgateHome } from '../../src/graph/local-neo4j/layout.js';
import { evictLeastRecent, listCacheFiles, removeQuietly } from './cache-files.js';
import { putKnownFile, type KnownFile } from './known-files.js';
import type { FileStat } from './read-files.js';

/**
 * The stat each file had when a process last read and hashed it, kept on disk between processes
 * (what git's index does): a cold CLI run or a starting MCP server then reads only the files whose
 * stat moved, instead of reading and hashing every file (ever-gauzy's 10,523: ~1.2 s). A cached stat
 * counts only for the content hash it was taken with, and only when the graph still holds that hash
 * for the path (`withCachedStats`), so a stale or foreign cache costs reads, never wrong facts.
 * Machine-local, so it lives under GRAPHGATE_HOME, never in the graph another machine may share.
 */
const FORMAT = 1;
/** Caches kept (one per root and repo id); the least recently written go first. */
const MAX_CACHES = 64;

type Row = [path: string, sha256: string, size: number, mtimeMs: number, ctimeMs: number, ino: number, readAt: number];
interface CacheFile {
  format: number;
  root: string;
  repoId: string;
  rows: Row[];
}

export interface StatCacheOptions {
  /** The folder holding the caches (default: `$GRAPHGATE_HOME/ingest-stat`, home `~/.cache/graphgate`). */
  dir?: string;
}

function cacheDir(options: StatCacheOptions): string {
  return options.dir ?? join(graphgateHome(), 'ingest-stat');
}

function cacheFile(root: string, repoId: string, options: StatCacheOptions): string {
  return join(cacheDir(options), `${createHash('sha256').update(`${root}\0${repoId}`).digest('hex').slice(0, 32)}.json`);
}

/** The cached stats of `root` for `repoId` by path, with the hash each was taken with; empty when there is no usable cache. */
export function loadStatCache(root: string, repoId: string, options: StatCacheOptions = {}): Map<string, { sha256: string; stat: FileStat }> {
  const out = new Map<string, { sha256: string; stat: FileStat }>();
  let parsed: CacheFile;
  try {
    parsed = JSON.parse(readFileSync(cacheFile(root, repoId, options), 'utf8')) as CacheFile;
  } catch {
    return out;
  }
  if (parsed?.format !== FORMAT || parsed.root !== root || parsed.repoId !== repoId || !Array.isArray(parsed.rows)) return out;
  for (const row of parsed.rows) {
    if (!Array.isArray(row) || row.length !== 7 || typeof row[0] !== 'string' || typeof row[1] !== 'string' || !row.slice(2).every((n) => typeof n === 'number')) continue;
    const [path, sha256, size, mtimeMs, ctimeMs, ino, readAt] = row;
    out.set(path, { sha256, stat: { size, mtimeMs, ctimeMs, ino, readAt } });
  }
  return out;
}

/** Gives each File row without a stat the cached one, when the cache took it for the hash the row holds. Returns how many. */
export function withCachedStats(known: Map<string, KnownFile>, cached: ReadonlyMap<string, { sha256: string; stat: FileStat }>): number {
  let given = 0;
  for (const [path, row] of known) {
    const hit = cached.get(path);
    if (row.stat || !hit || hit.sha256 !== row.sha256) continue;
    putKnownFile(known, path, { ...row, stat: hit.stat });
    given++;
  }
  return given;
}

/**
 * Writes the stats of `files` for `root` and `repoId` (a temp file renamed into place, so a reader never
 * sees half a cache), then removes the oldest caches beyond MAX_CACHES. Best effort: a cache that
 * cannot be written only costs the next process its reads.
 */
export function saveStatCache(root: string, repoId: string, files: ReadonlyMap<string, KnownFile>, options: StatCacheOptions = {}): void {
  const rows: Row[] = [];
  for (const file of files.values()) {
    if (file.stat) rows.push([file.path, file.sha256, file.stat.size, file.stat.mtimeMs, file.stat.ctimeMs, file.stat.ino, file.stat.readAt]);
  }
  const dir = cacheDir(options);
  const target = cacheFile(root, repoId, options);
  const temp = `${target}.${process.pid}.tmp`;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(temp, JSON.stringify({ format: FORMAT, root, repoId, rows } satisfies CacheFile), { mode: 0o600 });
    renameSync(temp, target);
    pruneCaches(dir);
  } catch {
    removeQuietly(temp);
  }
}

function pruneCaches(dir: string): void {
  evictLeastRecent(listCacheFiles(dir, '.json'), { maxFiles: MAX_CACHES });
}
