import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTsProjectCache, ingestRepository, type IngestSummary } from '../../../ingest/index.js';
import { extractors } from '../../../ingest/extractors/index.js';
import type { Extractor } from '../../../ingest/model/extractor.js';
import { ids } from '../../../ingest/model/ids.js';
import type { Graph } from '../../../src/graph/graph.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { edgesByType, nodesByLabel } from '../../support/ingest-queries.js';
import { removeWorkspace, writeFile, writeWorkspace } from '../../support/mini-workspace.js';

const SHELL = 'apps/shell/src/app';
const BOOKING = 'apps/booking/src/app';
// Two apps that both define `/` and `/orders`; the shell mounts the booking remote's routes under `/booking`.
const FILES: Record<string, string> = {
  [`${SHELL}/app.routes.ts`]: [
    "import { loadRemoteModule } from '@angular-architects/module-federation';",
    'export const APP_ROUTES: Routes = [',
    "  { path: '', component: ShellHomeComponent },",
    "  { path: 'orders', component: ShellOrdersComponent },",
    "  { path: 'new-page', loadComponent: () => import('./missing-page') },",
    "  { path: 'booking', loadChildren: () => loadRemoteModule({ type: 'module', remoteEntry: 'http://localhost:4201/remoteEntry.js', exposedModule: './routes' }).then((m) => m.BOOKING_ROUTES) },",
    '];',
    'export class ShellHomeComponent {}',
    'export class ShellOrdersComponent {}',
  ].join('\n'),
  [`${SHELL}/nav.component.ts`]: [
    "import { Component } from '@angular/core';",
    "@Component({ selector: 'shell-nav', template: '<a routerLink=\"/\">Home</a> <a routerLink=\"/orders\">Orders</a> <a routerLink=\"/booking/flights\">Flights</a>' })",
    'export class ShellNavComponent {}',
  ].join('\n'),
  [`${SHELL}/probe.ts`]: 'export const probe = 1;\n',
  'apps/booking/webpack.config.js': [
    'module.exports = withModuleFederationPlugin({',
    "  name: 'booking',",
    "  exposes: { './routes': './apps/booking/src/app/booking.routes.ts' },",
    '});',
  ].join('\n'),
  [`${BOOKING}/booking.routes.ts`]: [
    'export const BOOKING_ROUTES: Routes = [',
    "  { path: '', component: BookingHomeComponent },",
    "  { path: 'orders', component: BookingOrdersComponent },",
    "  { path: 'flights', component: FlightsComponent },",
    '];',
    'export class BookingHomeComponent {}',
    'export class BookingOrdersComponent {}',
    'export class FlightsComponent {}',
  ].join('\n'),
  [`${BOOKING}/booking-nav.component.ts`]: [
    "import { Component } from '@angular/core';",
    "import { Router } from '@angular/router';",
    "@Component({ selector: 'booking-nav', template: '<a routerLink=\"/\">Start</a>' })",
    'export class BookingNavComponent {',
    '  constructor(private router: Router) {}',
    "  open(): void { this.router.navigate(['/orders']); }",
    '}',
  ].join('\n'),
  // Two apps inside one root src/ folder: only their project.json tells them apart.
  'src/apps/admin/project.json': '{ "name": "admin" }\n',
  'src/apps/admin/admin.routes.ts': "export const ADMIN_ROUTES: Routes = [{ path: 'reports', component: AdminReportsComponent }];\nexport class AdminReportsComponent {}\n",
  'src/apps/admin/features/reports-link.component.ts': "@Component({ selector: 'admin-reports-link', template: '<a routerLink=\"/reports\">Reports</a>' })\nexport class ReportsLinkComponent {}\n",
  'src/apps/audit/project.json': '{ "name": "audit" }\n',
  'src/apps/audit/audit.routes.ts': "export const AUDIT_ROUTES: Routes = [{ path: 'reports', component: AuditReportsComponent }];\nexport class AuditReportsComponent {}\n",
  // The only anonymous default export of the repo: a `default` reference must not land here by name alone.
  [`${BOOKING}/legacy-widget.ts`]: 'export default class {}\n',
};

/** A reference to `default` with no file hint (no real extractor emits one today, but nothing must resolve it by name). */
const defaultProbe: Extractor = {
  name: 'default-probe',
  appliesTo: (path) => path.endsWith('/probe.ts'),
  extract: (ctx, into) => void into.refs.push({ type: 'ROUTES_TO', from: ids.file(ctx.repoId, ctx.path), target: { kind: 'symbol', name: 'default' } }),
};

describe('route references resolve within their own app', () => {
  let graph: Graph;
  let root: string;
  let first: IngestSummary;
  const repoId = testNamespace('ingest-route-apps');
  const cache = createTsProjectCache();
  const ingest = (changedPaths?: string[]) => ingestRepository({ graph, root, log: silentLogger, settings: { repoId }, projectCache: cache, changedPaths, extractors: [...extractors, defaultProbe] });
  const nodes = async (label: string) => (await graph.read(nodesByLabel, { repoId, label })).map((n) => n.props as Record<string, unknown>);
  /** Route ids by `<file> <fullPath>`. */
  const routeId = async (file: string, fullPath: string) => {
    const route = (await nodes('Route')).find((r) => r.ownerFile === file && r.fullPath === fullPath);
    expect(route, `${file} ${fullPath}`).toBeDefined();
    return route?.id as string;
  };
  /** Where each NavTrigger of a file points: `targetPath` → sorted TARGETS ends. */
  const targetsOf = async (file: string) => {
    const triggers = (await nodes('NavTrigger')).filter((t) => t.ownerFile === file);
    const edges = await graph.read(edgesByType, { repoId, type: 'TARGETS' });
    return Object.fromEntries(triggers.map((t) => [t.targetPath, edges.filter((e) => e.from === t.id).map((e) => e.to).sort()]));
  };
  const refOf = async (relType: string, ownerFile: string) => (await nodes('Ref')).filter((r) => r.relType === relType && r.ownerFile === ownerFile);

  beforeAll(async () => {
    graph = openTestGraph();
    root = writeWorkspace(FILES);
    first = await ingest();
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    await graph.close();
    removeWorkspace(root);
  });

  it("resolves the shell's links to the shell's routes and the host link to the remote route mounted under it", async () => {
    // The remote's routes keep their own fullPath; the host URL is in fullPaths.
    const flights = (await nodes('Route')).find((r) => r.ownerFile === `${BOOKING}/booking.routes.ts` && r.fullPath === '/flights');
    expect(flights?.fullPaths).toEqual(['/flights', '/booking/flights']);
    expect(await targetsOf(`${SHELL}/nav.component.ts`)).toEqual({
      '/': [await routeId(`${SHELL}/app.routes.ts`, '/')],
      '/orders': [await routeId(`${SHELL}/app.routes.ts`, '/orders')],
      '/booking/flights': [await routeId(`${BOOKING}/booking.routes.ts`, '/flights')],
    });
  });

  it("resolves the remote's links (template and router.navigate) to the remote's routes", async () => {
    expect(await targetsOf(`${BOOKING}/booking-nav.component.ts`)).toEqual({
      '/': [await routeId(`${BOOKING}/booking.routes.ts`, '/')],
      '/orders': [await routeId(`${BOOKING}/booking.routes.ts`, '/orders')],
    });
    const refs = (await nodes('Ref')).filter((r) => r.kind === 'routePath');
    expect(refs.map((r) => r.status)).toEqual(refs.map(() => 'resolved'));
    expect(first.refs.byKind.routePath).toEqual({ resolved: 6 });
  });

  it('tells apps apart by their project.json when the src/ convention does not', async () => {
    expect(await targetsOf('src/apps/admin/features/reports-link.component.ts')).toEqual({ '/reports': [await routeId('src/apps/admin/admin.routes.ts', '/reports')] });
  });

  it('leaves a `default` reference unresolved with a reason unless its file names it', async () => {
    expect(await refOf('ROUTES_TO', `${SHELL}/probe.ts`)).toEqual([
      expect.objectContaining({ status: 'unresolved', targetIds: [], reason: expect.stringMatching(/default export .*fromPath/) }),
    ]);
    const lazy = (await refOf('ROUTES_TO', `${SHELL}/app.routes.ts`)).filter((r) => JSON.parse(r.target as string).name === 'default');
    expect(lazy).toEqual([expect.objectContaining({ status: 'unresolved', reason: `no default export in ${SHELL}/missing-page` })]);
    const toWidget = (await graph.read(edgesByType, { repoId, type: 'ROUTES_TO' })).filter((e) => e.to === ids.symbol(repoId, `${BOOKING}/legacy-widget.ts`, 'default'));
    expect(toWidget).toEqual([]);
  });

  it("keeps the preference when another file's route change re-links persisted references, and links a default export when its file appears", async () => {
    writeFile(root, `${BOOKING}/booking.routes.ts`, FILES[`${BOOKING}/booking.routes.ts`]!.replace("  { path: 'flights'", "  { path: 'hotels', component: FlightsComponent },\n  { path: 'flights'"));
    const again = await ingest([`${BOOKING}/booking.routes.ts`]);
    expect(again.refs.relinked).toBeGreaterThanOrEqual(3);
    expect(await targetsOf(`${SHELL}/nav.component.ts`)).toEqual({
      '/': [await routeId(`${SHELL}/app.routes.ts`, '/')],
      '/orders': [await routeId(`${SHELL}/app.routes.ts`, '/orders')],
      '/booking/flights': [await routeId(`${BOOKING}/booking.routes.ts`, '/flights')],
    });

    writeFile(root, `${SHELL}/missing-page.ts`, 'export default class {}\n');
    await ingest([`${SHELL}/missing-page.ts`]);
    const lazy = (await refOf('ROUTES_TO', `${SHELL}/app.routes.ts`)).filter((r) => JSON.parse(r.target as string).name === 'default');
    expect(lazy).toEqual([expect.objectContaining({ status: 'resolved', targetIds: [ids.symbol(repoId, `${SHELL}/missing-page.ts`, 'default')] })]);
    expect(await refOf('ROUTES_TO', `${SHELL}/probe.ts`)).toEqual([expect.objectContaining({ status: 'unresolved' })]);
  });
});
