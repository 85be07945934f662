import { Node, SyntaxKind, type ArrayLiteralExpression, type SourceFile } from 'ts-morph';
import { constInitializer, metaValue } from '../angular/decorator-metadata.js';
import { unwrap } from '../support/text.js';
import { startLine } from '../support/lines.js';

/** How a routes array was recognised; `root` arrays (forRoot, provideRouter) are never mounted under a prefix. */
export type ArrayOrigin = 'forRoot' | 'provideRouter' | 'forChild' | 'provideRoutes' | 'ROUTES' | 'typed' | 'shape';

export interface RouteArray {
  node: ArrayLiteralExpression;
  origin: ArrayOrigin;
  root: boolean;
  /** The variable the array is bound to (`const routes = [...]`), or `default` for `export default [...]`. */
  name?: string;
}

export interface Problem {
  line: number;
  message: string;
}

/** Quick text test: files without any of these keys cannot contain a route array. */
export const ROUTE_HINT = /\b(?:path|loadChildren|loadComponent|redirectTo|children|matcher)\s*:/;

const ROUTE_KEYS = new Set([
  'path', 'pathMatch', 'matcher', 'component', 'loadComponent', 'loadChildren', 'redirectTo', 'children', 'outlet',
  'canActivate', 'canActivateChild', 'canDeactivate', 'canMatch', 'canLoad', 'resolve', 'data', 'title', 'providers',
  'runGuardsAndResolvers',
]);
const TARGET_KEYS = ['component', 'loadComponent', 'loadChildren', 'redirectTo'];
const TYPED = /^(?:[\w$]+\.)?(?:Routes|Route\[\]|Array<(?:[\w$]+\.)?Route>|ReadonlyArray<(?:[\w$]+\.)?Route>)$/;

function propNames(obj: Node): string[] {
  if (!Node.isObjectLiteralExpression(obj)) return [];
  return obj.getProperties().flatMap((p) => (Node.isPropertyAssignment(p) || Node.isShorthandPropertyAssignment(p) || Node.isMethodDeclaration(p) ? [p.getName()] : []));
}

/** Structural test for untyped arrays: only route keys, and at least one route with a target. */
export function looksLikeRoutes(arr: ArrayLiteralExpression, depth = 0): boolean {
  const objects = arr.getElements().map(unwrap).filter((e) => Node.isObjectLiteralExpression(e));
  if (!objects.length || depth > 6) return false;
  let hasTarget = false;
  for (const obj of objects) {
    const names = propNames(obj);
    if (!names.length || names.some((n) => !ROUTE_KEYS.has(n))) return false;
    if (names.some((n) => TARGET_KEYS.includes(n))) hasTarget = true;
    const children = Node.isObjectLiteralExpression(obj) ? metaValue(obj, 'children') : undefined;
    if (!hasTarget && children && Node.isArrayLiteralExpression(children) && looksLikeRoutes(children, depth + 1)) hasTarget = true;
  }
  return hasTarget;
}

function isTypedRoutes(typeText: string | undefined): boolean {
  return typeText !== undefined && TYPED.test(typeText.replace(/\s+/g, ''));
}

/** `x as Routes`, `x satisfies Routes`, `<Routes>x` around an array literal. */
function assertedRoutes(expr: Node): boolean {
  if (Node.isAsExpression(expr) || Node.isSatisfiesExpression(expr) || Node.isTypeAssertion(expr)) {
    return isTypedRoutes(expr.getTypeNode()?.getText()) || assertedRoutes(expr.getExpression());
  }
  return Node.isParenthesizedExpression(expr) ? assertedRoutes(expr.getExpression()) : false;
}

function callOrigin(callee: string): ArrayOrigin | undefined {
  if (/(?:^|\.)RouterModule\.forRoot$/.test(callee)) return 'forRoot';
  if (/(?:^|\.)RouterModule\.forChild$/.test(callee)) return 'forChild';
  if (/(?:^|\.)provideRouter$/.test(callee)) return 'provideRouter';
  if (/(?:^|\.)provideRoutes$/.test(callee)) return 'provideRoutes';
  return undefined;
}

/**
 * Every routes array declared in a file: arguments of RouterModule.forRoot/forChild, provideRouter,
 * provideRoutes and `{ provide: ROUTES, useValue }` (followed through a same-file const), variables
 * and default exports typed `Routes`/`Route[]`, and untyped arrays that have the shape of routes.
 * Arrays referenced from another file are left to that file's own extraction.
 */
export function findRouteArrays(file: SourceFile): { arrays: RouteArray[]; problems: Problem[] } {
  const found = new Map<ArrayLiteralExpression, RouteArray>();
  const problems: Problem[] = [];
  const add = (node: ArrayLiteralExpression, origin: ArrayOrigin, name?: string): void => {
    const prev = found.get(node);
    const root = origin === 'forRoot' || origin === 'provideRouter';
    if (!prev) found.set(node, { node, origin, root, ...(name ? { name } : {}) });
    else {
      if (!prev.name && name) prev.name = name;
      if (root || (!prev.root && ['forChild', 'provideRoutes', 'ROUTES'].includes(origin))) Object.assign(prev, { origin, root });
    }
  };
  const addArgument = (arg: Node | undefined, origin: ArrayOrigin, at: Node): void => {
    if (!arg) return;
    const expr = unwrap(arg);
    if (Node.isArrayLiteralExpression(expr)) return add(expr, origin);
    const init = constInitializer(expr);
    if (init && Node.isArrayLiteralExpression(init)) {
      if (init.getSourceFile() === file) add(init, origin, expr.getText());
      return;
    }
    problems.push({ line: startLine(at), message: `${origin} routes argument is not an array literal or a const bound to one (${expr.getText().slice(0, 80)})` });
  };

  const text = file.getFullText();
  if (/forRoot|forChild|provideRouter|provideRoutes|ROUTES/.test(text)) {
    for (const call of file.getDescendantsOfKind(SyntaxKind.CallExpression)) {
      const origin = callOrigin(call.getExpression().getText());
      if (origin) addArgument(call.getArguments()[0], origin, call);
    }
    for (const obj of file.getDescendantsOfKind(SyntaxKind.ObjectLiteralExpression)) {
      const provide = metaValue(obj, 'provide');
      if (provide && provide.getText().replace(/^.*\./, '') === 'ROUTES') addArgument(metaValue(obj, 'useValue'), 'ROUTES', obj);
    }
  }

  for (const statement of file.getStatements()) {
    if (Node.isVariableStatement(statement)) {
      for (const decl of statement.getDeclarations()) {
        const init = decl.getInitializer();
        if (!init) continue;
        const arr = unwrap(init);
        const typed = isTypedRoutes(decl.getTypeNode()?.getText()) || assertedRoutes(init);
        if (!Node.isArrayLiteralExpression(arr)) {
          if (typed && !Node.isIdentifier(arr) && !Node.isPropertyAccessExpression(arr)) problems.push(builtAtRunTime(decl.getName(), arr));
          continue;
        }
        if (typed) add(arr, 'typed', decl.getName());
        else if (looksLikeRoutes(arr)) add(arr, 'shape', decl.getName());
      }
    } else if (Node.isExportAssignment(statement)) {
      const expr = statement.getExpression();
      const arr = unwrap(expr);
      if (Node.isArrayLiteralExpression(arr) && (assertedRoutes(expr) || looksLikeRoutes(arr))) add(arr, 'typed', 'default');
    }
  }
  // Routes typed consts inside functions (`buildRoutes()`, factories): read when literal, reported when computed.
  if (/\b(?:Routes|Route\s*\[\])/.test(text)) {
    for (const decl of file.getDescendantsOfKind(SyntaxKind.VariableDeclaration)) {
      if (Node.isSourceFile(decl.getVariableStatement()?.getParent())) continue;
      const init = decl.getInitializer();
      if (!init || !isTypedRoutes(decl.getTypeNode()?.getText())) continue;
      const arr = unwrap(init);
      if (Node.isArrayLiteralExpression(arr)) add(arr, 'typed', decl.getName());
      else if (!Node.isIdentifier(arr) && !Node.isPropertyAccessExpression(arr)) problems.push(builtAtRunTime(decl.getName(), arr));
    }
  }
  return { arrays: [...found.values()].sort((a, b) => a.node.getStart() - b.node.getStart()), problems };
}

function builtAtRunTime(name: string, init: Node): Problem {
  return { line: startLine(init), message: `routes '${name}' are built at run time (${init.getText().replace(/\s+/g, ' ').slice(0, 80)}); they are not read` };
}
