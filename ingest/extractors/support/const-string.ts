import { Node } from 'ts-morph';
import { constInitializer } from '../angular/decorator-metadata.js';
import { declarationsOfNode } from './syntax-resolve.js';
import { stringValue, unwrap } from './text.js';

/**
 * A string written as a literal, a const (`HOME`), a string enum member (`AppRoute.Orders`) or a
 * property of a const object (`PATHS.orders`), in this file or imported — how larger apps name
 * their route paths. Undefined for anything computed.
 */
export function constString(expr: Node): string | undefined {
  const direct = stringValue(expr) ?? stringValue(constInitializer(unwrap(expr)));
  if (direct !== undefined) return direct;
  const e = unwrap(expr);
  if (!Node.isPropertyAccessExpression(e)) return undefined;
  const decl = declarationsOfNode(e)[0];
  if (decl && (Node.isEnumMember(decl) || Node.isPropertyAssignment(decl))) return stringValue(decl.getInitializer());
  return undefined;
}
