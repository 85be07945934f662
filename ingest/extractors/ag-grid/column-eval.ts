import { Node, SyntaxKind, type ObjectLiteralExpression } from 'ts-morph';
import { unwrap } from '../support/text.js';
import {
  EMPTY_ENV, bindArgs, declarationsOf, followValue, functionOf, literalString, passThroughArg, returnedValues, type Env,
} from './value-resolve.js';

/** A column definition found in code: the object literal, or the builder call that produced it. */
export interface ColumnSite {
  /** Where the column is written: the object literal, or the helper call (`textColumn('id', …)`). */
  site: Node;
  /** The object literal holding the properties (inside the helper for builder calls). */
  obj: ObjectLiteralExpression;
  env: Env;
  /** Property name → value expression (spreads of literal objects and bound arguments merged). */
  props: Map<string, { node: Node; env: Env }>;
  builder?: string;
  groupHeader?: string;
}

/** An element of a column list that could not be followed, and why. */
export interface UnresolvedColumn {
  node: Node;
  reason: string;
}

export interface ColumnResult {
  columns: ColumnSite[];
  unresolved: UnresolvedColumn[];
}

const MAX_DEPTH = 8;

function propName(prop: Node): string | undefined {
  if (Node.isPropertyAssignment(prop) || Node.isShorthandPropertyAssignment(prop) || Node.isMethodDeclaration(prop)) {
    const name = prop.getNameNode();
    return Node.isStringLiteral(name) ? name.getLiteralValue() : name.getText();
  }
  return undefined;
}

/** Properties of an object literal, with `...spread` of literal objects / bound arguments merged in order. */
export function collectProps(obj: ObjectLiteralExpression, env: Env, into = new Map<string, { node: Node; env: Env }>(), depth = 0): Map<string, { node: Node; env: Env }> {
  for (const prop of obj.getProperties()) {
    if (Node.isSpreadAssignment(prop)) {
      if (depth > 3) continue;
      const target = objectLiteralOf(prop.getExpression(), env, depth + 1);
      if (target) collectProps(target.obj, target.env, into, depth + 1);
      continue;
    }
    const name = propName(prop);
    if (!name) continue;
    if (Node.isPropertyAssignment(prop)) into.set(name, { node: prop.getInitializerOrThrow(), env });
    else if (Node.isShorthandPropertyAssignment(prop)) into.set(name, { node: env.get(name) ?? prop.getNameNode(), env: env.has(name) ? EMPTY_ENV : env });
    else into.set(name, { node: prop, env });
  }
  return into;
}

/** The object literal a value stands for (followed through names, `this.x` and arguments). */
export function objectLiteralOf(node: Node, env: Env, depth = 0): { obj: ObjectLiteralExpression; env: Env } | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const expr = unwrap(node);
  if (Node.isObjectLiteralExpression(expr)) return { obj: expr, env };
  const wrapped = passThroughArg(expr);
  if (wrapped) return objectLiteralOf(wrapped, env, depth + 1);
  for (const next of followValue(expr, env)) {
    const found = objectLiteralOf(next.node, next.env, depth + 1);
    if (found) return found;
  }
  return undefined;
}

class ColumnEvaluator {
  readonly result: ColumnResult = { columns: [], unresolved: [] };
  /** Expressions on the current evaluation path (cycle guard). */
  private readonly seen = new Set<Node>();

  /** An expression whose value is a list of columns. */
  list(node: Node, env: Env, depth: number, group?: string): void {
    const expr = unwrap(node);
    if (depth > MAX_DEPTH || this.seen.has(expr)) return this.fail(expr, 'indirection too deep or cyclic');
    this.seen.add(expr);
    try {
      this.listOf(expr, env, depth, group);
    } finally {
      this.seen.delete(expr);
    }
  }

  private listOf(expr: Node, env: Env, depth: number, group?: string): void {
    if (Node.isArrayLiteralExpression(expr)) {
      for (const el of expr.getElements()) {
        if (Node.isSpreadElement(el)) this.list(el.getExpression(), env, depth + 1, group);
        else this.element(el, env, depth + 1, group);
      }
      this.pushed(expr, env, depth, group);
      return;
    }
    if (Node.isConditionalExpression(expr)) {
      this.list(expr.getWhenTrue(), env, depth + 1, group);
      this.list(expr.getWhenFalse(), env, depth + 1, group);
      return;
    }
    if (Node.isCallExpression(expr)) return this.listCall(expr, env, depth, group);
    const next = followValue(expr, env);
    if (next.length === 0) return this.fail(expr, Node.isIdentifier(expr) && !env.has(expr.getText()) && declarationsOf(expr).some((d) => Node.isParameterDeclaration(d)) ? 'value comes from a parameter' : 'column list is not statically known');
    for (const n of next) this.list(n.node, n.env, depth + 1, group);
  }

  private listCall(call: Node & { getExpression(): Node; getArguments(): Node[] }, env: Env, depth: number, group?: string): void {
    const wrapped = passThroughArg(call);
    if (wrapped) return this.list(wrapped, env, depth + 1, group);
    const callee = call.getExpression();
    if (Node.isPropertyAccessExpression(callee)) {
      const method = callee.getName();
      if (method === 'concat') {
        this.list(callee.getExpression(), env, depth + 1, group);
        for (const arg of call.getArguments()) this.list(arg, env, depth + 1, group);
        return;
      }
      if (['filter', 'slice', 'sort', 'reverse', 'flat'].includes(method)) return this.list(callee.getExpression(), env, depth + 1, group);
      if (['map', 'flatMap', 'reduce'].includes(method)) return this.fail(call, `columns computed by ${method}()`);
    }
    const fns = declarationsOf(callee).map(functionOf).filter((f) => f !== undefined);
    if (fns.length === 0) return this.fail(call, 'column factory not found in the repository');
    for (const fn of fns) for (const ret of returnedValues(fn)) this.list(ret, bindArgs(fn, call.getArguments()), depth + 1, group);
  }

  /** One element of a column list: a literal, a builder call, a named column, a group. */
  private element(node: Node, env: Env, depth: number, group?: string): void {
    const expr = unwrap(node);
    if (Node.isObjectLiteralExpression(expr)) return this.column(expr, expr, env, depth, group);
    if (Node.isConditionalExpression(expr)) {
      this.element(expr.getWhenTrue(), env, depth + 1, group);
      this.element(expr.getWhenFalse(), env, depth + 1, group);
      return;
    }
    if (Node.isCallExpression(expr) && !passThroughArg(expr)) {
      const fns = declarationsOf(expr.getExpression()).map(functionOf).filter((f) => f !== undefined);
      const builder = expr.getExpression().getText();
      let found = false;
      for (const fn of fns) {
        for (const ret of returnedValues(fn)) {
          const obj = objectLiteralOf(ret, bindArgs(fn, expr.getArguments()));
          if (obj) {
            found = true;
            this.column(expr, obj.obj, obj.env, depth, group, builder);
          }
        }
      }
      if (!found) this.fail(expr, fns.length ? 'column builder does not return an object literal' : 'column builder not found in the repository');
      return;
    }
    const obj = objectLiteralOf(expr, env);
    if (obj) return this.column(obj.obj, obj.obj, obj.env, depth, group);
    this.fail(expr, 'column is not statically known');
  }

  private column(site: Node, obj: ObjectLiteralExpression, env: Env, depth: number, group?: string, builder?: string): void {
    const props = collectProps(obj, env);
    const children = props.get('children');
    if (children) {
      const header = literalString(props.get('headerName')?.node, props.get('headerName')?.env ?? env) ?? group;
      return this.list(children.node, children.env, depth + 1, header);
    }
    this.result.columns.push({ site, obj, env, props, ...(builder ? { builder } : {}), ...(group ? { groupHeader: group } : {}) });
  }

  /** `cols.push({...})` after `const cols = [...]` / `this.cols = []`: pushed elements belong to the list. */
  private pushed(arr: Node, env: Env, depth: number, group?: string): void {
    const decl = arr.getParent();
    let name: string | undefined;
    let scope: Node | undefined;
    if (decl && Node.isVariableDeclaration(decl)) {
      name = decl.getName();
      scope = decl.getFirstAncestor((a) => Node.isBlock(a) || Node.isSourceFile(a));
    }
    if (!name || !scope) return;
    for (const call of scope.getDescendantsOfKind(SyntaxKind.CallExpression)) {
      const callee = call.getExpression();
      if (Node.isPropertyAccessExpression(callee) && callee.getName() === 'push' && callee.getExpression().getText() === name) {
        for (const arg of call.getArguments()) {
          if (Node.isSpreadElement(arg)) this.list(arg.getExpression(), env, depth + 1, group);
          else this.element(arg, env, depth + 1, group);
        }
      }
    }
  }

  private fail(node: Node, reason: string): void {
    this.result.unresolved.push({ node, reason });
  }
}

/**
 * Follows a column-list expression (a `[columnDefs]` member's values) to the column definitions it
 * produces: inline arrays, `ColDef[]` members assigned anywhere in the class, factory functions and
 * builder helpers in other files (arguments bound to parameters), spreads, `concat`, column groups
 * and `push`. What cannot be followed is returned with a reason, never guessed.
 */
export function evaluateColumns(values: Node[]): ColumnResult {
  const evaluator = new ColumnEvaluator();
  for (const value of values) evaluator.list(value, EMPTY_ENV, 0);
  return evaluator.result;
}
