import { ts, type Decorator } from 'ts-morph';

/**
 * The name a decorator is applied by (`@Component(…)` → `Component`, `@core.Injectable()` →
 * `Injectable`), or undefined for shapes that have none (`@({…})`, `@list[0]`). ts-morph's
 * `getName()` throws on those, which would cost every fact of the class.
 */
export function decoratorName(decorator: Decorator): string | undefined {
  let expr: ts.Expression = decorator.compilerNode.expression;
  while (ts.isParenthesizedExpression(expr)) expr = expr.expression;
  if (ts.isCallExpression(expr)) expr = expr.expression;
  if (ts.isIdentifier(expr)) return expr.text;
  if (ts.isPropertyAccessExpression(expr)) return expr.name.text;
  return undefined;
}

/** The first decorator of a class or member applied by `name` (ts-morph's getDecorator without the throw). */
export function decoratorNamed(node: { getDecorators(): Decorator[] }, name: string): Decorator | undefined {
  return node.getDecorators().find((d) => decoratorName(d) === name);
}
