import { readFileSync, realpathSync } from 'node:fs';
import { Node, ts, type Project } from 'ts-morph';
import { resolveModulePath } from './modules.js';
import { isTypeScriptSource, repoPathOf, wrapperOf } from './source.js';
import { isTypePosition, lookupName, moduleScopeOf, type ImportBinding } from './syntax-scope.js';
import { projectFile } from './project-files.js';
import { forgetStarAnswersReading, forgetStarIndexes, starProviderOf } from './star-exports.js';

/**
 * Follows names to their declarations across files without a type checker: scopes and import
 * bindings from the syntax tree, module specifiers through the compiler's module resolution
 * (tsconfig `paths` included), re-exports and `export *` barrels followed. A file the project does
 * not hold is parsed once from disk (repository files only; a declaration under node_modules is
 * reported as external without reading it).
 */
export interface ResolveEnv {
  root: string;
  project: Project;
}

/** Where a name leads. `module` is the import specifier it came through, when it came through one. */
export interface Resolution {
  decls: ts.Node[];
  module?: string;
  /** The module resolved outside the repository (a package): `decls` is empty, `name` is the exported name. */
  external?: { name: string };
}

export const MAX_DEPTH = 12;
const sideFiles = new WeakMap<Project, Map<string, ts.SourceFile | undefined>>();
const roots = new WeakMap<Project, string>();
const exportMemos = new WeakMap<Project, WeakMap<ts.SourceFile, Map<string, Resolution>>>();

function memoOf(project: Project, file: ts.SourceFile): Map<string, Resolution> {
  let byFile = exportMemos.get(project);
  if (!byFile) exportMemos.set(project, (byFile = new WeakMap()));
  let memo = byFile.get(file);
  if (!memo) byFile.set(file, (memo = new Map()));
  return memo;
}

/** Records the repository root of a project, for lookups that start from a bare ts-morph node. */
export function registerProjectRoot(project: Project, root: string): void {
  roots.set(project, root);
}

/** A project without a registered root (a test's own) treats everything outside node_modules as the repository. */
function envOf(project: Project): ResolveEnv {
  return { project, root: roots.get(project) ?? '/' };
}

/** The parsed file at an absolute path: the project's, else parsed once from disk (repository TypeScript only). */
export function sourceFileAt(env: ResolveEnv, abs: string): ts.SourceFile | undefined {
  const held = projectFile(env.project, abs);
  if (held) return held.compilerNode;
  const rel = repoPathOf(env.root, abs);
  if (!rel || !/\.(?:ts|tsx|mts|cts)$/.test(rel)) return undefined;
  let cache = sideFiles.get(env.project);
  if (!cache) sideFiles.set(env.project, (cache = new Map()));
  if (cache.has(abs)) return cache.get(abs);
  let parsed: ts.SourceFile | undefined;
  try {
    // A symlink out of the repository is not followed (its target may be anything on the machine).
    const real = realpathSync.native(abs);
    if (repoPathOf(env.root, real)) parsed = ts.createSourceFile(abs, readFileSync(real, 'utf8'), ts.ScriptTarget.Latest, true, abs.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  } catch {
    parsed = undefined;
  }
  cache.set(abs, parsed);
  return parsed;
}

/** The parsed file at an absolute path when it is parsed already (the project's or from disk), never parsing it. */
export function heldSourceFile(env: ResolveEnv, abs: string): ts.SourceFile | undefined {
  return env.project.getSourceFile(abs)?.compilerNode ?? sideFiles.get(env.project)?.get(abs);
}

/**
 * Forgets files parsed from disk outside the project and every kept export answer (the pipeline calls
 * it when files changed). `keepStarIndexes`: no changed file's export surface moved and no file
 * appeared or went, so which file provides each name through `export *` still holds; then only the
 * star answers that read one of the `changed` files (absolute paths) are dropped.
 */
export function forgetResolutions(project: Project, options: { keepStarIndexes?: boolean; changed?: Iterable<string> } = {}): void {
  sideFiles.delete(project);
  exportMemos.delete(project);
  if (options.keepStarIndexes && options.changed) forgetStarAnswersReading(project, options.changed);
  else forgetStarIndexes(project);
}

/** The file a specifier names from a file (not parsed), or `external` for a package / a file outside the repository. */
export function moduleOf(env: ResolveEnv, from: ts.SourceFile, specifier: string): { abs?: string; external?: boolean } {
  const abs = resolveModulePath(env.project, from.fileName, specifier);
  if (!abs) return {};
  return repoPathOf(env.root, abs) ? { abs } : { abs, external: true };
}

/** moduleOf, parsed: the module's source file when it is repository TypeScript. */
export function moduleFileOf(env: ResolveEnv, from: ts.SourceFile, specifier: string): { file?: ts.SourceFile; abs?: string; external?: boolean } {
  const target = moduleOf(env, from, specifier);
  const file = target.abs && !target.external ? sourceFileAt(env, target.abs) : undefined;
  return file ? { ...target, file } : target;
}

/** A walk through re-exports: the (file, name) pairs on the way (cycles), and whether one was cut short. */
interface Walk {
  stack: Set<string>;
  cut: boolean;
}

const newWalk = (): Walk => ({ stack: new Set(), cut: false });

/**
 * What `file` exports under `name`, re-exports and `export *` followed to the declarations. Answers
 * are kept per project and parse (an Nx barrel of 200 `export *` is walked once per name, not once
 * per importer); a walk cut by a cycle is not kept.
 */
export function exportedDeclarations(env: ResolveEnv, file: ts.SourceFile, name: string): Resolution {
  return exportsIn(env, file, name, newWalk());
}

function exportsIn(env: ResolveEnv, file: ts.SourceFile, name: string, walk: Walk): Resolution {
  const memo = memoOf(env.project, file);
  const known = memo.get(name);
  if (known) return known;
  const key = `${file.fileName}\0${name}`;
  if (walk.stack.size > MAX_DEPTH || walk.stack.has(key)) {
    walk.cut = true;
    return { decls: [] };
  }
  const outerCut = walk.cut;
  walk.cut = false;
  walk.stack.add(key);
  const result = exportOf(env, file, name, walk);
  walk.stack.delete(key);
  if (!walk.cut) memo.set(name, result);
  walk.cut ||= outerCut;
  return result;
}

function exportOf(env: ResolveEnv, file: ts.SourceFile, name: string, walk: Walk): Resolution {
  const scope = moduleScopeOf(file);
  const entry = scope.exports.get(name);
  if (entry?.kind === 'local') {
    if (entry.decls.length) return { decls: entry.decls };
    const binding = scope.imports.get(entry.name);
    if (binding) return followBinding(env, file, binding, walk);
    return { decls: scope.locals.get(entry.name) ?? [] };
  }
  if (entry?.kind === 'reexport') return followBinding(env, file, { kind: 'named', imported: entry.imported, specifier: entry.specifier, node: file }, walk);
  if (entry?.kind === 'namespace') {
    const target = moduleFileOf(env, file, entry.specifier);
    return target.file ? { decls: [target.file] } : target.external ? { decls: [], external: { name } } : { decls: [] };
  }
  if (name === 'default' || scope.stars.length === 0) return { decls: [] };
  const via = starProviderOf(env, file, name);
  return via ? exportsIn(env, via, name, walk) : { decls: [] };
}

/** The declarations an import binding stands for (`import * as ns` → the module's source file). */
export function followImport(env: ResolveEnv, from: ts.SourceFile, binding: ImportBinding): Resolution {
  return followBinding(env, from, binding, newWalk());
}

function followBinding(env: ResolveEnv, from: ts.SourceFile, binding: ImportBinding, walk: Walk): Resolution {
  const target = moduleFileOf(env, from, binding.specifier);
  const module = binding.specifier;
  if (target.external) return { decls: [], module, external: { name: binding.imported } };
  if (!target.file) return { decls: [], module };
  if (binding.kind === 'namespace') return { decls: [target.file], module };
  return { ...exportsIn(env, target.file, binding.imported, walk), module };
}

/** Members named `name` of a declaration: enum members, properties of a const object literal, static class members, namespace exports. */
function membersOf(env: ResolveEnv, decl: ts.Node, name: string): Resolution {
  if (ts.isSourceFile(decl)) return exportedDeclarations(env, decl, name);
  if (ts.isEnumDeclaration(decl)) return { decls: decl.members.filter((m) => memberName(m.name) === name) };
  if (ts.isClassLike(decl)) {
    const members: ts.Node[] = decl.members.filter((m) => m.name !== undefined && memberName(m.name) === name);
    // `constructor(private readonly x: X)` declares the property `x` too.
    for (const ctor of decl.members.filter(ts.isConstructorDeclaration)) {
      for (const p of ctor.parameters) if (ts.isIdentifier(p.name) && p.name.text === name && ts.isParameterPropertyDeclaration(p, ctor)) members.push(p);
    }
    return { decls: members };
  }
  if (ts.isModuleDeclaration(decl) && decl.body && ts.isModuleBlock(decl.body)) {
    const out: ts.Node[] = [];
    for (const s of decl.body.statements) {
      if (!(ts.canHaveModifiers(s) && ts.getModifiers(s)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword))) continue;
      if (ts.isVariableStatement(s)) out.push(...s.declarationList.declarations.filter((d) => ts.isIdentifier(d.name) && d.name.text === name));
      else if ((ts.isClassDeclaration(s) || ts.isFunctionDeclaration(s) || ts.isEnumDeclaration(s) || ts.isInterfaceDeclaration(s)) && s.name?.text === name) out.push(s);
    }
    return { decls: out };
  }
  if ((ts.isVariableDeclaration(decl) || ts.isPropertyAssignment(decl)) && decl.initializer) {
    let init: ts.Expression = decl.initializer;
    while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init) || ts.isTypeAssertionExpression(init)) init = init.expression;
    if (ts.isObjectLiteralExpression(init)) {
      return { decls: init.properties.filter((p) => (ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p) || ts.isMethodDeclaration(p)) && memberName(p.name) === name) };
    }
  }
  return { decls: [] };
}

/** The class `this` means at a node: the nearest class, unless a `function` (which rebinds `this`) comes first. */
function enclosingClass(node: ts.Node): ts.ClassLikeDeclaration | undefined {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isClassLike(n)) return n;
    if (ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n)) return undefined;
  }
  return undefined;
}

function memberName(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteralLike(name) || ts.isNumericLiteral(name) ? name.text : undefined;
}

/**
 * The declarations an identifier (or the name of `a.b` / `A.B`) refers to, as the checker's
 * symbol with aliases followed would give them: locals through the enclosing scopes, imports
 * through their modules, `ns.X` / `Enum.Member` / `CONST.key` through the left side's declaration.
 */
export function resolveName(env: ResolveEnv, node: ts.Node): Resolution {
  if (ts.isPropertyAccessExpression(node)) return resolveName(env, node.name);
  if (ts.isQualifiedName(node)) return resolveName(env, node.right);
  const parent = node.parent;
  if (parent && ((ts.isPropertyAccessExpression(parent) && parent.name === node) || (ts.isQualifiedName(parent) && parent.right === node))) {
    const left = ts.isPropertyAccessExpression(parent) ? parent.expression : parent.left;
    const name = (node as ts.Identifier).text;
    if (left.kind === ts.SyntaxKind.ThisKeyword) {
      const cls = enclosingClass(left);
      return cls ? membersOf(env, cls, name) : { decls: [] };
    }
    const base = resolveName(env, left);
    for (const decl of base.decls) {
      const members = membersOf(env, decl, name);
      if (members.decls.length || members.external) return { ...members, ...(base.module ? { module: base.module } : {}) };
    }
    return base.external ? { decls: [], ...(base.module ? { module: base.module } : {}), external: { name } } : { decls: [], ...(base.module ? { module: base.module } : {}) };
  }
  if (!ts.isIdentifier(node)) return { decls: [] };
  // `{ X }`: the checker answers with the property, not the value it is shorthand for.
  if (parent && ts.isShorthandPropertyAssignment(parent) && parent.name === node) return { decls: [parent] };
  const hit = lookupName(node, node.text, isTypePosition(node));
  if (!hit) return { decls: [] };
  if (hit.kind === 'decls') return { decls: hit.decls };
  return followImport(env, node.getSourceFile(), hit.binding);
}

/** The ts-morph node of a declaration in a file the project holds (a file parsed from disk has none). */
function wrapIn(project: Project, node: ts.Node): Node | undefined {
  const file = projectFile(project, node.getSourceFile().fileName);
  if (!file || file.compilerNode !== node.getSourceFile()) return undefined;
  return wrapperOf(file, node);
}

/** resolveName for ts-morph nodes (an identifier, or `a.b` by its name): declarations in project files. */
export function declarationsOfNode(node: Node): Node[] {
  const project = node.getProject();
  const compiler = ts.isPropertyAccessExpression(node.compilerNode) ? node.compilerNode.name : node.compilerNode;
  try {
    return resolveName(envOf(project), compiler).decls.flatMap((d) => wrapIn(project, d) ?? []);
  } catch {
    return [];
  }
}
