import { realpathSync } from 'node:fs';
import { relative, sep } from 'node:path';
import picomatch from 'picomatch';
import { glob } from 'tinyglobby';
import { AppError } from '../../src/errors/index.js';
import { DEFAULT_EXCLUDES, type PipelineSettings } from './settings.js';

export type DiscoverySettings = Pick<PipelineSettings, 'include' | 'exclude' | 'contractFiles'>;

/** Canonical repository root: realpath'd, so every later containment check compares real paths. */
export function canonicalRoot(root: string): string {
  try {
    return realpathSync(root);
  } catch (cause) {
    throw new AppError('PATH_REJECTED', { message: `The repository path does not exist: ${root}`, cause });
  }
}

/**
 * One predicate for "is this repo-relative path ingested": include globs, minus the default and
 * configured excludes, but contract `.d.ts` files (components.d.ts) stay in. Used by discovery and
 * by the watcher, so both agree.
 */
export function createPathFilter(settings: DiscoverySettings): (path: string) => boolean {
  // Compiling the globs costs ~0.5 ms, and every watcher run asks with the same settings.
  const key = JSON.stringify([settings.include, settings.exclude, settings.contractFiles]);
  const kept = filters.get(key);
  if (kept) return kept;
  const filter = compilePathFilter(settings);
  if (filters.size >= 16) filters.delete(filters.keys().next().value as string);
  filters.set(key, filter);
  return filter;
}

const filters = new Map<string, (path: string) => boolean>();

function compilePathFilter(settings: DiscoverySettings): (path: string) => boolean {
  const opts = { dot: true };
  const included = picomatch(settings.include, opts);
  const excluded = picomatch([...DEFAULT_EXCLUDES, ...settings.exclude], opts);
  const contract = picomatch(settings.contractFiles, opts);
  const userExcluded = settings.exclude.length > 0 ? picomatch(settings.exclude, opts) : () => false;
  const hardExcluded = picomatch(DEFAULT_EXCLUDES.filter((g) => g !== '**/*.d.ts'), opts);
  return (path) => {
    if (!isSafeRelativePath(path)) return false;
    if (contract(path)) return !hardExcluded(path) && !userExcluded(path);
    return included(path) && !excluded(path);
  };
}

/** Rejects absolute paths, traversal, NUL and backslashes: only clean repo-relative POSIX paths pass. */
export function isSafeRelativePath(path: string): boolean {
  if (!path || path.includes('\0') || path.includes('\\') || path.startsWith('/') || /^[A-Za-z]:/.test(path)) return false;
  return !path.split('/').some((seg) => seg === '..' || seg === '' || seg === '.');
}

/** Separator-aware containment: `/repo` contains `/repo/a` but not `/repo-evil/a`. */
export function isInside(root: string, absolute: string): boolean {
  const rel = relative(root, absolute);
  return rel === '' || (!rel.startsWith('..') && !rel.startsWith(sep) && !/^[A-Za-z]:/.test(rel));
}

/**
 * Lists the repo-relative POSIX paths to ingest, sorted. Symbolic links are neither followed nor
 * listed; a path reported by the watcher that is a symlink is read only when its target resolves
 * inside the root (readOne checks).
 */
export async function discoverFiles(root: string, settings: DiscoverySettings): Promise<string[]> {
  const keep = createPathFilter(settings);
  const found = await glob([...settings.include, ...settings.contractFiles], {
    cwd: root,
    dot: true,
    followSymbolicLinks: false,
    onlyFiles: true,
    ignore: ['**/node_modules/**', '**/.git/**'],
    expandDirectories: false,
  });
  return [...new Set(found)].filter(keep).sort();
}
