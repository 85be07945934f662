import type { ExtractContext, Extractor } from '../../model/extractor.js';
import { ids } from '../../model/ids.js';
import { addRef, guarded } from '../support/facts.js';
import { isEmittedDeclaration, isTypeScriptSource, sourceFileOf } from '../support/source.js';
import { ANGULAR_CLASS_DECORATORS, publicMembersOf } from '../typescript/class-members.js';
import { Node, type ClassDeclaration } from 'ts-morph';
import { endpointCalls, type EndpointCall } from './endpoint-calls.js';
import { decoratorName } from '../support/decorators.js';
import { startLine } from '../support/lines.js';

const PARSER = 'endpoint-calls';

/** The Symbol a call belongs to: the public member of an Angular class (as the TS extractor emits it), else the class, function or file. */
function callerId(ctx: ExtractContext, cls: ClassDeclaration | undefined, call: Node): string {
  if (cls) {
    const className = cls.getName() ?? 'default';
    const member = call.getFirstAncestor((a) => Node.isMethodDeclaration(a) || Node.isPropertyDeclaration(a) || Node.isGetAccessorDeclaration(a));
    const angular = cls.getDecorators().some((d) => ANGULAR_CLASS_DECORATORS.has(decoratorName(d) ?? ''));
    const memberName = member && (Node.isMethodDeclaration(member) || Node.isPropertyDeclaration(member) || Node.isGetAccessorDeclaration(member)) ? member.getName() : undefined;
    if (angular && memberName && publicMembersOf(cls).some((m) => m.name === memberName)) return ids.member(ctx.repoId, ctx.path, className, memberName);
    return ids.symbol(ctx.repoId, ctx.path, className);
  }
  const fn = call.getFirstAncestor((a) => Node.isFunctionDeclaration(a) || Node.isVariableDeclaration(a));
  if (fn && (Node.isFunctionDeclaration(fn) || Node.isVariableDeclaration(fn)) && fn.getName() && isEmittedDeclaration(fn)) {
    return ids.symbol(ctx.repoId, ctx.path, fn.getName() as string);
  }
  return ids.file(ctx.repoId, ctx.path);
}

function emit(ctx: ExtractContext, into: Parameters<Extractor['extract']>[1], cls: ClassDeclaration | undefined, found: EndpointCall): void {
  addRef(into, {
    type: 'CALLS_ENDPOINT',
    from: callerId(ctx, cls, found.call),
    target: { kind: 'endpoint', ...(found.method ? { method: found.method } : {}), path: found.path },
    props: { line: startLine(found.call), expression: found.expression, ...(found.prefixUnknown ? { prefixUnknown: true } : {}) },
  });
}

/**
 * HTTP calls with a readable URL (literals, template literals, `+` concatenation, literal base-URL
 * members and local consts) → CALLS_ENDPOINT references `{ method, path: '/orders/{id}' }` from the
 * calling member Symbol; the pipeline matches them to OpenAPI endpoints (tail match for base paths).
 */
export const endpointCallsExtractor: Extractor = {
  name: PARSER,
  appliesTo: (path) => isTypeScriptSource(path) && !/\.(spec|test|cy)\.[cm]?tsx?$/.test(path),
  extract(ctx, into) {
    if (!/\b(http\w*|fetch)\b/i.test(ctx.text)) return;
    const sf = sourceFileOf(ctx);
    if (!sf) return;
    for (const cls of sf.getClasses()) {
      guarded(into, PARSER, cls, 'http calls', () => {
        for (const found of endpointCalls(cls)) emit(ctx, into, cls, found);
      });
    }
    for (const fn of [...sf.getFunctions(), ...sf.getVariableDeclarations()]) {
      guarded(into, PARSER, fn, 'http calls', () => {
        for (const found of endpointCalls(fn)) emit(ctx, into, undefined, found);
      });
    }
  },
};
