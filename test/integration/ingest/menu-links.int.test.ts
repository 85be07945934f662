import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTsProjectCache, ingestRepository } from '../../../ingest/index.js';
import type { Graph } from '../../../src/graph/graph.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { edgesByType, nodesByLabel } from '../../support/ingest-queries.js';
import { removeWorkspace, writeFile, writeWorkspace } from '../../support/mini-workspace.js';

const APP = 'src/app';
const MENU_CONST = [
  "export const SIDE_MENU: Array<{ label: string; route: string | string[] }> = [",
  "  { label: 'Orders', route: '/orders' },",
  "  { label: 'Customers', route: ['/customers', 'list'] },",
  '];',
].join('\n');
const FILES: Record<string, string> = {
  [`${APP}/app.routes.ts`]: [
    'export const routes: Routes = [',
    "  { path: 'orders', component: OrdersComponent },",
    "  { path: 'customers/list', component: CustomersComponent },",
    "  { path: 'reports', component: ReportsComponent },",
    '];',
    'export class OrdersComponent {}',
    'export class CustomersComponent {}',
    'export class ReportsComponent {}',
  ].join('\n'),
  [`${APP}/menu.ts`]: MENU_CONST,
  [`${APP}/side-nav.component.ts`]: [
    "import { Component } from '@angular/core';",
    "import { SIDE_MENU } from './menu';",
    "@Component({ selector: 'app-side-nav', templateUrl: './side-nav.component.html' })",
    'export class SideNavComponent {',
    '  menu = SIDE_MENU;',
    '}',
  ].join('\n'),
  [`${APP}/side-nav.component.html`]: '<nav>\n  @for (item of menu; track item.label) {\n    <a [routerLink]="item.route">{{ item.label }}</a>\n  }\n</nav>\n',
  [`${APP}/top-bar.component.ts`]: [
    "import { Component } from '@angular/core';",
    "@Component({ selector: 'app-top-bar', template: '<a *ngFor=\"let l of links\" [routerLink]=\"l.link\">{{ l.label }}</a>' })",
    'export class TopBarComponent {',
    "  links = [{ label: 'Reports', link: '/reports' }, { label: 'Orders', link: '/orders' }];",
    '}',
  ].join('\n'),
};

describe('routerLinks bound to menu arrays become TARGETS edges to routes', () => {
  let graph: Graph;
  let root: string;
  const repoId = testNamespace('ingest-menu-links');
  const cache = createTsProjectCache();
  const ingest = (changedPaths?: string[]) => ingestRepository({ graph, root, log: silentLogger, settings: { repoId }, projectCache: cache, changedPaths });
  const nodes = async (label: string) => (await graph.read(nodesByLabel, { repoId, label })).map((n) => n.props as Record<string, unknown>);
  /** `fullPath` of the route each NavTrigger of a file targets, by the trigger's menu entry. */
  const targetsOf = async (file: string) => {
    const routes = new Map((await nodes('Route')).map((r) => [r.id, r.fullPath]));
    const edges = await graph.read(edgesByType, { repoId, type: 'TARGETS' });
    const triggers = (await nodes('NavTrigger')).filter((t) => t.ownerFile === file);
    return Object.fromEntries(triggers.map((t) => [t.menuEntry, edges.filter((e) => e.from === t.id).map((e) => routes.get(e.to))]));
  };

  beforeAll(async () => {
    graph = openTestGraph();
    root = writeWorkspace(FILES);
    await ingest();
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    await graph.close();
    removeWorkspace(root);
  });

  it('links every literal entry of an imported menu const (external template) and of an inline-template property', async () => {
    expect(await targetsOf(`${APP}/side-nav.component.html`)).toEqual({ 'menu[0].route': ['/orders'], 'menu[1].route': ['/customers/list'] });
    expect(await targetsOf(`${APP}/top-bar.component.ts`)).toEqual({ 'links[0].link': ['/reports'], 'links[1].link': ['/orders'] });
  });

  it('re-extracts the template when the menu const changes', async () => {
    writeFile(root, `${APP}/menu.ts`, MENU_CONST.replace("'/orders'", "'/reports'"));
    await ingest([`${APP}/menu.ts`]);
    expect(await targetsOf(`${APP}/side-nav.component.html`)).toEqual({ 'menu[0].route': ['/reports'], 'menu[1].route': ['/customers/list'] });
  });
});
