// Which `export *` target of a module provides a name: the first in source order, through nested
// stars, as the checker's export table of the module would say.
import type { Project, ts } from 'ts-morph';
import { projectFileText } from './project-files.js';
import { heldSourceFile, MAX_DEPTH, moduleOf, sourceFileAt, type ResolveEnv } from './syntax-resolve.js';
import { moduleScopeOf } from './syntax-scope.js';

/**
 * Per project and barrel parse: each name's providing file, by absolute path (looked up when asked, so
 * a provider edited without changing what it exports is read as it is now).
 */
const indexes = new WeakMap<Project, WeakMap<ts.SourceFile, Map<string, string>>>();
/** `export *` of its own, to follow; `export * as ns` matches too (it only costs a parse). */
const STAR = /export\s*\*/;

/**
 * Forgets every kept index. The pipeline calls it when files appeared or went, or when a changed
 * file's export surface (exportSurface) moved: an index only records which file provides each name.
 */
export function forgetStarIndexes(project: Project): void {
  indexes.delete(project);
  lazyAnswers.delete(project);
}

/**
 * Answers found without a full index (some star targets not parsed: an on-demand project), by
 * `barrel\0name`, each with the files its walk read, parsed or as text. They hold until one of
 * those files changes (forgetStarAnswersReading), whatever its export surface.
 */
interface LazyAnswers {
  answers: Map<string, string | null>;
  readers: Map<string, Set<string>>;
}

const lazyAnswers = new WeakMap<Project, LazyAnswers>();

/** Forgets the answers whose walk read one of these files (absolute paths). */
export function forgetStarAnswersReading(project: Project, paths: Iterable<string>): void {
  const kept = lazyAnswers.get(project);
  if (!kept) return;
  for (const path of paths) {
    for (const key of kept.readers.get(path) ?? []) kept.answers.delete(key);
    kept.readers.delete(path);
  }
}

function rememberAnswer(project: Project, key: string, provider: string | null, read: Set<string>): void {
  let kept = lazyAnswers.get(project);
  if (!kept) lazyAnswers.set(project, (kept = { answers: new Map(), readers: new Map() }));
  kept.answers.set(key, provider);
  for (const path of read) {
    const keys = kept.readers.get(path);
    if (keys) keys.add(key);
    else kept.readers.set(path, new Set([key]));
  }
}

/** What a star index reads of a file: its exported names and its own `export *` specifiers. */
export function exportSurface(file: ts.SourceFile): string {
  const scope = moduleScopeOf(file);
  return JSON.stringify([[...scope.exports.keys()].sort(), scope.stars]);
}

/**
 * The `export *` target of `file` that provides `name`. When every file the stars reach is parsed
 * already (a full ingest, a warm project), one index per file answers every name. Otherwise a
 * target not parsed yet is parsed only if its text could provide the name (it contains the name,
 * or an `export *` of its own): a checkout that reached an Nx barrel of 200 `export *` parsed the
 * whole library to find one name (1,022 of the 1,070 files a 24-file checkout of ever-gauzy parsed).
 */
export function starProviderOf(env: ResolveEnv, file: ts.SourceFile, name: string): ts.SourceFile | undefined {
  const key = `${file.fileName}\0${name}`;
  const answered = lazyAnswers.get(env.project)?.answers.get(key);
  if (answered !== undefined) return answered === null ? undefined : sourceFileAt(env, answered);
  const kept = indexes.get(env.project)?.get(file) ?? (starsHeld(env, file, new Set()) ? starIndexOf(env, file) : undefined);
  if (kept) {
    const abs = kept.get(name);
    return abs === undefined ? undefined : sourceFileAt(env, abs);
  }
  const read = new Set<string>();
  const found = lazyProvider(env, file, name, new Set(), read);
  rememberAnswer(env.project, key, found?.fileName ?? null, read);
  return found;
}

/** The repository file a star points at: parsed already, else its text (undefined: not a repository file we can read as text). */
function starTarget(env: ResolveEnv, file: ts.SourceFile, specifier: string): { held?: ts.SourceFile; abs?: string } {
  const target = moduleOf(env, file, specifier);
  if (!target.abs || target.external) return {};
  const held = heldSourceFile(env, target.abs);
  return held ? { held } : { abs: target.abs };
}

/** True when every file the stars of `file` reach, transitively, is parsed already. */
function starsHeld(env: ResolveEnv, file: ts.SourceFile, seen: Set<ts.SourceFile>): boolean {
  if (seen.has(file)) return true;
  seen.add(file);
  for (const specifier of moduleScopeOf(file).stars) {
    const target = starTarget(env, file, specifier);
    if (target.abs) return false;
    if (target.held && !starsHeld(env, target.held, seen)) return false;
  }
  return true;
}

/**
 * Whether a file's text could export `name` (checked before parsing it): an `export` that declares it,
 * or an export list naming it. Looser than moduleScopeOf, never stricter: a file that only imports or
 * uses the name is not parsed. Behind an Nx barrel most files that mention a service import it
 * (ever-gauzy: one service's edit parsed 90 files to find 11 names).
 */
export function mayExport(text: string, name: string): boolean {
  if (!text.includes(name)) return false;
  if (name === 'default' || !/^[\w$]+$/.test(name)) return true;
  // Forms a regex over the words would miss: a comment or a decorator right after `export`.
  if (/\bexport\s*(?:\/[*/]|@)/.test(text)) return true;
  const word = `(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`;
  const declared = new RegExp(
    // export [declare] [default] [abstract|async|const] class|interface|type|enum|function[*]|namespace|module|import Name
    `\\bexport\\s+(?:declare\\s+)?(?:default\\s+)?(?:(?:abstract|async|const)\\s+)?(?:class|interface|type|enum|function\\s*\\*?|namespace|module|import)\\s*${word}`
    // export [type] { …, Name, … } / { X as Name } [from '…']
    + `|\\bexport\\s*(?:type\\s*)?\\{[^}]*${word}`,
  );
  if (declared.test(text)) return true;
  // export [declare] const|let|var: a later declarator or a destructuring may declare it, so any mention after the first counts.
  const variables = /\bexport\s+(?:declare\s+)?(?:const|let|var)\b/.exec(text);
  return variables !== null && new RegExp(word).test(text.slice(variables.index));
}

function lazyProvider(env: ResolveEnv, file: ts.SourceFile, name: string, stack: Set<ts.SourceFile>, read: Set<string>): ts.SourceFile | undefined {
  if (stack.has(file) || stack.size > MAX_DEPTH) return undefined;
  stack.add(file);
  read.add(file.fileName);
  try {
    for (const specifier of moduleScopeOf(file).stars) {
      const found = starTarget(env, file, specifier);
      let target = found.held;
      if (!target && found.abs) {
        read.add(found.abs);
        const text = projectFileText(env.project, found.abs);
        if (text !== undefined && !mayExport(text, name) && !STAR.test(text)) continue;
        target = sourceFileAt(env, found.abs);
      }
      if (!target) continue;
      read.add(target.fileName);
      if (moduleScopeOf(target).exports.has(name) || lazyProvider(env, target, name, stack, read)) return target;
    }
    return undefined;
  } finally {
    stack.delete(file);
  }
}

/**
 * Does ahead, for no name in particular, what the first lookups through `entry`'s stars do: resolves
 * each `export *` specifier, reads each target's text (the project's text source keeps it), and parses
 * the targets with stars of their own, which a lookup always parses to go on. Providers are left to
 * the lookups. Files already in `seen` are not walked again; the walk stops once `seen` holds `max`.
 * For a watcher's idle warm-up (pipeline/warm-project.ts): it loads only what lookups load.
 */
export function walkStarTargets(env: ResolveEnv, entry: ts.SourceFile, seen: Set<string>, max: number): void {
  const queue = [entry];
  seen.add(entry.fileName);
  for (let file = queue.shift(); file; file = queue.shift()) {
    for (const specifier of moduleScopeOf(file).stars) {
      if (seen.size >= max) return;
      const found = starTarget(env, file, specifier);
      const abs = found.held?.fileName ?? found.abs;
      if (!abs || seen.has(abs)) continue;
      seen.add(abs);
      const text = found.held ? undefined : projectFileText(env.project, abs);
      const target = found.held ?? (text !== undefined && STAR.test(text) ? sourceFileAt(env, abs) : undefined);
      if (target) queue.push(target);
    }
  }
}

/** Every name the stars of `file` provide, built once per file and parse. */
function starIndexOf(env: ResolveEnv, file: ts.SourceFile, stack = new Set<ts.SourceFile>()): Map<string, string> {
  const memos = indexes.get(env.project) ?? new WeakMap<ts.SourceFile, Map<string, string>>();
  indexes.set(env.project, memos);
  const known = memos.get(file);
  if (known) return known;
  const index = new Map<string, string>();
  if (stack.has(file) || stack.size > MAX_DEPTH) return index;
  stack.add(file);
  for (const specifier of moduleScopeOf(file).stars) {
    const target = moduleOf(env, file, specifier);
    const parsed = target.abs && !target.external ? sourceFileAt(env, target.abs) : undefined;
    if (!parsed) continue;
    for (const name of moduleScopeOf(parsed).exports.keys()) if (name !== 'default' && !index.has(name)) index.set(name, parsed.fileName);
    for (const name of starIndexOf(env, parsed, stack).keys()) if (!index.has(name)) index.set(name, parsed.fileName);
  }
  stack.delete(file);
  // Inside a cycle the index may be partial: only a walk that started here keeps it.
  if (stack.size === 0) memos.set(file, index);
  return index;
}
