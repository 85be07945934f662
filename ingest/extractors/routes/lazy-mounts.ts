import { ids } from '../../model/ids.js';
import type { SymbolEnv } from '../support/resolve-symbol.js';
import { lazyIndexOf, reachOf, type LazyIndex } from './lazy-index.js';
import { exposuresOf } from './remote-mounts.js';
import type { RouteArray } from './route-arrays.js';
import { joinRoutePath } from './route-walk.js';

/** A place a file's (non-root) routes are mounted: below the route that lazily loads them or imports them as `children`. */
export interface Mount {
  prefix: string;
  loaderRouteId: string;
  loaderPath: string;
  /** The export the loader names (`m => m.OrdersModule`), when it names one. */
  exportName?: string;
  /** Every file this mount depends on (loaders up the chain, and the module that imports the routes). */
  dependsOn: string[];
  /** Loaded lazily (`loadChildren`), not an imported `children` array. */
  lazy: boolean;
  /** Loaded by a host through module federation (the loader route is in another app). */
  remote?: boolean;
}

const MAX_MOUNTS = 8;

function mountsOfFile(env: SymbolEnv, index: LazyIndex, path: string, stack: Set<string>): Mount[] {
  const cached = index.mounts.get(path);
  if (cached) return cached;
  if (stack.has(path)) return [];
  stack.add(path);
  const mounts: Mount[] = [];
  for (const loader of index.loaders) {
    if (mounts.length >= MAX_MOUNTS) break;
    if (loader.targetPath !== path && (loader.children || !reachOf(env, loader.targetPath).has(path))) continue;
    const direct = loader.targetPath === path;
    for (const parent of prefixesOf(env, index, loader.loaderPath, loader.array, stack)) {
      mounts.push({
        prefix: joinRoutePath(parent.prefix, loader.localPath),
        loaderRouteId: ids.route(index.repoId, loader.loaderPath, loader.line, loader.localPath),
        loaderPath: loader.loaderPath,
        ...(direct && loader.exportName ? { exportName: loader.exportName } : {}),
        dependsOn: [...new Set([...parent.dependsOn, loader.loaderPath, ...(loader.viaPath ? [loader.viaPath] : []), loader.targetPath])],
        lazy: !loader.children,
      });
    }
  }
  stack.delete(path);
  index.mounts.set(path, mounts);
  return mounts;
}

function prefixesOf(env: SymbolEnv, index: LazyIndex, path: string, array: RouteArray, stack: Set<string>): Array<{ prefix: string; dependsOn: string[] }> {
  if (array.root) return [{ prefix: '/', dependsOn: [] }];
  const names = index.arrayNames.get(path) ?? new Set<string>();
  const mounts = mountsOfFile(env, index, path, stack).filter((m) => appliesTo(m, array, names));
  return mounts.length ? mounts : [{ prefix: '/', dependsOn: [] }];
}

/** A loader naming one routes const of the file (`m => m.ADMIN_ROUTES`) mounts that array only. */
function appliesTo(mount: Mount, array: RouteArray, arrayNames: Set<string>): boolean {
  if (!mount.exportName || !arrayNames.has(mount.exportName)) return true;
  return mount.exportName === array.name;
}

/**
 * Where a routes array of `path` is mounted: nowhere for root arrays (forRoot, provideRouter);
 * otherwise below every route that lazily loads the file (directly, or through the NgModule that
 * imports its routing module), composed recursively for nested lazy loading. Empty when nothing
 * loads the file lazily: its routes then sit at `/`. `arrayNames` are the named arrays of the file.
 */
export function mountsFor(env: SymbolEnv, path: string, array: RouteArray, arrayNames: Set<string>): Mount[] {
  if (array.root) return [];
  const index = lazyIndexOf(env);
  return mountsOfFile(env, index, path, new Set()).filter((m) => appliesTo(m, array, arrayNames));
}

/**
 * Where a routes array of `path` is mounted by a module-federation host: below every host route
 * whose federated load (`loadRemoteModule({… exposedModule})`, `import('mfe1/Routes')`) names an
 * exposed module of the container `path` belongs to (its federation config found next to its
 * project or at the root, read through `read`) that is `path` or reaches it. Not cached: the
 * configs are not part of the index's invalidation.
 */
export function remoteMountsFor(env: SymbolEnv, path: string, array: RouteArray, arrayNames: Set<string>, read: (path: string) => string | undefined): Mount[] {
  if (array.root) return [];
  const index = lazyIndexOf(env);
  if (!index.remoteLoaders.length) return [];
  const mounts: Mount[] = [];
  for (const exposure of exposuresOf(read, path, (target) => reachOf(env, target))) {
    for (const loader of index.remoteLoaders) {
      const { load } = loader;
      if (load.exposed !== exposure.key || (load.remote !== '*' && load.remote !== exposure.container)) continue;
      for (const parent of prefixesOf(env, index, loader.loaderPath, loader.array, new Set([path]))) {
        if (mounts.length >= MAX_MOUNTS) break;
        mounts.push({
          prefix: joinRoutePath(parent.prefix, loader.localPath),
          loaderRouteId: ids.route(index.repoId, loader.loaderPath, loader.line, loader.localPath),
          loaderPath: loader.loaderPath,
          ...(exposure.targetPath === path && load.exportName ? { exportName: load.exportName } : {}),
          dependsOn: [...new Set([...parent.dependsOn, loader.loaderPath, exposure.configPath, exposure.targetPath])],
          lazy: true,
          remote: true,
        });
      }
    }
  }
  return mounts.filter((m) => appliesTo(m, array, arrayNames));
}

/**
 * Files whose routes are mounted, directly or further down, by the given loader files as the
 * project reads them now: each lazy target (and the routing modules it reaches) and each imported
 * `children` array's file, following nested loaders. The pipeline re-extracts these after a loader
 * changed, because a file that was not mounted before never read the loader (so it is no
 * dependent of it) and would keep its old prefix.
 */
export function filesMountedBy(env: SymbolEnv, loaderPaths: Iterable<string>): string[] {
  const index = lazyIndexOf(env);
  const out = new Set<string>();
  let frontier = new Set(loaderPaths);
  for (let depth = 0; depth < MAX_MOUNTS && frontier.size; depth++) {
    const next = new Set<string>();
    for (const loader of index.loaders) {
      if (!frontier.has(loader.loaderPath)) continue;
      for (const path of loader.children ? [loader.targetPath] : reachOf(env, loader.targetPath)) {
        if (!out.has(path) && !frontier.has(path)) (out.add(path), next.add(path));
      }
    }
    frontier = next;
  }
  return [...out];
}
