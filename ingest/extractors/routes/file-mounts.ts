import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { SourceFile } from 'ts-morph';
import type { SymbolEnv } from '../support/resolve-symbol.js';
import { projectFile, projectFileText } from '../support/project-files.js';
import { mountsFor, remoteMountsFor, type Mount } from './lazy-mounts.js';
import { findRouteArrays, ROUTE_HINT, type RouteArray } from './route-arrays.js';
import { walkRoutes } from './route-walk.js';

type RouteWalk = ReturnType<typeof walkRoutes>;

/** A routes array of a file that is not nested in another one, with its walk and where it is mounted. */
export interface MountedArray {
  array: RouteArray;
  walk: RouteWalk;
  /** Computes the mounts; throws what the lookup throws (the extractor records it as a problem). */
  mounts(): Mount[];
}

/** The file's top-level routes arrays (nested ones are walked with their parent), in source order. */
export function mountedArrays(env: SymbolEnv, path: string, file: SourceFile, read: (path: string) => string | undefined): { arrays: MountedArray[]; problems: ReturnType<typeof findRouteArrays>['problems'] } {
  const { arrays, problems } = findRouteArrays(file);
  const walks = new Map(arrays.map((a) => [a, walkRoutes(a.node)] as const));
  const nested = new Set([...walks.values()].flatMap((w) => [...w.nested]));
  const names = new Set(arrays.flatMap((a) => (a.name ? [a.name] : [])));
  const out = arrays.filter((a) => !nested.has(a.node)).map((array) => ({
    array,
    walk: walks.get(array)!,
    mounts: () => [...remoteMountsFor(env, path, array, names, read), ...mountsFor(env, path, array, names)],
  }));
  return { arrays: out, problems };
}

/**
 * A digest of everything a file's route facts take from other files: per top-level array, each mount's
 * prefix, loader route, export and kind, and the files it depends on. Equal digests before and after a
 * change to one of those files mean the file's route facts are unchanged (pipeline/mount-dependents.ts).
 */
export function mountSignature(repoId: string, perArray: ReadonlyArray<readonly Mount[] | null>): string {
  // Without the repoId (a second clone's facts are the same facts), sorted (mounts come in the order the project loaded files).
  const local = (id: string): string => (id.startsWith(`${repoId}:`) ? id.slice(repoId.length + 1) : id);
  const shape = perArray.map((mounts) => mounts?.map((m) => JSON.stringify([m.prefix, local(m.loaderRouteId), m.loaderPath, m.exportName ?? null, m.lazy, m.remote ?? false, [...m.dependsOn].sort()])).sort() ?? null);
  return createHash('sha256').update(JSON.stringify(shape)).digest('hex').slice(0, 32);
}

/**
 * The mount signature of `path` as the project reads it now, computed the way the routes extractor
 * computes it (`read`: other repository files, such as federation configs, as the extraction reads
 * them); null when the file cannot be read or a lookup fails (the caller then re-extracts).
 */
export function currentMountSignature(env: SymbolEnv, path: string, read: (path: string) => string | undefined): string | null {
  const abs = join(env.root, path);
  const text = projectFileText(env.project, abs);
  if (text === undefined || !ROUTE_HINT.test(text)) return null;
  const file = projectFile(env.project, abs);
  if (!file) return null;
  try {
    return mountSignature(env.repoId, mountedArrays(env, path, file, read).arrays.map((a) => a.mounts()));
  } catch {
    return null;
  }
}
