import { isAbsolute, join, relative, sep } from 'node:path';
import type { Node, SourceFile, ts } from 'ts-morph';
import type { ExtractContext } from '../../model/extractor.js';
import { tsDeclarationName, tsIsEmitted, tsLocalExportNames } from './compiler.js';
import { projectFile } from './project-files.js';

/** True for TypeScript sources the extractors parse (not declaration files). */
export function isTypeScriptSource(path: string): boolean {
  return /\.(?:ts|tsx|mts|cts)$/.test(path) && !/\.d\.(?:ts|mts|cts)$/.test(path);
}

/** The ts-morph source file of the file being extracted (the context's, else the project's). */
export function sourceFileOf(ctx: ExtractContext): SourceFile | undefined {
  return ctx.sourceFile ?? projectFile(ctx.project, join(ctx.root, ctx.path));
}

/**
 * The ts-morph wrapper of a compiler node of `file` (ts-morph's own way, what every `get…()` of its API
 * uses): hot paths walk the compiler's tree and wrap only the few nodes they keep.
 */
export function wrapperOf<T extends Node = Node>(file: SourceFile, node: ts.Node): T {
  return (file as unknown as { _getNodeFromCompilerNode(n: ts.Node): T })._getNodeFromCompilerNode(node);
}

/**
 * The repo-relative POSIX path of an absolute file path, or undefined when it lies outside the
 * repository or inside node_modules (those are never our nodes).
 */
export function repoPathOf(root: string, absolutePath: string): string | undefined {
  const rel = fastRelative(root, absolutePath) ?? relative(root, absolutePath).split(sep).join('/');
  if (!rel || rel.startsWith('../') || rel === '..' || isAbsolute(rel)) return undefined;
  if (NODE_MODULES.test(rel)) return undefined;
  return rel;
}

const NODE_MODULES = /(?:^|\/)node_modules(?:\/|$)/;
/** An empty, `.` or `..` segment: a path with one is not in normal form. */
const ODD_SEGMENT = /(?:^|\/)\.{0,2}(?:\/|$)/;

/**
 * `relative(root, path)` without resolving either, when both are normal POSIX absolute paths and the
 * path lies below the root (what the compiler's file names and a canonical root are): the rest of the
 * path, which is what `relative` gives then. Undefined for anything else. `relative` resolves both paths
 * (≈3 µs a call), and extraction asks this for every import of every file (4,000 calls in one
 * ever-gauzy routing-module edit).
 */
function fastRelative(root: string, path: string): string | undefined {
  if (sep !== '/' || root.length < 2 || root.charCodeAt(0) !== 47 || path.length <= root.length + 1) return undefined;
  if (path.charCodeAt(root.length) !== 47 || !path.startsWith(root)) return undefined;
  const rest = path.slice(root.length + 1);
  return ODD_SEGMENT.test(rest) || ODD_SEGMENT.test(root.slice(1)) ? undefined : rest;
}

/** Names a file exports through `export { a, b as c }` / `export default a` without a module specifier. */
export function localExportNames(file: SourceFile): Set<string> {
  return tsLocalExportNames(file.compilerNode);
}

/** The symbol name the TypeScript extractor gives a top-level declaration (`default` for anonymous). */
export function declarationName(decl: Node): string | undefined {
  return tsDeclarationName(decl.compilerNode);
}

/**
 * Whether the TypeScript extractor emits a Symbol node for this declaration: top-level classes,
 * interfaces, type aliases and enums always; functions and variables only when exported.
 * Edges may only point at declarations for which this is true.
 */
export function isEmittedDeclaration(decl: Node): boolean {
  return tsIsEmitted(decl.compilerNode);
}
