import { Node, type ObjectLiteralExpression, type SourceFile } from 'ts-morph';
import type { ExtractContext } from '../../model/extractor.js';
import type { FileFacts, PropValue, RelType } from '../../model/facts.js';
import { ids } from '../../model/ids.js';
import { metaValue } from '../angular/decorator-metadata.js';
import { addEdge, addEvent, addRef } from '../support/facts.js';
import { guessRepoPath } from '../support/modules.js';
import { refLabel, resolveReference } from '../support/resolve-symbol.js';
import { compact, stringValue, unwrap } from '../support/text.js';
import { loadTargetOf } from './load-targets.js';
import { startLine } from '../support/lines.js';

const PARSER = 'routes';
const GUARD_KEYS = ['canActivate', 'canActivateChild', 'canDeactivate', 'canMatch', 'canLoad'] as const;

/** Links a route to a class/function named by an expression; returns the name for the props list. */
function linkReference(ctx: ExtractContext, into: FileFacts, routeId: string, type: RelType, expr: Node, props: Record<string, PropValue>): string {
  let e = unwrap(expr);
  let factory = false;
  if (Node.isCallExpression(e)) {
    e = unwrap(e.getExpression());
    factory = true;
  }
  if (!Node.isIdentifier(e) && !Node.isPropertyAccessExpression(e)) return Node.isArrowFunction(e) || Node.isFunctionExpression(e) ? 'inline' : compact(e.getText(), 60);
  const ref = resolveReference(ctx, e);
  if (!ref) return e.getText();
  const edgeProps = factory ? { ...props, factory: true } : props;
  if (ref.kind === 'symbol') addEdge(into, { type, from: routeId, to: ref.id, props: edgeProps });
  else if (ref.kind === 'unresolved') addRef(into, { type, from: routeId, target: { kind: 'symbol', name: ref.name }, props: edgeProps });
  return refLabel(ref);
}

function arrayEntries(expr: Node | undefined): Node[] {
  if (!expr) return [];
  const e = unwrap(expr);
  return Node.isArrayLiteralExpression(e) ? e.getElements() : [e];
}

/**
 * Props and edges of one route object: `component`/`loadComponent` → ROUTES_TO, `loadChildren`
 * → LOADS_CHILDREN (module/routes symbol, else the file), guards → GUARDED_BY (`kinds`),
 * `resolve` → RESOLVES (`keys`), plus redirectTo, pathMatch, title and outlet as props.
 */
export function linkRoute(ctx: ExtractContext, file: SourceFile, into: FileFacts, routeId: string, obj: ObjectLiteralExpression): Record<string, PropValue> {
  const props: Record<string, PropValue> = {};
  const line = startLine(obj);
  for (const key of ['redirectTo', 'pathMatch', 'title', 'outlet'] as const) {
    const value = metaValue(obj, key);
    if (value) props[key] = stringValue(value) ?? compact(value.getText(), 80);
  }
  const component = metaValue(obj, 'component');
  if (component) props.component = linkReference(ctx, into, routeId, 'ROUTES_TO', component, { via: ['component'] });

  const loadComponent = metaValue(obj, 'loadComponent');
  if (loadComponent) {
    const target = loadTargetOf(ctx, file, loadComponent);
    props.lazy = true;
    if (!target) addEvent(into, PARSER, 'unsupported_syntax', `loadComponent shape not understood (${compact(loadComponent.getText(), 80)})`, line);
    else if (target.form === 'remote') {
      props.loadComponent = target.text;
      props.remote = true;
    } else {
      props.loadComponent = target.text;
      if (target.symbolName) props.component = target.symbolName;
      if (target.symbolId) addEdge(into, { type: 'ROUTES_TO', from: routeId, to: target.symbolId, props: { via: ['loadComponent'] } });
      else {
        const name = target.exportName && target.exportName !== 'default' ? target.exportName : 'default';
        const fromPath = target.filePath ?? (target.specifier ? guessRepoPath(ctx.project, ctx.root, ctx.path, target.specifier) : undefined);
        addRef(into, { type: 'ROUTES_TO', from: routeId, target: { kind: 'symbol', name, ...(fromPath ? { fromPath } : {}) }, props: { via: ['loadComponent'] } });
      }
    }
  }

  const loadChildren = metaValue(obj, 'loadChildren');
  if (loadChildren) {
    const target = loadTargetOf(ctx, file, loadChildren);
    props.lazy = true;
    if (!target) addEvent(into, PARSER, 'unsupported_syntax', `loadChildren shape not understood (${compact(loadChildren.getText(), 80)})`, line);
    else if (target.form === 'remote') {
      props.loadChildren = target.text;
      props.remote = true;
    } else {
      props.loadChildren = target.text;
      const edgeProps = { form: target.form };
      if (target.symbolId) addEdge(into, { type: 'LOADS_CHILDREN', from: routeId, to: target.symbolId, props: edgeProps });
      else if (target.filePath) addEdge(into, { type: 'LOADS_CHILDREN', from: routeId, to: ids.file(ctx.repoId, target.filePath), props: edgeProps });
      else {
        // Keyed by the repo path the file would have, so the reference links when it appears.
        const path = target.specifier ? guessRepoPath(ctx.project, ctx.root, ctx.path, target.specifier) : target.text;
        addRef(into, { type: 'LOADS_CHILDREN', from: routeId, target: { kind: 'file', path }, props: edgeProps });
        addEvent(into, PARSER, 'unresolved_reference', `loadChildren target '${target.text}' does not resolve to a repo file`, line);
      }
    }
  }

  const guards: string[] = [];
  for (const key of GUARD_KEYS) {
    for (const entry of arrayEntries(metaValue(obj, key))) {
      guards.push(`${key}:${linkReference(ctx, into, routeId, 'GUARDED_BY', entry, { kinds: [key] })}`);
    }
  }
  if (guards.length) props.guards = guards;

  const resolve = metaValue(obj, 'resolve');
  if (resolve) {
    const e = unwrap(resolve);
    if (!Node.isObjectLiteralExpression(e)) {
      addEvent(into, PARSER, 'unsupported_syntax', `resolve is not an object literal (${compact(e.getText(), 80)})`, line);
    } else {
      const resolvers: string[] = [];
      for (const p of e.getProperties()) {
        if (!Node.isPropertyAssignment(p) && !Node.isShorthandPropertyAssignment(p)) continue;
        const value = Node.isPropertyAssignment(p) ? p.getInitializer() : p.getNameNode();
        if (!value) continue;
        resolvers.push(`${p.getName()}:${linkReference(ctx, into, routeId, 'RESOLVES', value, { keys: [p.getName()] })}`);
      }
      if (resolvers.length) props.resolvers = resolvers;
    }
  }
  return props;
}
