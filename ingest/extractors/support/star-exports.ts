// Which `export *` target of a module provides a name: the first in source order, through nested
// stars, as the checker's export table of the module would say.
import type { Project, ts } from 'ts-morph';
import { projectFileText } from './project-files.js';
import { heldSourceFile, MAX_DEPTH, moduleOf, sourceFileAt, type ResolveEnv } from './syntax-resolve.js';
import { moduleScopeOf } from './syntax-scope.js';

const indexes = new WeakMap<Project, WeakMap<ts.SourceFile, Map<string, ts.SourceFile>>>();
/** `export *` of its own, to follow; `export * as ns` matches too (it only costs a parse). */
const STAR = /export\s*\*/;

/** Forgets every kept index (the pipeline calls it when files changed). */
export function forgetStarIndexes(project: Project): void {
  indexes.delete(project);
}

/**
 * The `export *` target of `file` that provides `name`. When every file the stars reach is parsed
 * already (a full ingest, a warm project), one index per file answers every name. Otherwise a
 * target not parsed yet is parsed only if its text could provide the name (it contains the name,
 * or an `export *` of its own): a checkout that reached an Nx barrel of 200 `export *` parsed the
 * whole library to find one name (1,022 of the 1,070 files a 24-file checkout of ever-gauzy parsed).
 */
export function starProviderOf(env: ResolveEnv, file: ts.SourceFile, name: string): ts.SourceFile | undefined {
  const kept = indexes.get(env.project)?.get(file);
  if (kept) return kept.get(name);
  if (starsHeld(env, file, new Set())) return starIndexOf(env, file).get(name);
  return lazyProvider(env, file, name, new Set());
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

function lazyProvider(env: ResolveEnv, file: ts.SourceFile, name: string, stack: Set<ts.SourceFile>): ts.SourceFile | undefined {
  if (stack.has(file) || stack.size > MAX_DEPTH) return undefined;
  stack.add(file);
  try {
    for (const specifier of moduleScopeOf(file).stars) {
      const found = starTarget(env, file, specifier);
      let target = found.held;
      if (!target && found.abs) {
        const text = projectFileText(env.project, found.abs);
        if (text !== undefined && !text.includes(name) && !STAR.test(text)) continue;
        target = sourceFileAt(env, found.abs);
      }
      if (!target) continue;
      if (moduleScopeOf(target).exports.has(name) || lazyProvider(env, target, name, stack)) return target;
    }
    return undefined;
  } finally {
    stack.delete(file);
  }
}

/** Every name the stars of `file` provide, built once per file and parse. */
function starIndexOf(env: ResolveEnv, file: ts.SourceFile, stack = new Set<ts.SourceFile>()): Map<string, ts.SourceFile> {
  const memos = indexes.get(env.project) ?? new WeakMap<ts.SourceFile, Map<string, ts.SourceFile>>();
  indexes.set(env.project, memos);
  const known = memos.get(file);
  if (known) return known;
  const index = new Map<string, ts.SourceFile>();
  if (stack.has(file) || stack.size > MAX_DEPTH) return index;
  stack.add(file);
  for (const specifier of moduleScopeOf(file).stars) {
    const target = moduleOf(env, file, specifier);
    const parsed = target.abs && !target.external ? sourceFileAt(env, target.abs) : undefined;
    if (!parsed) continue;
    for (const name of moduleScopeOf(parsed).exports.keys()) if (name !== 'default' && !index.has(name)) index.set(name, parsed);
    for (const name of starIndexOf(env, parsed, stack).keys()) if (!index.has(name)) index.set(name, parsed);
  }
  stack.delete(file);
  // Inside a cycle the index may be partial: only a walk that started here keeps it.
  if (stack.size === 0) memos.set(file, index);
  return index;
}
