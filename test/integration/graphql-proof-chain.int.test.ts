import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../ingest/index.js';
import type { Graph } from '../../src/graph/graph.js';
import { startGraphqlServer, type GraphqlServer } from '../../src/graphql/index.js';
import { packageRoot } from '../../src/runtime/package-root.js';
import { silentLogger } from '../../src/runtime/logger.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';

interface Gql {
  data?: { proofChain?: { kind: string; starts: string[]; chains: Array<Record<string, unknown>> } } | null;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
}

async function post(url: string, query: string, variables: Record<string, unknown>): Promise<Gql> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as Gql;
}

const QUERY = `query($repoId: String!, $kind: ProofChainKind!, $from: String) {
  proofChain(repoId: $repoId, kind: $kind, from: $from) {
    kind starts
    chains {
      kind status key
      hops { role label name path line via details { key value } }
      gap { hop code reason expression candidates { label name path line } }
    }
  }
}`;

describe('GraphQL proofChain', () => {
  const repoId = testNamespace('graphql-chains');
  let graph: Graph;
  let server: GraphqlServer;

  beforeAll(async () => {
    graph = openTestGraph();
    await ingestRepository({ graph, root: join(packageRoot(), 'test', 'fixtures', 'workspace'), log: silentLogger, settings: { repoId } });
    server = await startGraphqlServer({ graph, port: 0, log: silentLogger, config: {} });
  });
  afterAll(async () => {
    await server.close();
    await cleanNamespace(graph, repoId);
    await graph.close();
  });

  it('answers the ag-Grid origin chains that reach a component, hop by hop with files and lines', async () => {
    const r = await post(server.url, QUERY, { repoId, kind: 'AGGRID_ORIGIN', from: 'OrderDetailComponent' });
    expect(r.errors).toBeUndefined();
    const result = r.data!.proofChain!;
    expect(result.kind).toBe('AGGRID_ORIGIN');
    expect(result.starts).toHaveLength(1);
    expect(result.chains).toHaveLength(2);
    const chain = result.chains.find((c) => (c.hops as Array<{ name: string }>)[1]?.name === 'id')!;
    expect(chain.status).toBe('complete');
    expect((chain.hops as Array<{ role: string; name: string; line: number }>).map((h) => `${h.role}:${h.name}:${h.line}`)).toEqual([
      'Table:OrdersListComponent:3', 'ColumnDef:id:21', 'CellRenderer:OrderLinkRendererComponent:7', 'NavTrigger:/orders/:orderId:25',
      'Route:/orders/:id:9', 'Component:OrderDetailComponent:7', 'Service:OrdersService:6', 'Definition:OrderDto:5',
    ]);
    expect((chain.hops as Array<{ details: unknown[] }>)[7]!.details).toContainEqual({ key: 'kind', value: 'interface' });
  });

  it('shows ORIGIN_UNKNOWN with the missing hop and expression for the string-built URL renderer', async () => {
    const r = await post(server.url, QUERY, { repoId, kind: 'AGGRID_ORIGIN', from: 'OrdersListComponent' });
    const unknown = r.data!.proofChain!.chains.filter((c) => c.status === 'ORIGIN_UNKNOWN');
    expect(unknown.map((c) => (c.gap as { hop: string; expression: string }).expression)).toContain("'/orders/' + this.params?.data?.id + '/edit'");
    expect(unknown.every((c) => c.gap !== null)).toBe(true);
  });

  it('answers the federation chains', async () => {
    const r = await post(server.url, QUERY, { repoId, kind: 'FEDERATION', from: null });
    expect(r.data!.proofChain!.chains.map((c) => [c.status, (c.hops as Array<{ name: string }>).map((h) => h.name).at(-1)])).toEqual([
      ['complete', 'RemoteHomeComponent'],
      ['complete', 'RemoteHomeComponent'],
    ]);
  });

  it('reports an unknown start with our NOT_FOUND code', async () => {
    const r = await post(server.url, QUERY, { repoId, kind: 'FEDERATION', from: 'NoSuchThing' });
    expect(r.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});
