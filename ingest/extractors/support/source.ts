import { isAbsolute, join, relative, sep } from 'node:path';
import { Node, type SourceFile } from 'ts-morph';
import type { ExtractContext } from '../../model/extractor.js';

/** True for TypeScript sources the extractors parse (not declaration files). */
export function isTypeScriptSource(path: string): boolean {
  return /\.(?:ts|tsx|mts|cts)$/.test(path) && !/\.d\.(?:ts|mts|cts)$/.test(path);
}

/** The ts-morph source file of the file being extracted (the context's, else the project's). */
export function sourceFileOf(ctx: ExtractContext): SourceFile | undefined {
  return ctx.sourceFile ?? ctx.project.getSourceFile(join(ctx.root, ctx.path));
}

/**
 * The repo-relative POSIX path of an absolute file path, or undefined when it lies outside the
 * repository or inside node_modules (those are never our nodes).
 */
export function repoPathOf(root: string, absolutePath: string): string | undefined {
  const rel = relative(root, absolutePath).split(sep).join('/');
  if (!rel || rel.startsWith('../') || rel === '..' || isAbsolute(rel)) return undefined;
  if (rel.split('/').includes('node_modules')) return undefined;
  return rel;
}

const exportNamesCache = new WeakMap<object, Set<string>>();

/** Names a file exports through `export { a, b as c }` / `export default a` without a module specifier. */
export function localExportNames(file: SourceFile): Set<string> {
  const cached = exportNamesCache.get(file.compilerNode);
  if (cached) return cached;
  const names = new Set<string>();
  for (const statement of file.getStatements()) {
    if (Node.isExportDeclaration(statement) && !statement.compilerNode.moduleSpecifier) {
      for (const spec of statement.getNamedExports()) names.add(spec.getName());
    } else if (Node.isExportAssignment(statement)) {
      const expr = statement.getExpression();
      if (Node.isIdentifier(expr)) names.add(expr.getText());
    }
  }
  exportNamesCache.set(file.compilerNode, names);
  return names;
}

/** The symbol name the TypeScript extractor gives a top-level declaration (`default` for anonymous). */
export function declarationName(decl: Node): string | undefined {
  if (Node.isClassDeclaration(decl) || Node.isFunctionDeclaration(decl)) return decl.getName() ?? 'default';
  if (Node.isInterfaceDeclaration(decl) || Node.isTypeAliasDeclaration(decl) || Node.isEnumDeclaration(decl)) return decl.getName();
  if (Node.isVariableDeclaration(decl)) {
    const name = decl.getNameNode();
    return Node.isIdentifier(name) ? name.getText() : undefined;
  }
  return undefined;
}

/**
 * Whether the TypeScript extractor emits a Symbol node for this declaration: top-level classes,
 * interfaces, type aliases and enums always; functions and variables only when exported.
 * Edges may only point at declarations for which this is true.
 */
export function isEmittedDeclaration(decl: Node): boolean {
  const statement = Node.isVariableDeclaration(decl) ? decl.getVariableStatement() : decl;
  if (!statement || !Node.isSourceFile(statement.getParent())) return false;
  if (Node.isClassDeclaration(decl) || Node.isInterfaceDeclaration(decl) || Node.isTypeAliasDeclaration(decl) || Node.isEnumDeclaration(decl)) {
    return true;
  }
  if (Node.isFunctionDeclaration(decl) || Node.isVariableDeclaration(decl)) {
    const exported = Node.isVariableStatement(statement) || Node.isFunctionDeclaration(statement) ? statement.hasExportKeyword() : false;
    const name = declarationName(decl);
    return exported || (name !== undefined && localExportNames(decl.getSourceFile()).has(name));
  }
  return false;
}
