import { Node, type ClassDeclaration } from 'ts-morph';
import { constInitializer } from '../angular/decorator-metadata.js';
import { unwrap } from '../support/text.js';

/** Called with every TypeScript node a value was read from (to record files read across imports). */
export type OnRead = (node: Node) => void;

/**
 * The expression a name or wrapper stands for: `MENU` → its const initializer (this file or
 * imported), `signal([...])` → its initial value, `[...] as const` → the array.
 */
export function followValue(node: Node, onRead: OnRead): Node {
  let current = unwrap(node);
  for (let hops = 0; hops < 8; hops++) {
    if (Node.isIdentifier(current)) {
      const init = constInitializer(current);
      if (!init) return current;
      onRead(init);
      current = init;
    } else if (Node.isCallExpression(current) && /^(?:signal|of)$/.test(current.getExpression().getText()) && current.getArguments().length === 1) {
      current = unwrap(current.getArguments()[0] as Node);
    } else return current;
  }
  return current;
}

/**
 * The initial value of a component member: a property initializer (`menu = [...]`, `menu = MENU`,
 * `menu = signal([...])`, `menu$ = of([...])`), a getter returning one expression, or a single `this.menu = …` in the
 * constructor / `ngOnInit`. Undefined when the member is not found or not set that way.
 */
export function memberValue(cls: ClassDeclaration, name: string, onRead: OnRead): Node | undefined {
  const prop = cls.getProperty(name);
  const init = prop && !prop.isStatic() ? prop.getInitializer() : undefined;
  if (init) return followValue(init, onRead);
  const getter = cls.getGetAccessor(name);
  const statements = getter?.getBody()?.getChildSyntaxList()?.getChildren() ?? [];
  const ret = statements.length === 1 && Node.isReturnStatement(statements[0]) ? statements[0].getExpression() : undefined;
  if (ret) return followValue(ret, onRead);
  const bodies = [...cls.getConstructors(), ...cls.getMethods().filter((m) => m.getName() === 'ngOnInit')].map((m) => m.getBody());
  const assigned: Node[] = [];
  for (const body of bodies) {
    if (!body || !Node.isBlock(body)) continue;
    for (const stmt of body.getStatements()) {
      const e = Node.isExpressionStatement(stmt) ? stmt.getExpression() : undefined;
      if (!e || !Node.isBinaryExpression(e) || e.getOperatorToken().getText() !== '=') continue;
      const left = e.getLeft();
      if (Node.isPropertyAccessExpression(left) && Node.isThisExpression(left.getExpression()) && left.getName() === name) assigned.push(e.getRight());
    }
  }
  return assigned.length === 1 ? followValue(assigned[0] as Node, onRead) : undefined;
}

/** The elements of an array literal (spreads of other literal arrays flattened); undefined otherwise. */
export function arrayElements(node: Node, onRead: OnRead): Node[] | undefined {
  const array = followValue(node, onRead);
  if (!Node.isArrayLiteralExpression(array)) return undefined;
  const out: Node[] = [];
  for (const el of array.getElements()) {
    if (Node.isSpreadElement(el)) {
      const inner = arrayElements(el.getExpression(), onRead);
      if (!inner) return undefined;
      out.push(...inner);
    } else out.push(followValue(el, onRead));
  }
  return out;
}

/** The value of property `name` of an object literal (`{ link: '/x' }`, shorthand `{ link }`). */
export function objectProperty(node: Node, name: string, onRead: OnRead): Node | undefined {
  const obj = followValue(node, onRead);
  if (!Node.isObjectLiteralExpression(obj)) return undefined;
  const prop = obj.getProperty(name);
  if (prop && Node.isPropertyAssignment(prop)) {
    const init = prop.getInitializer();
    return init ? followValue(init, onRead) : undefined;
  }
  if (prop && Node.isShorthandPropertyAssignment(prop)) return followValue(prop.getNameNode(), onRead);
  return undefined;
}
