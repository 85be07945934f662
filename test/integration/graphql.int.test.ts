import { request } from 'node:http';
import { getIntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ERROR_CATALOG } from '../../src/errors/index.js';
import { Graph } from '../../src/graph/graph.js';
import { freePort } from '../../src/graph/local-neo4j/ports.js';
import { startGraphqlServer, type GraphqlServer } from '../../src/graphql/index.js';
import { silentLogger } from '../../src/runtime/logger.js';
import { seedFacts } from '../support/graphql-facts.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';

interface GqlResponse {
  status: number;
  headers: Headers;
  text: string;
  body: { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };
}

async function post(url: string, query: string, options: { variables?: Record<string, unknown>; headers?: Record<string, string> } = {}): Promise<GqlResponse> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...options.headers },
    body: JSON.stringify({ query, variables: options.variables }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: JSON.parse(text) };
}

const codes = (r: GqlResponse): unknown[] => (r.body.errors ?? []).map((e) => e.extensions?.code);

const TOKEN = 'test-token-0123456789abcdef';

describe('GraphQL endpoint', () => {
  const repoId = testNamespace('graphql');
  let graph: Graph;

  beforeAll(async () => {
    graph = openTestGraph();
    await seedFacts(graph, repoId);
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    await graph.close();
  });

  describe('read-only (the default)', () => {
    let server: GraphqlServer;
    beforeAll(async () => {
      server = await startGraphqlServer({ graph, port: 0, log: silentLogger, config: {} });
    });
    afterAll(async () => server.close());

    it('binds to 127.0.0.1 and serves /graphql', () => {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/graphql$/);
      expect(server.mutations).toBe(false);
    });

    it('serves the files of a repo with the symbols they define, and only Fact nodes', async () => {
      const r = await post(
        server.url,
        `query($repoId: String!) {
          files(where: { repoId: { eq: $repoId } }, sort: [{ path: ASC }]) {
            path kind
            defines(sort: [{ name: ASC }]) { name kind startLine endLine }
          }
        }`,
        { variables: { repoId } },
      );
      expect(r.status).toBe(200);
      expect(r.body).toEqual({
        data: {
          files: [
            { path: 'src/app/orders/orders.component.html', kind: 'html', defines: [] },
            { path: 'src/app/orders/orders.component.ts', kind: 'ts', defines: [{ name: 'OrdersComponent', kind: 'class', startLine: 8, endLine: 30 }] },
            {
              path: 'src/app/orders/orders.service.ts',
              kind: 'ts',
              defines: [
                { name: 'OrdersService', kind: 'class', startLine: 4, endLine: 22 },
                { name: 'loadOrders', kind: 'method', startLine: 10, endLine: 14 },
              ],
            },
          ],
        },
      });
    });

    it('serves refinement labels and relationship properties along a route chain', async () => {
      const r = await post(
        server.url,
        `query($repoId: String!) {
          routes(where: { repoId: { eq: $repoId } }) {
            fullPath
            routesTo {
              name selector
              templates { path }
              injects { name providedIn members { name } }
            }
          }
          files(where: { repoId: { eq: $repoId }, path: { endsWith: "component.ts" } }) {
            importsConnection { edges { properties { specifiers } node { path } } }
          }
        }`,
        { variables: { repoId } },
      );
      expect(r.body).toEqual({
        data: {
          routes: [
            {
              fullPath: '/orders',
              routesTo: [
                {
                  name: 'OrdersComponent',
                  selector: 'app-orders',
                  templates: [{ path: 'src/app/orders/orders.component.html' }],
                  injects: [{ name: 'OrdersService', providedIn: 'root', members: [{ name: 'loadOrders' }] }],
                },
              ],
            },
          ],
          files: [{ importsConnection: { edges: [{ properties: { specifiers: ['OrdersService'] }, node: { path: 'src/app/orders/orders.service.ts' } }] } }],
        },
      });
    });

    it('serves the ag-Grid origin chain from table to the routed component and its service', async () => {
      const r = await post(
        server.url,
        `query($repoId: String!) {
          gridTables(where: { repoId: { eq: $repoId } }) {
            name
            columns { field renderers { name triggers { targetPath targets { fullPath routesTo { name injects { name } } } } } }
          }
        }`,
        { variables: { repoId } },
      );
      expect(r.body).toEqual({
        data: {
          gridTables: [
            {
              name: 'ordersGrid',
              columns: [
                {
                  field: 'id',
                  renderers: [
                    {
                      name: 'OrderLinkRenderer',
                      triggers: [{ targetPath: '/orders', targets: [{ fullPath: '/orders', routesTo: [{ name: 'OrdersComponent', injects: [{ name: 'OrdersService' }] }] }] }],
                    },
                  ],
                },
              ],
            },
          ],
        },
      });
    });

    it('rejects a mutation with MUTATIONS_DISABLED and writes nothing', async () => {
      const r = await post(server.url, `mutation { deleteFiles(where: { repoId: { eq: "${repoId}" } }) { nodesDeleted } }`);
      expect(codes(r)).toEqual(['MUTATIONS_DISABLED']);
      expect(r.body.data).toBeUndefined();
      const files = await post(server.url, `{ files(where: { repoId: { eq: "${repoId}" } }) { path } }`);
      expect((files.body.data?.files as unknown[]).length).toBe(3);
    });

    it('rejects a query nested deeper than the limit with QUERY_TOO_DEEP', async () => {
      const deep = `{ files { ${'imports { '.repeat(10)}path${' }'.repeat(10)} } }`;
      const r = await post(server.url, deep);
      expect(codes(r)).toEqual(['QUERY_TOO_DEEP']);
      expect(r.body.errors?.[0]?.message).toBe('Operation "anonymous" is nested 12 levels deep; the limit is 10.');
    });

    it('rejects a query selecting too many fields with QUERY_TOO_COMPLEX', async () => {
      const wide = `{ ${Array.from({ length: 201 }, (_, i) => `f${i}: files(limit: 1) { path }`).join(' ')} }`;
      const r = await post(server.url, wide);
      expect(codes(r)).toEqual(['QUERY_TOO_COMPLEX']);
    });

    it('rejects an over-long query text with QUERY_TOO_LARGE', async () => {
      const r = await post(server.url, `{ files { path } }${' '.repeat(20_001)}`);
      expect(codes(r)).toEqual(['QUERY_TOO_LARGE']);
    });

    it('accepts the standard introspection query that GraphiQL sends', async () => {
      const r = await post(server.url, getIntrospectionQuery({ inputValueDeprecation: true, schemaDescription: true }));
      expect(r.body.errors).toBeUndefined();
      expect((r.body.data?.__schema as { queryType: { name: string } }).queryType.name).toBe('Query');
    });

    it('masks unexpected errors and reports bad queries without internals', async () => {
      const r = await post(server.url, '{ files(where: { nope: { eq: 1 } }) { path } }');
      expect(r.status).toBe(200);
      expect(r.body.errors?.[0]?.message).toMatch(/^Field "nope" is not defined by type "FileWhere"/);
      expect(r.text).not.toMatch(/stack|neo4j-driver|bolt:|node_modules/i);
    });

    it('answers only localhost Host headers and sends no CORS headers', async () => {
      // fetch() may not set Host; a raw request can, as a DNS-rebinding page's browser would.
      const rebinding = await new Promise<number>((resolve, reject) => {
        request(server.url, { headers: { host: 'attacker.example:80' } }, (res) => resolve(res.resume().statusCode ?? 0)).on('error', reject).end();
      });
      expect(rebinding).toBe(403);
      const r = await post(server.url, '{ repos(limit: 1) { id } }', { headers: { origin: 'http://attacker.example' } });
      expect(r.status).toBe(200);
      expect(r.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('rejects a body over the size limit with 413', async () => {
      const r = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ repos { id } }', pad: 'x'.repeat(1_100_000) }) });
      expect(r.status).toBe(413);
    });
  });

  describe('with mutations enabled by configuration', () => {
    let server: GraphqlServer;
    const create = `mutation($id: ID!, $repoId: String!) {
      createFiles(input: [{ id: $id, repoId: $repoId, path: "src/new.ts" }]) { files { id path } }
    }`;
    beforeAll(async () => {
      server = await startGraphqlServer({ graph, port: 0, log: silentLogger, config: { mutations: true, token: TOKEN } });
    });
    afterAll(async () => server.close());

    it('rejects a mutation without a bearer token, or with a wrong one, with UNAUTHORIZED', async () => {
      const variables = { id: `${repoId}:file:new`, repoId };
      expect(codes(await post(server.url, create, { variables }))).toEqual(['UNAUTHORIZED']);
      expect(codes(await post(server.url, create, { variables, headers: { authorization: `Bearer ${TOKEN}x` } }))).toEqual(['UNAUTHORIZED']);
      expect(codes(await post(server.url, create, { variables, headers: { authorization: TOKEN } }))).toEqual(['UNAUTHORIZED']);
    });

    it('runs a mutation with the token; queries stay open without one', async () => {
      const variables = { id: `${repoId}:file:new`, repoId };
      const r = await post(server.url, create, { variables, headers: { authorization: `Bearer ${TOKEN}` } });
      expect(r.body).toEqual({ data: { createFiles: { files: [{ id: `${repoId}:file:new`, path: 'src/new.ts' }] } } });
      const q = await post(server.url, `{ files(where: { id: { eq: "${repoId}:file:new" } }) { path } }`);
      expect(q.body).toEqual({ data: { files: [{ path: 'src/new.ts' }] } });
    });
  });

  describe('configuration and faults', () => {
    it('refuses to start with mutations but no token', async () => {
      await expect(startGraphqlServer({ graph, port: 0, log: silentLogger, config: { mutations: true } })).rejects.toMatchObject({ code: 'INVALID_CONFIG' });
    });

    it('refuses a non-loopback host without a token', async () => {
      await expect(startGraphqlServer({ graph, port: 0, host: '0.0.0.0', log: silentLogger, config: {} })).rejects.toMatchObject({ code: 'INVALID_CONFIG' });
    });

    it('answers with GRAPH_UNAVAILABLE and no internals when Neo4j is unreachable', async () => {
      const down = new Graph({ connection: { ...inject('neo4j'), uri: `bolt://127.0.0.1:${await freePort()}` }, log: silentLogger, maxRetryMs: 200 });
      const server = await startGraphqlServer({ graph: down, port: 0, log: silentLogger, config: {} });
      try {
        const r = await post(server.url, '{ files(limit: 1) { path } }');
        expect(r.body.errors?.map((e) => ({ message: e.message, code: e.extensions?.code }))).toEqual([
          { message: ERROR_CATALOG.GRAPH_UNAVAILABLE.message, code: 'GRAPH_UNAVAILABLE' },
        ]);
        expect(r.text).not.toMatch(/bolt:|127\.0\.0\.1|stack|Neo4jError|at \w+ \(/);
      } finally {
        await server.close();
        await down.close();
      }
    });
  });
});
