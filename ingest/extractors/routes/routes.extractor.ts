import type { SourceFile } from 'ts-morph';
import type { Extractor, ExtractContext } from '../../model/extractor.js';
import type { FileFacts, PropValue } from '../../model/facts.js';
import { ids } from '../../model/ids.js';
import { lexText } from '../../../src/text/lex-text.js';
import { addEdge, addEvent, guarded, upsertNode } from '../support/facts.js';
import { isTypeScriptSource, sourceFileOf } from '../support/source.js';
import { mountedArrays, mountSignature } from './file-mounts.js';
import type { Mount } from './lazy-mounts.js';
import { ROUTE_HINT, type RouteArray } from './route-arrays.js';
import { linkRoute } from './route-links.js';
import { joinRoutePath, type RouteRecord } from './route-walk.js';

const PARSER = 'routes';

function emitArray(ctx: ExtractContext, file: SourceFile, into: FileFacts, array: RouteArray, mounts: Mount[], records: RouteRecord[]): void {
  const fileId = ids.file(ctx.repoId, ctx.path);
  const prefixes = mounts.length ? mounts.map((m) => m.prefix) : ['/'];
  // Routes only a federation host mounts keep the remote app's own path as `fullPath` (what the
  // remote serves standalone, and what other consumers match on); the host URLs go to `fullPaths`.
  if (mounts.length && mounts.every((m) => m.remote)) prefixes.unshift('/');
  const mount = array.root ? 'root' : mounts.some((m) => m.lazy) ? 'lazy' : 'child';
  const routeIds = new Map<RouteRecord, string>();
  for (const record of records) {
    guarded(into, PARSER, record.node, 'route', () => {
      const id = ids.route(ctx.repoId, ctx.path, record.startLine, record.localPath);
      routeIds.set(record, id);
      const fullPaths = [...new Set(prefixes.map((p) => joinRoutePath(p, record.localPath)))];
      const linked = linkRoute(ctx, file, into, id, record.node);
      const props: Record<string, PropValue> = {
        segment: record.segment,
        localPath: record.localPath,
        fullPath: fullPaths[0] ?? record.localPath,
        path: ctx.path,
        startLine: record.startLine,
        endLine: record.endLine,
        mount,
        arrayOrigin: array.origin,
        ...linked,
      };
      if (fullPaths.length > 1) props.fullPaths = fullPaths;
      const searchText = lexText(fullPaths.join(' '), typeof linked.title === 'string' ? linked.title : undefined, typeof linked.component === 'string' ? linked.component : undefined);
      upsertNode(into, { id, labels: ['Route'], props, ...(searchText ? { searchText } : {}) });
      addEdge(into, { type: 'DEFINES', from: fileId, to: id });
      const parentId = record.parent ? routeIds.get(record.parent) : undefined;
      if (parentId) addEdge(into, { type: 'CHILD_OF', from: id, to: parentId });
      else if (!record.parent) {
        for (const m of mounts) addEdge(into, { type: 'CHILD_OF', from: id, to: m.loaderRouteId, ...(m.lazy ? { props: m.remote ? { lazy: true, remote: true } : { lazy: true } } : {}) });
      }
    });
  }
}

/**
 * Angular routes: every routes array of the file (see findRouteArrays) becomes Route nodes with
 * their segment, the path local to the array, and the full path including the prefix of the route
 * that lazily loads the file (followed through the shared ts-morph project).
 */
export const routesExtractor: Extractor = {
  name: 'routes',
  // Route arrays in specs (RouterTestingModule.withRoutes, test beds) are not the app's routes.
  appliesTo: (path) => isTypeScriptSource(path) && !/\.(?:spec|test|cy)\.[cm]?tsx?$/.test(path),
  extract(ctx, into) {
    if (!ROUTE_HINT.test(ctx.text)) return;
    const file = sourceFileOf(ctx);
    if (!file) return;
    const { arrays, problems } = mountedArrays(ctx, ctx.path, file, ctx.readRepoFile);
    for (const p of problems) addEvent(into, PARSER, 'unsupported_syntax', p.message, p.line);
    const perArray: Array<Mount[] | null> = [];
    for (const { array, walk, mounts: mountsOf } of arrays) {
      perArray.push(null);
      guarded(into, PARSER, array.node, 'routes array', () => {
        for (const p of walk.problems) addEvent(into, PARSER, 'unsupported_syntax', p.message, p.line);
        const mounts = mountsOf();
        perArray[perArray.length - 1] = mounts;
        const dependsOn = [...new Set(mounts.flatMap((m) => m.dependsOn))].filter((d) => d !== ctx.path);
        // The pipeline re-extracts this file when a file it depends on changes its mounts (mountSignature).
        if (ctx.noteMounts) ctx.noteMounts(dependsOn);
        else for (const dependency of dependsOn) ctx.readRepoFile(dependency);
        emitArray(ctx, file, into, array, mounts, walk.records);
      });
    }
    ctx.noteMountSignature?.(mountSignature(ctx.repoId, perArray));
  },
};
