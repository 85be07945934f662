import { Node, type Symbol as MorphSymbol } from 'ts-morph';
import type { ExtractContext } from '../../model/extractor.js';
import { ids } from '../../model/ids.js';
import { isPackageSpecifier } from './modules.js';
import { declarationName, isEmittedDeclaration, isTypeScriptSource, repoPathOf } from './source.js';
import { refName } from './text.js';

/** What symbol resolution needs from the extraction context. */
export type SymbolEnv = Pick<ExtractContext, 'repoId' | 'root' | 'project'>;

/** Where a referenced name leads. */
export type ResolvedRef =
  /** A declaration the TypeScript extractor emits as a Symbol node: point edges at `id`. */
  | { kind: 'symbol'; id: string; path: string; name: string; decl: Node }
  /** A declaration from a package (node_modules, or a bare import that does not resolve). */
  | { kind: 'external'; name: string; module?: string }
  /** Declared in the repo but not a Symbol node (a local, non-exported helper). */
  | { kind: 'unindexed'; name: string; path: string }
  /** The compiler could not resolve it; `module` is the import specifier when there was one. */
  | { kind: 'unresolved'; name: string; module?: string };

function nameNodeOf(node: Node): Node {
  if (Node.isPropertyAccessExpression(node)) return node.getNameNode();
  if (Node.isQualifiedName(node)) return node.getRight();
  if (Node.isExpressionWithTypeArguments(node)) return nameNodeOf(node.getExpression());
  if (Node.isTypeReference(node)) return nameNodeOf(node.getTypeName());
  return node;
}

function containerOf(node: Node): Node {
  if (Node.isTypeReference(node)) return node.getTypeName();
  if (Node.isExpressionWithTypeArguments(node)) return node.getExpression();
  return node;
}

function importSpecifierOf(symbol: MorphSymbol): string | undefined {
  for (const decl of symbol.getDeclarations()) {
    const importDecl = decl.getFirstAncestor((a) => Node.isImportDeclaration(a));
    if (importDecl && Node.isImportDeclaration(importDecl)) return importDecl.getModuleSpecifierValue();
  }
  return undefined;
}

/**
 * Resolves an identifier, `ns.Name` access, qualified name or type reference to the declaration it
 * names, following import aliases and barrel re-exports through the compiler's symbol table (no
 * type computation). Never throws.
 */
export function resolveReference(ctx: SymbolEnv, node: Node): ResolvedRef | undefined {
  const nameNode = nameNodeOf(node);
  const name = refName(nameNode) ?? nameNode.getText();
  if (!name) return undefined;
  let symbol: MorphSymbol | undefined;
  let module: string | undefined;
  try {
    symbol = nameNode.getSymbol();
    module = (symbol ? importSpecifierOf(symbol) : undefined) ?? namespaceModuleOf(containerOf(node));
    if (!symbol) return unresolvedOrExternal(ctx, name, module);
    if (symbol.isAlias()) symbol = symbol.getAliasedSymbol() ?? symbol;
  } catch {
    return { kind: 'unresolved', name, ...(module ? { module } : {}) };
  }
  for (const decl of symbol.getDeclarations()) {
    const declName = declarationName(decl);
    if (declName === undefined) continue;
    const path = repoPathOf(ctx.root, decl.getSourceFile().getFilePath());
    if (!path || !isTypeScriptSource(path)) return { kind: 'external', name: declName, ...(module ? { module } : {}) };
    if (!isEmittedDeclaration(decl)) return { kind: 'unindexed', name: declName, path };
    return { kind: 'symbol', id: ids.symbol(ctx.repoId, path, declName), path, name: declName, decl };
  }
  return unresolvedOrExternal(ctx, name, module);
}

function unresolvedOrExternal(ctx: SymbolEnv, name: string, module: string | undefined): ResolvedRef {
  if (module && isPackageSpecifier(ctx.project, module)) return { kind: 'external', name, module };
  return { kind: 'unresolved', name, ...(module ? { module } : {}) };
}

function namespaceModuleOf(node: Node): string | undefined {
  const head = Node.isPropertyAccessExpression(node) ? node.getExpression() : Node.isQualifiedName(node) ? node.getLeft() : undefined;
  if (!Node.isIdentifier(head)) return undefined;
  const symbol = head.getSymbol();
  return symbol ? importSpecifierOf(symbol) : undefined;
}

/** `module#Name` for externals, the plain name otherwise: the display form used in name-list props. */
export function refLabel(ref: ResolvedRef): string {
  return ref.kind === 'external' && ref.module ? `${ref.module}#${ref.name}` : ref.name;
}
