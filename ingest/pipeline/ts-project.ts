import { readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Project, ts } from 'ts-morph';
import type { Logger } from '../../src/runtime/logger.js';
import { invalidateRouteIndex } from '../extractors/routes/index.js';
import { forgetModuleResolutions, forgetPathExistence } from '../extractors/support/modules.js';
import { attachOnDemandFiles, type PathSet } from '../extractors/support/project-files.js';
import { exportSurface } from '../extractors/support/star-exports.js';
import { forgetResolutions, heldSourceFile, registerProjectRoot } from '../extractors/support/syntax-resolve.js';
import { isInside } from './discovery.js';
import { fileKind, isTypeScriptKind } from './file-kind.js';
import { withLibrarySources } from './library-paths.js';
import { tsConfigCandidates } from './tsconfig-locate.js';
import { decodeText, type SourceInfo } from './read-files.js';
import { isWarm, type TsProjectCache } from './project-cache.js';

/**
 * A Project with the repo's tsconfig compilerOptions when present (so `paths` aliases resolve),
 * files added explicitly (never from the tsconfig) and dependencies not followed.
 */
export function createTsProject(root: string, log: Logger): Project {
  const base = { skipAddingFilesFromTsConfig: true, skipFileDependencyResolution: true, skipLoadingLibFiles: true } as const;
  // The first tsconfig that gives module resolution something (baseUrl or `paths`) wins; a
  // solution-style tsconfig.json (`files: [], references`) falls through to tsconfig.base.json.
  let fallback: Project | undefined;
  for (const tsConfigFilePath of tsConfigCandidates(root)) {
    try {
      const project = new Project({ ...base, tsConfigFilePath });
      const options = project.getCompilerOptions();
      if (!options.baseUrl && !options.paths) {
        fallback ??= project;
        continue;
      }
      withLibrarySources(project, root, dirname(tsConfigFilePath));
      registerProjectRoot(project, root);
      return project;
    } catch (error) {
      log.warn('tsconfig not usable; using default compiler options', { tsconfig: tsConfigFilePath, cause: String((error as Error).message) });
    }
  }
  const project = fallback ?? new Project({ ...base, compilerOptions: { target: ts.ScriptTarget.ES2022, experimentalDecorators: true } });
  registerProjectRoot(project, root);
  return project;
}

/** `export … from` / `export *`: a file that passes on another module's exports. */
const REEXPORT = /\bexport\s*(?:type\s*)?(?:\*|\{[^}]*\})\s*(?:as\s+\w+\s*)?from\b/;

/**
 * Brings the cached project in line with the given files (created from the text already read, so
 * nothing is read twice) and removals. Returns the project; lazy-route indexes are invalidated
 * when anything changed.
 */
export function syncTsProject(cache: TsProjectCache, root: string, log: Logger, upserts: Iterable<SourceInfo>, removals: Iterable<string>, membershipChanged?: boolean): Project {
  // A new project has no kept index or answer to invalidate: its files skip the bookkeeping below.
  const fresh = !isWarm(cache, root);
  if (fresh) {
    cache.project = createTsProject(root, log);
    cache.root = root;
    cache.shas.clear();
    cache.textTests = undefined;
    cache.diskTexts = undefined;
  }
  const project = cache.project as Project;
  let changed = false;
  let filesChanged = false;
  let reexportsMoved = false;
  let surfaceMoved = false;
  const changedPaths: string[] = [];
  for (const info of upserts) {
    if (!isTypeScriptKind(info.kind) || info.skipReason || cache.shas.get(info.path) === info.sha256) continue;
    filesChanged ||= !cache.shas.has(info.path);
    const abs = join(root, info.path);
    const before = fresh ? undefined : heldSourceFile({ project, root }, abs);
    reexportsMoved ||= !fresh && (REEXPORT.test(info.text ?? '') || REEXPORT.test(before?.text ?? ''));
    info.text = addSourceText(project, abs, info.text, cache.shas.has(info.path));
    // A file no index read cannot move one; otherwise compare what a star index reads of it.
    if (before !== undefined && !surfaceMoved) {
      const after = project.getSourceFile(abs)?.compilerNode;
      surfaceMoved = !after || exportSurface(before) !== exportSurface(after);
    }
    changedPaths.push(info.path);
    cache.shas.set(info.path, info.sha256);
    changed = true;
  }
  for (const path of removals) {
    if (!cache.shas.has(path)) continue;
    const file = project.getSourceFile(join(root, path));
    if (file) project.removeSourceFile(file);
    cache.shas.delete(path);
    changed = true;
    filesChanged = true;
    // Whatever the caller says about membership, a removed file moves what resolves through it.
    reexportsMoved = surfaceMoved = true;
  }
  // Module resolution answers change only when files appear or go. An on-demand project does not hold
  // every file, so the caller says whether the snapshot gained or lost files.
  const membershipMoved = membershipChanged ?? filesChanged;
  if (changed) {
    // The route index keeps its per-file parts unless any file's import or export may now lead elsewhere.
    invalidateRouteIndex(project, membershipMoved || reexportsMoved ? undefined : changedPaths);
    forgetResolutions(project, { keepStarIndexes: !membershipMoved && !surfaceMoved, changed: changedPaths.map((path) => join(root, path)) });
  }
  if (membershipMoved) forgetModuleResolutions(project);
  else forgetPathExistence(project);
  if (membershipChanged) forgetResolutions(project);
  return project;
}

/**
 * A watcher's project for its idle warm-up: the kept one, or a new on-demand one over the last run's
 * File rows (a run that parsed nothing leaves none; the next run's would be the same).
 */
export function projectForWarmUp(cache: TsProjectCache, root: string, log: Logger): Project | undefined {
  if (isWarm(cache, root)) return cache.project;
  const known = cache.known;
  if (!known) return undefined;
  const project = syncTsProject(cache, root, log, [], []);
  const tsPaths = [...known.files.keys()].filter((path) => isTypeScriptKind(fileKind(path)));
  attachRepoFiles(cache, root, project, new Set(tsPaths), new Map(), known.files);
  return project;
}

/** Texts read from disk kept at most (the least recently read go first); a parsed file's text is the project's. */
const MAX_DISK_TEXTS = 4_000;

function keepDiskText(cache: TsProjectCache, path: string, sha256: string, text: string): void {
  const texts = (cache.diskTexts ??= new Map());
  texts.delete(path);
  texts.set(path, { sha256, text });
  if (texts.size > MAX_DISK_TEXTS) texts.delete(texts.keys().next().value as string);
}

/**
 * Puts a file's text into the project, parsing it once. `createSourceFile(…, { overwrite: true })`
 * on a file the project does not hold yet first reads and parses the file from disk and then
 * parses the given text again (twice the parse, plus a read, per file of a cold run). So a file
 * new to the project is added from disk — one read, one parse — and kept only if its text is the
 * one this run hashed; otherwise (edited in between, unreadable) the hashed text wins. Returns the
 * text to keep for the file: the tree's own string when equal, so a run holds one copy of each text.
 */
function addSourceText(project: Project, abs: string, text: string, inProject: boolean): string {
  if (!inProject && !project.getSourceFile(abs)) {
    try {
      const held = project.addSourceFileAtPath(abs).getFullText();
      // The tree's own string is returned for the run to keep instead of its equal copy: one text per file.
      if (held === text) return held;
      if (held === text.replace(/^\uFEFF/, '')) return text;
    } catch {
      // Gone or unreadable since it was hashed: the hashed text below is what the run describes.
    }
  }
  project.createSourceFile(abs, text, { overwrite: true });
  return text;
}

/**
 * Lets extractors load the snapshot's other TypeScript files on demand (project-files.ts): texts
 * come from this run's reads, else from disk (checked against the root like every read). A loaded
 * file is tracked like a synced one, so a warm project keeps it and later runs only re-sync changes.
 */
export function attachRepoFiles(
  cache: TsProjectCache, root: string, project: Project, tsPaths: PathSet, current: ReadonlyMap<string, SourceInfo>, present: { get(path: string): { sha256: string } | undefined },
  used?: (fileName: string) => void,
): void {
  const textOf = (path: string): string | undefined => {
    const info = current.get(path);
    if (info) return info.skipReason ? undefined : info.text;
    // An `export *` lookup tests the same targets' texts for every name it is asked: read each once per content hash.
    const sha256 = present.get(path)?.sha256;
    const kept = cache.diskTexts?.get(path);
    if (kept && sha256 !== undefined && kept.sha256 === sha256) return kept.text;
    let text: string | undefined;
    try {
      const abs = realpathSync.native(join(root, path));
      text = isInside(root, abs) ? decodeText(readFileSync(abs)) : undefined;
    } catch {
      text = undefined;
    }
    if (text !== undefined && sha256 !== undefined) keepDiskText(cache, path, sha256, text);
    return text;
  };
  cache.textTests ??= new Map();
  attachOnDemandFiles(project, {
    root,
    paths: tsPaths,
    text: textOf,
    tested: { results: cache.textTests, sha256: (path) => present.get(path)?.sha256 },
    ...(used ? { used } : {}),
    load(path) {
      const text = textOf(path);
      if (text === undefined) return undefined;
      const abs = join(root, path);
      addSourceText(project, abs, text, false);
      // Unknown when read from disk here: the next run that reads the file re-syncs it once.
      cache.shas.set(path, current.get(path)?.sha256 ?? '');
      return project.getSourceFile(abs);
    },
  });
}
