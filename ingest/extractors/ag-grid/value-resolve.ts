import { Node, SyntaxKind, type ClassDeclaration } from 'ts-morph';
import { declarationsOfNode } from '../support/syntax-resolve.js';
import { stringValue, unwrap } from '../support/text.js';

/** Parameter bindings of the function being evaluated: parameter name → argument at the call site. */
export type Env = ReadonlyMap<string, Node>;
export const EMPTY_ENV: Env = new Map();

/** A function-like declaration whose returned value can be followed. */
export type FunctionLike = Node & { getParameters(): Array<{ getName(): string }> };

/** Functions whose result is (or wraps) their first argument: `signal(x)`, `of(x)`, `computed(() => x)`. */
const PASS_THROUGH = new Set(['signal', 'of', 'computed', 'freeze', 'structuredClone', 'deepFreeze', 'asReadonly']);

/** Declarations a name resolves to (aliases and barrels followed; syntax-resolve.ts). */
export { declarationsOfNode as declarationsOf };

/** Values a class member takes: its initializer, getter/method returns, and `this.x = …` assignments. */
export function memberValues(cls: ClassDeclaration, name: string): Node[] {
  const out: Node[] = [];
  const init = cls.getProperty(name)?.getInitializer();
  if (init) out.push(init);
  const getter = cls.getGetAccessor(name);
  if (getter) out.push(...returnedValues(getter));
  for (const bin of cls.getDescendantsOfKind(SyntaxKind.BinaryExpression)) {
    if (bin.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) continue;
    const left = unwrap(bin.getLeft());
    if (Node.isPropertyAccessExpression(left) && left.getName() === name && left.getExpression().getKind() === SyntaxKind.ThisKeyword) {
      out.push(bin.getRight());
    }
  }
  return out;
}

/** Expressions a function-like returns (arrow expression body, or its own `return` statements). */
export function returnedValues(fn: Node): Node[] {
  if (Node.isArrowFunction(fn)) {
    const body = fn.getBody();
    if (!Node.isBlock(body)) return [body];
  }
  const out: Node[] = [];
  for (const ret of fn.getDescendantsOfKind(SyntaxKind.ReturnStatement)) {
    const owner = ret.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a) || Node.isArrowFunction(a) || Node.isFunctionExpression(a));
    const expr = ret.getExpression();
    if (owner === fn && expr) out.push(expr);
  }
  return out;
}

/** The function-like node a declaration stands for (`function f`, `const f = () => …`, a method). */
export function functionOf(decl: Node): FunctionLike | undefined {
  if (Node.isFunctionDeclaration(decl) || Node.isMethodDeclaration(decl) || Node.isArrowFunction(decl) || Node.isFunctionExpression(decl)) {
    return decl as FunctionLike;
  }
  if (Node.isVariableDeclaration(decl) || Node.isPropertyDeclaration(decl) || Node.isPropertyAssignment(decl)) {
    const init = decl.getInitializer();
    const value = init ? unwrap(init) : undefined;
    if (value && (Node.isArrowFunction(value) || Node.isFunctionExpression(value))) return value as FunctionLike;
  }
  return undefined;
}

/** Binds a function's parameters to a call's arguments. */
export function bindArgs(fn: FunctionLike, args: Node[]): Env {
  const env = new Map<string, Node>();
  fn.getParameters().forEach((p, i) => {
    const arg = args[i];
    if (arg) env.set(p.getName(), arg);
  });
  return env;
}

/** The first argument of a pass-through wrapper call (`signal([...])`), if the call is one. */
export function passThroughArg(call: Node): Node | undefined {
  if (!Node.isCallExpression(call)) return undefined;
  const callee = call.getExpression();
  const name = Node.isIdentifier(callee) ? callee.getText() : Node.isPropertyAccessExpression(callee) ? callee.getName() : '';
  if (!PASS_THROUGH.has(name)) return undefined;
  const arg = call.getArguments()[0];
  if (!arg) return undefined;
  const inner = unwrap(arg);
  if (name === 'computed' && (Node.isArrowFunction(inner) || Node.isFunctionExpression(inner))) return returnedValues(inner)[0];
  return arg;
}

/**
 * Follows a value expression one step to what it stands for: a parameter to its argument, `this.x`
 * to the member's values, a name to its variable/property initializer. Returns the expressions to
 * evaluate next (empty when it leads nowhere we can read).
 */
export function followValue(node: Node, env: Env): Array<{ node: Node; env: Env }> {
  const expr = unwrap(node);
  if (Node.isIdentifier(expr)) {
    const bound = env.get(expr.getText());
    if (bound) return [{ node: bound, env: EMPTY_ENV }];
    const out: Array<{ node: Node; env: Env }> = [];
    for (const decl of declarationsOfNode(expr)) {
      if (Node.isVariableDeclaration(decl) || Node.isPropertyDeclaration(decl) || Node.isPropertyAssignment(decl)) {
        const init = decl.getInitializer();
        if (init) out.push({ node: init, env: EMPTY_ENV });
      }
    }
    return out;
  }
  if (Node.isPropertyAccessExpression(expr)) {
    const owner = expr.getExpression();
    if (owner.getKind() === SyntaxKind.ThisKeyword) {
      const cls = expr.getFirstAncestorByKind(SyntaxKind.ClassDeclaration);
      return cls ? memberValues(cls, expr.getName()).map((n) => ({ node: n, env: EMPTY_ENV })) : [];
    }
    return declarationsOfNode(expr).flatMap((decl) => {
      const init = Node.isPropertyDeclaration(decl) || Node.isPropertyAssignment(decl) || Node.isVariableDeclaration(decl) ? decl.getInitializer() : undefined;
      return init ? [{ node: init, env: EMPTY_ENV }] : [];
    });
  }
  return [];
}

/** A string a value evaluates to (a literal, a bound argument, a const), else undefined. */
export function literalString(node: Node | undefined, env: Env, depth = 0): string | undefined {
  if (!node || depth > 4) return undefined;
  const direct = stringValue(unwrap(node));
  if (direct !== undefined) return direct;
  for (const next of followValue(node, env)) {
    const value = literalString(next.node, next.env, depth + 1);
    if (value !== undefined) return value;
  }
  return undefined;
}
