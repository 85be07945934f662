import {
  BindingPipe, Call, ImplicitReceiver, NonNullAssert, ParenthesizedExpression, PropertyRead, SafePropertyRead, ThisReceiver, type AST,
} from '@angular/compiler';
import { Node, type ClassDeclaration } from 'ts-morph';
import { targetFromCommands, targetFromUrl, type NavPiece, type NavTarget } from '../navigation/nav-target.js';
import { constString } from '../support/const-string.js';
import { arrayElements, memberValue, objectProperty, type OnRead } from './literal-values.js';
import type { LoopBinding } from './template-walk.js';

/** One value a loop-driven routerLink takes: where it was read (`menu[1].route`) and its target. */
export interface MenuLinkEntry {
  origin: string;
  target: NavTarget;
}

/** Evaluation context: the component class whose members the template reads. */
export interface MenuScope {
  cls: ClassDeclaration | undefined;
  onRead: OnRead;
}

/** A value of a template expression: the TypeScript node it was written as, or why it is unknown. */
interface Value {
  origin: string;
  node?: Node;
  reason?: string;
}

function bindingOf(loop: LoopBinding | undefined, name: string): LoopBinding | undefined {
  for (let b = loop; b; b = b.outer) if (b.name === name) return b;
  return undefined;
}

function strip(ast: AST): AST {
  let current = ast;
  for (;;) {
    if (current instanceof NonNullAssert || current instanceof ParenthesizedExpression) current = current.expression;
    else if (current instanceof BindingPipe && current.name === 'async') current = current.exp;
    else if (current instanceof Call && current.args.length === 0) current = current.receiver; // signal read `menu()`
    else return current;
  }
}

/** The loop variable an expression starts from (`item.link` → item), if it starts from one. */
export function loopRootOf(ast: AST, loop: LoopBinding | undefined): LoopBinding | undefined {
  let current = strip(ast);
  while ((current instanceof PropertyRead || current instanceof SafePropertyRead) && !(current.receiver instanceof ImplicitReceiver)) {
    current = strip(current.receiver);
  }
  if ((current instanceof PropertyRead || current instanceof SafePropertyRead) && !(current.receiver instanceof ThisReceiver)) {
    return bindingOf(loop, current.name);
  }
  return undefined;
}

function iterate(binding: LoopBinding, scope: MenuScope): Value[] {
  return evaluate(binding.iterated, binding.outer, scope).flatMap((v): Value[] => {
    if (!v.node) return [v];
    const elements = arrayElements(v.node, scope.onRead);
    if (!elements) return [{ origin: v.origin, reason: `${v.origin} is not an array literal` }];
    return elements.map((node, i) => ({ origin: `${v.origin}[${i}]`, node }));
  });
}

function evaluate(raw: AST, loop: LoopBinding | undefined, scope: MenuScope): Value[] {
  const ast = strip(raw);
  if (!(ast instanceof PropertyRead || ast instanceof SafePropertyRead)) {
    return [{ origin: '?', reason: 'loop over an expression that is not a component member' }];
  }
  if (ast.receiver instanceof ImplicitReceiver || ast.receiver instanceof ThisReceiver) {
    const binding = ast.receiver instanceof ThisReceiver ? undefined : bindingOf(loop, ast.name);
    if (binding) return iterate(binding, scope);
    const node = scope.cls ? memberValue(scope.cls, ast.name, scope.onRead) : undefined;
    if (node) return [{ origin: ast.name, node }];
    const reason = scope.cls ? `member ${ast.name} has no literal initial value` : 'component class of the template not found';
    return [{ origin: ast.name, reason }];
  }
  return evaluate(ast.receiver, loop, scope).map((v): Value => {
    const origin = `${v.origin}.${ast.name}`;
    if (!v.node) return { ...v, origin: v.reason ? v.origin : origin };
    const node = objectProperty(v.node, ast.name, scope.onRead);
    return node ? { origin, node } : { origin, reason: `${origin} is not a literal` };
  });
}

/** A literal link value: a string (or const) URL, or an array of commands (same rules as a bound literal). */
function targetOf(value: Value): NavTarget {
  const { node } = value;
  if (!node) return { resolved: false, unresolvedReason: value.reason ?? 'non-literal menu entry' };
  const url = constString(node);
  if (url !== undefined) return targetFromUrl(url, false);
  if (Node.isArrayLiteralExpression(node)) {
    const pieces: NavPiece[] = [];
    for (const el of node.getElements()) {
      const literal = constString(el) ?? (Node.isNumericLiteral(el) ? String(el.getLiteralValue()) : undefined);
      if (literal !== undefined) pieces.push({ literal });
      else if (Node.isObjectLiteralExpression(el)) return { resolved: false, unresolvedReason: 'outlet or matrix-parameter commands' };
      else pieces.push({ dynamic: el.getText() });
    }
    return targetFromCommands(pieces, false);
  }
  return { resolved: false, unresolvedReason: `${value.origin} is not a literal` };
}

/**
 * The values a `routerLink` bound to a loop variable takes (`item.link` with `let item of menu`),
 * read from the array literal the loop iterates: a component member's initial value, possibly an
 * imported const, through nested loops. One entry per element (unknown ones carry the reason).
 */
export function menuLinkEntries(ast: AST, loop: LoopBinding, scope: MenuScope): MenuLinkEntry[] {
  return evaluate(ast, loop, scope).map((v) => ({ origin: v.origin, target: targetOf(v) }));
}
