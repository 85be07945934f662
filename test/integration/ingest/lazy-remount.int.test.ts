import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import type { Graph } from '../../../src/graph/graph.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { edgesByType, nodesByLabel } from '../../support/ingest-queries.js';
import { removeWorkspace, writeFile, writeWorkspace } from '../../support/mini-workspace.js';

const loader = (target: string): string =>
  `import { Routes } from '@angular/router';\n\nexport const routes: Routes = [\n  { path: 'shop', loadChildren: () => import('./${target}/${target}.routes').then((m) => m.ROUTES) },\n];\n`;
const childRoutes = (name: string): string =>
  `import { Routes } from '@angular/router';\n\nexport const ROUTES: Routes = [\n  { path: '${name}-list' },\n];\n`;

// Real extractors: re-pointing a lazy loader re-extracts the file it now mounts (which never read
// the loader before), so its routes take the loader's prefix and CHILD_OF edge in the same run.
describe('incremental ingest when a loadChildren is re-pointed', () => {
  let graph: Graph;
  let root: string;
  const repoId = testNamespace('ingest-lazy-remount');
  const ingest = (changedPaths?: string[]) => ingestRepository({ graph, root, log: silentLogger, settings: { repoId }, changedPaths });
  const fullPaths = async () => (await graph.read(nodesByLabel, { repoId, label: 'Route' })).map((n) => String(n.props.fullPath)).sort();

  beforeAll(async () => {
    graph = openTestGraph();
    root = writeWorkspace({
      'src/app/app.routes.ts': loader('cart'),
      'src/app/cart/cart.routes.ts': childRoutes('cart'),
      'src/app/wish/wish.routes.ts': childRoutes('wish'),
    });
    await ingest();
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    await graph.close();
    removeWorkspace(root);
  });

  it('mounts the first target under the loader', async () => {
    expect(await fullPaths()).toEqual(['/shop', '/shop/cart-list', '/wish-list']);
  });

  it('after the loader is re-pointed, the new target gets the prefix and the old one loses it', async () => {
    writeFile(root, 'src/app/app.routes.ts', loader('wish'));
    const summary = await ingest(['src/app/app.routes.ts']);
    expect(summary.files.parsed).toBeGreaterThanOrEqual(3);
    expect(await fullPaths()).toEqual(['/cart-list', '/shop', '/shop/wish-list']);
    const children = (await graph.read(edgesByType, { repoId, type: 'CHILD_OF' })).map((e) => String(e.from));
    expect(children.some((id) => id.includes('wish'))).toBe(true);
    expect(children.some((id) => id.includes('cart'))).toBe(false);
  });
});
