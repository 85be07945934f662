import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readGitDirs, readGitHead, SHA, type GitHead } from './git-log.js';

/**
 * HEAD without a git process while nothing git reads for it moved. A watcher's one-file run spawned
 * `git rev-parse` every time: ~10 ms of CPU to fork a process that holds a large project, and the
 * wait (bench/ingest/README.md). The signature is HEAD's text plus the identity (inode, size, mtime)
 * of the branch's loose ref and of packed-refs. Git writes those files through a lock file renamed
 * into place, so a commit, checkout, reset, rebase or pack-refs changes the signature. A layout it
 * does not know (reftable, a HEAD that is neither a branch nor a commit id) is read with git every time.
 */
export interface GitHeadCache {
  /** The root's git dir and common dir (shared by linked worktrees), asked once per root; null: not cacheable. */
  dirs?: { root: string; value: GitDirs | null };
  last?: { root: string; signature: string; value: GitHead };
}

interface GitDirs {
  gitDir: string;
  commonDir: string;
}

const BRANCH = /^ref: (refs\/heads\/\S+)$/;

/** readGitHead, answered from `cache` when the signature is the one of the last read for this root. */
export async function cachedGitHead(root: string, cache: GitHeadCache, read: (root: string) => Promise<GitHead> = readGitHead): Promise<GitHead> {
  if (cache.dirs?.root !== root) cache.dirs = { root, value: await gitDirsOf(root) };
  // Taken before the read: a move in between leaves a signature that no longer matches (read again next time).
  const signature = cache.dirs.value ? signatureOf(cache.dirs.value) : undefined;
  if (signature !== undefined && cache.last?.root === root && cache.last.signature === signature) return cache.last.value;
  const value = await read(root);
  if (signature === undefined) delete cache.last;
  else cache.last = { root, signature, value };
  return value;
}

async function gitDirsOf(root: string): Promise<GitDirs | null> {
  const dirs = await readGitDirs(root);
  // reftable keeps refs in binary tables the signature does not cover.
  return dirs && !existsSync(join(dirs.commonDir, 'reftable')) ? dirs : null;
}

function signatureOf(dirs: GitDirs): string | undefined {
  try {
    const head = readFileSync(join(dirs.gitDir, 'HEAD'), 'utf8').trim();
    const branch = BRANCH.exec(head)?.[1];
    if (!branch && !SHA.test(head)) return undefined;
    return JSON.stringify([head, branch ? identityOf(join(dirs.commonDir, branch)) : null, identityOf(join(dirs.commonDir, 'packed-refs'))]);
  } catch {
    return undefined;
  }
}

/** A file's inode, size and mtime, or null when it does not exist. */
function identityOf(path: string): string | null {
  try {
    const s = statSync(path, { bigint: true });
    return `${s.ino}:${s.size}:${s.mtimeNs}`;
  } catch {
    return null;
  }
}
