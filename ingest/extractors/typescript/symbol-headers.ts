import {
  Node, ts, type ClassDeclaration, type EnumDeclaration, type FunctionDeclaration, type InterfaceDeclaration,
  type TypeAliasDeclaration, type VariableDeclaration, type VariableStatement,
} from 'ts-morph';
import type { PropValue } from '../../model/facts.js';
import { compact } from '../support/text.js';
import { decoratorName } from '../support/decorators.js';
import { isDefaultExported } from '../support/syntax-scope.js';

/** One top-level declaration the TypeScript extractor turns into a Symbol node. */
export interface SymbolHeader {
  node: Node;
  name: string;
  kind: 'class' | 'interface' | 'type' | 'enum' | 'function' | 'const';
  props: Record<string, PropValue>;
}

const MAX_MEMBERS = 60;

/** Decorator names as written (`@Component(...)` → `Component`, `@ng.Injectable()` → `Injectable`). */
export function decoratorNames(node: Node): string[] {
  if (!Node.isDecoratable(node)) return [];
  return node.getDecorators().map((d) => decoratorName(d) ?? d.getText().slice(0, 60));
}

function typeParamsText(node: Node): string {
  if (!Node.isTypeParametered(node)) return '';
  const params = node.getTypeParameters();
  return params.length ? `<${params.map((p) => p.getText()).join(', ')}>` : '';
}

/** Heritage clause texts read from the compiler node (ts-morph's getExtends() walks tokens). */
function heritage(decl: ClassDeclaration | InterfaceDeclaration, token: ts.SyntaxKind): string[] {
  const sf = decl.getSourceFile().compilerNode;
  return (decl.compilerNode.heritageClauses ?? []).filter((c) => c.token === token).flatMap((c) => c.types.map((t) => compact(t.getText(sf), 120)));
}

function classHeader(decl: ClassDeclaration, exported: boolean): SymbolHeader {
  const name = decl.getName() ?? 'default';
  const ext = heritage(decl, ts.SyntaxKind.ExtendsKeyword)[0];
  const impl = heritage(decl, ts.SyntaxKind.ImplementsKeyword);
  const head = `${decl.isAbstract() ? 'abstract ' : ''}class ${name}${typeParamsText(decl)}${ext ? ` extends ${ext}` : ''}${impl.length ? ` implements ${impl.join(', ')}` : ''}`;
  const props: Record<string, PropValue> = { exported, signature: compact(head, 300), decorators: decoratorNames(decl), implements: impl };
  if (ext) props.extends = compact(ext, 160);
  if (isDefaultExported(decl.compilerNode)) props.defaultExport = true;
  return { node: decl, name, kind: 'class', props };
}

function interfaceHeader(decl: InterfaceDeclaration, exported: boolean): SymbolHeader {
  const ext = heritage(decl, ts.SyntaxKind.ExtendsKeyword);
  const members = decl.getMembers().slice(0, MAX_MEMBERS).map((m) => compact(m.getText().replace(/[;,]\s*$/, ''), 200));
  const head = `interface ${decl.getName()}${typeParamsText(decl)}${ext.length ? ` extends ${ext.join(', ')}` : ''}`;
  return { node: decl, name: decl.getName(), kind: 'interface', props: { exported, signature: compact(head, 300), extends: ext, members } };
}

function typeHeader(decl: TypeAliasDeclaration, exported: boolean): SymbolHeader {
  return { node: decl, name: decl.getName(), kind: 'type', props: { exported, signature: compact(decl.getText().replace(/^export\s+(declare\s+)?/, ''), 400) } };
}

function enumHeader(decl: EnumDeclaration, exported: boolean): SymbolHeader {
  const members = decl.getMembers().slice(0, MAX_MEMBERS * 2).map((m) => m.getName());
  return { node: decl, name: decl.getName(), kind: 'enum', props: { exported, signature: `${decl.isConstEnum() ? 'const ' : ''}enum ${decl.getName()}`, members } };
}

/** `name<T>(a: A, b?: B): R` built from the declaration's parts (bodies never included). */
export function callSignature(name: string, node: Node): string {
  if (!Node.isParametered(node)) return name;
  const params = node.getParameters().map((p) => {
    const type = p.getTypeNode()?.getText();
    return `${p.isRestParameter() ? '...' : ''}${p.getName()}${p.hasQuestionToken() || p.hasInitializer() ? '?' : ''}${type ? `: ${type}` : ''}`;
  });
  const ret = Node.isReturnTyped(node) ? node.getReturnTypeNode()?.getText() : undefined;
  return compact(`${name}${typeParamsText(node)}(${params.join(', ')})${ret ? `: ${ret}` : ''}`, 300);
}

function functionHeader(decl: FunctionDeclaration): SymbolHeader {
  const name = decl.getName() ?? 'default';
  const props: Record<string, PropValue> = {
    exported: true,
    signature: `${decl.isAsync() ? 'async ' : ''}function ${callSignature(name, decl)}`,
  };
  if (isDefaultExported(decl.compilerNode)) props.defaultExport = true;
  return { node: decl, name, kind: 'function', props };
}

function variableHeader(decl: VariableDeclaration, statement: VariableStatement): SymbolHeader | undefined {
  const nameNode = decl.getNameNode();
  if (!Node.isIdentifier(nameNode)) return undefined;
  const name = nameNode.getText();
  const keyword = statement.getDeclarationKind();
  const type = decl.getTypeNode()?.getText();
  const init = decl.getInitializer();
  let signature = `${keyword} ${name}${type ? `: ${type}` : ''}`;
  if (!type && init) {
    signature = Node.isArrowFunction(init) || Node.isFunctionExpression(init)
      ? `${keyword} ${name} = ${callSignature('', init)} => …`
      : `${keyword} ${name} = ${compact(init.getText(), 120)}`;
  }
  return { node: decl, name, kind: 'const', props: { exported: true, signature: compact(signature, 300), declarationKind: keyword } };
}

/**
 * The Symbol headers of one top-level statement: classes, interfaces, type aliases and enums
 * always; functions and variables only when exported (`exportedNames` covers `export { x }`).
 */
export function headersOf(statement: Node, exportedNames: Set<string>): SymbolHeader[] {
  const exportedKeyword = Node.isExportable(statement) && statement.hasExportKeyword();
  if (Node.isClassDeclaration(statement)) {
    return [classHeader(statement, exportedKeyword || exportedNames.has(statement.getName() ?? ''))];
  }
  if (Node.isInterfaceDeclaration(statement)) return [interfaceHeader(statement, exportedKeyword || exportedNames.has(statement.getName()))];
  if (Node.isTypeAliasDeclaration(statement)) return [typeHeader(statement, exportedKeyword || exportedNames.has(statement.getName()))];
  if (Node.isEnumDeclaration(statement)) return [enumHeader(statement, exportedKeyword || exportedNames.has(statement.getName()))];
  if (Node.isFunctionDeclaration(statement)) {
    const name = statement.getName();
    return exportedKeyword || (name && exportedNames.has(name)) ? [functionHeader(statement)] : [];
  }
  if (Node.isVariableStatement(statement)) {
    const out: SymbolHeader[] = [];
    for (const decl of statement.getDeclarations()) {
      const name = decl.getNameNode();
      if (!exportedKeyword && !(Node.isIdentifier(name) && exportedNames.has(name.getText()))) continue;
      const header = variableHeader(decl, statement);
      if (header) out.push(header);
    }
    return out;
  }
  return [];
}
