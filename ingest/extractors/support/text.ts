import { Node } from 'ts-morph';

/** Collapses whitespace and truncates, so signature props stay small and stable. */
export function compact(text: string, max = 240): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/** The value of a string literal or a substitution-free template literal; undefined otherwise. */
export function stringValue(node: Node | undefined): string | undefined {
  if (!node) return undefined;
  if (Node.isStringLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node)) return node.getLiteralValue();
  if (Node.isParenthesizedExpression(node) || Node.isAsExpression(node) || Node.isSatisfiesExpression(node)) {
    return stringValue(node.getExpression());
  }
  return undefined;
}

/** The referenced name of an identifier or a property access (`Foo`, `ns.Foo` → `Foo`). */
export function refName(node: Node | undefined): string | undefined {
  if (!node) return undefined;
  if (Node.isIdentifier(node)) return node.getText();
  if (Node.isPropertyAccessExpression(node)) return node.getName();
  if (Node.isQualifiedName(node)) return node.getRight().getText();
  return undefined;
}

/** Strips `(x)`, `x as T`, `x satisfies T`, `<T>x` and `x!` wrappers around an expression. */
export function unwrap(node: Node): Node {
  let current = node;
  for (;;) {
    if (Node.isParenthesizedExpression(current) || Node.isAsExpression(current) || Node.isSatisfiesExpression(current)
      || Node.isTypeAssertion(current) || Node.isNonNullExpression(current)) {
      current = current.getExpression();
    } else return current;
  }
}

/** The path of a webpack-era `require('./x.html')` (Angular 2–4 starters inline assets this way). */
export function requiredPath(node: Node | undefined): string | undefined {
  const e = node ? unwrap(node) : undefined;
  if (!e || !Node.isCallExpression(e) || e.getExpression().getText() !== 'require') return undefined;
  return stringValue(e.getArguments()[0]);
}
