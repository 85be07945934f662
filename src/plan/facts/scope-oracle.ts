import { lstat, realpath } from 'node:fs/promises';
import { AppError } from '../../errors/index.js';
import { realRoot, relativeWithin, resolveExisting } from '../../paths/index.js';

/** Outcome of resolving a planned path on disk: the real repo-relative path, or why it is refused. */
export type ScopeResolution = { ok: true; path: string } | { ok: false; reason: string };

/**
 * Filesystem side of the scope check: resolves a canonical repo-relative path against the worktree
 * (realpath, symlinks followed) and confirms it stays inside. Optional in unit tests of the pure
 * rules; the controller always wires {@link createFsScopeOracle}.
 */
export interface ScopeOracle {
  /** `existing`: the file must exist; `create`: its nearest existing folder must resolve inside. */
  resolve(path: string, mode: 'existing' | 'create'): Promise<ScopeResolution>;
}

function reasonOf(error: unknown): string {
  if (error instanceof AppError) {
    if (error.code === 'NOT_FOUND') return 'not_found';
    const reason = (error.details as { reason?: unknown } | undefined)?.reason;
    return typeof reason === 'string' ? reason : 'outside_root';
  }
  return 'outside_root';
}

/** A {@link ScopeOracle} backed by the real filesystem under `worktreeRoot` (src/paths rules). */
export function createFsScopeOracle(worktreeRoot: string): ScopeOracle {
  let rootPromise: Promise<string> | undefined;
  const root = () => (rootPromise ??= realRoot(worktreeRoot));
  return {
    async resolve(path, mode) {
      const rootReal = await root();
      try {
        const resolved = await resolveExisting(rootReal, path);
        return { ok: true, path: resolved.relative };
      } catch (error) {
        const reason = reasonOf(error);
        if (reason !== 'not_found') return { ok: false, reason };
        if (mode === 'existing') return { ok: false, reason };
      }
      // create: walk up to the nearest existing ancestor, which must resolve inside and be a folder.
      const segments = path.split('/');
      const missing: string[] = [];
      while (segments.length > 0) {
        missing.unshift(segments.pop() as string);
        const parent = segments.length === 0 ? rootReal : `${rootReal}/${segments.join('/')}`;
        const info = await lstat(parent).catch(() => undefined);
        if (!info) continue;
        const real = await realpath(parent).catch(() => undefined);
        const relative = real === undefined ? undefined : relativeWithin(rootReal, real);
        if (relative === undefined) return { ok: false, reason: 'outside_root' };
        const stat = await lstat(real as string);
        if (!stat.isDirectory()) return { ok: false, reason: 'not_a_folder' };
        return { ok: true, path: [relative, ...missing].filter((s) => s !== '').join('/') };
      }
      return { ok: false, reason: 'outside_root' };
    },
  };
}
