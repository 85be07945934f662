import { posix } from 'node:path';
import { Node, SyntaxKind, ts, type ExportDeclaration, type ImportDeclaration, type SourceFile } from 'ts-morph';
import type { ExtractContext } from '../../model/extractor.js';
import type { FileFacts } from '../../model/facts.js';
import { ids } from '../../model/ids.js';
import { addEdge, addRef, guarded } from '../support/facts.js';
import { isPackageSpecifier, resolveModulePath } from '../support/modules.js';
import { repoPathOf } from '../support/source.js';

const PARSER = 'typescript';

interface ImportAgg {
  specifiers: Set<string>;
  modules: Set<string>;
  typeOnly: boolean;
  reexport: boolean;
  dynamic: boolean;
  viaBarrel: Set<string>;
}

function importedNames(decl: ImportDeclaration | ExportDeclaration): string[] {
  if (Node.isImportDeclaration(decl)) {
    const names: string[] = [];
    if (decl.getDefaultImport()) names.push('default');
    if (decl.getNamespaceImport()) names.push('*');
    for (const spec of decl.getNamedImports()) names.push(spec.getName());
    return names;
  }
  if (!decl.hasNamedExports()) return ['*'];
  return decl.getNamedExports().map((spec) => spec.getName());
}

/** The file a named import really comes from when the module it names re-exports it (a barrel). */
function barrelSources(ctx: ExtractContext, decl: ImportDeclaration | ExportDeclaration, targetPath: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const specs = Node.isImportDeclaration(decl) ? decl.getNamedImports() : decl.getNamedExports();
  for (const spec of specs) {
    const symbol = spec.getNameNode().getSymbol();
    const aliased = symbol?.isAlias() ? symbol.getAliasedSymbol() : undefined;
    const origin = aliased?.getDeclarations()[0]?.getSourceFile();
    const originPath = origin ? repoPathOf(ctx.root, origin.getFilePath()) : undefined;
    if (!originPath || originPath === targetPath || originPath === ctx.path) continue;
    out.set(originPath, [...(out.get(originPath) ?? []), spec.getName()]);
  }
  return out;
}

/**
 * `IMPORTS` file→file edges: static imports, re-exports (`export … from`) and `import()` calls,
 * resolved by the compiler (relative paths, index barrels, tsconfig `paths`). A named import taken
 * from a barrel also yields an edge to the file that declares it, with `viaBarrel`. Imports of
 * packages are not edges; unresolvable in-repo specifiers become `file` references.
 */
export function extractImports(ctx: ExtractContext, file: SourceFile, into: FileFacts): void {
  const byTarget = new Map<string, ImportAgg>();
  const agg = (path: string): ImportAgg => {
    let a = byTarget.get(path);
    if (!a) {
      a = { specifiers: new Set(), modules: new Set(), typeOnly: true, reexport: false, dynamic: true, viaBarrel: new Set() };
      byTarget.set(path, a);
    }
    return a;
  };
  const fromId = ids.file(ctx.repoId, ctx.path);
  const unresolved = (specifier: string, line: number): void => {
    if (isPackageSpecifier(ctx.project, specifier)) return;
    const guess = specifier.startsWith('.') ? posix.normalize(posix.join(posix.dirname(ctx.path), specifier)) : specifier;
    addRef(into, { type: 'IMPORTS', from: fromId, target: { kind: 'file', path: guess }, props: { specifier, line } });
  };

  const declarations: Array<ImportDeclaration | ExportDeclaration> = [...file.getImportDeclarations(), ...file.getExportDeclarations()];
  for (const decl of declarations) {
    guarded(into, PARSER, decl, 'import', () => {
      const literal = decl.compilerNode.moduleSpecifier;
      if (!literal || !ts.isStringLiteral(literal)) return;
      const specifier = literal.text;
      const target = decl.getModuleSpecifierSourceFile()?.getFilePath() ?? resolveModulePath(ctx.project, file.getFilePath(), specifier);
      const targetPath = target ? repoPathOf(ctx.root, target) : undefined;
      if (!targetPath) {
        if (!target) unresolved(specifier, decl.getStartLineNumber());
        return;
      }
      const a = agg(targetPath);
      for (const name of importedNames(decl)) a.specifiers.add(name);
      a.modules.add(specifier);
      a.typeOnly &&= decl.isTypeOnly();
      a.dynamic = false;
      if (Node.isExportDeclaration(decl)) a.reexport = true;
      const targetFile = ctx.project.getSourceFile(target!);
      if (targetFile && targetFile.getExportDeclarations().some((e) => e.compilerNode.moduleSpecifier)) {
        for (const [origin, names] of barrelSources(ctx, decl, targetPath)) {
          const o = agg(origin);
          names.forEach((n) => o.specifiers.add(n));
          o.typeOnly &&= decl.isTypeOnly();
          o.dynamic = false;
          o.viaBarrel.add(targetPath);
        }
      }
    });
  }

  if (ctx.text.includes('import(')) {
    for (const call of file.getDescendantsOfKind(SyntaxKind.CallExpression)) {
      if (call.getExpression().getKind() !== SyntaxKind.ImportKeyword) continue;
      guarded(into, PARSER, call, 'dynamic import', () => {
        const arg = call.getArguments()[0];
        if (!arg || !(Node.isStringLiteral(arg) || Node.isNoSubstitutionTemplateLiteral(arg))) return;
        const specifier = arg.getLiteralValue();
        const target = resolveModulePath(ctx.project, file.getFilePath(), specifier);
        const targetPath = target ? repoPathOf(ctx.root, target) : undefined;
        if (!targetPath) {
          if (!target) unresolved(specifier, call.getStartLineNumber());
          return;
        }
        const a = agg(targetPath);
        a.modules.add(specifier);
        a.typeOnly = false;
      });
    }
  }

  for (const [targetPath, a] of byTarget) {
    if (targetPath === ctx.path) continue;
    const props: Record<string, string[] | boolean> = { specifiers: [...a.specifiers].sort() };
    if (a.modules.size) props.modules = [...a.modules].sort();
    if (a.typeOnly) props.typeOnly = true;
    if (a.reexport) props.reexport = true;
    if (a.dynamic) props.dynamic = true;
    if (a.viaBarrel.size) props.viaBarrel = [...a.viaBarrel].sort();
    addEdge(into, { type: 'IMPORTS', from: fromId, to: ids.file(ctx.repoId, targetPath), props });
  }
}
