import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository, type IngestSummary } from '../../../ingest/index.js';
import { ids } from '../../../ingest/model/ids.js';
import type { Graph } from '../../../src/graph/graph.js';
import { loadQuery } from '../../../src/graph/query-registry.js';
import { packageRoot } from '../../../src/runtime/package-root.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { nodesByLabel } from '../../support/ingest-queries.js';

const gridChains = loadQuery<{ repoId: string }, { grid: string; column: string; route: string; component: string; service: string }>('test-support/ingest-grid-chain.cypher');
const federationChains = loadQuery<{ repoId: string }, { hostRoute: string; expose: string; file: string; remote: string }>('test-support/ingest-federation-chain.cypher');

// The real extractor registry over the fixture workspace, checked at the pipeline level: chains
// that cross files exist as graph paths, and a second run writes nothing.
describe('ingesting the fixture workspace with the registered extractors', () => {
  let graph: Graph;
  let summary: IngestSummary;
  const repoId = testNamespace('ingest-fixture');
  const root = join(packageRoot(), 'test', 'fixtures', 'workspace');

  beforeAll(async () => {
    graph = openTestGraph();
    summary = await ingestRepository({ graph, root, log: silentLogger, settings: { repoId } });
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    await graph.close();
  });

  it('links the ag-Grid origin chain across files: grid → column → renderer → nav → route → component → service', async () => {
    const chains = await graph.read(gridChains, { repoId });
    expect(chains).toContainEqual({
      grid: ids.grid(repoId, 'projects/host/src/app/orders/orders-list/orders-list.component.html', 3),
      column: 'id',
      route: '/orders/:id',
      component: 'OrderDetailComponent',
      service: 'OrdersService',
    });
  });

  it('links the federation chain: host route → remote expose → exposed file in the remote project', async () => {
    const chains = await graph.read(federationChains, { repoId });
    expect(chains).toContainEqual({ hostRoute: '/remote-home', expose: './Home', file: 'projects/remote/src/app/remote-entry/remote-home.component.ts', remote: 'remote' });
  });

  it('records the broken file as parse events and ingests everything else', async () => {
    const events = (await graph.read(nodesByLabel, { repoId, label: 'ParseEvent' })).map((e) => e.props);
    expect(events.filter((e) => e.kind === 'parse_error').map((e) => e.path)).toEqual(expect.arrayContaining(['projects/host/src/app/broken/broken.component.ts']));
    expect(new Set(events.filter((e) => e.kind === 'parse_error').map((e) => e.path))).toEqual(new Set(['projects/host/src/app/broken/broken.component.ts']));
    expect(summary.files.parsed).toBe(summary.files.seen);
    expect(summary.facts.File).toBe(summary.files.seen);
  });

  it('uses a git tree hash as the snapshot id inside a git work tree', () => {
    expect(summary.snapshotId).toMatch(/^git:[0-9a-f]{40}$/);
  });

  it('writes nothing when ingested again', async () => {
    const again = await ingestRepository({ graph, root, log: silentLogger, settings: { repoId }, totals: false });
    expect(again).toMatchObject({ wrote: false, facts: {}, edges: {}, snapshotId: summary.snapshotId });
  });
});
