import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../ingest/index.js';
import type { Graph } from '../../src/graph/graph.js';
import type { Query } from '../../src/graph/query-registry.js';
import { PackStore } from '../../src/pack/index.js';
import { packageRoot } from '../../src/runtime/package-root.js';
import { silentLogger } from '../../src/runtime/logger.js';
import { WorkStore } from '../../src/session/index.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';

type Row = Record<string, unknown>;
const dir = join(packageRoot(), 'graph-schema', 'browser');
const files = readdirSync(dir).filter((f) => f.endsWith('.cypher')).sort();
/** The saved queries as registry-shaped queries (trusted text from graph-schema/, values only as $params). */
const saved = new Map(files.map((file) => [file, { name: `browser/${file}`, file, text: readFileSync(join(dir, file), 'utf8') } as Query<Row, Row>]));
const run = (graph: Graph, file: string, params: Row): Promise<Row[]> => graph.read(saved.get(file)!, params);

describe('Neo4j Browser saved queries (graph-schema/browser)', () => {
  let graph: Graph;
  let packRoot: string;
  let packId: string;
  let workId: string;
  const repoId = testNamespace('browser');

  beforeAll(async () => {
    graph = openTestGraph();
    await ingestRepository({ graph, root: join(packageRoot(), 'test', 'fixtures', 'workspace'), log: silentLogger, settings: { repoId } });
    workId = `${repoId}-work`;
    await new WorkStore({ graph, repoId }).create({
      workId, state: 'PLANNING', runSessionId: 'browser-test', originalPrompt: 'orders grid', agentId: 'agent', maxTokens: 1000, thresholdTokens: 600,
    });
    packRoot = mkdtempSync(join(tmpdir(), 'graphgate-browser-'));
    const orders = 'projects/host/src/app/orders';
    const pack = await new PackStore({ graph, repoId, repoRoot: packRoot }).create({
      workId,
      files: [
        `${orders}/orders-list/orders-list.component.ts`, `${orders}/orders-list/orders-list.component.html`,
        `${orders}/renderers/order-link-renderer.component.ts`, `${orders}/orders-routing.module.ts`,
        `${orders}/order-detail/order-detail.component.ts`, `${orders}/orders.service.ts`, `${orders}/order.dto.ts`,
      ],
    });
    packId = pack.id;
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    await graph.close();
    rmSync(packRoot, { recursive: true, force: true });
  });

  it.each(files)('%s starts with a "// graphgate NN — title" comment and EXPLAINs', async (file) => {
    expect(saved.get(file)!.text).toMatch(/^\/\/ graphgate \d\d — \S/);
    await expect(graph.explain(saved.get(file)! as Query<Record<string, unknown>, unknown>)).resolves.toBeUndefined();
  });

  it('walks the repository: repos, routes, components', async () => {
    expect((await run(graph, '01-repositories.cypher', {})).map((r) => r.repoId)).toContain(repoId);
    expect(await run(graph, '02-routes.cypher', { repoId })).toContainEqual(expect.objectContaining({ route: '/orders/:id', component: 'OrderDetailComponent', at: 'projects/host/src/app/orders/orders-routing.module.ts:9' }));
    expect((await run(graph, '03-route-graph.cypher', { repoId })).length).toBeGreaterThan(0);
    expect((await run(graph, '04-component.cypher', { repoId, component: 'OrderDetailComponent' })).length).toBeGreaterThan(0);
    expect(await run(graph, '05-components.cypher', { repoId })).toContainEqual(expect.objectContaining({ component: 'OrderDetailComponent', routes: expect.arrayContaining(['/orders/:id', '/orders/:id/edit']) }));
  });

  it("walks a work's packs and a pack's files", async () => {
    expect(await run(graph, '06-work-packs.cypher', { workId })).toEqual([expect.objectContaining({ versionsBack: 0, pack: packId, files: 7 })]);
    expect((await run(graph, '07-pack-files.cypher', { packId })).map((r) => r.file)).toContain('projects/host/src/app/orders/order.dto.ts');
    expect((await run(graph, '08-pack-graph.cypher', { packId })).length).toBe(7);
  });

  it('shows the proof chains, their gaps, and the chains inside a pack', async () => {
    expect((await run(graph, '09-aggrid-origin-chains.cypher', { repoId })).length).toBeGreaterThan(0);
    const gaps = await run(graph, '10-origin-unknown.cypher', { repoId });
    expect(gaps).toContainEqual(expect.objectContaining({ missingHop: 'Route', reason: 'string-built URL', hint: '/orders/:id/edit' }));
    expect(gaps).toContainEqual(expect.objectContaining({ missingHop: 'CellRenderer', column: 'kind' }));
    expect((await run(graph, '11-federation-chains.cypher', { repoId })).length).toBe(2);
    expect(await run(graph, '12-federation-gaps.cypher', { repoId })).toEqual([]);
    expect((await run(graph, '13-pack-proof-chains.cypher', { packId })).length).toBeGreaterThan(0);
  });

  it('lists the migration inventory and the ingestion gaps', async () => {
    expect(await run(graph, '14-migration-inventory.cypher', { repoId })).toContainEqual(expect.objectContaining({ tag: 'adp-button', at: 'projects/host/src/app/legacy/legacy-dashboard.component.html:3' }));
    const gaps = await run(graph, '15-parse-and-link-gaps.cypher', { repoId });
    expect(gaps).toContainEqual(expect.objectContaining({ kind: 'parse:parse_error', at: expect.stringMatching(/^projects\/host\/src\/app\/broken\/broken\.component\.ts:/) }));
    expect(gaps.some((g) => String(g.kind).startsWith('ref:unresolved'))).toBe(true);
  });
});
