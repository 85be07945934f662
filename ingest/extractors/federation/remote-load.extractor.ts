import { Node, type ObjectLiteralExpression, type SourceFile } from 'ts-morph';
import type { ExtractContext, Extractor } from '../../model/extractor.js';
import { ids } from '../../model/ids.js';
import { addEvent, addRef, guarded } from '../support/facts.js';
import { isTypeScriptSource, sourceFileOf } from '../support/source.js';
import { findRouteArrays } from '../routes/route-arrays.js';
import { walkRoutes, type RouteRecord } from '../routes/route-walk.js';
import { remoteLoads } from './remote-load.js';
import { startLine } from '../support/lines.js';

const PARSER = 'federation-loads';

/** Route records of the file exactly as the routes extractor ids them (arrays nested in another are skipped). */
function routeRecords(file: SourceFile): Map<ObjectLiteralExpression, RouteRecord> {
  const { arrays } = findRouteArrays(file);
  const walks = arrays.map((a) => walkRoutes(a.node));
  const nested = new Set(walks.flatMap((w) => [...w.nested]));
  const out = new Map<ObjectLiteralExpression, RouteRecord>();
  arrays.forEach((a, i) => {
    if (nested.has(a.node)) return;
    for (const r of walks[i]?.records ?? []) out.set(r.node, r);
  });
  return out;
}

/** The id that loads: the enclosing route (as the routes extractor ids it), else the class, else the file. */
function loaderId(ctx: ExtractContext, node: Node, records: Map<ObjectLiteralExpression, RouteRecord>): { id: string; kind: string } {
  for (let cur: Node | undefined = node.getParent(); cur; cur = cur.getParent()) {
    if (Node.isObjectLiteralExpression(cur)) {
      const record = records.get(cur);
      if (record) return { id: ids.route(ctx.repoId, ctx.path, record.startLine, record.localPath), kind: 'route' };
    }
    if (Node.isClassDeclaration(cur) && cur.getName()) return { id: ids.symbol(ctx.repoId, ctx.path, cur.getName() as string), kind: 'class' };
  }
  return { id: ids.file(ctx.repoId, ctx.path), kind: 'file' };
}

/**
 * Host-side federated loads (`loadRemoteModule(...)`, `loadRemote('x/Y')`, `import('remote/Module')`)
 * → LOADS_REMOTE references from the loading Route (or class, or file) to the remote's exposed
 * module. A remote that is not statically known becomes `*` plus an `ambiguous` ParseEvent.
 */
export const remoteLoadExtractor: Extractor = {
  name: PARSER,
  appliesTo: (path) => isTypeScriptSource(path) && !/\.(spec|test|cy)\.[cm]?tsx?$/.test(path),
  extract(ctx, into) {
    if (!/loadRemote|import\s*\(\s*['"`][\w-]+\//.test(ctx.text)) return;
    const file = sourceFileOf(ctx);
    if (!file) return;
    guarded(into, PARSER, undefined, 'remote loads', () => {
      const { loads, unread } = remoteLoads(ctx.project, file, ctx.text);
      for (const call of unread) {
        addEvent(into, PARSER, 'unsupported_syntax', `federated load with a computed exposed module (${call.getText().replace(/\s+/g, ' ').slice(0, 100)}); not linked`, startLine(call));
      }
      if (!loads.length) return;
      const records = routeRecords(file);
      for (const load of loads) {
        const line = startLine(load.call);
        const from = loaderId(ctx, load.call, records);
        addRef(into, {
          type: 'LOADS_REMOTE', from: from.id, target: { kind: 'remote', remote: load.remote, exposed: load.exposed },
          props: { form: load.form, line, loader: from.kind, ...(load.remoteEntry ? { remoteEntry: load.remoteEntry } : {}) },
        });
        if (load.ambiguity) addEvent(into, PARSER, 'ambiguous', `remote for '${load.exposed}' not statically known (${load.ambiguity}); every remote exposing it is a candidate`, line);
      }
    });
  },
};
