import { Node, type Decorator, type Expression, type ObjectLiteralExpression } from 'ts-morph';
import { refName, stringValue, unwrap } from '../support/text.js';
import { decoratorName } from '../support/decorators.js';
import { declarationsOfNode } from '../support/syntax-resolve.js';

/** The object literal a decorator was called with, and what about it could not be read. */
export interface Metadata {
  obj?: ObjectLiteralExpression;
  problems: string[];
}

/** Follows an identifier to a same-project `const X = <initializer>` and returns the initializer. */
export function constInitializer(node: Node): Node | undefined {
  if (!Node.isIdentifier(node)) return undefined;
  const decl = declarationsOfNode(node)[0];
  if (!decl || !Node.isVariableDeclaration(decl)) return undefined;
  const init = decl.getInitializer();
  return init ? unwrap(init) : undefined;
}

/**
 * Reads `@X({...})`. An argument that is an identifier bound to an object literal is followed;
 * spreads and computed configs are reported as problems (the readable keys are still used).
 */
export function metadataOf(decorator: Decorator): Metadata {
  const arg = decorator.getArguments()[0];
  if (!arg) return { problems: [] };
  let target: Node = unwrap(arg);
  const problems: string[] = [];
  if (!Node.isObjectLiteralExpression(target)) {
    const followed = constInitializer(target);
    if (followed && Node.isObjectLiteralExpression(followed)) target = followed;
    else return { problems: [`@${decoratorName(decorator) ?? '?'} metadata is not an object literal (${target.getKindName()})`] };
  }
  if (!Node.isObjectLiteralExpression(target)) return { problems };
  for (const p of target.getProperties()) {
    if (Node.isSpreadAssignment(p)) problems.push(`@${decoratorName(decorator) ?? '?'} metadata spreads ${p.getExpression().getText().slice(0, 80)}`);
  }
  return { obj: target, problems };
}

/** The value expression of a metadata key (`key: value` or shorthand `key`). */
export function metaValue(obj: ObjectLiteralExpression | undefined, key: string): Expression | undefined {
  const p = obj?.getProperty(key);
  if (!p) return undefined;
  if (Node.isPropertyAssignment(p)) {
    const init = p.getInitializer();
    return init ? (unwrap(init) as Expression) : undefined;
  }
  if (Node.isShorthandPropertyAssignment(p)) return p.getNameNode();
  return undefined;
}

/** A string metadata value, following a same-project `const`; `problem` says why it is not readable. */
export function metaString(obj: ObjectLiteralExpression | undefined, key: string): { value?: string; problem?: string } {
  const expr = metaValue(obj, key);
  if (!expr) return {};
  const direct = stringValue(expr) ?? stringValue(constInitializer(expr));
  if (direct !== undefined) return { value: direct };
  return { problem: `${key} is not a string literal (${expr.getText().slice(0, 80)})` };
}

/** A boolean metadata value when it is a literal. */
export function metaBoolean(obj: ObjectLiteralExpression | undefined, key: string): boolean | undefined {
  const expr = metaValue(obj, key);
  if (!expr) return undefined;
  if (Node.isTrueLiteral(expr)) return true;
  if (Node.isFalseLiteral(expr)) return false;
  return undefined;
}

/** A display name for one entry of `imports`/`providers`/`declarations`/… arrays. */
export function entryName(node: Node): string {
  const e = unwrap(node);
  const literal = stringValue(e);
  if (literal !== undefined) return literal;
  if (Node.isIdentifier(e) || Node.isPropertyAccessExpression(e)) return e.getText();
  if (Node.isCallExpression(e)) return e.getExpression().getText();
  if (Node.isSpreadElement(e)) return `...${e.getExpression().getText()}`;
  if (Node.isObjectLiteralExpression(e)) {
    const provide = metaValue(e, 'provide');
    if (provide) return refName(provide) ?? stringValue(provide) ?? provide.getText();
  }
  return e.getText().replace(/\s+/g, ' ').slice(0, 80);
}

/**
 * The entries of an array-valued key, following an identifier bound to an array in the project.
 * Returns the entry nodes so callers can resolve them.
 */
export function metaArray(obj: ObjectLiteralExpression | undefined, key: string): { entries: Node[]; problem?: string } {
  const expr = metaValue(obj, key);
  if (!expr) return { entries: [] };
  const arr = Node.isArrayLiteralExpression(expr) ? expr : constInitializer(expr);
  if (arr && Node.isArrayLiteralExpression(arr)) return { entries: arr.getElements() };
  return { entries: [expr], problem: `${key} is not an array literal (${expr.getText().slice(0, 80)})` };
}
