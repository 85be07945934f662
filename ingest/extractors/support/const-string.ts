import { Node } from 'ts-morph';
import { constInitializer } from '../angular/decorator-metadata.js';
import { declarationsOfNode } from './syntax-resolve.js';
import { stringValue, unwrap } from './text.js';

/** How many constants one value may be built through (`EDIT = \`${BASE}/edit\``, BASE = …); also ends a cycle. */
const MAX_DEPTH = 8;

/**
 * A string written as a literal, a const (`HOME`), a string enum member (`AppRoute.Orders`) or a
 * property of a const object (`PATHS.orders`), in this file or imported — how larger apps name
 * their route paths — or a template literal or `+` concatenation of such parts
 * (`\`${EPERSON_PATH}/create\``). Undefined for anything computed.
 */
export function constString(expr: Node, depth = 0): string | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const direct = stringValue(expr);
  if (direct !== undefined) return direct;
  const e = unwrap(expr);
  const init = constInitializer(e);
  if (init) return constString(init, depth + 1);
  if (Node.isTemplateExpression(e)) {
    let text = e.getHead().getLiteralText();
    for (const span of e.getTemplateSpans()) {
      const part = constString(span.getExpression(), depth + 1);
      if (part === undefined) return undefined;
      text += part + span.getLiteral().getLiteralText();
    }
    return text;
  }
  if (Node.isBinaryExpression(e) && e.getOperatorToken().getText() === '+') {
    const left = constString(e.getLeft(), depth + 1);
    const right = left === undefined ? undefined : constString(e.getRight(), depth + 1);
    return right === undefined ? undefined : left + right;
  }
  if (!Node.isPropertyAccessExpression(e)) return undefined;
  const decl = declarationsOfNode(e)[0];
  if (decl && (Node.isEnumMember(decl) || Node.isPropertyAssignment(decl))) {
    const value = decl.getInitializer();
    return value ? constString(value, depth + 1) : undefined;
  }
  return undefined;
}
