import { Node, SyntaxKind, type CallExpression, type ClassDeclaration } from 'ts-morph';
import { constString } from '../support/const-string.js';
import { unwrap } from '../support/text.js';
import { stringBuiltTarget, targetFromCommands, targetFromUrl, type NavPiece, type NavTarget } from './nav-target.js';

/** A `router.navigate(...)` / `router.navigateByUrl(...)` call found in a class. */
export interface RouterCall {
  call: CallExpression;
  kind: 'navigate' | 'navigateByUrl';
  member?: string;
  target: NavTarget;
}

/** Names under which a class holds the Angular Router: constructor parameters and `inject(Router)` fields. */
export function routerNames(cls: ClassDeclaration): Set<string> {
  const names = new Set<string>();
  for (const ctor of cls.getConstructors()) {
    for (const p of ctor.getParameters()) if (/\bRouter$/.test(p.getTypeNode()?.getText() ?? '')) names.add(p.getName());
  }
  for (const prop of cls.getProperties()) {
    const init = prop.getInitializer();
    const type = prop.getTypeNode()?.getText() ?? '';
    if (/\bRouter$/.test(type) || (init && /^inject\(\s*Router\s*\)$/.test(init.getText()))) names.add(prop.getName());
  }
  return names;
}

function receiverIsRouter(receiver: Node, names: Set<string>): boolean {
  const text = receiver.getText();
  const last = text.split('.').at(-1) ?? text;
  return names.has(last) || /router/i.test(last);
}

/** Pieces of a URL built by `+` concatenation or a template literal; undefined for other shapes. */
export function urlPieces(expr: Node): NavPiece[] | undefined {
  const node = unwrap(expr);
  const literal = constString(node);
  if (literal !== undefined) return [{ literal }];
  if (Node.isTemplateExpression(node)) {
    const pieces: NavPiece[] = [{ literal: node.getHead().getLiteralText() }];
    for (const span of node.getTemplateSpans()) {
      pieces.push({ dynamic: span.getExpression().getText() });
      pieces.push({ literal: span.getLiteral().getLiteralText() });
    }
    return pieces.filter((p) => !('literal' in p) || p.literal.length > 0);
  }
  if (Node.isBinaryExpression(node) && node.getOperatorToken().getKind() === SyntaxKind.PlusToken) {
    const left = urlPieces(node.getLeft()) ?? [{ dynamic: node.getLeft().getText() }];
    const right = urlPieces(node.getRight()) ?? [{ dynamic: node.getRight().getText() }];
    return [...left, ...right];
  }
  return undefined;
}

function commandPieces(arr: Node): NavPiece[] | undefined {
  if (!Node.isArrayLiteralExpression(arr)) return undefined;
  const pieces: NavPiece[] = [];
  for (const el of arr.getElements()) {
    const value = constString(el) ?? (Node.isNumericLiteral(el) ? el.getText() : undefined);
    if (value !== undefined) pieces.push({ literal: value });
    else if (Node.isObjectLiteralExpression(unwrap(el)) || Node.isSpreadElement(el)) return undefined;
    else pieces.push({ dynamic: el.getText() });
  }
  return pieces;
}

function navigateTarget(call: CallExpression): NavTarget {
  const [first, extras] = call.getArguments();
  if (!first) return { resolved: false, unresolvedReason: 'no commands' };
  const relative = extras !== undefined && /\brelativeTo\b/.test(extras.getText());
  const pieces = commandPieces(unwrap(first));
  if (!pieces) return { resolved: false, unresolvedReason: 'commands are not a literal array' };
  return targetFromCommands(pieces, !relative);
}

function navigateByUrlTarget(call: CallExpression): NavTarget {
  const [first] = call.getArguments();
  if (!first) return { resolved: false, unresolvedReason: 'no URL' };
  const pieces = urlPieces(first);
  if (!pieces) return { resolved: false, unresolvedReason: 'URL is not a literal' };
  const only = pieces[0];
  if (pieces.length === 1 && only && 'literal' in only) return targetFromUrl(only.literal, true);
  return stringBuiltTarget(pieces);
}

/** Every router navigation call inside a class, with its interpreted target. */
export function routerCalls(cls: ClassDeclaration): RouterCall[] {
  const names = routerNames(cls);
  const out: RouterCall[] = [];
  for (const call of cls.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = call.getExpression();
    if (!Node.isPropertyAccessExpression(callee)) continue;
    const method = callee.getName();
    if (method !== 'navigate' && method !== 'navigateByUrl') continue;
    if (!receiverIsRouter(callee.getExpression(), names)) continue;
    const owner = call.getFirstAncestor((a) => Node.isMethodDeclaration(a) || Node.isConstructorDeclaration(a)
      || Node.isPropertyDeclaration(a) || Node.isGetAccessorDeclaration(a) || Node.isSetAccessorDeclaration(a));
    const member = owner && (Node.isMethodDeclaration(owner) || Node.isPropertyDeclaration(owner) || Node.isGetAccessorDeclaration(owner)
      || Node.isSetAccessorDeclaration(owner)) ? owner.getName() : owner ? 'constructor' : undefined;
    const target = method === 'navigate' ? navigateTarget(call) : navigateByUrlTarget(call);
    out.push({ call, kind: method, ...(member ? { member } : {}), target });
  }
  return out;
}
