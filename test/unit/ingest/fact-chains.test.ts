import { beforeAll, describe, expect, it } from 'vitest';
import { extractors } from '../../../ingest/extractors/index.js';
import { endpointCallsExtractor, openApiExtractor } from '../../../ingest/extractors/openapi/index.js';
import { testFileExtractor } from '../../../ingest/extractors/tests/index.js';
import type { FileFacts, NodeFact } from '../../../ingest/model/facts.js';
import { ids } from '../../../ingest/model/ids.js';
import { validateFacts } from '../../../ingest/write/validate-facts.js';
import { endpointMatchScore, routeMatchScore } from '../../../ingest/write/ref-match.js';
import { loadWorkspace, REPO_ID } from '../../support/extract-fixture.js';

const ALL = [...new Set([...extractors, openApiExtractor, endpointCallsExtractor, testFileExtractor])];
const ORDERS = 'projects/host/src/app/orders';

/** Every file of the fixture through every extractor, facts merged (what the writer would see). */
let all: FileFacts[];
let nodes: Map<string, NodeFact>;
beforeAll(() => {
  const ws = loadWorkspace();
  const paths = [
    `${ORDERS}/orders-list/orders-list.component.ts`, `${ORDERS}/orders-list/orders-list.component.html`, `${ORDERS}/orders-list/order-columns.ts`,
    `${ORDERS}/renderers/order-link-renderer.component.ts`, `${ORDERS}/renderers/order-edit-renderer.component.ts`, `${ORDERS}/renderers/status-renderer.component.ts`,
    `${ORDERS}/orders-routing.module.ts`, `${ORDERS}/order-detail/order-detail.component.ts`, `${ORDERS}/orders.service.ts`, `${ORDERS}/order.dto.ts`,
    'projects/host/src/app/app-routing.module.ts', 'projects/host/src/app/remote-routes.ts', 'projects/host/webpack.config.js', 'projects/remote/webpack.config.js',
    'projects/remote/src/app/remote-entry/remote-entry.module.ts', 'api/orders.openapi.yaml',
  ];
  all = paths.map((p) => validateFacts(ws.extract(p, ALL)));
  nodes = new Map(all.flatMap((f) => f.nodes.map((n) => [n.id, n] as const)));
});

const edgesOf = (type: string) => all.flatMap((f) => f.edges.filter((e) => e.type === type));
const refsOf = (type: string) => all.flatMap((f) => f.refs.filter((r) => r.type === type));

describe('fact chains across extractors (unit tier: ids meet, no database)', () => {
  it('GridTable -HAS_COLUMN-> ColumnDef -USES_RENDERER-> CellRenderer -TRIGGERS_NAV-> NavTrigger, whose target matches the detail route', () => {
    const grid = ids.grid(REPO_ID, `${ORDERS}/orders-list/orders-list.component.html`, 3);
    const column = edgesOf('HAS_COLUMN').find((e) => e.from === grid && nodes.get(e.to)?.props.field === 'id');
    const renderer = edgesOf('USES_RENDERER').find((e) => e.from === column?.to);
    expect(nodes.get(renderer?.to ?? '')?.labels).toEqual(expect.arrayContaining(['Symbol', 'Component', 'CellRenderer']));
    const trigger = edgesOf('TRIGGERS_NAV').find((e) => e.from === renderer?.to);
    const target = refsOf('TARGETS').find((r) => r.from === trigger?.to)?.target;
    expect(target).toEqual({ kind: 'routePath', path: '/orders/:orderId', from: `${ORDERS}/renderers/order-link-renderer.component.ts` });
    const detail = [...nodes.values()].find((n) => n.labels[0] === 'Route' && n.props.fullPath === '/orders/:id');
    expect(detail).toBeDefined();
    expect(routeMatchScore(String(detail?.props.fullPath), target && 'path' in target ? target.path : '')).toBeDefined();
  });

  it('the detail component injects the service whose member calls the spec endpoint', () => {
    const call = refsOf('CALLS_ENDPOINT').find((r) => r.from === ids.member(REPO_ID, `${ORDERS}/orders.service.ts`, 'OrdersService', 'getOrder'));
    expect(nodes.has(call?.from ?? '')).toBe(true);
    const endpoint = [...nodes.values()].find((n) => n.labels[0] === 'Endpoint' && n.props.operationId === 'getOrder');
    expect(endpointMatchScore(String(endpoint?.props.path), call?.target && 'path' in call.target ? call.target.path : '')).toBeDefined();
  });

  it('host route -LOADS_REMOTE-> expose -EXPOSES-> a file defining the remote module', () => {
    const load = refsOf('LOADS_REMOTE').find((r) => r.target.kind === 'remote' && r.target.exposed === './Module');
    expect(nodes.get(load?.from ?? '')?.labels).toEqual(['Route']);
    const expose = [...nodes.values()].find((n) => n.labels[0] === 'RemoteExpose' && n.props.key === './Module');
    const file = refsOf('EXPOSES').find((r) => r.from === expose?.id)?.target;
    expect(file).toEqual({ kind: 'file', path: 'projects/remote/src/app/remote-entry/remote-entry.module.ts' });
    expect(nodes.get(ids.symbol(REPO_ID, 'projects/remote/src/app/remote-entry/remote-entry.module.ts', 'RemoteModule'))?.labels).toContain('NgModule');
  });

  it('no extractor throws or emits facts the writer would drop', () => {
    const drops = all.flatMap((f) => f.events.filter((e) => e.parser === 'fact-validator' || e.message.includes('Error')));
    expect(drops).toEqual([]);
  });
});
