import { Node, SyntaxKind, type ClassDeclaration } from 'ts-morph';
import type { ExtractContext } from '../../model/extractor.js';
import type { FileFacts } from '../../model/facts.js';
import { addEdge, addRef, guarded, upsertNode } from '../support/facts.js';
import { refLabel, resolveReference, type ResolvedRef } from '../support/resolve-symbol.js';
import { unwrap } from '../support/text.js';
import { ANGULAR_CLASS_DECORATORS } from './class-members.js';
import { decoratorNames } from './symbol-headers.js';

const PARSER = 'typescript';
const NON_DI_PARAM_DECORATORS = new Set(['Attribute']);

interface Injection {
  ref: ResolvedRef;
  via: 'constructor' | 'inject';
  param?: string;
  token: boolean;
}

/** The DI token an expression names: `X`, `ns.X`, or `forwardRef(() => X)`. */
function tokenExpression(expr: Node | undefined): Node | undefined {
  if (!expr) return undefined;
  const e = unwrap(expr);
  if (Node.isIdentifier(e) || Node.isPropertyAccessExpression(e)) return e;
  if (Node.isCallExpression(e) && e.getExpression().getText() === 'forwardRef') {
    const fn = e.getArguments()[0];
    if (fn && Node.isArrowFunction(fn)) return tokenExpression(fn.getBody());
  }
  return undefined;
}

function constructorInjections(ctx: ExtractContext, cls: ClassDeclaration): Injection[] {
  const ctor = cls.getConstructors().find((c) => c.hasBody()) ?? cls.getConstructors()[0];
  if (!ctor) return [];
  const out: Injection[] = [];
  for (const param of ctor.getParameters()) {
    const decorators = param.getDecorators();
    if (decorators.some((d) => NON_DI_PARAM_DECORATORS.has(d.getName()))) continue;
    const injectArg = decorators.find((d) => d.getName() === 'Inject')?.getArguments()[0];
    let target = tokenExpression(injectArg);
    const token = target !== undefined;
    if (!target) {
      const typeNode = param.getTypeNode();
      const candidates = typeNode && Node.isUnionTypeNode(typeNode) ? typeNode.getTypeNodes() : typeNode ? [typeNode] : [];
      target = candidates.find((t) => Node.isTypeReference(t));
    }
    if (!target) continue;
    const ref = resolveReference(ctx, target);
    if (ref) out.push({ ref, via: 'constructor', param: param.getName(), token });
  }
  return out;
}

function injectCalls(ctx: ExtractContext, scope: Node): Injection[] {
  const out: Injection[] = [];
  for (const call of scope.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = call.getExpression();
    if (!Node.isIdentifier(callee) || callee.getText() !== 'inject') continue;
    const target = tokenExpression(call.getArguments()[0]);
    const ref = target ? resolveReference(ctx, target) : undefined;
    if (ref) out.push({ ref, via: 'inject', token: false });
  }
  return out;
}

function emit(ctx: ExtractContext, into: FileFacts, ownerId: string, injections: Injection[]): void {
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
  for (const [node, ownerId] of ownerIds) {
    guarded(into, PARSER, node, 'dependency injection', () => {
      const found: Injection[] = [];
      if (Node.isClassDeclaration(node) && decoratorNames(node).some((d) => ANGULAR_CLASS_DECORATORS.has(d))) {
        found.push(...constructorInjections(ctx, node));
      }
      if (hasInjectCall && (Node.isClassDeclaration(node) || Node.isFunctionDeclaration(node) || Node.isVariableDeclaration(node))) {
        found.push(...injectCalls(ctx, node));
      }
      emit(ctx, into, ownerId, found);
    });
  }
}
