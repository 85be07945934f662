import { join } from 'node:path';
import { Node, type Project, type SourceFile } from 'ts-morph';
import { ids } from '../../model/ids.js';
import type { SymbolEnv } from '../support/resolve-symbol.js';
import { repoPathOf } from '../support/source.js';
import { moduleOf } from '../support/syntax-resolve.js';
import { metaValue } from '../angular/decorator-metadata.js';
import { loadTargetOf } from './load-targets.js';
import { exposuresOf, remoteLoaderOf, type RemoteLoader } from './remote-mounts.js';
import { findRouteArrays, type RouteArray } from './route-arrays.js';
import { joinRoutePath, walkRoutes } from './route-walk.js';
import { projectFile, projectFilesWhere } from '../support/project-files.js';

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

interface Loader {
  loaderPath: string;
  array: RouteArray;
  localPath: string;
  line: number;
  targetPath: string;
  exportName?: string;
  /** `children: IMPORTED_ROUTES` rather than `loadChildren`: mounts exactly that file's array. */
  children?: boolean;
  /** The barrel the loader imports (`index.ts`, `public-api.ts`) when the loaded symbol is declared elsewhere. */
  viaPath?: string;
}

interface LazyIndex {
  repoId: string;
  root: string;
  /** Loader files and the compiler node they were read from (a changed file invalidates the index). */
  scanned: Map<string, unknown>;
  loaders: Loader[];
  /** Files each lazy target reaches through static imports (NgModule → routing module). */
  reach: Map<string, Set<string>>;
  mounts: Map<string, Mount[]>;
  /** Names of the routes arrays of each loader file (`routes`, `ADMIN_ROUTES`, `default`). */
  arrayNames: Map<string, Set<string>>;
  /** Host routes loading a federated module (`loadRemoteModule`, `import('mfe/Module')`). */
  remoteLoaders: Array<{ loaderPath: string; array: RouteArray; localPath: string; line: number; load: RemoteLoader }>;
}

const indexes = new WeakMap<Project, LazyIndex>();
const REACH_DEPTH = 2;
/** `children: X` with X not an array literal: maybe an array imported from another file. */
const IMPORTED_CHILDREN = /children\s*:\s*[A-Za-z_$]/;
const MAX_MOUNTS = 8;

/** Forgets the lazy-route index of a project; the pipeline calls it after re-adding changed files. */
export function invalidateRouteIndex(project: Project): void {
  indexes.delete(project);
}

function build(env: SymbolEnv): LazyIndex {
  const index: LazyIndex = { repoId: env.repoId, root: env.root, scanned: new Map(), loaders: [], reach: new Map(), mounts: new Map(), arrayNames: new Map(), remoteLoaders: [] };
  for (const file of projectFilesWhere(env.project, (text) => text.includes('loadChildren') || IMPORTED_CHILDREN.test(text), 'route-loader')) {
    const loaderPath = repoPathOf(env.root, file.getFilePath());
    if (!loaderPath) continue;
    index.scanned.set(loaderPath, file.compilerNode);
    try {
      const { arrays } = findRouteArrays(file);
      index.arrayNames.set(loaderPath, new Set(arrays.flatMap((a) => (a.name ? [a.name] : []))));
      const nested = new Set(arrays.flatMap((a) => [...walkRoutes(a.node).nested]));
      for (const array of arrays.filter((a) => !nested.has(a.node))) {
        const walk = walkRoutes(array.node);
        for (const ext of walk.external) {
          const targetPath = repoPathOf(env.root, ext.array.getSourceFile().getFilePath());
          if (!targetPath || targetPath === loaderPath) continue;
          index.loaders.push({
            loaderPath, array, localPath: ext.parent.localPath, line: ext.parent.startLine, targetPath, children: true, ...(ext.name ? { exportName: ext.name } : {}),
          });
        }
        for (const record of walk.records) {
          const value = metaValue(record.node, 'loadChildren');
          const target = value ? loadTargetOf(env, file, value) : undefined;
          if (value && target?.form === 'remote') {
            const load = remoteLoaderOf(env, file, value);
            if (load) index.remoteLoaders.push({ loaderPath, array, localPath: record.localPath, line: record.startLine, load });
            continue;
          }
          // Nx libraries and packaged libs load through a barrel: mount below the file that declares the export.
          const targetPath = target?.symbolPath ?? target?.filePath;
          // A loader pointing into its own file cannot tell which array it mounts: no mount.
          if (!target?.filePath || !targetPath || targetPath === loaderPath) continue;
          const viaPath = targetPath !== target.filePath ? target.filePath : undefined;
          // A barrel edit can re-point the export: it invalidates the index like a loader edit.
          if (viaPath) index.scanned.set(viaPath, projectFile(env.project, join(env.root, viaPath))?.compilerNode);
          index.loaders.push({
            loaderPath, array, localPath: record.localPath, line: record.startLine, targetPath,
            ...(target.exportName ? { exportName: target.exportName } : {}),
            ...(viaPath ? { viaPath } : {}),
          });
        }
      }
    } catch {
      // A loader file the walk cannot read contributes no mounts; its own extraction reports why.
    }
  }
  return index;
}

function isCurrent(env: SymbolEnv, index: LazyIndex): boolean {
  if (index.repoId !== env.repoId || index.root !== env.root) return false;
  for (const [path, node] of index.scanned) {
    if (env.project.getSourceFile(join(env.root, path))?.compilerNode !== node) return false;
  }
  return true;
}

function indexOf(env: SymbolEnv): LazyIndex {
  const existing = indexes.get(env.project);
  if (existing && isCurrent(env, existing)) return existing;
  const index = build(env);
  indexes.set(env.project, index);
  return index;
}

/** Files a lazy target pulls in through static imports of NgModule/routing files (depth ≤ 2). */
function reachOf(env: SymbolEnv, index: LazyIndex, targetPath: string): Set<string> {
  const cached = index.reach.get(targetPath);
  if (cached) return cached;
  const seen = new Set<string>([targetPath]);
  let frontier = [targetPath];
  for (let depth = 0; depth < REACH_DEPTH && frontier.length; depth++) {
    const next: string[] = [];
    for (let i = 0; i < frontier.length; i++) {
      const file = projectFile(env.project, join(env.root, frontier[i] as string));
      const barrel = file !== undefined && isBarrel(file);
      if (!file || (!barrel && !/NgModule|Routes|RouterModule/.test(file.getFullText()))) continue;
      const decls = barrel ? file.getExportDeclarations() : file.getImportDeclarations();
      for (const decl of decls) {
        const specifier = decl.getModuleSpecifier();
        const target = specifier && Node.isStringLiteral(specifier) ? moduleOf(env, file.compilerNode, specifier.getLiteralText()).abs : undefined;
        const rel = target ? repoPathOf(env.root, target) : undefined;
        if (rel && !seen.has(rel)) {
          seen.add(rel);
          // A barrel (`export … from` only) is a pass-through: what it re-exports is reached at the same depth.
          (barrel ? frontier : next).push(rel);
        }
      }
    }
    frontier = next;
  }
  index.reach.set(targetPath, seen);
  return seen;
}

/** A file made only of `export … from` statements (`index.ts`, `public-api.ts`). */
function isBarrel(file: SourceFile): boolean {
  const statements = file.getStatements();
  return statements.length > 0 && statements.every((st) => Node.isExportDeclaration(st) && st.hasModuleSpecifier());
}

function mountsOfFile(env: SymbolEnv, index: LazyIndex, path: string, stack: Set<string>): Mount[] {
  const cached = index.mounts.get(path);
  if (cached) return cached;
  if (stack.has(path)) return [];
  stack.add(path);
  const mounts: Mount[] = [];
  for (const loader of index.loaders) {
    if (mounts.length >= MAX_MOUNTS) break;
    if (loader.targetPath !== path && (loader.children || !reachOf(env, index, loader.targetPath).has(path))) continue;
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
  const index = indexOf(env);
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
  const index = indexOf(env);
  if (!index.remoteLoaders.length) return [];
  const mounts: Mount[] = [];
  for (const exposure of exposuresOf(read, path, (target) => reachOf(env, index, target))) {
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
  const index = indexOf(env);
  const out = new Set<string>();
  let frontier = new Set(loaderPaths);
  for (let depth = 0; depth < MAX_MOUNTS && frontier.size; depth++) {
    const next = new Set<string>();
    for (const loader of index.loaders) {
      if (!frontier.has(loader.loaderPath)) continue;
      for (const path of loader.children ? [loader.targetPath] : reachOf(env, index, loader.targetPath)) {
        if (!out.has(path) && !frontier.has(path)) (out.add(path), next.add(path));
      }
    }
    frontier = next;
  }
  return [...out];
}
