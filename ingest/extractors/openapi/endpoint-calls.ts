import { Node, ts, type CallExpression, type ClassDeclaration } from 'ts-morph';
import { urlPieces } from '../navigation/router-calls.js';
import type { NavPiece } from '../navigation/nav-target.js';
import { followValue, literalString, EMPTY_ENV } from '../ag-grid/value-resolve.js';
import { stringValue, unwrap } from '../support/text.js';
import { forEachCall } from '../support/compiler.js';
import { wrapperOf } from '../support/source.js';

const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'jsonp']);

/** An HTTP call whose URL could be read: method (when known) and a normalised path with `{param}`s. */
export interface EndpointCall {
  call: CallExpression;
  method?: string;
  path: string;
  /** True when a run-time prefix (a base URL that is not a literal) was dropped from the front. */
  prefixUnknown: boolean;
  expression: string;
}

/** Names under which a class holds an HttpClient (constructor parameters, `inject(HttpClient)` fields). */
function httpNames(cls: ClassDeclaration | undefined): Set<string> {
  const names = new Set<string>();
  if (!cls) return names;
  for (const ctor of cls.getConstructors()) {
    for (const p of ctor.getParameters()) if (/HttpClient$/.test(p.getTypeNode()?.getText() ?? '')) names.add(p.getName());
  }
  for (const prop of cls.getProperties()) {
    if (/HttpClient$/.test(prop.getTypeNode()?.getText() ?? '') || /inject\(\s*HttpClient\s*\)/.test(prop.getInitializer()?.getText() ?? '')) names.add(prop.getName());
  }
  return names;
}

/** URL pieces, following a local const / `this.x` one or two steps and reading literal dynamic parts. */
function piecesOf(node: Node, depth = 0): NavPiece[] | undefined {
  const direct = urlPieces(node);
  if (direct) {
    return direct.map((p) => {
      if ('literal' in p) return p;
      const text = p.dynamic;
      const inner = node.getDescendants().find((d) => d.getText() === text && (Node.isIdentifier(d) || Node.isPropertyAccessExpression(d)));
      const value = inner ? literalString(inner, EMPTY_ENV) : undefined;
      return value !== undefined ? { literal: value } : p;
    });
  }
  if (depth > 2) return undefined;
  for (const next of followValue(unwrap(node), EMPTY_ENV)) {
    const found = piecesOf(next.node, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Joins pieces into `/orders/{id}/status`; drops a leading run-time prefix and scheme/host. */
export function normalisePath(pieces: NavPiece[]): { path: string; prefixUnknown: boolean } | undefined {
  let text = '';
  for (const p of pieces) text += 'literal' in p ? p.literal : `{${(p.dynamic.match(/[A-Za-z_$][\w$]*/g) ?? ['param']).at(-1)}}`;
  let prefixUnknown = false;
  text = text.replace(/^[a-z]+:\/\/[^/]+/i, '');
  const firstSlash = text.indexOf('/');
  if (firstSlash < 0) return undefined;
  if (firstSlash > 0) {
    prefixUnknown = true;
    text = text.slice(firstSlash);
  }
  const path = (text.split(/[?#]/)[0] ?? '').replace(/\/+$/, '');
  if (!/\/[A-Za-z]/.test(path)) return undefined;
  return { path, prefixUnknown };
}

/** An HTTP-capable call: `<receiver>.<method>(…)` with its method name, or `fetch(…)`. */
type HttpCall = { call: CallExpression; method: string } | { call: CallExpression; fetch: true };

/**
 * The calls below `scope` whose callee can make an HTTP call (`<receiver>.get|post|…|request(…)` on an
 * HttpClient-like receiver, or `fetch(…)`), in source order. Classified on the compiler's tree, so
 * only these get ts-morph wrappers: most calls of a class are not HTTP calls.
 */
function httpCalls(scope: Node, names: Set<string>): HttpCall[] {
  const file = scope.getSourceFile();
  const sf = file.compilerNode;
  const found: HttpCall[] = [];
  forEachCall(scope.compilerNode, (call) => {
    const callee = call.expression;
    if (ts.isPropertyAccessExpression(callee)) {
      const method = callee.name.text;
      if (!HTTP_METHODS.has(method) && method !== 'request') return;
      const receiver = callee.expression.getText(sf).split('.').at(-1) ?? '';
      if (names.has(receiver) || /http/i.test(receiver)) found.push({ call: wrapperOf<CallExpression>(file, call), method });
    } else if (ts.isIdentifier(callee) && callee.getText(sf) === 'fetch') {
      found.push({ call: wrapperOf<CallExpression>(file, call), fetch: true });
    }
  });
  return found;
}

/** HTTP calls in a class or function: `http.get(url)`, `http.request('GET', url)`, `fetch(url, { method })`. */
export function endpointCalls(scope: Node): EndpointCall[] {
  const cls = Node.isClassDeclaration(scope) ? scope : undefined;
  const out: EndpointCall[] = [];
  for (const found of httpCalls(scope, httpNames(cls))) {
    const { call } = found;
    const args = call.getArguments();
    let method: string | undefined;
    let urlArg: Node | undefined;
    if ('fetch' in found) {
      urlArg = args[0];
      const init = args[1] ? unwrap(args[1]) : undefined;
      const m = init && Node.isObjectLiteralExpression(init) ? init.getProperty('method') : undefined;
      method = (m && Node.isPropertyAssignment(m) ? stringValue(m.getInitializer()) : undefined)?.toUpperCase() ?? 'GET';
    } else if (found.method === 'request') {
      method = stringValue(args[0])?.toUpperCase();
      urlArg = args[1];
    } else {
      method = found.method === 'jsonp' ? 'GET' : found.method.toUpperCase();
      urlArg = args[0];
    }
    if (!urlArg) continue;
    const pieces = piecesOf(urlArg);
    const normal = pieces ? normalisePath(pieces) : undefined;
    if (!normal) continue;
    out.push({ call, ...(method ? { method } : {}), ...normal, expression: urlArg.getText().slice(0, 200) });
  }
  return out;
}
