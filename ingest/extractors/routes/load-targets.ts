import { dirname, join } from 'node:path';
import { Node, SyntaxKind, ts, type SourceFile } from 'ts-morph';
import { ids } from '../../model/ids.js';
import { isPackageSpecifier, resolveModulePath } from '../support/modules.js';
import { resolveReference, type SymbolEnv } from '../support/resolve-symbol.js';
import { tsDeclarationName, tsIsEmitted } from '../support/compiler.js';
import { isTypeScriptSource, repoPathOf } from '../support/source.js';
import { exportedDeclarations } from '../support/syntax-resolve.js';
import { compact, stringValue, unwrap } from '../support/text.js';
import { projectFile } from '../support/project-files.js';

/** Module-federation loader functions (@angular-architects/module-federation, native federation). */
const REMOTE_LOADERS = new Set(['loadRemoteModule', 'loadRemote', 'loadRemoteEntry']);

/** What a `loadChildren` / `loadComponent` value points at. */
export interface LoadTarget {
  /** `remote`: a module-federation load (`loadRemoteModule`, `import('remote/X')`), left to the federation extractor. */
  form: 'import' | 'string' | 'reference' | 'remote';
  /** Display form: `<repo path or specifier>#<export>`. */
  text: string;
  specifier?: string;
  exportName?: string;
  /** Repo path of the module file the loader imports, when it resolves inside the repo. */
  filePath?: string;
  /** Symbol node of the loaded class/const, when it resolves to one. */
  symbolId?: string;
  symbolName?: string;
  /** Repo path of the file declaring the loaded symbol: differs from `filePath` when the loader imports a barrel (`index.ts`, `public-api.ts`). */
  symbolPath?: string;
}

function exportedSymbol(env: SymbolEnv, target: SourceFile, exportName: string | undefined): { id: string; name: string; path: string } | undefined {
  let decl: ts.Node | undefined;
  if (!exportName || exportName === 'default') {
    decl = exportedDeclarations(env, target.compilerNode, 'default').decls[0];
  } else {
    decl = target.getClass(exportName)?.compilerNode ?? target.getVariableDeclaration(exportName)?.compilerNode ?? target.getFunction(exportName)?.compilerNode
      ?? exportedDeclarations(env, target.compilerNode, exportName).decls[0];
  }
  if (!decl) return undefined;
  const name = tsDeclarationName(decl);
  const path = repoPathOf(env.root, decl.getSourceFile().fileName);
  if (!name || !path || !isTypeScriptSource(path) || !tsIsEmitted(decl)) return undefined;
  return { id: ids.symbol(env.repoId, path, name), name, path };
}

/** Resolves `app/x/y.module` (old app-root-relative strings) by trying each ancestor folder. */
function resolveLegacy(env: SymbolEnv, from: SourceFile, specifier: string): string | undefined {
  const direct = resolveModulePath(env.project, from.getFilePath(), specifier);
  if (direct || specifier.startsWith('.')) return direct;
  for (let dir = dirname(from.getFilePath()); dir.startsWith(env.root) && dir !== dirname(dir); dir = dirname(dir)) {
    const base = join(dir, specifier);
    const file = projectFile(env.project, `${base}.ts`) ?? projectFile(env.project, join(base, 'index.ts'));
    if (file) return file.getFilePath();
  }
  return undefined;
}

function fromModule(env: SymbolEnv, from: SourceFile, form: LoadTarget['form'], specifier: string, exportName: string | undefined, abs: string | undefined): LoadTarget {
  const filePath = abs ? repoPathOf(env.root, abs) : undefined;
  const targetFile = abs && filePath ? projectFile(env.project, abs) : undefined;
  const symbol = targetFile ? exportedSymbol(env, targetFile, exportName) : undefined;
  return {
    form,
    text: `${filePath ?? specifier}${exportName && exportName !== 'default' ? `#${exportName}` : ''}`,
    specifier,
    ...(exportName ? { exportName } : {}),
    ...(filePath ? { filePath } : {}),
    ...(symbol ? { symbolId: symbol.id, symbolName: symbol.name, symbolPath: symbol.path } : {}),
  };
}

/**
 * Reads a lazy loader: `() => import('./x').then(m => m.X)` (and async/await variants),
 * the legacy string `'./x#X'`, or a direct reference `() => X`. Returns undefined for shapes it
 * cannot read (the caller reports them).
 */
export function loadTargetOf(env: SymbolEnv, from: SourceFile, value: Node): LoadTarget | undefined {
  const literal = stringValue(value);
  if (literal !== undefined) {
    const [specifier = '', exportName] = literal.split('#');
    return fromModule(env, from, 'string', specifier, exportName, resolveLegacy(env, from, specifier));
  }
  const remoteCall = value.getFirstDescendant((n) => Node.isCallExpression(n) && REMOTE_LOADERS.has(n.getExpression().getText()));
  if (remoteCall) return { form: 'remote', text: compact(remoteCall.getText(), 160) };
  const importCall = value.getFirstDescendant((n) => Node.isCallExpression(n) && n.getExpression().getKind() === SyntaxKind.ImportKeyword);
  if (importCall && Node.isCallExpression(importCall)) {
    const specifier = stringValue(importCall.getArguments()[0]);
    if (specifier === undefined) return undefined;
    const names = value.getDescendantsOfKind(SyntaxKind.PropertyAccessExpression).map((p) => p.getName()).filter((n) => !['then', 'catch', 'finally'].includes(n));
    // `.then(({ OrdersModule }) => OrdersModule)`: the destructured name is the export.
    if (!names.length) names.push(...value.getDescendantsOfKind(SyntaxKind.BindingElement).map((b) => b.getPropertyNameNode()?.getText() ?? b.getName()));
    const resolved = resolveModulePath(env.project, from.getFilePath(), specifier);
    if (!resolved && isPackageSpecifier(env.project, specifier)) {
      return { form: 'remote', text: `${specifier}${names.length ? `#${names.at(-1)}` : ''}`, specifier, ...(names.length ? { exportName: names.at(-1) } : {}) };
    }
    return fromModule(env, from, 'import', specifier, names.at(-1), resolved);
  }
  let body: Node = unwrap(value);
  if (Node.isArrowFunction(body)) body = unwrap(body.getBody());
  if (Node.isIdentifier(body) || Node.isPropertyAccessExpression(body)) {
    const ref = resolveReference(env, body);
    if (ref?.kind === 'symbol') return { form: 'reference', text: `${ref.path}#${ref.name}`, filePath: ref.path, symbolId: ref.id, symbolName: ref.name, symbolPath: ref.path, exportName: ref.name };
    if (ref) return { form: 'reference', text: ref.name, exportName: ref.name };
  }
  return undefined;
}
