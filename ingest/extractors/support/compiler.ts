import { ts } from 'ts-morph';

/**
 * Compiler-API helpers for hot paths: walking and resolving raw `ts.Node`s avoids creating a
 * ts-morph wrapper for every node visited, which dominates extraction time on large repos.
 */
/** `(x)`, `x as T`, `x satisfies T`, `<T>x`, `x!` → `x`. */
export function unwrapTs(node: ts.Node): ts.Node {
  let current = node;
  while (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isSatisfiesExpression(current)
    || ts.isTypeAssertionExpression(current) || ts.isNonNullExpression(current)) {
    current = current.expression;
  }
  return current;
}

/** A string literal's value through `(…)`, `as` and `satisfies`, like text.ts `stringValue` on a wrapper. */
export function tsStringValue(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return tsStringValue(node.expression);
  return undefined;
}

/** Calls `visit` for every call expression below `root` (inclusive), without wrapping nodes. */
export function forEachCall(root: ts.Node, visit: (call: ts.CallExpression) => void): void {
  const walk = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) visit(node);
    ts.forEachChild(node, walk);
  };
  walk(root);
}

const exportNames = new WeakMap<ts.SourceFile, Set<string>>();

/** Names a file exports through `export { a, b as c }` / `export default a` without a module specifier. */
export function tsLocalExportNames(file: ts.SourceFile): Set<string> {
  let names = exportNames.get(file);
  if (names) return names;
  names = new Set();
  for (const statement of file.statements) {
    if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const spec of statement.exportClause.elements) names.add((spec.propertyName ?? spec.name).text);
    } else if (ts.isExportAssignment(statement) && ts.isIdentifier(statement.expression)) {
      names.add(statement.expression.text);
    }
  }
  exportNames.set(file, names);
  return names;
}

function hasExportKeyword(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

/** The Symbol name the TypeScript extractor gives a top-level declaration (`default` for anonymous). */
export function tsDeclarationName(decl: ts.Node): string | undefined {
  if (ts.isClassDeclaration(decl) || ts.isFunctionDeclaration(decl)) return decl.name?.text ?? 'default';
  if (ts.isInterfaceDeclaration(decl) || ts.isTypeAliasDeclaration(decl) || ts.isEnumDeclaration(decl)) return decl.name.text;
  if (ts.isVariableDeclaration(decl)) return ts.isIdentifier(decl.name) ? decl.name.text : undefined;
  return undefined;
}

/** Whether the TypeScript extractor emits a Symbol node for this declaration (see isEmittedDeclaration). */
export function tsIsEmitted(decl: ts.Node): boolean {
  const statement = ts.isVariableDeclaration(decl) ? decl.parent?.parent : decl;
  if (!statement || !ts.isSourceFile(statement.parent)) return false;
  if (ts.isClassDeclaration(decl) || ts.isInterfaceDeclaration(decl) || ts.isTypeAliasDeclaration(decl) || ts.isEnumDeclaration(decl)) return true;
  if (!ts.isFunctionDeclaration(decl) && !ts.isVariableDeclaration(decl)) return false;
  if (hasExportKeyword(statement)) return true;
  const name = tsDeclarationName(decl);
  return name !== undefined && tsLocalExportNames(statement.parent).has(name);
}
