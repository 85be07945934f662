import { Node, ts } from 'ts-morph';
import type { ExtractContext } from '../../model/extractor.js';
import { ids } from '../../model/ids.js';
import { tsDeclarationName, tsIsEmitted } from './compiler.js';
import { isPackageSpecifier } from './modules.js';
import { isTypeScriptSource, repoPathOf } from './source.js';
import { resolveName, type Resolution } from './syntax-resolve.js';

/** What symbol resolution needs from the extraction context. */
export type SymbolEnv = Pick<ExtractContext, 'repoId' | 'root' | 'project'>;

/** Where a referenced name leads. */
export type ResolvedRef =
  /** A declaration the TypeScript extractor emits as a Symbol node: point edges at `id`. */
  | { kind: 'symbol'; id: string; path: string; name: string }
  /** A declaration from a package (node_modules, or a bare import that does not resolve). */
  | { kind: 'external'; name: string; module?: string }
  /** Declared in the repo but not a Symbol node (a local, non-exported helper). */
  | { kind: 'unindexed'; name: string; path: string }
  /** The compiler could not resolve it; `module` is the import specifier when there was one. */
  | { kind: 'unresolved'; name: string; module?: string };

/** The identifier that names the referenced declaration (`ns.Foo` → `Foo`, `Foo<T>` → `Foo`). */
function nameNodeOf(node: ts.Node): ts.Node {
  if (ts.isPropertyAccessExpression(node)) return node.name;
  if (ts.isQualifiedName(node)) return node.right;
  if (ts.isExpressionWithTypeArguments(node)) return nameNodeOf(node.expression);
  if (ts.isTypeReferenceNode(node)) return nameNodeOf(node.typeName);
  return node;
}

/**
 * Resolves an identifier, `ns.Name` access, qualified name or type reference to the declaration it
 * names, following import aliases and barrel re-exports on the syntax tree (syntax-resolve.ts: no
 * type checker, no ts-morph wrappers). Never throws.
 */
export function resolveReference(env: SymbolEnv, input: Node | ts.Node): ResolvedRef | undefined {
  const node = input instanceof Node ? input.compilerNode : input;
  const nameNode = nameNodeOf(node);
  const name = ts.isIdentifier(nameNode) || ts.isPrivateIdentifier(nameNode) ? nameNode.text : undefined;
  if (!name) return undefined;
  let resolution: Resolution;
  try {
    resolution = resolveName(env, nameNode);
  } catch {
    return { kind: 'unresolved', name };
  }
  const { module } = resolution;
  if (resolution.external) return { kind: 'external', name: resolution.external.name, ...(module ? { module } : {}) };
  for (const decl of resolution.decls) {
    const declName = tsDeclarationName(decl);
    if (declName === undefined) continue;
    const path = repoPathOf(env.root, decl.getSourceFile().fileName);
    if (!path || !isTypeScriptSource(path)) return { kind: 'external', name: declName, ...(module ? { module } : {}) };
    if (!tsIsEmitted(decl)) return { kind: 'unindexed', name: declName, path };
    return { kind: 'symbol', id: ids.symbol(env.repoId, path, declName), path, name: declName };
  }
  return unresolvedOrExternal(env, name, module);
}

function unresolvedOrExternal(env: SymbolEnv, name: string, module: string | undefined): ResolvedRef {
  if (module && isPackageSpecifier(env.project, module)) return { kind: 'external', name, module };
  return { kind: 'unresolved', name, ...(module ? { module } : {}) };
}

/** `module#Name` for externals, the plain name otherwise: the display form used in name-list props. */
export function refLabel(ref: ResolvedRef): string {
  return ref.kind === 'external' && ref.module ? `${ref.module}#${ref.name}` : ref.name;
}
