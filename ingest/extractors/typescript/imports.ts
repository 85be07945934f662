import { ts, type SourceFile } from 'ts-morph';
import type { ExtractContext } from '../../model/extractor.js';
import type { FileFacts } from '../../model/facts.js';
import { ids } from '../../model/ids.js';
import { forEachCall } from '../support/compiler.js';
import { addEdge, addRef, guarded } from '../support/facts.js';
import { guessRepoPath, isPackageSpecifier, resolveModulePath } from '../support/modules.js';
import { repoPathOf } from '../support/source.js';
import { projectFileText } from '../support/project-files.js';
import { exportedDeclarations, moduleOf, sourceFileAt } from '../support/syntax-resolve.js';

const PARSER = 'typescript';

interface ImportAgg {
  specifiers: Set<string>;
  modules: Set<string>;
  typeOnly: boolean;
  reexport: boolean;
  dynamic: boolean;
  viaBarrel: Set<string>;
}

type ModuleDecl = ts.ImportDeclaration | ts.ExportDeclaration;

function importedNames(decl: ModuleDecl): string[] {
  if (ts.isImportDeclaration(decl)) {
    const clause = decl.importClause;
    if (!clause) return [];
    const names: string[] = clause.name ? ['default'] : [];
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
    if (bindings && ts.isNamedImports(bindings)) for (const el of bindings.elements) names.push((el.propertyName ?? el.name).text);
    return names;
  }
  const clause = decl.exportClause;
  if (!clause || ts.isNamespaceExport(clause)) return ['*'];
  return clause.elements.map((el) => (el.propertyName ?? el.name).text);
}

function namedElements(decl: ModuleDecl): readonly (ts.ImportSpecifier | ts.ExportSpecifier)[] {
  if (ts.isImportDeclaration(decl)) {
    const bindings = decl.importClause?.namedBindings;
    return bindings && ts.isNamedImports(bindings) ? bindings.elements : [];
  }
  return decl.exportClause && ts.isNamedExports(decl.exportClause) ? decl.exportClause.elements : [];
}

function isTypeOnly(decl: ModuleDecl): boolean {
  return ts.isImportDeclaration(decl) ? Boolean(decl.importClause?.isTypeOnly) : decl.isTypeOnly;
}

/** `export {` / `export *` somewhere in the text: the file may be a barrel (unknown text: maybe). */
function mayReexport(text: string | undefined): boolean {
  return text === undefined || /\bexport\s*(?:type\s*)?[*{]/.test(text);
}

/** True when a module re-exports from other modules (a barrel). */
function isBarrel(file: ts.SourceFile): boolean {
  return file.statements.some((s) => ts.isExportDeclaration(s) && s.moduleSpecifier !== undefined);
}

/**
 * `IMPORTS` file→file edges: static imports, re-exports (`export … from`) and `import()` calls,
 * resolved by the compiler's module resolution (relative paths, index barrels, tsconfig `paths`),
 * on raw nodes and without a type checker. A named import taken from a barrel
 * also yields an edge to the file that declares it, with `viaBarrel`. Imports of packages are not
 * edges; unresolvable in-repo specifiers become `file` references.
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
  const sf = file.compilerNode;
  const lineOf = (node: ts.Node): number => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const unresolved = (specifier: string, line: number): void => {
    if (isPackageSpecifier(ctx.project, specifier)) return;
    const guess = guessRepoPath(ctx.project, ctx.root, ctx.path, specifier);
    addRef(into, { type: 'IMPORTS', from: fromId, target: { kind: 'file', path: guess }, props: { specifier, line } });
  };

  for (const statement of sf.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const literal = statement.moduleSpecifier;
    if (!literal || !ts.isStringLiteral(literal)) continue;
    guarded(into, PARSER, undefined, 'import', () => {
      const specifier = literal.text;
      const module = moduleOf(ctx, sf, specifier);
      const targetName = module.abs;
      const targetPath = targetName ? repoPathOf(ctx.root, targetName) : undefined;
      if (!targetPath) {
        if (!targetName) unresolved(specifier, lineOf(statement));
        return;
      }
      const a = agg(targetPath);
      for (const name of importedNames(statement)) a.specifiers.add(name);
      a.modules.add(specifier);
      a.typeOnly &&= isTypeOnly(statement);
      a.dynamic = false;
      if (ts.isExportDeclaration(statement)) a.reexport = true;
      // Only a file that may re-export is parsed here (on demand, most import targets are not loaded).
      if (module.external || !mayReexport(projectFileText(ctx.project, targetName as string))) return;
      const target = sourceFileAt(ctx, targetName as string);
      if (!target || !isBarrel(target)) return;
      for (const el of namedElements(statement)) {
        const origin = exportedDeclarations(ctx, target, (el.propertyName ?? el.name).text).decls[0]?.getSourceFile();
        const originPath = origin ? repoPathOf(ctx.root, origin.fileName) : undefined;
        if (!originPath || originPath === targetPath || originPath === ctx.path) continue;
        const o = agg(originPath);
        o.specifiers.add((el.propertyName ?? el.name).text);
        o.typeOnly &&= isTypeOnly(statement) || el.isTypeOnly;
        o.dynamic = false;
        o.viaBarrel.add(targetPath);
      }
    });
  }

  if (ctx.text.includes('import(')) {
    forEachCall(sf, (call) => {
      if (call.expression.kind !== ts.SyntaxKind.ImportKeyword) return;
      const arg = call.arguments[0];
      if (!arg || !ts.isStringLiteralLike(arg)) return;
      guarded(into, PARSER, undefined, 'dynamic import', () => {
        const specifier = arg.text;
        const target = resolveModulePath(ctx.project, file.getFilePath(), specifier);
        const targetPath = target ? repoPathOf(ctx.root, target) : undefined;
        if (!targetPath) {
          if (!target) unresolved(specifier, lineOf(call));
          return;
        }
        const a = agg(targetPath);
        a.modules.add(specifier);
        a.typeOnly = false;
      });
    });
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
