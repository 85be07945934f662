import { Node, SyntaxKind, type ClassDeclaration, type ObjectLiteralExpression } from 'ts-morph';
import { stringValue, unwrap } from '../support/text.js';
import { declarationsOf, functionOf, literalString, type Env } from './value-resolve.js';

/** What a `cellRenderer`-like column property leads to. */
export type RendererTarget =
  | { kind: 'class'; cls: ClassDeclaration; name: string; key?: string }
  | { kind: 'function'; node: Node; name: string }
  | { kind: 'builtin'; key: string }
  | { kind: 'unresolved'; name: string; reason: string; expression: string };

/** A `components` / `frameworkComponents` registry object (from the grid bindings or gridOptions). */
export interface Registry {
  obj: ObjectLiteralExpression;
  env: Env;
}

const MAX_DEPTH = 6;

function lookupKey(key: string, registries: Registry[]): { node: Node; env: Env } | undefined {
  for (const reg of registries) {
    for (const prop of reg.obj.getProperties()) {
      if (Node.isPropertyAssignment(prop)) {
        const nameNode = prop.getNameNode();
        const name = Node.isStringLiteral(nameNode) ? nameNode.getLiteralValue() : nameNode.getText();
        if (name === key) return { node: prop.getInitializerOrThrow(), env: reg.env };
      } else if (Node.isShorthandPropertyAssignment(prop) && prop.getName() === key) {
        return { node: prop.getNameNode(), env: reg.env };
      }
    }
  }
  return undefined;
}

function fromKey(key: string, registries: Registry[], depth: number): RendererTarget[] {
  const found = lookupKey(key, registries);
  if (found) return resolveRenderer(found.node, found.env, [], depth + 1).map((t) => (t.kind === 'class' ? { ...t, key } : t));
  if (/^ag[A-Z]/.test(key)) return [{ kind: 'builtin', key }];
  const where = registries.length ? 'components/frameworkComponents registries' : 'any registry (no components/frameworkComponents binding)';
  return [{ kind: 'unresolved', name: key, reason: `registry key '${key}' not found in ${where}`, expression: `'${key}'` }];
}

/**
 * Resolves a renderer value: a component class (imported, even from another file), a function
 * renderer, a string key looked up in the registries, an ag-Grid built-in (`agGroupCellRenderer`),
 * or an explicit unresolved target with the reason.
 */
export function resolveRenderer(node: Node, env: Env, registries: Registry[], depth = 0): RendererTarget[] {
  const expr = unwrap(node);
  const text = expr.getText().slice(0, 160);
  if (depth > MAX_DEPTH) return [{ kind: 'unresolved', name: text, reason: 'indirection too deep', expression: text }];
  const key = stringValue(expr) ?? (Node.isIdentifier(expr) && env.has(expr.getText()) ? literalString(expr, env) : undefined);
  if (key !== undefined) return fromKey(key, registries, depth);
  if (Node.isIdentifier(expr) && env.has(expr.getText())) return resolveRenderer(env.get(expr.getText()) as Node, new Map(), registries, depth + 1);
  if (Node.isArrowFunction(expr) || Node.isFunctionExpression(expr) || Node.isMethodDeclaration(expr)) {
    return [{ kind: 'function', node: expr, name: Node.isMethodDeclaration(expr) ? expr.getName() : 'inline function' }];
  }
  if (Node.isConditionalExpression(expr)) {
    return [...resolveRenderer(expr.getWhenTrue(), env, registries, depth + 1), ...resolveRenderer(expr.getWhenFalse(), env, registries, depth + 1)];
  }
  if (Node.isIdentifier(expr) || Node.isPropertyAccessExpression(expr)) {
    const decls = declarationsOf(expr);
    for (const decl of decls) {
      if (Node.isClassDeclaration(decl)) return [{ kind: 'class', cls: decl, name: decl.getName() ?? 'default' }];
      if (functionOf(decl)) return [{ kind: 'function', node: decl, name: Node.isFunctionDeclaration(decl) ? (decl.getName() ?? 'function') : text }];
      if (Node.isVariableDeclaration(decl) || Node.isPropertyDeclaration(decl)) {
        const init = decl.getInitializer();
        if (init) return resolveRenderer(init, new Map(), registries, depth + 1);
      }
    }
    const reason = decls.length ? 'renderer declaration is not a class, function or key' : 'renderer not declared in the repository';
    return [{ kind: 'unresolved', name: text, reason, expression: text }];
  }
  return [{ kind: 'unresolved', name: text, reason: 'computed renderer expression', expression: text }];
}

/**
 * Renderers a `cellRendererSelector` can pick: every `{ component: X }` it returns (a function
 * literal, or a named function followed to its declaration).
 */
export function resolveSelector(node: Node, env: Env, registries: Registry[]): RendererTarget[] {
  let fn: Node | undefined = unwrap(node);
  if (Node.isIdentifier(fn) || Node.isPropertyAccessExpression(fn)) fn = declarationsOf(fn).map(functionOf).find((f) => f !== undefined);
  if (!fn) return [{ kind: 'unresolved', name: 'cellRendererSelector', reason: 'selector function not found', expression: node.getText().slice(0, 160) }];
  const out: RendererTarget[] = [];
  for (const obj of [fn, ...fn.getDescendantsOfKind(SyntaxKind.ObjectLiteralExpression)]) {
    if (!Node.isObjectLiteralExpression(obj)) continue;
    const component = obj.getProperty('component');
    if (component && Node.isPropertyAssignment(component)) out.push(...resolveRenderer(component.getInitializerOrThrow(), env, registries));
  }
  return out.length ? out : [{ kind: 'unresolved', name: 'cellRendererSelector', reason: 'selector returns no { component } literal', expression: node.getText().slice(0, 160) }];
}
