import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository, type IngestSummary } from '../../../ingest/index.js';
import { ids } from '../../../ingest/model/ids.js';
import type { Graph } from '../../../src/graph/graph.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { edgesByType, nodesByLabel, propertyTypes } from '../../support/ingest-queries.js';
import { miniExtractors } from '../../support/mini-extractor.js';
import { MINI_FILES, removeWorkspace, writeWorkspace } from '../../support/mini-workspace.js';

describe('ingestRepository on a small workspace', () => {
  let graph: Graph;
  let root: string;
  let summary: IngestSummary;
  const repoId = testNamespace('ingest-pipeline');
  const nodes = async (label: string) => (await graph.read(nodesByLabel, { repoId, label })).map((n) => ({ ...n.props, labels: n.labels }) as Record<string, unknown> & { labels: string[] });
  const edges = (type: string) => graph.read(edgesByType, { repoId, type });

  beforeAll(async () => {
    graph = openTestGraph();
    root = writeWorkspace(MINI_FILES);
    summary = await ingestRepository({ graph, root, log: silentLogger, settings: { repoId }, extractors: miniExtractors });
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    await graph.close();
    removeWorkspace(root);
  });

  it('ingests source files and skips vendored, built and non-contract declaration files', async () => {
    const paths = (await nodes('File')).map((f) => f.path).sort();
    expect(paths).toEqual([
      'package.json', 'src/app/orders/order-list.component.html', 'src/app/orders/order-list.component.ts',
      'src/app/orders/order-row.component.ts', 'src/app/orders/orders.routes.ts', 'src/app/shared/broken.ts',
      'src/app/shared/order.service.ts', 'src/components.d.ts',
    ]);
  });

  it('records content hash, size and kind on File nodes', async () => {
    const file = (await nodes('File')).find((f) => f.path === 'src/app/shared/order.service.ts');
    expect(file).toMatchObject({ kind: 'ts', size: 29, sha256: expect.stringMatching(/^[0-9a-f]{64}$/), blob: expect.stringMatching(/^[0-9a-f]{40}$/), ownerFile: 'src/app/shared/order.service.ts' });
    expect(file?.labels.sort()).toEqual(['Fact', 'File']);
    expect((await nodes('File')).find((f) => f.path === 'src/components.d.ts')?.kind).toBe('dts');
  });

  it('writes extractor nodes with the Fact label, repoId, snapshotId and ownerFile', async () => {
    const comp = (await nodes('Component')).find((c) => c.name === 'OrderListComponent');
    expect(comp).toMatchObject({ selector: 'app-order-list', kind: 'class', startLine: 6, repoId, snapshotId: summary.snapshotId, ownerFile: 'src/app/orders/order-list.component.ts', searchText: 'OrderListComponent' });
    expect(comp?.labels.sort()).toEqual(['Component', 'Fact', 'Symbol']);
  });

  it('stores line numbers and sizes as Cypher Integers, not Floats (Neo4j Browser shows 6, not 6.0)', async () => {
    const typeOf = async (label: string, id: string, key: string) =>
      (await graph.read(propertyTypes, { repoId, label })).find((n) => n.id === id)?.types.find((t) => t.key === key)?.type;
    expect(await typeOf('Component', ids.symbol(repoId, 'src/app/orders/order-list.component.ts', 'OrderListComponent'), 'startLine')).toBe('INTEGER NOT NULL');
    expect(await typeOf('File', ids.file(repoId, 'src/app/shared/order.service.ts'), 'size')).toBe('INTEGER NOT NULL');
    const anchors = await graph.read(propertyTypes, { repoId, label: 'DomainAnchor' });
    expect(anchors.length).toBeGreaterThan(0);
    for (const a of anchors) expect(a.types.find((t) => t.key === 'depth')?.type).toBe('INTEGER NOT NULL');
  });

  it('writes intra-file edges and edges into other files (as resolved references)', async () => {
    const file = ids.file(repoId, 'src/app/orders/order-list.component.ts');
    const comp = ids.symbol(repoId, 'src/app/orders/order-list.component.ts', 'OrderListComponent');
    expect(await edges('DEFINES')).toContainEqual(expect.objectContaining({ from: file, to: comp }));
    const templates = await edges('TEMPLATES');
    expect(templates).toEqual([expect.objectContaining({ from: comp, to: ids.file(repoId, 'src/app/orders/order-list.component.html'), props: expect.objectContaining({ ownerFile: 'src/app/orders/order-list.component.ts' }) })]);
  });

  it('resolves selector, symbol, file and route references to edges', async () => {
    const row = ids.symbol(repoId, 'src/app/orders/order-row.component.ts', 'OrderRowComponent');
    expect((await edges('USES_SELECTOR')).filter((e) => e.to === row)).toHaveLength(1);
    expect(await edges('INJECTS')).toEqual([expect.objectContaining({ to: ids.symbol(repoId, 'src/app/shared/order.service.ts', 'OrderService') })]);
    expect(await edges('IMPORTS')).toEqual([expect.objectContaining({ to: ids.file(repoId, 'src/app/shared/order.service.ts') })]);
    const targets = await edges('TARGETS');
    expect(targets).toEqual([expect.objectContaining({ to: ids.route(repoId, 'src/app/orders/orders.routes.ts', 3, '/orders/:id') })]);
  });

  it('keeps unresolved references visible as Ref nodes with a reason', async () => {
    const refs = await nodes('Ref');
    const sdf = refs.find((r) => r.kind === 'contractTag');
    expect(sdf).toMatchObject({ status: 'unresolved', key: 'tag:sdf-table', reason: 'no contract component matches' });
    expect(summary.refs.byStatus).toEqual({ resolved: 5, unresolved: 1 });
  });

  it('turns a throwing extractor into a ParseEvent and still completes the run', async () => {
    const events = await nodes('ParseEvent');
    expect(events).toEqual([expect.objectContaining({ kind: 'parse_error', parser: 'mini-ts', path: 'src/app/shared/broken.ts', message: 'SyntaxError: mini-ts cannot parse this file' })]);
    expect(await edges('REPORTED_IN')).toEqual([expect.objectContaining({ to: ids.file(repoId, 'src/app/shared/broken.ts') })]);
    expect(summary.events).toEqual({ parse_error: 1 });
  });

  it('builds the domain anchor tree and attaches each file to its most specific anchor', async () => {
    expect((await nodes('DomainAnchor')).map((a) => a.path).sort()).toEqual(['.', 'src', 'src/app', 'src/app/orders', 'src/app/shared']);
    const contains = (await edges('CONTAINS')).map((e) => `${String(e.from).split(':anchor:')[1]}>${String(e.to).split(':anchor:')[1]}`).sort();
    expect(contains).toEqual(['.>src', 'src/app>src/app/orders', 'src/app>src/app/shared', 'src>src/app']);
    const inAnchor = await edges('IN_ANCHOR');
    expect(inAnchor).toContainEqual(expect.objectContaining({ from: ids.file(repoId, 'src/app/orders/orders.routes.ts'), to: ids.anchor(repoId, 'src/app/orders') }));
    expect(inAnchor).toContainEqual(expect.objectContaining({ from: ids.file(repoId, 'package.json'), to: ids.anchor(repoId, '.') }));
  });

  it('records the Repo and its Snapshot', async () => {
    expect(summary.snapshotId).toMatch(/^content:[0-9a-f]{64}$/);
    const [repo] = await nodes('Repo');
    expect(repo).toMatchObject({ snapshotId: summary.snapshotId, root });
    expect((await nodes('Snapshot')).map((s) => s.snapshotId)).toEqual([summary.snapshotId]);
  });

  it('summarises counts per fact kind and per event kind', () => {
    expect(summary.files).toMatchObject({ seen: 8, parsed: 8, added: 8, changed: 0, deleted: 0 });
    expect(summary.facts).toMatchObject({ File: 8, Symbol: 3, Component: 2, Route: 2, NavTrigger: 1, Usage: 2, ParseEvent: 1, DomainAnchor: 5 });
    // 6 references; the one resolved `id` reference from a node of its own file is its edge alone (no Ref node).
    expect(summary.totals).toMatchObject({ File: 8, Symbol: 3, Ref: 5 });
    expect(Object.values(summary.refs.byStatus).reduce((a, b) => a + b, 0)).toBe(6);
    expect(summary.refs.byKind.id).toEqual({ resolved: 1 });
    expect(summary.wrote).toBe(true);
  });

  it('applies the shipped default policy plane to the repo', async () => {
    const policies = await nodes('Policy');
    expect(policies.map((p) => p.recordId).sort()).toEqual(['policy.federation-proof', 'policy.no-new-adp', 'policy.prefer-sdf', 'policy.shadow-dom-confidence']);
    expect(policies.find((p) => p.recordId === 'policy.no-new-adp')).toMatchObject({ severity: 'hard', current: true, version: 1, source: 'default' });
    expect((await nodes('Strategy')).map((s) => s.name).sort()).toEqual(['api_contract_feature', 'debug_symptom_trace', 'migration_adp_to_sdf', 'ui_aggrid_feature']);
    expect((await nodes('MigrationRule')).map((m) => m.status).sort()).toEqual(['approved', 'candidate', 'no_analog', 'unknown']);
    expect(summary.policy.errors).toEqual([]);
  });
});
