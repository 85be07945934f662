import { lstatSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { isInside } from './discovery.js';
import { fileKind, type FileKind } from './file-kind.js';
import { gitBlobId, sha256 } from './snapshot.js';

/**
 * What the file system said about a regular file when it was read (symbolic links are never
 * described): with `readAt`, enough to tell later that it has not changed since (see statMatches).
 */
export interface FileStat {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  /** Date.now() before the file was stat'ed and read. */
  readAt: number;
}

/** One discovered file as read from disk, before extraction. */
export interface SourceInfo {
  path: string;
  kind: FileKind;
  size: number;
  sha256: string;
  blob: string;
  executable: boolean;
  /** UTF-8 text without a byte-order mark (compiler offsets exclude it); empty when the file was skipped. */
  text: string;
  /** Why the file is recorded but not parsed (symlink leaving the root, too large, binary, unreadable). */
  skipReason?: string;
  /** Set for regular files read in full (not for symbolic links or skipped files). */
  stat?: FileStat;
}

/**
 * How long a run of synchronous reads holds the event loop before it yields (a watcher or an MCP
 * server ingesting keeps answering). Synchronous reads, not fs/promises: on ever-gauzy's 11,839 files,
 * 0.7 s and 0.75 s of CPU against 1.8 s and 2.8 s of CPU with 32 promise reads in flight
 * (bench/ingest/README.md, session 51).
 */
const SLICE_MS = 10;

/** `items.map(fn)` run synchronously, yielding to the event loop every SLICE_MS; results in input order. */
export async function mapSliced<T, R>(items: readonly T[], fn: (item: T) => R): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let slice = performance.now();
  for (let i = 0; i < items.length; i++) {
    out[i] = fn(items[i] as T);
    if (performance.now() - slice >= SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      slice = performance.now();
    }
  }
  return out;
}

/** Reads files in slices of the event loop (mapSliced); a file that vanished between discovery and read is dropped. */
export async function readSourceFiles(root: string, paths: string[], maxFileBytes: number): Promise<SourceInfo[]> {
  return (await mapSliced(paths, (path) => readOne(root, path, maxFileBytes))).filter((x): x is SourceInfo => x !== undefined);
}

/**
 * Timestamps this close to the moment a file was read do not prove it unchanged since (a write in
 * the same clock tick, or file systems with coarse timestamps): like git's "racily clean" entries,
 * such files are hashed again.
 */
const RACY_MS = 2_000;

/**
 * True when the regular file at `path` still has the size, mtime, ctime and inode it had when it
 * was read (`before`), and was last modified well before that read. ctime cannot be set back from
 * user space, so restoring an mtime does not hide an edit.
 */
export function statMatches(root: string, path: string, before: FileStat): boolean {
  const stat = lstatSync(join(root, path), { throwIfNoEntry: false });
  if (!stat?.isFile()) return false;
  if (stat.mtimeMs >= before.readAt - RACY_MS || stat.ctimeMs >= before.readAt - RACY_MS) return false;
  return stat.size === before.size && stat.mtimeMs === before.mtimeMs && stat.ctimeMs === before.ctimeMs && stat.ino === before.ino;
}

/** Reads one repo-relative file, or undefined when it does not exist (deleted). Synchronous: runs of reads go through mapSliced. */
export function readOne(root: string, path: string, maxFileBytes: number): SourceInfo | undefined {
  const abs = join(root, path);
  const base = { path, kind: fileKind(path), executable: false };
  const readAt = Date.now();
  let stat;
  try {
    stat = lstatSync(abs);
  } catch {
    return undefined;
  }
  const skipped = (reason: string, size = 0): SourceInfo => ({ ...base, size, sha256: sha256(''), blob: gitBlobId(Buffer.alloc(0)), text: '', skipReason: reason });
  const symlink = stat.isSymbolicLink();
  if (symlink) {
    let target: string | undefined;
    try {
      target = realpathSync(abs);
    } catch {
      target = undefined;
    }
    if (!target || !isInside(root, target)) return skipped('symbolic link leading outside the repository');
    stat = lstatSync(target);
  }
  if (!stat.isFile()) return undefined;
  if (stat.size > maxFileBytes) return skipped(`larger than ${maxFileBytes} bytes`, stat.size);
  let content: Buffer;
  try {
    content = readFileSync(abs);
  } catch (error) {
    return skipped(`unreadable: ${(error as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  const info: SourceInfo = {
    ...base,
    executable: (stat.mode & 0o111) !== 0,
    size: content.length,
    sha256: sha256(content),
    blob: gitBlobId(content),
    text: '',
  };
  if (content.subarray(0, 8000).includes(0)) return { ...info, skipReason: 'binary content' };
  info.text = decodeText(content);
  // The stat must describe the bytes hashed: taken before the read, and dropped if the size moved.
  if (!symlink && content.length === stat.size) info.stat = { size: stat.size, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, ino: stat.ino, readAt };
  return info;
}

/**
 * A file's text as every parser sees it: without a leading byte-order mark (files saved by Visual
 * Studio have one; the TypeScript compiler drops it, so template offsets would disagree by one).
 */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** UTF-8 bytes → the text extractors see (`withoutBom`). */
export function decodeText(content: Buffer): string {
  return withoutBom(content.toString('utf8'));
}
