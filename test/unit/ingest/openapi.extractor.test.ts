import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { endpointCallsExtractor, openApiExtractor } from '../../../ingest/extractors/openapi/index.js';
import { normalisePath } from '../../../ingest/extractors/openapi/endpoint-calls.js';
import { ids } from '../../../ingest/model/ids.js';
import { validateFacts } from '../../../ingest/write/validate-facts.js';
import { endpointMatchScore } from '../../../ingest/write/ref-match.js';
import { loadWorkspace, memoryWorkspace, REPO_ID, type Workspace } from '../../support/extract-fixture.js';

const YAML = 'api/orders.openapi.yaml';
const JSON_SPEC = 'api/customers.swagger.json';
const SERVICE = 'projects/host/src/app/orders/orders.service.ts';

let ws: Workspace;
beforeAll(() => {
  ws = loadWorkspace();
});

describe('openapi extractor', () => {
  it('reads an OpenAPI 3 YAML spec with server base path, operations and line ranges', () => {
    const facts = ws.extract(YAML, [openApiExtractor]);
    const spec = ids.apiSpec(REPO_ID, YAML);
    expect(facts.nodes[0]).toEqual({
      id: spec, labels: ['ApiSpec'], searchText: 'orders api openapi yaml',
      props: { path: YAML, specVersion: '3.0.3', basePath: '/api', schemas: ['Order'], endpointCount: 4, title: 'Orders API', version: '1.4.0' },
    });
    expect(facts.nodes.slice(1).map((n) => [n.id, n.props.method, n.props.path, n.props.fullPath, n.props.operationId, n.props.startLine, n.props.endLine])).toEqual([
      [ids.endpoint(REPO_ID, YAML, 'GET', '/orders'), 'GET', '/orders', '/api/orders', 'listOrders', 9, 21],
      [ids.endpoint(REPO_ID, YAML, 'GET', '/orders/{id}'), 'GET', '/orders/{id}', '/api/orders/{id}', 'getOrder', 29, 41],
      [ids.endpoint(REPO_ID, YAML, 'PUT', '/orders/{id}/status'), 'PUT', '/orders/{id}/status', '/api/orders/{id}/status', 'updateOrderStatus', 43, 56],
      [ids.endpoint(REPO_ID, YAML, 'GET', '/orders/{orderId}/audit'), 'GET', '/orders/{orderId}/audit', '/api/orders/{orderId}/audit', 'getOrderAudit', 58, 63],
    ]);
    expect(facts.nodes[2]?.props).toMatchObject({ file: YAML, tags: ['orders'], schemas: ['Order'], summary: 'One order' });
    expect(facts.nodes[2]?.searchText).toBe('get orders id getorder order one');
    expect(facts.edges.every((e) => e.type === 'HAS_ENDPOINT' && e.from === spec)).toBe(true);
    expect(facts.edges).toHaveLength(4);
  });

  it('reads a Swagger 2.0 JSON spec with basePath, operations without operationId included', () => {
    const facts = ws.extract(JSON_SPEC, [openApiExtractor]);
    expect(facts.nodes[0]?.props).toMatchObject({ specVersion: '2.0', basePath: '/api', schemas: ['Customer'], title: 'Customers API' });
    expect(facts.nodes.slice(1).map((n) => [n.props.method, n.props.path, n.props.operationId ?? null, n.props.startLine])).toEqual([
      ['GET', '/customers', 'listCustomers', 7], ['POST', '/customers', 'createCustomer', 8], ['GET', '/customers/{id}', 'getCustomer', 11], ['DELETE', '/customers/{id}', null, 12],
    ]);
  });

  it('ignores documents that are not specs and never throws on random YAML', () => {
    expect(memoryWorkspace({ 'api.yaml': 'openapi_like: 1\nfoo: [1' }).extract('api.yaml', [openApiExtractor]).nodes).toEqual([]);
    const parts = ['openapi: 3.0.0', 'swagger: "2.0"', 'paths:', '  /a:', '    get:', '      operationId: x', '  - b', '{', '}', ': :', '"', '\t', 'basePath: /v1', 'servers: [{url: "http://h/v2"}]'];
    fc.assert(fc.property(fc.array(fc.constantFrom(...parts), { maxLength: 20 }), (p) => {
      const f = memoryWorkspace({ 'x.openapi.yaml': p.join('\n') }).extract('x.openapi.yaml', [openApiExtractor]);
      expect(validateFacts(f).events).toHaveLength(f.events.length);
    }), { numRuns: 80 });
  });
});

describe('endpoint-calls extractor', () => {
  it('emits CALLS_ENDPOINT references from the service members, following template literals, base URLs and local consts', () => {
    const facts = ws.extract(SERVICE, [endpointCallsExtractor]);
    const member = (m: string) => ids.member(REPO_ID, SERVICE, 'OrdersService', m);
    expect(facts.refs).toEqual([
      { type: 'CALLS_ENDPOINT', from: member('listOrders'), target: { kind: 'endpoint', method: 'GET', path: '/api/orders' }, props: { line: 13, expression: "'/api/orders'" } },
      { type: 'CALLS_ENDPOINT', from: member('getOrder'), target: { kind: 'endpoint', method: 'GET', path: '/api/orders/{id}' }, props: { line: 17, expression: '`/api/orders/${id}`' } },
      { type: 'CALLS_ENDPOINT', from: member('updateStatus'), target: { kind: 'endpoint', method: 'PUT', path: '/api/orders/{id}/status' }, props: { line: 21, expression: '`${this.baseUrl}/orders/${id}/status`' } },
      { type: 'CALLS_ENDPOINT', from: member('getAudit'), target: { kind: 'endpoint', method: 'GET', path: '/api/orders/{id}/audit' }, props: { line: 26, expression: 'url' } },
    ]);
  });

  it('produces paths the pipeline matcher pairs with the spec templates', () => {
    expect(endpointMatchScore('/orders/{id}', '/api/orders/{id}')).toBeDefined();
    expect(endpointMatchScore('/orders/{orderId}/audit', '/api/orders/{id}/audit')).toBeDefined();
    expect(endpointMatchScore('/orders/{id}/status', '/api/orders/{id}')).toBeUndefined();
  });

  it('drops unknown base-URL prefixes, hosts and queries; reads request() and fetch()', () => {
    expect(normalisePath([{ dynamic: 'env.api' }, { literal: '/customers?x=1' }])).toEqual({ path: '/customers', prefixUnknown: true });
    expect(normalisePath([{ literal: 'https://h.example/api/v1/items/' }])).toEqual({ path: '/api/v1/items', prefixUnknown: false });
    expect(normalisePath([{ literal: 'not a url' }])).toBeUndefined();
    const src = `export async function load(id: string) { return fetch('/api/items/' + id, { method: 'delete' }); }
export class Api { constructor(private client: HttpClient) {}
  private x() { return this.client.request('PATCH', '/api/items'); } }`;
    const facts = memoryWorkspace({ 'a.ts': src }).extract('a.ts', [endpointCallsExtractor]);
    expect(facts.refs.map((r) => [r.from, r.target])).toEqual([
      [ids.symbol(REPO_ID, 'a.ts', 'Api'), { kind: 'endpoint', method: 'PATCH', path: '/api/items' }],
      [ids.symbol(REPO_ID, 'a.ts', 'load'), { kind: 'endpoint', method: 'DELETE', path: '/api/items/{id}' }],
    ]);
  });
});
