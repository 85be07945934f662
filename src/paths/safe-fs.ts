import { constants, lstatSync, readFileSync, realpathSync } from 'node:fs';
import { lstat, mkdir, open, realpath } from 'node:fs/promises';
import { AppError } from '../errors/index.js';
import { canonicalRepoPath, describeRejection, isWithin, relativeWithin, type PathRejection } from './repo-path.js';

/** A path that passed every check: its real absolute location and its repo-relative POSIX form. */
export interface ResolvedPath {
  absolute: string;
  relative: string;
}

function reject(reason: PathRejection, input: unknown): AppError {
  const shown = typeof input === 'string' ? input.slice(0, 200) : undefined;
  return new AppError('PATH_REJECTED', { message: `Path rejected: ${describeRejection(reason)}.`, details: { reason, path: shown } });
}

/** Canonicalises or throws PATH_REJECTED with the reason in details. */
export function requireRepoPath(input: unknown): string {
  const check = canonicalRepoPath(input);
  if (!check.ok) throw reject(check.reason, input);
  return check.path;
}

/** The real path of a root folder (symlinks in the root's own location are fine: it is trusted). */
export async function realRoot(root: string): Promise<string> {
  return realpath(root);
}

/**
 * Resolves an existing file or folder inside `rootReal`: canonicalise, join, realpath (following
 * symlinks), then check containment on the resolved path. A symlink pointing outside is refused.
 * The returned `relative` is the resolved location, which is what scope checks must compare.
 */
export async function resolveExisting(rootReal: string, input: unknown): Promise<ResolvedPath> {
  const rel = requireRepoPath(input);
  let absolute: string;
  try {
    // Synchronous (the native realpath, as fs/promises uses): one path, and a tenth of the CPU of a promise per call.
    absolute = realpathSync.native(`${rootReal}/${rel}`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') {
      throw new AppError('NOT_FOUND', { message: `No such file: ${rel}`, details: { path: rel } });
    }
    throw reject('outside_root', input);
  }
  const relative = relativeWithin(rootReal, absolute);
  if (relative === undefined || relative === '') throw reject('outside_root', input);
  return { absolute, relative };
}

/**
 * Ensures each folder of `segments` exists under `rootReal`, creating missing ones, and refuses
 * any existing component that is a symlink or not a folder (so a write can never be redirected).
 */
export async function ensureDirNoFollow(rootReal: string, segments: readonly string[]): Promise<string> {
  let current = rootReal;
  for (const segment of segments) {
    const next = `${current}/${segment}`;
    const info = await lstat(next).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (!info) await mkdir(next, { mode: 0o700 }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    const after = info ?? (await lstat(next));
    if (after.isSymbolicLink() || !after.isDirectory()) throw reject('outside_root', segments.join('/'));
    current = next;
  }
  if (!isWithin(rootReal, current)) throw reject('outside_root', segments.join('/'));
  return current;
}

/**
 * Writes `content` to `base/relativeInput` where `base` is a folder under `rootReal` given as
 * segments. Never follows a symlink (folders are lstat-checked, the file is opened O_NOFOLLOW).
 * `exclusive` refuses to replace an existing file (EEXIST), for write-once artifacts such as packs.
 */
export async function writeFileNoFollow(rootReal: string, baseSegments: readonly string[], relativeInput: unknown, content: string | Uint8Array, options: { exclusive?: boolean } = {}): Promise<ResolvedPath> {
  const rel = requireRepoPath(relativeInput);
  const parts = rel.split('/');
  const fileName = parts.pop() as string;
  const dir = await ensureDirNoFollow(rootReal, [...baseSegments, ...parts]);
  const absolute = `${dir}/${fileName}`;
  const existing = await lstat(absolute).catch(() => undefined);
  if (existing && (existing.isSymbolicLink() || !existing.isFile())) throw reject('outside_root', relativeInput);
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_NOFOLLOW | (options.exclusive ? constants.O_EXCL : constants.O_TRUNC);
  const handle = await open(absolute, flags, 0o600).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ELOOP') throw reject('outside_root', relativeInput);
    throw error;
  });
  try {
    await handle.writeFile(content, 'utf8');
  } finally {
    await handle.close();
  }
  return { absolute, relative: [...baseSegments, rel].join('/') };
}

/**
 * Reads a resolved file as UTF-8 with a byte cap (larger files are refused, not truncated).
 * Synchronous inside: a search reads a pack's files one after another, and 40 files took ~8 ms of CPU
 * through fs/promises against ~1 ms (bench/ingest/README.md, session 51).
 */
export async function readTextCapped(path: ResolvedPath, maxBytes: number): Promise<string> {
  const info = lstatSync(path.absolute);
  if (!info.isFile()) throw new AppError('NOT_FOUND', { message: `Not a regular file: ${path.relative}`, details: { path: path.relative } });
  if (info.size > maxBytes) {
    throw new AppError('INVALID_ARGS', { message: `The file is larger than the ${maxBytes}-byte read limit.`, details: { path: path.relative, size: info.size, maxBytes } });
  }
  return readFileSync(path.absolute, 'utf8');
}
