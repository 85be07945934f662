import { ts } from 'ts-morph';

/**
 * Name lookup on the syntax tree alone: which declarations a name has in a scope, and what a
 * module exports under a name. No program and no type checker — those bind every file of the
 * repository (and whatever node_modules typings they import) before the first answer.
 */

/** A module-scope binding that comes from another module: `import { a as b }`, `import b`, `import * as b`. */
export interface ImportBinding {
  kind: 'named' | 'default' | 'namespace';
  /** The name exported by the module (`a` in `import { a as b }`; `default`; `*`). */
  imported: string;
  specifier: string;
  node: ts.Node;
}

/** What a module exports under one name. */
export type ExportEntry =
  | { kind: 'local'; name: string; decls: ts.Node[] }
  | { kind: 'reexport'; specifier: string; imported: string }
  | { kind: 'namespace'; specifier: string };

export interface ModuleScope {
  /** Top-level declarations by name (declaration order). */
  locals: Map<string, ts.Node[]>;
  imports: Map<string, ImportBinding>;
  exports: Map<string, ExportEntry>;
  /** `export * from '…'` specifiers, in order. */
  stars: string[];
}

const scopes = new WeakMap<ts.SourceFile, ModuleScope>();

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function modifiers(node: ts.Node): readonly ts.ModifierLike[] {
  return ts.canHaveModifiers(node) ? ts.getModifiers(node) ?? [] : [];
}

export function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  return modifiers(node).some((m) => m.kind === kind);
}

/** Names a binding pattern (or identifier) declares: `const { a, b: [c] } = …` → a, c. */
function bindingNames(name: ts.BindingName, visit: (id: ts.Identifier, decl: ts.Node) => void, decl: ts.Node): void {
  if (ts.isIdentifier(name)) {
    visit(name, decl);
    return;
  }
  for (const element of name.elements) {
    if (ts.isBindingElement(element)) bindingNames(element.name, visit, ts.isIdentifier(element.name) ? element : decl);
  }
}

/** The declarations a statement introduces into the block that holds it, by name. */
export function declaredBy(statement: ts.Statement, visit: (name: string, decl: ts.Node) => void): void {
  if (ts.isVariableStatement(statement)) {
    for (const decl of statement.declarationList.declarations) bindingNames(decl.name, (id, d) => visit(id.text, d), decl);
  } else if (ts.isClassDeclaration(statement) || ts.isFunctionDeclaration(statement)) {
    if (statement.name) visit(statement.name.text, statement);
  } else if (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isEnumDeclaration(statement)) {
    visit(statement.name.text, statement);
  } else if (ts.isModuleDeclaration(statement) && ts.isIdentifier(statement.name)) {
    visit(statement.name.text, statement);
  }
}

function literalText(node: ts.Expression | undefined): string | undefined {
  return node && ts.isStringLiteralLike(node) ? node.text : undefined;
}

function readImport(statement: ts.ImportDeclaration, imports: Map<string, ImportBinding>): void {
  const specifier = literalText(statement.moduleSpecifier);
  const clause = statement.importClause;
  if (specifier === undefined || !clause) return;
  if (clause.name) imports.set(clause.name.text, { kind: 'default', imported: 'default', specifier, node: clause });
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) imports.set(bindings.name.text, { kind: 'namespace', imported: '*', specifier, node: bindings });
  if (bindings && ts.isNamedImports(bindings)) {
    for (const el of bindings.elements) imports.set(el.name.text, { kind: 'named', imported: (el.propertyName ?? el.name).text, specifier, node: el });
  }
}

function readExportDeclaration(statement: ts.ExportDeclaration, scope: ModuleScope): void {
  const specifier = literalText(statement.moduleSpecifier);
  const clause = statement.exportClause;
  if (!clause) {
    if (specifier !== undefined) scope.stars.push(specifier);
    return;
  }
  if (ts.isNamespaceExport(clause)) {
    if (specifier !== undefined) scope.exports.set(clause.name.text, { kind: 'namespace', specifier });
    return;
  }
  for (const el of clause.elements) {
    const local = (el.propertyName ?? el.name).text;
    const entry: ExportEntry = specifier !== undefined
      ? { kind: 'reexport', specifier, imported: local }
      : { kind: 'local', name: local, decls: [] };
    scope.exports.set(el.name.text, entry);
  }
}

/** The module scope of a file: top-level declarations, import bindings and exports (cached per parse). */
export function moduleScopeOf(file: ts.SourceFile): ModuleScope {
  const cached = scopes.get(file);
  if (cached) return cached;
  const scope: ModuleScope = { locals: new Map(), imports: new Map(), exports: new Map(), stars: [] };
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement)) readImport(statement, scope.imports);
    else if (ts.isExportDeclaration(statement)) readExportDeclaration(statement, scope);
    else if (ts.isExportAssignment(statement) && !statement.isExportEquals) {
      const expr = statement.expression;
      scope.exports.set('default', ts.isIdentifier(expr) ? { kind: 'local', name: expr.text, decls: [] } : { kind: 'local', name: 'default', decls: [statement] });
    } else {
      const exported = hasModifier(statement, ts.SyntaxKind.ExportKeyword);
      const isDefault = exported && hasModifier(statement, ts.SyntaxKind.DefaultKeyword);
      if (isDefault && (ts.isClassDeclaration(statement) || ts.isFunctionDeclaration(statement)) && !statement.name) {
        scope.exports.set('default', { kind: 'local', name: 'default', decls: [statement] });
        continue;
      }
      declaredBy(statement, (name, decl) => {
        push(scope.locals, name, decl);
        if (isDefault) scope.exports.set('default', { kind: 'local', name, decls: [] });
        else if (exported) scope.exports.set(name, { kind: 'local', name, decls: [] });
      });
    }
  }
  scopes.set(file, scope);
  return scope;
}

/** Declarations a block-like node introduces, by name (not cached: blocks are small and visited rarely). */
function blockDeclarations(statements: readonly ts.Statement[], name: string): ts.Node[] {
  const out: ts.Node[] = [];
  for (const statement of statements) declaredBy(statement, (n, decl) => void (n === name && out.push(decl)));
  return out;
}

/** Parameters, a `for` head or a `catch` variable that declare `name` at this node, if any. */
function headDeclarations(node: ts.Node, name: string): ts.Node[] {
  const out: ts.Node[] = [];
  const visit = (id: ts.Identifier, decl: ts.Node): void => void (id.text === name && out.push(decl));
  if (ts.isFunctionLike(node)) {
    for (const p of node.parameters) bindingNames(p.name, visit, p);
    if ((ts.isFunctionExpression(node) || ts.isClassExpression(node)) && node.name?.text === name) out.push(node);
  } else if ((ts.isForStatement(node) || ts.isForOfStatement(node) || ts.isForInStatement(node)) && node.initializer && ts.isVariableDeclarationList(node.initializer)) {
    for (const d of node.initializer.declarations) bindingNames(d.name, visit, d);
  } else if (ts.isCatchClause(node) && node.variableDeclaration) {
    bindingNames(node.variableDeclaration.name, visit, node.variableDeclaration);
  }
  return out;
}

/** Where a name used at `at` is declared: the innermost enclosing scope that declares it. */
export type ScopeHit = { kind: 'decls'; decls: ts.Node[] } | { kind: 'import'; binding: ImportBinding };

/** A name written where a type goes (`x: Foo`, `implements Foo`): values (parameters, variables, functions) do not bind it. */
export function isTypePosition(node: ts.Node): boolean {
  let n = node;
  while (n.parent && ts.isQualifiedName(n.parent) && n.parent.left === n) n = n.parent;
  const parent = n.parent;
  if (!parent) return false;
  if (ts.isTypeReferenceNode(parent)) return true;
  return ts.isExpressionWithTypeArguments(parent) && ts.isHeritageClause(parent.parent)
    && (parent.parent.token === ts.SyntaxKind.ImplementsKeyword || ts.isInterfaceDeclaration(parent.parent.parent));
}

function declaresType(decl: ts.Node): boolean {
  return ts.isClassLike(decl) || ts.isInterfaceDeclaration(decl) || ts.isTypeAliasDeclaration(decl) || ts.isEnumDeclaration(decl) || ts.isModuleDeclaration(decl);
}

export function lookupName(at: ts.Node, name: string, typeOnly = false): ScopeHit | undefined {
  const keep = (decls: ts.Node[]): ts.Node[] => (typeOnly ? decls.filter(declaresType) : decls);
  for (let node: ts.Node | undefined = at.parent; node; node = node.parent) {
    if (ts.isSourceFile(node)) {
      const scope = moduleScopeOf(node);
      const binding = scope.imports.get(name);
      if (binding) return { kind: 'import', binding };
      const decls = keep(scope.locals.get(name) ?? []);
      return decls.length ? { kind: 'decls', decls } : undefined;
    }
    const head = keep(headDeclarations(node, name));
    if (head.length) return { kind: 'decls', decls: head };
    if (ts.isBlock(node) || ts.isModuleBlock(node) || ts.isCaseClause(node) || ts.isDefaultClause(node)) {
      const decls = keep(blockDeclarations(node.statements, name));
      if (decls.length) return { kind: 'decls', decls };
    }
  }
  return undefined;
}

/** `export default class X`, or a top-level X that `export default X` / `export { X as default }` names. */
export function isDefaultExported(decl: ts.ClassDeclaration | ts.FunctionDeclaration): boolean {
  if (hasModifier(decl, ts.SyntaxKind.ExportKeyword) && hasModifier(decl, ts.SyntaxKind.DefaultKeyword)) return true;
  const name = decl.name?.text;
  if (!name || !ts.isSourceFile(decl.parent)) return false;
  const scope = moduleScopeOf(decl.parent);
  const entry = scope.exports.get('default');
  return entry?.kind === 'local' && entry.decls.length === 0 && entry.name === name && !scope.imports.has(name);
}
