import { Node, type ArrayLiteralExpression, type ObjectLiteralExpression } from 'ts-morph';
import { constInitializer, metaValue } from '../angular/decorator-metadata.js';
import { constString } from '../support/const-string.js';
import { unwrap } from '../support/text.js';
import { looksLikeRoutes, type Problem } from './route-arrays.js';
import { endLine, startLine } from '../support/lines.js';

/** One route object literal, with its path composed from its ancestors in the same file. */
export interface RouteRecord {
  node: ObjectLiteralExpression;
  /** The `path` value; null when the route has no literal path (a `matcher`, or a computed path). */
  segment: string | null;
  /** Path relative to the array the walk started from: `/` + segments joined, `/` for the root. */
  localPath: string;
  startLine: number;
  endLine: number;
  parent?: RouteRecord;
}

/** Joins route paths: no empty segments, a leading slash, `/` for the root. */
export function joinRoutePath(...parts: Array<string | null | undefined>): string {
  const segments = parts.flatMap((p) => (p ?? '').split('/')).filter((s) => s.length > 0);
  return `/${segments.join('/')}`;
}

const MAX_DEPTH = 12;


/** A `children` array declared in another file (`children: ADMIN_ROUTES`, imported): mounted below `parent`. */
export interface ExternalChildren {
  parent: RouteRecord;
  array: ArrayLiteralExpression;
  /** The const the array is bound to in its file. */
  name?: string;
}

/**
 * Walks a routes array depth-first (parents before children), following `children` arrays and
 * `...spread` elements bound to same-file consts. Returns the records and every array it entered
 * (so arrays nested in another one are not walked again as roots).
 */
export function walkRoutes(root: ArrayLiteralExpression): { records: RouteRecord[]; nested: Set<ArrayLiteralExpression>; problems: Problem[]; external: ExternalChildren[] } {
  const records: RouteRecord[] = [];
  const external: ExternalChildren[] = [];
  const nested = new Set<ArrayLiteralExpression>();
  const problems: Problem[] = [];
  const file = root.getSourceFile();

  const resolveArray = (expr: Node, at: Node, parent: RouteRecord | undefined, what: string): ArrayLiteralExpression | undefined => {
    const e = unwrap(expr);
    if (Node.isArrayLiteralExpression(e)) return e;
    const init = constInitializer(e);
    if (init && Node.isArrayLiteralExpression(init) && init.getSourceFile() === file) return init;
    if (parent && init && Node.isArrayLiteralExpression(init)) {
      // Declared (and indexed) in its own file; the lazy-route index mounts it below `parent`.
      const decl = init.getParent();
      external.push({ parent, array: init, ...(Node.isVariableDeclaration(decl) ? { name: decl.getName() } : {}) });
      return undefined;
    }
    if (parent) {
      problems.push({
        line: startLine(at),
        message: `${what} under '${parent.localPath}' is not a same-file array (${e.getText().slice(0, 80)}); its routes are indexed where they are declared, without this prefix`,
      });
    }
    return undefined;
  };

  const visit = (arr: ArrayLiteralExpression, parent: RouteRecord | undefined, depth: number, stack: Set<ArrayLiteralExpression>): void => {
    if (stack.has(arr)) return;
    if (depth > MAX_DEPTH) {
      problems.push({ line: startLine(arr), message: 'routes nested too deeply; deeper levels skipped' });
      return;
    }
    for (const element of arr.getElements()) {
      const e = unwrap(element);
      if (Node.isSpreadElement(e)) {
        const spread = resolveArray(e.getExpression(), e, parent, 'spread routes');
        if (spread) {
          nested.add(spread);
          visit(spread, parent, depth + 1, new Set([...stack, arr]));
        }
        continue;
      }
      if (Node.isCallExpression(e)) {
        // A helper that wraps routes (`Shell.childRoutes([...])`, `withLayout([...])`): read the
        // routes it is given at the enclosing prefix and say that what the helper adds is unknown.
        const wrapped = e.getArguments().map((a) => unwrap(a)).filter((a): a is ArrayLiteralExpression => Node.isArrayLiteralExpression(a) && looksLikeRoutes(a));
        problems.push({
          line: startLine(e),
          message: wrapped.length
            ? `routes wrapped by ${e.getExpression().getText().slice(0, 60)}(...) are read at the enclosing prefix; the path, guards or layout the helper adds are not known`
            : `route entry is not an object literal (${e.getText().slice(0, 80)})`,
        });
        for (const inner of wrapped) {
          nested.add(inner);
          visit(inner, parent, depth + 1, new Set([...stack, arr]));
        }
        continue;
      }
      if (!Node.isObjectLiteralExpression(e)) {
        const init = constInitializer(e);
        if (!init || !Node.isObjectLiteralExpression(init)) {
          problems.push({ line: startLine(e), message: `route entry is not an object literal (${e.getText().slice(0, 80)})` });
          continue;
        }
      }
      const obj = (Node.isObjectLiteralExpression(e) ? e : constInitializer(e)) as ObjectLiteralExpression;
      for (const spread of obj.getProperties().filter((p) => Node.isSpreadAssignment(p))) {
        problems.push({ line: startLine(spread), message: `route object spreads ${spread.getText().slice(0, 80)}; keys it brings in (path, component, children, loaders) are not read` });
      }
      const pathExpr = metaValue(obj, 'path');
      let segment: string | null = pathExpr ? (constString(pathExpr) ?? null) : null;
      if (pathExpr && segment === null) {
        problems.push({ line: startLine(obj), message: `route path is not a string literal (${pathExpr.getText().slice(0, 80)})` });
      }
      if (!pathExpr && !metaValue(obj, 'matcher')) segment = '';
      const record: RouteRecord = {
        node: obj,
        segment,
        localPath: joinRoutePath(parent?.localPath, segment ?? (pathExpr ? `{${pathExpr.getText()}}` : '{matcher}')),
        startLine: startLine(obj),
        endLine: endLine(obj),
        ...(parent ? { parent } : {}),
      };
      records.push(record);
      const children = metaValue(obj, 'children');
      if (children) {
        const arrChildren = resolveArray(children, children, record, 'children');
        if (arrChildren) {
          nested.add(arrChildren);
          visit(arrChildren, record, depth + 1, new Set([...stack, arr]));
        }
      }
    }
  };
  visit(root, undefined, 0, new Set());
  return { records, nested, problems, external };
}
