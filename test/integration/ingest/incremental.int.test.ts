import { renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import { ids } from '../../../ingest/model/ids.js';
import type { Graph } from '../../../src/graph/graph.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { edgesByType, nodesByLabel } from '../../support/ingest-queries.js';
import { miniExtractors } from '../../support/mini-extractor.js';
import { MINI_FILES, removeWorkspace, writeFile, writeWorkspace } from '../../support/mini-workspace.js';

// The cases run in order on one temp copy: each edits the workspace, re-ingests, and checks that
// exactly the new state is in the graph (no stale facts, references re-linked).
describe('incremental ingest', () => {
  let graph: Graph;
  let root: string;
  const repoId = testNamespace('ingest-incremental');
  const ingest = (changedPaths?: string[]) => ingestRepository({ graph, root, log: silentLogger, settings: { repoId }, extractors: miniExtractors, changedPaths });
  const nodes = async (label: string) => (await graph.read(nodesByLabel, { repoId, label })).map((n) => n.props as Record<string, unknown>);
  const edges = (type: string) => graph.read(edgesByType, { repoId, type });
  const owned = async (path: string) => (await nodes('Fact')).filter((n) => n.ownerFile === path);

  beforeAll(async () => {
    graph = openTestGraph();
    root = writeWorkspace(MINI_FILES);
    await ingest();
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    await graph.close();
    removeWorkspace(root);
  });

  it('writes nothing on a second run over an unchanged repo', async () => {
    const before = await nodes('Snapshot');
    const summary = await ingest();
    expect(summary.wrote).toBe(false);
    expect(summary.files).toMatchObject({ parsed: 0, unchanged: 8, added: 0, changed: 0, deleted: 0 });
    expect(summary.facts).toEqual({});
    expect(summary.edges).toEqual({});
    expect(summary.snapshotId).toBe(summary.previousSnapshotId);
    expect(await nodes('Snapshot')).toEqual(before);
  });

  it('re-parses only an edited file and replaces its facts', async () => {
    writeFile(root, 'src/app/shared/order.service.ts', 'export class OrderService {}\nexport class OrderStore {}\n');
    const summary = await ingest();
    expect(summary.files).toMatchObject({ parsed: 1, changed: 1, unchanged: 7 });
    expect((await nodes('Symbol')).filter((s) => s.ownerFile === 'src/app/shared/order.service.ts').map((s) => s.name).sort()).toEqual(['OrderService', 'OrderStore']);
    expect(summary.snapshotId).not.toBe(summary.previousSnapshotId);
    // The INJECTS edge from an unchanged file into the edited one survives.
    expect(await edges('INJECTS')).toEqual([expect.objectContaining({ to: ids.symbol(repoId, 'src/app/shared/order.service.ts', 'OrderService') })]);
  });

  it('deleting a route removes it and leaves the navigation reference unresolved', async () => {
    writeFile(root, 'src/app/orders/orders.routes.ts', "export const routes = [\n  { path: 'orders' },\n];\n");
    const summary = await ingest();
    expect((await nodes('Route')).map((r) => r.fullPath)).toEqual(['/orders']);
    expect(await edges('TARGETS')).toEqual([]);
    const nav = (await nodes('Ref')).find((r) => r.kind === 'routePath');
    expect(nav).toMatchObject({ status: 'unresolved', ownerFile: 'src/app/orders/order-list.component.ts' });
    expect(summary.refs.relinked).toBe(1);
  });

  it('re-links an unchanged file when the route it navigates to comes back', async () => {
    writeFile(root, 'src/app/orders/orders.routes.ts', "export const routes = [\n  { path: 'orders' },\n  { path: 'orders/:orderId' },\n];\n");
    await ingest();
    expect(await edges('TARGETS')).toEqual([expect.objectContaining({ to: ids.route(repoId, 'src/app/orders/orders.routes.ts', 3, '/orders/:orderId') })]);
  });

  it('renaming a component leaves no stale node and updates usages in unchanged templates', async () => {
    writeFile(root, 'src/app/orders/order-row.component.ts', "@Component({\n  selector: 'app-order-line',\n})\nexport class OrderLineComponent {}\n");
    await ingest();
    expect((await nodes('Component')).map((c) => c.name).sort()).toEqual(['OrderLineComponent', 'OrderListComponent']);
    expect((await edges('USES_SELECTOR')).filter((e) => String(e.to).includes('OrderRow'))).toEqual([]);
    expect((await nodes('Ref')).find((r) => r.key === 'selector:app-order-row')).toMatchObject({ status: 'unresolved' });
    writeFile(root, 'src/app/orders/order-list.component.html', '<div>\n  <app-order-line></app-order-line>\n</div>\n');
    await ingest();
    expect((await edges('USES_SELECTOR')).map((e) => e.to)).toEqual([ids.symbol(repoId, 'src/app/orders/order-row.component.ts', 'OrderLineComponent')]);
  });

  it('re-extracts a component when only its template changed (dependency through readRepoFile)', async () => {
    const comp = async () => (await nodes('Component')).find((c) => c.name === 'OrderListComponent');
    expect((await comp())?.templateTags).toBe(2);
    writeFile(root, 'src/app/orders/order-list.component.html', '<div>\n  <app-order-line></app-order-line>\n  <sdf-button></sdf-button>\n</div>\n');
    const summary = await ingest();
    expect(summary.files).toMatchObject({ changed: 1, dependents: 1, parsed: 2 });
    expect((await comp())?.templateTags).toBe(3);
  });

  it('moving a file removes every fact of the old path and re-links importers', async () => {
    renameSync(join(root, 'src/app/shared/order.service.ts'), join(root, 'src/app/orders/order.service.ts'));
    writeFile(root, 'src/app/orders/order-list.component.ts', MINI_FILES['src/app/orders/order-list.component.ts']!.replace('../shared/order.service', './order.service'));
    const summary = await ingest();
    expect(summary.files).toMatchObject({ added: 1, changed: 1, deleted: 1 });
    expect(await owned('src/app/shared/order.service.ts')).toEqual([]);
    expect(await edges('IMPORTS')).toEqual([expect.objectContaining({ to: ids.file(repoId, 'src/app/orders/order.service.ts') })]);
    expect(await edges('INJECTS')).toEqual([expect.objectContaining({ to: ids.symbol(repoId, 'src/app/orders/order.service.ts', 'OrderService') })]);
  });

  it('prunes domain anchors that lost their last file', async () => {
    rmSync(join(root, 'src/app/shared/broken.ts'));
    await ingest();
    expect((await nodes('DomainAnchor')).map((a) => a.path).sort()).toEqual(['.', 'src', 'src/app', 'src/app/orders']);
    expect(await nodes('ParseEvent')).toEqual([]);
  });

  it('re-ingests exactly the paths a watcher reports', async () => {
    writeFile(root, 'src/app/orders/order-row.component.ts', "@Component({\n  selector: 'app-order-line',\n})\nexport class OrderLineComponent {}\nexport class Extra {}\n");
    const summary = await ingest(['src/app/orders/order-row.component.ts', 'src/app/orders/vanished.ts', '../outside.ts']);
    expect(summary.mode).toBe('paths');
    expect(summary.files).toMatchObject({ parsed: 1, changed: 1, deleted: 0 });
    expect((await nodes('Symbol')).map((s) => s.name)).toContain('Extra');
    const full = await ingest();
    expect(full.wrote).toBe(false);
    expect(full.snapshotId).toBe(summary.snapshotId);
  });
});
