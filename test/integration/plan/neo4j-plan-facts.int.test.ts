import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import { ids } from '../../../ingest/model/ids.js';
import type { Graph } from '../../../src/graph/graph.js';
import { loadQuery } from '../../../src/graph/query-registry.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { loadEnforcementBundle } from '../../../src/plan/enforcement/graph-bundle.js';
import { Neo4jPlanFacts } from '../../../src/plan/facts/neo4j-plan-facts.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import {
  BROKEN, copyFixture, EDIT_RENDERER, ORDER_COLUMNS, ORDERS_LIST_HTML, ORDERS_LIST_TS, ORDERS_SERVICE, ORDERS_SPEC, REMOTE_HOME, startWork,
} from '../../support/plan-fixture.js';

const seedEnforcement = loadQuery<{ repoId: string; otherWorkId: string; resource: string; usageId: string; anchorId: string }, { written: number }>('test-support/plan-seed-enforcement.cypher');

// PlanFacts against the real graph of the ingested fixture workspace, pinned to one work's pack.
describe('Neo4jPlanFacts', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  let facts: Neo4jPlanFacts;
  let snapshotId: string;
  const repoId = testNamespace('plan-facts');

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = copyFixture();
    const summary = await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId } });
    snapshotId = summary.snapshotId;
    const { workId } = await startWork(graph, repoId, fixture.root);
    facts = new Neo4jPlanFacts({ graph, repoId, workId });
    await graph.write(seedEnforcement, {
      repoId, otherWorkId: `${repoId}-other`, resource: `file:${ORDERS_SERVICE}`,
      usageId: ids.usage(repoId, EDIT_RENDERER, 10, 5), anchorId: ids.anchor(repoId, 'projects/host/src'),
    });
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    await cleanNamespace(graph, `${repoId}-other`);
    fixture.dispose();
    await graph.close();
  });

  it('answers the active pack with the repository snapshot and the folders of its files', async () => {
    const pack = await facts.activePackRow();
    expect(pack).toMatchObject({ repoSnapshotId: snapshotId, hash: expect.stringMatching(/^sha256:/), scopeAllowlistRef: `${pack!.id}#files` });
    expect(pack!.createFolders).toEqual(expect.arrayContaining(['projects/host/src/app/orders/orders-list', 'api']));
  });

  it('returns only pack files, with anchors (most specific first), federated app, grid, API and extraction traits', async () => {
    const files = await facts.packFiles([ORDERS_LIST_TS, ORDERS_LIST_HTML, ORDER_COLUMNS, ORDERS_SERVICE, REMOTE_HOME, BROKEN, 'projects/host/src/app/app.module.ts']);
    const byPath = new Map(files.map((f) => [f.path, f]));
    expect([...byPath.keys()].sort()).toEqual([BROKEN, ORDER_COLUMNS, ORDERS_LIST_HTML, ORDERS_LIST_TS, ORDERS_SERVICE, REMOTE_HOME].sort());
    expect(byPath.get(ORDERS_LIST_TS)).toMatchObject({ federationAppId: 'host', gridTable: true, apiBound: false, extractionFailed: false });
    // Anchors are folders down to the configured depth (3 by default).
    expect(byPath.get(ORDERS_LIST_TS)!.domainAnchorIds).toEqual([ids.anchor(repoId, 'projects/host/src'), ids.anchor(repoId, 'projects/host'), ids.anchor(repoId, 'projects'), ids.anchor(repoId, '')]);
    expect(byPath.get(ORDER_COLUMNS)).toMatchObject({ gridTable: true });
    expect(byPath.get(ORDERS_SERVICE)).toMatchObject({ apiBound: true, gridTable: false });
    expect(byPath.get(REMOTE_HOME)).toMatchObject({ federationAppId: 'remote' });
    expect(byPath.get(BROKEN)).toMatchObject({ extractionFailed: true });
  });

  it('confirms existing symbols and members, nothing else', async () => {
    const found = await facts.existingSymbols([
      { file: ORDERS_LIST_TS, name: 'OrdersListComponent' }, { file: ORDERS_LIST_TS, name: 'OrdersListComponent.columnDefs' },
      { file: ORDERS_SERVICE, name: 'OrdersService.getOrder' }, { file: ORDERS_SERVICE, name: 'OrdersService.deleteEverything' },
      { file: ORDERS_LIST_TS, name: 'OrdersService' },
    ]);
    expect(found.map((s) => s.name).sort()).toEqual(['OrdersListComponent', 'OrdersListComponent.columnDefs', 'OrdersService.getOrder']);
  });

  it('lists adp and sdf usages with line ranges', async () => {
    const usages = await facts.tagUsages([EDIT_RENDERER, ORDERS_LIST_HTML]);
    expect(usages).toEqual(expect.arrayContaining([
      expect.objectContaining({ file: EDIT_RENDERER, tag: 'adp-icon-button', family: 'adp', lineStart: 11 }),
      expect.objectContaining({ file: EDIT_RENDERER, tag: 'sdf-button', family: 'sdf', lineStart: 10 }),
      expect.objectContaining({ file: ORDERS_LIST_HTML, tag: 'sdf-page-header', family: 'sdf' }),
    ]));
    expect(usages.every((u) => u.family === 'adp' || u.family === 'sdf')).toBe(true);
  });

  it('returns the components.d.ts contracts of known tags only', async () => {
    const contracts = await facts.componentContracts(['sdf-button', 'sdf-unknown']);
    expect(contracts).toHaveLength(1);
    expect(contracts[0]).toMatchObject({ tag: 'sdf-button', events: ['sdfClick'] });
    expect([...contracts[0]!.props].sort()).toEqual(['disabled', 'size', 'variant']);
  });

  it('derives the proof chains and contract anchors the pack holds', async () => {
    const anchors = await facts.packAnchors();
    expect(anchors.proofChains).toEqual(expect.arrayContaining([
      expect.objectContaining({ id: `chain:aggrid:${ORDERS_LIST_HTML}:3`, kind: 'aggrid_origin', complete: true }),
      expect.objectContaining({ id: 'chain:federation:remote:./Home', kind: 'federation', complete: true, files: expect.arrayContaining([REMOTE_HOME]) }),
    ]));
    const grid = anchors.proofChains.find((c) => c.id === `chain:aggrid:${ORDERS_LIST_HTML}:3`)!;
    expect(grid.files).toEqual(expect.arrayContaining([ORDERS_LIST_TS, 'projects/host/src/app/orders/order-detail/order-detail.component.ts']));
    const ids = anchors.contractAnchors.map((a) => a.id);
    expect(ids).toEqual(expect.arrayContaining([`api_spec:${ORDERS_SPEC}`, 'endpoint:GET:/api/orders/{id}', 'schema:Order']));
  });

  it('reports resources another live work reserved, not its own', async () => {
    expect(await facts.reservedByOthers([`file:${ORDERS_SERVICE}`, `file:${ORDERS_LIST_TS}`])).toEqual([{ resourceKey: `file:${ORDERS_SERVICE}`, heldByWorkId: `${repoId}-other` }]);
  });

  it('loads the enforcement bundle: plan_rule memories, policies in plan-rule form with grounding, MigrationRules', async () => {
    const bundle = await loadEnforcementBundle(graph, repoId);
    expect(bundle.activeMemories).toEqual([expect.objectContaining({ id: 'mem-orders', state: 'approved', domainAnchorIds: [ids.anchor(repoId, 'projects/host/src')] })]);
    const noAdp = bundle.graphPolicyRules.find((p) => p.id === 'policy.no-new-adp');
    expect(noAdp).toMatchObject({ kind: 'hard', derivedFrom: 'curated', version: '1', rule: { condition: { nodeKind: 'change', introducesTagPrefix: 'adp-' }, requiredSteps: [], denyCode: 'PLAN_POLICY_VIOLATION' } });
    expect(bundle.graphPolicyRules.find((p) => p.id === 'policy.federation-proof')?.rule).toBeNull();
    expect(bundle.graphPolicyRules.find((p) => p.id === 'policy.prose-sdf-badge')).toMatchObject({ derivedFrom: 'prose', groundedAnchorIds: [ids.anchor(repoId, 'projects/host/src')] });
    expect(bundle.migrationRules.find((r) => r.id === 'migration.adp-alert')).toEqual({ id: 'migration.adp-alert', fromTag: 'adp-alert', toTag: 'sdf-alert', status: 'candidate', propMappings: { type: 'severity', message: 'children' }, fallbackPolicyId: null });
  });
});
