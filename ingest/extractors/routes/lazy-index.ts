import { join } from 'node:path';
import { ts, type Project, type SourceFile } from 'ts-morph';
import type { SymbolEnv } from '../support/resolve-symbol.js';
import { repoPathOf } from '../support/source.js';
import { moduleOf } from '../support/syntax-resolve.js';
import { metaValue } from '../angular/decorator-metadata.js';
import { projectFile, projectFileText, projectFilesWhere } from '../support/project-files.js';
import { loadTargetOf } from './load-targets.js';
import { remoteLoaderOf, type RemoteLoader } from './remote-mounts.js';
import { findRouteArrays, type RouteArray } from './route-arrays.js';
import { walkRoutes } from './route-walk.js';
import { isLoaderText } from './loader-text.js';
import type { Mount } from './lazy-mounts.js';

/** A route of a loader file that mounts another file's routes. */
export interface Loader {
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

/** A host route loading a federated module (`loadRemoteModule`, `import('mfe/Module')`). */
export interface RemoteLoaderRoute {
  loaderPath: string;
  array: RouteArray;
  localPath: string;
  line: number;
  load: RemoteLoader;
}

/** The lazy-route index: every loader of the project as it reads now. */
export interface LazyIndex {
  repoId: string;
  root: string;
  loaders: Loader[];
  /** Names of the routes arrays of each loader file (`routes`, `ADMIN_ROUTES`, `default`). */
  arrayNames: Map<string, Set<string>>;
  remoteLoaders: RemoteLoaderRoute[];
  /** Where each file is mounted, filled on demand (lazy-mounts.ts); valid until the index is re-assembled. */
  mounts: Map<string, Mount[]>;
}

/** What one loader file contributes, kept until a file it was read from changes. */
interface LoaderEntry {
  /** The loader file's compiler node it was read from (a project changed by hand, not through the pipeline, is caught by it). */
  node: unknown;
  loaders: Loader[];
  arrayNames: Set<string>;
  remoteLoaders: RemoteLoaderRoute[];
}

/**
 * Per project: the current index, and the per-file parts it is assembled from. A watcher's edit to
 * one routing module re-reads that file's loaders and the lazy targets whose walk read it; every
 * other loader file and reach is kept (issue 14: a routing-module edit re-read all of them).
 */
interface RouteState {
  repoId: string;
  root: string;
  /** Set when the project's files changed: the next lookup re-assembles the index. */
  stale: boolean;
  /** The loader files (sorted), from the last scan of every file, kept up to date with `changed`. */
  loaderPaths?: string[];
  /** Files changed since the index was assembled: tested again for loader syntax. */
  changed: Set<string>;
  index?: LazyIndex;
  entries: Map<string, LoaderEntry>;
  /** The files each lazy target reaches (reachOf). */
  reach: Map<string, Set<string>>;
  /** Per parsed file, what reachOf follows from it (a file parsed anew is a new key): a reach recomputed after an edit resolves only the edited file's imports. */
  followed: WeakMap<ts.SourceFile, { barrel: boolean; paths: string[] }>;
  /** Repo path → the kept parts read from it (`L:` loader path, `R:` reach target): dropped when it changes. */
  readers: Map<string, Set<string>>;
}

const states = new WeakMap<Project, RouteState>();
const REACH_DEPTH = 2;

/**
 * Marks the lazy-route index of a project out of date; the pipeline calls it with the repo paths it
 * changed in the project. The parts read from those files are dropped, the others kept. Without
 * paths (files appeared or went, or a re-export moved, so module resolution and exports may answer
 * differently anywhere) everything is dropped.
 */
export function invalidateRouteIndex(project: Project, changedPaths?: Iterable<string>): void {
  const state = states.get(project);
  if (!state) return;
  if (!changedPaths) {
    states.delete(project);
    return;
  }
  state.stale = true;
  for (const path of changedPaths) {
    state.changed.add(path);
    for (const key of state.readers.get(path) ?? []) {
      if (key.startsWith('L:')) state.entries.delete(key.slice(2));
      else state.reach.delete(key.slice(2));
    }
    state.readers.delete(path);
  }
}

function stateOf(env: SymbolEnv): RouteState {
  const existing = states.get(env.project);
  if (existing && existing.repoId === env.repoId && existing.root === env.root) return existing;
  const state: RouteState = { repoId: env.repoId, root: env.root, stale: true, changed: new Set(), entries: new Map(), reach: new Map(), followed: new WeakMap(), readers: new Map() };
  states.set(env.project, state);
  return state;
}

function noteReads(state: RouteState, key: string, paths: Iterable<string>): void {
  for (const path of paths) {
    const keys = state.readers.get(path);
    if (keys) keys.add(key);
    else state.readers.set(path, new Set([key]));
  }
}

/**
 * The loader files the project's lazy-route index holds parts of. A run that drops parsed files keeps
 * these: a loader file parsed anew no longer matches its part, and the index is then read again whole.
 */
export function routeIndexLoaderPaths(project: Project): Set<string> {
  return new Set(states.get(project)?.entries.keys() ?? []);
}

/** The project's lazy-route index, re-assembled after files changed from the loader files' kept parts. */
export function lazyIndexOf(env: SymbolEnv): LazyIndex {
  const state = stateOf(env);
  if (state.index && !state.stale && loaderFilesUnchanged(env, state)) return state.index;
  const index: LazyIndex = { repoId: env.repoId, root: env.root, loaders: [], arrayNames: new Map(), remoteLoaders: [], mounts: new Map() };
  const entries = new Map<string, LoaderEntry>();
  for (const loaderPath of loaderPathsOf(env, state)) {
    const file = projectFile(env.project, join(env.root, loaderPath));
    if (!file) continue;
    let entry = state.entries.get(loaderPath);
    if (entry?.node !== file.compilerNode) {
      const reads = new Set<string>([loaderPath]);
      entry = readLoaderFile(env, loaderPath, file, reads);
      noteReads(state, `L:${loaderPath}`, reads);
    }
    entries.set(loaderPath, entry);
    index.loaders.push(...entry.loaders);
    index.arrayNames.set(loaderPath, entry.arrayNames);
    index.remoteLoaders.push(...entry.remoteLoaders);
  }
  state.entries = entries;
  state.index = index;
  state.stale = false;
  return index;
}


/** Every loader file: one scan of the repository's files, then only the changed ones tested again. */
function loaderPathsOf(env: SymbolEnv, state: RouteState): string[] {
  if (!state.loaderPaths) {
    state.loaderPaths = projectFilesWhere(env.project, isLoaderText, 'route-loader').flatMap((file) => repoPathOf(env.root, file.getFilePath()) ?? []).sort();
  } else if (state.changed.size) {
    const paths = new Set(state.loaderPaths);
    for (const path of state.changed) {
      const text = projectFileText(env.project, join(env.root, path));
      if (text !== undefined && isLoaderText(text)) paths.add(path);
      else paths.delete(path);
    }
    state.loaderPaths = [...paths].sort();
  }
  state.changed.clear();
  return state.loaderPaths;
}

function loaderFilesUnchanged(env: SymbolEnv, state: RouteState): boolean {
  for (const [path, entry] of state.entries) {
    if (env.project.getSourceFile(join(env.root, path))?.compilerNode !== entry.node) return false;
  }
  return true;
}

/** The loaders of one file: `loadChildren` routes and imported `children` arrays of its top-level routes arrays. */
function readLoaderFile(env: SymbolEnv, loaderPath: string, file: SourceFile, reads: Set<string>): LoaderEntry {
  const entry: LoaderEntry = { node: file.compilerNode, loaders: [], arrayNames: new Set(), remoteLoaders: [] };
  try {
    const { arrays } = findRouteArrays(file);
    entry.arrayNames = new Set(arrays.flatMap((a) => (a.name ? [a.name] : [])));
    const nested = new Set(arrays.flatMap((a) => [...walkRoutes(a.node).nested]));
    for (const array of arrays.filter((a) => !nested.has(a.node))) {
      const walk = walkRoutes(array.node);
      for (const ext of walk.external) {
        const targetPath = repoPathOf(env.root, ext.array.getSourceFile().getFilePath());
        if (!targetPath || targetPath === loaderPath) continue;
        reads.add(targetPath);
        entry.loaders.push({
          loaderPath, array, localPath: ext.parent.localPath, line: ext.parent.startLine, targetPath, children: true, ...(ext.name ? { exportName: ext.name } : {}),
        });
      }
      for (const record of walk.records) {
        const value = metaValue(record.node, 'loadChildren');
        const target = value ? loadTargetOf(env, file, value) : undefined;
        if (value && target?.form === 'remote') {
          const load = remoteLoaderOf(env, file, value);
          if (load) entry.remoteLoaders.push({ loaderPath, array, localPath: record.localPath, line: record.startLine, load });
          continue;
        }
        // Nx libraries and packaged libs load through a barrel: mount below the file that declares the export.
        const targetPath = target?.symbolPath ?? target?.filePath;
        // A loader pointing into its own file cannot tell which array it mounts: no mount.
        if (!target?.filePath || !targetPath || targetPath === loaderPath) continue;
        const viaPath = targetPath !== target.filePath ? target.filePath : undefined;
        // An edit to the barrel or to the declaring file can re-point the export: the entry is read again.
        reads.add(target.filePath).add(targetPath);
        entry.loaders.push({
          loaderPath, array, localPath: record.localPath, line: record.startLine, targetPath,
          ...(target.exportName ? { exportName: target.exportName } : {}),
          ...(viaPath ? { viaPath } : {}),
        });
      }
    }
  } catch {
    // A loader file the walk cannot read contributes the loaders found before; its own extraction reports why.
  }
  return entry;
}

/** The files lazy routes load (the index is built if it was not): a watcher's warm-up computes their reach ahead of an edit. */
export function lazyTargetsOf(env: SymbolEnv): string[] {
  return [...new Set(lazyIndexOf(env).loaders.map((loader) => loader.targetPath))].sort();
}

/** Files a lazy target pulls in through static imports of NgModule/routing files (depth ≤ 2). */
export function reachOf(env: SymbolEnv, targetPath: string): Set<string> {
  const state = stateOf(env);
  const kept = state.reach.get(targetPath);
  if (kept) return kept;
  const seen = new Set<string>([targetPath]);
  const read = new Set<string>();
  let frontier = [targetPath];
  for (let depth = 0; depth < REACH_DEPTH && frontier.length; depth++) {
    const next: string[] = [];
    for (let i = 0; i < frontier.length; i++) {
      const path = frontier[i] as string;
      read.add(path);
      // Compiler nodes, not ts-morph wrappers: a routing edit recomputes the reaches that read it, and about
      // half of that went to wrapping every statement of every file walked (ever-gauzy, bench/ingest/README.md).
      const file = projectFile(env.project, join(env.root, path))?.compilerNode;
      const step = file && followedFrom(env, state, file);
      if (!step) continue;
      for (const rel of step.paths) {
        if (seen.has(rel)) continue;
        seen.add(rel);
        // A barrel (`export … from` only) is a pass-through: what it re-exports is reached at the same depth.
        (step.barrel ? frontier : next).push(rel);
      }
    }
    frontier = next;
  }
  state.reach.set(targetPath, seen);
  noteReads(state, `R:${targetPath}`, read);
  return seen;
}

/**
 * The repository files reachOf follows from one file: a barrel's re-exports, or the imports of a file that
 * declares NgModules or routes; none from any other file. Kept per parsed file: resolving the specifiers
 * was most of a reach recomputed after an edit (each resolution asks the file system).
 */
function followedFrom(env: SymbolEnv, state: RouteState, file: ts.SourceFile): { barrel: boolean; paths: string[] } {
  const kept = state.followed.get(file);
  if (kept) return kept;
  const barrel = isBarrel(file);
  const paths: string[] = [];
  if (barrel || /NgModule|Routes|RouterModule/.test(file.text)) {
    const followed = (st: ts.Statement): st is ts.ExportDeclaration | ts.ImportDeclaration => (barrel ? ts.isExportDeclaration(st) : ts.isImportDeclaration(st));
    for (const statement of file.statements.filter(followed)) {
      const specifier = statement.moduleSpecifier;
      const target = specifier && ts.isStringLiteral(specifier) ? moduleOf(env, file, specifier.text).abs : undefined;
      const rel = target ? repoPathOf(env.root, target) : undefined;
      if (rel) paths.push(rel);
    }
  }
  const step = { barrel, paths };
  state.followed.set(file, step);
  return step;
}

/** A file made only of `export … from` statements (`index.ts`, `public-api.ts`). */
function isBarrel(file: ts.SourceFile): boolean {
  return file.statements.length > 0 && file.statements.every((st) => ts.isExportDeclaration(st) && st.moduleSpecifier !== undefined);
}
