import { ts, type Node } from 'ts-morph';
import type { ExtractContext } from '../../model/extractor.js';
import type { FileFacts } from '../../model/facts.js';
import { addEdge, addRef, guarded, upsertNode } from '../support/facts.js';
import { forEachCall, unwrapTs } from '../support/compiler.js';
import { refLabel, resolveReference, type ResolvedRef } from '../support/resolve-symbol.js';
import { ANGULAR_CLASS_DECORATORS } from './class-members.js';

const PARSER = 'typescript';

interface Injection {
  ref: ResolvedRef;
  via: 'constructor' | 'inject';
  param?: string;
  token: boolean;
}

function calleeName(expr: ts.Expression): string | undefined {
  if (ts.isIdentifier(expr)) return expr.text;
  if (ts.isPropertyAccessExpression(expr)) return expr.name.text;
  return undefined;
}

function decoratorsOf(node: ts.Node): Array<{ name: string; args: readonly ts.Expression[] }> {
  if (!ts.canHaveDecorators(node)) return [];
  return (ts.getDecorators(node) ?? []).flatMap((d) => {
    const e = d.expression;
    const name = ts.isCallExpression(e) ? calleeName(e.expression) : calleeName(e);
    return name ? [{ name, args: ts.isCallExpression(e) ? e.arguments : [] }] : [];
  });
}

/** The DI token an expression names: `X`, `ns.X`, or `forwardRef(() => X)`. */
function tokenExpression(expr: ts.Node | undefined): ts.Node | undefined {
  if (!expr) return undefined;
  const e = unwrapTs(expr);
  if (ts.isIdentifier(e) || ts.isPropertyAccessExpression(e)) return e;
  if (ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === 'forwardRef') {
    const fn = e.arguments[0];
    if (fn && ts.isArrowFunction(fn)) return tokenExpression(fn.body);
  }
  return undefined;
}

function constructorInjections(ctx: ExtractContext, cls: ts.ClassDeclaration): Injection[] {
  const ctors = cls.members.filter((m): m is ts.ConstructorDeclaration => ts.isConstructorDeclaration(m));
  const ctor = ctors.find((c) => c.body) ?? ctors[0];
  if (!ctor) return [];
  const out: Injection[] = [];
  for (const param of ctor.parameters) {
    const decorators = decoratorsOf(param);
    if (decorators.some((d) => d.name === 'Attribute')) continue;
    let target = tokenExpression(decorators.find((d) => d.name === 'Inject')?.args[0]);
    const token = target !== undefined;
    if (!target && param.type) {
      const candidates = ts.isUnionTypeNode(param.type) ? param.type.types : [param.type];
      target = candidates.find((t) => ts.isTypeReferenceNode(t));
    }
    if (!target) continue;
    const ref = resolveReference(ctx, target);
    const paramName = ts.isIdentifier(param.name) ? param.name.text : undefined;
    if (ref) out.push({ ref, via: 'constructor', ...(paramName ? { param: paramName } : {}), token });
  }
  return out;
}

function injectCalls(ctx: ExtractContext, scope: ts.Node): Injection[] {
  const out: Injection[] = [];
  forEachCall(scope, (call) => {
    if (!ts.isIdentifier(call.expression) || call.expression.text !== 'inject') return;
    const target = tokenExpression(call.arguments[0]);
    const ref = target ? resolveReference(ctx, target) : undefined;
    if (ref) out.push({ ref, via: 'inject', token: false });
  });
  return out;
}

function emit(into: FileFacts, ownerId: string, injections: Injection[]): void {
  if (!injections.length) return;
  const names: string[] = [];
  const external: string[] = [];
  for (const { ref, via, param, token } of injections) {
    names.push(ref.name);
    const props = { via: [via], ...(param ? { params: [param] } : {}), ...(token ? { token: true } : {}) };
    if (ref.kind === 'symbol') addEdge(into, { type: 'INJECTS', from: ownerId, to: ref.id, props });
    else if (ref.kind === 'external') external.push(refLabel(ref));
    else if (ref.kind === 'unresolved') {
      addRef(into, { type: 'INJECTS', from: ownerId, target: { kind: 'symbol', name: ref.name }, props: { ...props, ...(ref.module ? { module: ref.module } : {}) } });
    }
  }
  const props = { injects: [...new Set(names)], ...(external.length ? { injectsExternal: [...new Set(external)] } : {}) };
  upsertNode(into, { id: ownerId, labels: ['Symbol'], props });
}

/**
 * Dependency injection: constructor parameters of Angular-decorated classes (type, or the
 * `@Inject(TOKEN)` token) and `inject(X)` calls anywhere in a top-level class or exported
 * function/const → `INJECTS` from that symbol to the injected declaration. Package classes
 * (Router, HttpClient) are kept as `injectsExternal` (`module#Name`) on the owner, not as edges.
 */
export function extractInjections(ctx: ExtractContext, into: FileFacts, ownerIds: Map<Node, string>): void {
  const hasInjectCall = ctx.text.includes('inject(');
  for (const [owner, ownerId] of ownerIds) {
    guarded(into, PARSER, owner, 'dependency injection', () => {
      const node = owner.compilerNode;
      const found: Injection[] = [];
      if (ts.isClassDeclaration(node) && decoratorsOf(node).some((d) => ANGULAR_CLASS_DECORATORS.has(d.name))) {
        found.push(...constructorInjections(ctx, node));
      }
      if (hasInjectCall && (ts.isClassDeclaration(node) || ts.isFunctionDeclaration(node) || ts.isVariableDeclaration(node))) {
        found.push(...injectCalls(ctx, node));
      }
      emit(into, ownerId, found);
    });
  }
}
