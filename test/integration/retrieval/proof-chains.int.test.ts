import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import { ids } from '../../../ingest/model/ids.js';
import type { Graph } from '../../../src/graph/graph.js';
import {
  agGridOriginChains, federationChains, proofChains, type ProofChain,
} from '../../../src/retrieval/proof-chains/index.js';
import { packageRoot } from '../../../src/runtime/package-root.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';

const ORDERS = 'projects/host/src/app/orders';
const LIST_TS = `${ORDERS}/orders-list/orders-list.component.ts`;
const LIST_HTML = `${ORDERS}/orders-list/orders-list.component.html`;
const LINK_RENDERER = `${ORDERS}/renderers/order-link-renderer.component.ts`;
const EDIT_RENDERER = `${ORDERS}/renderers/order-edit-renderer.component.ts`;

/** `Role Label name @ path:line` — one string per hop, so a failure shows the whole chain. */
const compact = (chain: ProofChain): string[] => chain.hops.map((h) => `${h.role} ${h.label} ${h.name} @ ${h.path ?? '-'}:${h.line ?? '-'}`);

describe('proof chains on the ingested fixture workspace', () => {
  let graph: Graph;
  const repoId = testNamespace('proof-chains');
  const root = join(packageRoot(), 'test', 'fixtures', 'workspace');
  let all: ProofChain[];

  beforeAll(async () => {
    graph = openTestGraph();
    await ingestRepository({ graph, root, log: silentLogger, settings: { repoId } });
    all = await agGridOriginChains({ graph, repoId });
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    await graph.close();
  });

  describe('ag-Grid origin chain', () => {
    it('proves Table → ColumnDef → CellRenderer → NavTrigger → Route → Component → Service → Definition with files and lines', () => {
      const chain = all.find((c) => c.status === 'complete' && c.hops[1]?.name === 'id');
      expect(chain).toBeDefined();
      expect(compact(chain!)).toEqual([
        `Table GridTable OrdersListComponent @ ${LIST_HTML}:3`,
        `ColumnDef ColumnDef id @ ${LIST_TS}:21`,
        `CellRenderer CellRenderer OrderLinkRendererComponent @ ${LINK_RENDERER}:7`,
        `NavTrigger NavTrigger /orders/:orderId @ ${LINK_RENDERER}:25`,
        `Route Route /orders/:id @ ${ORDERS}/orders-routing.module.ts:9`,
        `Component Component OrderDetailComponent @ ${ORDERS}/order-detail/order-detail.component.ts:7`,
        `Service Service OrdersService @ ${ORDERS}/orders.service.ts:6`,
        `Definition Symbol OrderDto @ ${ORDERS}/order.dto.ts:5`,
      ]);
      expect(chain!.hops.map((h) => h.via)).toEqual([
        'RENDERS_GRID', 'HAS_COLUMN', 'USES_RENDERER(cellRenderer)', 'TRIGGERS_NAV', 'TARGETS', 'ROUTES_TO', 'INJECTS', 'IMPORTS',
      ]);
      expect(chain!.hops[0]!.id).toBe(ids.grid(repoId, LIST_HTML, 3));
      expect(chain!.hops[7]!.details).toMatchObject({ kind: 'interface', alternatives: 'OrderAuditDto, OrderStatus' });
      expect(chain!.gap).toBeNull();
    });

    it('follows a cellRendererSelector branch of a column written in another file to the same destination', () => {
      const actor = all.filter((c) => c.hops[1]?.name === 'actor');
      expect(actor.map((c) => [c.status, c.hops[2]?.name, c.hops[1]?.path, c.hops[1]?.line])).toEqual([
        ['complete', 'OrderLinkRendererComponent', `${ORDERS}/orders-list/order-columns.ts`, 21],
        ['NO_NAVIGATION', 'StatusRendererComponent', `${ORDERS}/orders-list/order-columns.ts`, 21],
      ]);
      expect(actor[0]!.hops.at(-1)?.name).toBe('OrderDto');
    });

    it('marks the string-built URL renderer ORIGIN_UNKNOWN at the Route hop, with the expression and the route it hints at', () => {
      const edit = all.find((c) => c.hops[2]?.name === 'OrderEditRendererComponent' && c.hops[3]?.line === 27);
      expect(edit).toBeDefined();
      expect(edit!.status).toBe('ORIGIN_UNKNOWN');
      expect(compact(edit!)).toEqual([
        `Table GridTable OrdersListComponent @ ${LIST_HTML}:3`,
        `ColumnDef ColumnDef actions @ ${LIST_TS}:25`,
        `CellRenderer CellRenderer OrderEditRendererComponent @ ${EDIT_RENDERER}:7`,
        `NavTrigger NavTrigger '/orders/' + this.params?.data?.id + '/edit' @ ${EDIT_RENDERER}:27`,
      ]);
      expect(edit!.gap).toMatchObject({
        hop: 'Route',
        code: 'ORIGIN_UNKNOWN',
        expression: "'/orders/' + this.params?.data?.id + '/edit'",
        candidates: [{ label: 'Route', name: '/orders/:id/edit', path: `${ORDERS}/orders-routing.module.ts`, line: 10 }],
      });
      expect(edit!.gap!.reason).toContain('string-built URL');
    });

    it('keeps a string-built URL with no matching route as ORIGIN_UNKNOWN without candidates', () => {
      const history = all.find((c) => c.hops[3]?.line === 31 && c.hops[3]?.path === EDIT_RENDERER);
      expect(history?.status).toBe('ORIGIN_UNKNOWN');
      expect(history?.gap).toMatchObject({ hop: 'Route', expression: '`/orders/${this.params?.data?.id}/history`', candidates: [] });
    });

    it('reports an unresolved renderer registry key as ORIGIN_UNKNOWN at the CellRenderer hop', () => {
      const kind = all.find((c) => c.hops[1]?.name === 'kind');
      expect(kind?.status).toBe('ORIGIN_UNKNOWN');
      expect(kind?.hops.map((h) => h.role)).toEqual(['Table', 'ColumnDef']);
      expect(kind?.gap).toMatchObject({ hop: 'CellRenderer', expression: "'kindRenderer'" });
      expect(kind?.gap?.reason).toContain("registry key 'kindRenderer' not found");
    });

    it('returns every renderer branch: none is silently dropped', () => {
      const statuses = all.map((c) => `${c.hops[0]!.name}/${c.hops[1]!.name}/${c.hops[2]?.name ?? '?'}: ${c.status}`).sort();
      expect(statuses).toEqual([
        'OrdersListComponent#2/action/agAnimateShowChangeCellRenderer: NO_NAVIGATION',
        'OrdersListComponent#2/actor/OrderLinkRendererComponent: complete',
        'OrdersListComponent#2/actor/StatusRendererComponent: NO_NAVIGATION',
        'OrdersListComponent#2/at/inline function: NO_NAVIGATION',
        'OrdersListComponent#2/kind/?: ORIGIN_UNKNOWN',
        'OrdersListComponent/actions/OrderEditRendererComponent: ORIGIN_UNKNOWN',
        'OrdersListComponent/actions/OrderEditRendererComponent: ORIGIN_UNKNOWN',
        'OrdersListComponent/id/OrderLinkRendererComponent: complete',
        'OrdersListComponent/status/StatusRendererComponent: NO_NAVIGATION',
      ]);
    });

    it('starts from a table, from the destination component, or from the destination route', async () => {
      const tableId = ids.grid(repoId, LIST_HTML, 3);
      const byTable = await agGridOriginChains({ graph, repoId, tableId });
      expect(new Set(byTable.map((c) => c.hops[0]!.id))).toEqual(new Set([tableId]));
      const detail = ids.symbol(repoId, `${ORDERS}/order-detail/order-detail.component.ts`, 'OrderDetailComponent');
      const byComponent = await agGridOriginChains({ graph, repoId, componentId: detail });
      expect(byComponent.map((c) => `${c.hops[0]!.name}/${c.hops[1]!.name}`).sort()).toEqual(['OrdersListComponent#2/actor', 'OrdersListComponent/id']);
      const route = byComponent[0]!.hops[4]!.id;
      const byRoute = await agGridOriginChains({ graph, repoId, routeId: route });
      expect(byRoute.map((c) => c.key).sort()).toEqual(byComponent.map((c) => c.key).sort());
    });

    it('returns the grids a host component renders when asked for that component', async () => {
      const host = ids.symbol(repoId, LIST_TS, 'OrdersListComponent');
      const chains = await agGridOriginChains({ graph, repoId, componentId: host });
      expect(chains).toHaveLength(all.length);
    });

    it('rejects two starts at once', async () => {
      await expect(agGridOriginChains({ graph, repoId, tableId: 'a', routeId: 'b' })).rejects.toMatchObject({ code: 'INVALID_ARGS' });
    });
  });

  describe('federation chain', () => {
    it('proves Host Route → Federation Mapping → Remote Expose → Remote Module → Destination Component for both remote loads', async () => {
      const chains = await federationChains({ graph, repoId });
      expect(chains.map((c) => c.status)).toEqual(['complete', 'complete']);
      expect(chains.map(compact)).toEqual([
        [
          'HostRoute Route /remote @ projects/host/src/app/remote-routes.ts:6',
          'FederationMapping FederationRemote remote @ projects/host/webpack.config.js:6',
          'RemoteExpose RemoteExpose remote/Module @ projects/remote/webpack.config.js:14',
          'RemoteModule NgModule RemoteModule @ projects/remote/src/app/remote-entry/remote-entry.module.ts:5',
          'DestinationComponent Component RemoteHomeComponent @ projects/remote/src/app/remote-entry/remote-home.component.ts:3',
        ],
        [
          'HostRoute Route /remote-home @ projects/host/src/app/remote-routes.ts:15',
          'FederationMapping FederationRemote remote @ projects/host/webpack.config.js:6',
          'RemoteExpose RemoteExpose remote/Home @ projects/remote/webpack.config.js:15',
          'RemoteModule File projects/remote/src/app/remote-entry/remote-home.component.ts @ projects/remote/src/app/remote-entry/remote-home.component.ts:1',
          'DestinationComponent Component RemoteHomeComponent @ projects/remote/src/app/remote-entry/remote-home.component.ts:3',
        ],
      ]);
      expect(chains[0]!.hops.at(-1)!.details).toMatchObject({ route: '/' });
      expect(chains[0]!.hops[0]!.details).toMatchObject({ exposed: './Module', form: 'loadRemoteModule', remoteEntry: 'http://localhost:4201/remoteEntry.js' });
    });

    it('filters by host route and by destination component', async () => {
      const route = ids.route(repoId, 'projects/host/src/app/remote-routes.ts', 15, '/remote-home');
      expect((await federationChains({ graph, repoId, routeId: route })).map((c) => c.hops[0]!.name)).toEqual(['/remote-home']);
      const home = ids.symbol(repoId, 'projects/remote/src/app/remote-entry/remote-home.component.ts', 'RemoteHomeComponent');
      expect(await federationChains({ graph, repoId, componentId: home })).toHaveLength(2);
    });
  });

  describe('proofChains (the front-door entry point)', () => {
    it('resolves `from` by component name, route path or id', async () => {
      const byName = await proofChains(graph, { repoId, kind: 'aggrid-origin', from: 'OrderDetailComponent' });
      expect(byName.starts).toEqual([ids.symbol(repoId, `${ORDERS}/order-detail/order-detail.component.ts`, 'OrderDetailComponent')]);
      expect(byName.chains.every((c) => c.status === 'complete')).toBe(true);
      const byPath = await proofChains(graph, { repoId, kind: 'federation', from: '/remote' });
      expect(byPath.chains.map((c) => c.hops[0]!.name)).toEqual(['/remote']);
    });

    it('answers NOT_FOUND for an unknown start', async () => {
      await expect(proofChains(graph, { repoId, kind: 'aggrid-origin', from: 'NoSuchComponent' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });
  });
});
