import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { invalidateRouteIndex, routesExtractor } from '../../../ingest/extractors/routes/index.js';
import type { FileFacts } from '../../../ingest/model/facts.js';
import { ids } from '../../../ingest/model/ids.js';
import { FIXTURE_ROOT, loadWorkspace, memoryWorkspace, REPO_ID, type Workspace } from '../../support/extract-fixture.js';

const APP = 'projects/host/src/app';
const ROUTING = `${APP}/app-routing.module.ts`;
const sym = (path: string, name: string) => ids.symbol(REPO_ID, path, name);
const route = (path: string, line: number, localPath: string) => ids.route(REPO_ID, path, line, localPath);
const rows = (facts: FileFacts) => facts.nodes.map((n) => [n.props.localPath, n.props.fullPath, n.props.startLine, n.props.endLine]);
const edges = (facts: FileFacts, type: string) => facts.edges.filter((e) => e.type === type).map((e) => [e.from, e.to, e.props ?? {}]);

let ws: Workspace;
const extract = (path: string) => ws.extract(path, [routesExtractor]);

beforeAll(() => {
  ws = loadWorkspace();
});

describe('routes extractor: the host forRoot routes', () => {
  let facts: FileFacts;
  beforeAll(() => {
    facts = extract(ROUTING);
  });

  it('emits every route with local and full paths and exact line ranges', () => {
    expect(rows(facts)).toEqual([
      ['/', '/', 10, 10],
      ['/customers', '/customers', 11, 24],
      ['/customers', '/customers', 15, 15],
      ['/customers/:id', '/customers/:id', 16, 22],
      ['/orders', '/orders', 25, 29],
      ['/admin', '/admin', 30, 30],
      ['/dashboard', '/dashboard', 31, 34],
      ['/**', '/**', 35, 35],
    ]);
    expect(facts.events).toEqual([]);
  });

  it('keeps redirects, titles, segments and the mount kind as props', () => {
    expect(facts.nodes[0]).toEqual({
      id: route(ROUTING, 10, '/'),
      labels: ['Route'],
      props: {
        segment: '', localPath: '/', fullPath: '/', path: ROUTING, startLine: 10, endLine: 10,
        mount: 'root', arrayOrigin: 'forRoot', redirectTo: 'customers', pathMatch: 'full',
      },
    });
    expect(facts.nodes[2]?.props).toMatchObject({ segment: '', title: 'Customers', component: 'CustomerListComponent' });
    expect(facts.nodes[2]?.searchText).toBe('customers customerlistcomponent customer list component');
  });

  it('links nested children to their parent with CHILD_OF', () => {
    expect(edges(facts, 'CHILD_OF')).toEqual([
      [route(ROUTING, 15, '/customers'), route(ROUTING, 11, '/customers'), {}],
      [route(ROUTING, 16, '/customers/:id'), route(ROUTING, 11, '/customers'), {}],
    ]);
  });

  it('links components, guards (class and functional) and resolvers', () => {
    expect(edges(facts, 'ROUTES_TO')).toEqual([
      [route(ROUTING, 15, '/customers'), sym(`${APP}/customers/customer-list.component.ts`, 'CustomerListComponent'), { via: ['component'] }],
      [route(ROUTING, 16, '/customers/:id'), sym(`${APP}/customers/customer-detail.component.ts`, 'CustomerDetailComponent'), { via: ['component'] }],
      [route(ROUTING, 31, '/dashboard'), sym(`${APP}/dashboard/dashboard.component.ts`, 'DashboardComponent'), { via: ['loadComponent'] }],
      [route(ROUTING, 35, '/**'), sym(`${APP}/not-found/not-found.component.ts`, 'NotFoundComponent'), { via: ['component'] }],
    ]);
    expect(edges(facts, 'GUARDED_BY')).toEqual([
      [route(ROUTING, 11, '/customers'), sym(`${APP}/core/auth.guard.ts`, 'AuthGuard'), { kinds: ['canActivate'] }],
      [route(ROUTING, 16, '/customers/:id'), sym(`${APP}/core/feature-flag.guard.ts`, 'featureFlagGuard'), { kinds: ['canActivate'] }],
      [route(ROUTING, 25, '/orders'), sym(`${APP}/core/auth.guard.ts`, 'AuthGuard'), { kinds: ['canActivate'] }],
    ]);
    expect(edges(facts, 'RESOLVES')).toEqual([
      [route(ROUTING, 16, '/customers/:id'), sym(`${APP}/core/customer.resolver.ts`, 'CustomerResolver'), { keys: ['customer'] }],
    ]);
    expect(facts.nodes[3]?.props).toMatchObject({ guards: ['canActivate:featureFlagGuard'], resolvers: ['customer:CustomerResolver'] });
  });

  it('follows loadChildren in the import() form and the legacy string form', () => {
    expect(edges(facts, 'LOADS_CHILDREN')).toEqual([
      [route(ROUTING, 25, '/orders'), sym(`${APP}/orders/orders.module.ts`, 'OrdersModule'), { form: 'import' }],
      [route(ROUTING, 30, '/admin'), sym(`${APP}/admin/admin.module.ts`, 'AdminModule'), { form: 'string' }],
    ]);
    expect(facts.nodes[4]?.props).toMatchObject({ lazy: true, loadChildren: `${APP}/orders/orders.module.ts#OrdersModule` });
    expect(facts.nodes[5]?.props).toMatchObject({ lazy: true, loadChildren: `${APP}/admin/admin.module.ts#AdminModule` });
    expect(facts.nodes[6]?.props).toMatchObject({ lazy: true, loadComponent: `${APP}/dashboard/dashboard.component.ts#DashboardComponent`, component: 'DashboardComponent' });
  });

  it('writes DEFINES from the routing file to each route', () => {
    expect(edges(facts, 'DEFINES').map(([from]) => from)).toEqual(facts.nodes.map(() => ids.file(REPO_ID, ROUTING)));
  });
});

describe('routes extractor: lazily loaded routes', () => {
  it('prefixes routes of a legacy string-loaded module and links them to the loader route', () => {
    const path = `${APP}/admin/admin.module.ts`;
    const facts = extract(path);
    expect(rows(facts)).toEqual([['/', '/admin', 7, 7], ['/audit', '/admin/audit', 8, 8]]);
    expect(facts.nodes.map((n) => [n.props.mount, n.props.arrayOrigin])).toEqual([['lazy', 'forChild'], ['lazy', 'forChild']]);
    expect(edges(facts, 'CHILD_OF')).toEqual([
      [route(path, 7, '/'), route(ROUTING, 30, '/admin'), { lazy: true }],
      [route(path, 8, '/audit'), route(ROUTING, 30, '/admin'), { lazy: true }],
    ]);
  });

  it.skipIf(!existsSync(join(FIXTURE_ROOT, APP, 'orders/orders-routing.module.ts')))('prefixes the orders routing module reached through the lazily loaded OrdersModule', () => {
    const path = `${APP}/orders/orders-routing.module.ts`;
    const facts = extract(path);
    expect(facts.nodes.length).toBeGreaterThan(0);
    for (const n of facts.nodes) {
      expect(n.props.fullPath).toBe(`/orders${n.props.localPath === '/' ? '' : String(n.props.localPath)}`);
      expect(n.props.mount).toBe('lazy');
    }
    expect(facts.nodes.some((n) => n.props.fullPath === '/orders/:id')).toBe(true);
    const lazyParents = facts.edges.filter((e) => e.type === 'CHILD_OF' && e.props?.lazy).map((e) => e.to);
    expect(new Set(lazyParents)).toEqual(new Set([route(ROUTING, 25, '/orders')]));
  });

  it('reads a typed Routes const used by provideRouter in another file (remote)', () => {
    const path = 'projects/remote/src/app/remote.routes.ts';
    const facts = extract(path);
    expect(rows(facts)).toEqual([['/', '/', 4, 4], ['/welcome', '/welcome', 5, 9]]);
    expect(facts.nodes[1]?.props).toMatchObject({ title: 'Remote', mount: 'child', arrayOrigin: 'typed', component: 'EmptyStateComponent' });
    expect(edges(facts, 'ROUTES_TO')).toEqual([
      [route(path, 5, '/welcome'), sym('libs/shared/src/ui/empty-state.component.ts', 'EmptyStateComponent'), { via: ['loadComponent'] }],
    ]);
    expect(extract('projects/remote/src/main.ts').nodes).toEqual([]);
  });
});

describe('routes extractor: other shapes', () => {
  it('mounts a children array imported from another file below its parent, lazy levels inside it included', () => {
    const mem = memoryWorkspace({
      'src/app.routes.ts': [
        "import { Routes } from '@angular/router';",
        "import { ADMIN_ROUTES } from './admin/admin.routes';",
        'export const routes: Routes = [',
        "  { path: 'admin', canActivate: [], children: ADMIN_ROUTES },",
        '];',
        'export const appConfig = { providers: [provideRouter(routes)] };',
      ].join('\n'),
      'src/admin/admin.routes.ts': [
        "import { Routes } from '@angular/router';",
        'export const ADMIN_ROUTES: Routes = [',
        "  { path: 'users', component: UsersComponent },",
        "  { path: 'reports', loadChildren: () => import('./reports.routes').then((m) => m.REPORT_ROUTES) },",
        '];',
        'class UsersComponent {}',
      ].join('\n'),
      'src/admin/reports.routes.ts': "export const REPORT_ROUTES = [{ path: ':id', component: ReportComponent }];\nclass ReportComponent {}",
    });
    const app = mem.extract('src/app.routes.ts', [routesExtractor]);
    expect(rows(app)).toEqual([['/admin', '/admin', 4, 4]]);
    expect(app.events).toEqual([]);
    const admin = mem.extract('src/admin/admin.routes.ts', [routesExtractor]);
    expect(rows(admin)).toEqual([['/users', '/admin/users', 3, 3], ['/reports', '/admin/reports', 4, 4]]);
    expect(admin.nodes[0]?.props).toMatchObject({ mount: 'child' });
    expect(edges(admin, 'CHILD_OF')).toEqual([
      [route('src/admin/admin.routes.ts', 3, '/users'), route('src/app.routes.ts', 4, '/admin'), {}],
      [route('src/admin/admin.routes.ts', 4, '/reports'), route('src/app.routes.ts', 4, '/admin'), {}],
    ]);
    const reports = mem.extract('src/admin/reports.routes.ts', [routesExtractor]);
    expect(rows(reports)).toEqual([['/:id', '/admin/reports/:id', 1, 1]]);
    expect(reports.nodes[0]?.props).toMatchObject({ mount: 'lazy' });
    expect(edges(reports, 'CHILD_OF')).toEqual([[route('src/admin/reports.routes.ts', 1, '/:id'), route('src/admin/admin.routes.ts', 4, '/reports'), { lazy: true }]]);
  });

  it('mounts standalone routes loaded by name, nested lazy levels and default exports', () => {
    const mem = memoryWorkspace({
      'src/app.routes.ts': [
        "import { Routes } from '@angular/router';",
        'export const routes: Routes = [',
        "  { path: 'admin', loadChildren: () => import('./admin/admin.routes').then((m) => m.ADMIN_ROUTES) },",
        "  { path: 'shop', loadChildren: () => import('./shop/shop.routes') },",
        '];',
      ].join('\n'),
      'src/admin/admin.routes.ts': [
        "import { Routes } from '@angular/router';",
        'export const ADMIN_ROUTES: Routes = [',
        "  { path: 'users', loadChildren: async () => (await import('./users/users.routes')).USER_ROUTES },",
        '];',
        "export const OTHER_ROUTES: Routes = [{ path: 'other', redirectTo: 'x' }];",
      ].join('\n'),
      'src/admin/users/users.routes.ts': "export const USER_ROUTES = [{ path: ':id', component: UserComponent }];\nclass UserComponent {}",
      'src/shop/shop.routes.ts': "export default [{ path: 'cart', component: CartComponent }] satisfies Routes;\nclass CartComponent {}",
    });
    const admin = mem.extract('src/admin/admin.routes.ts', [routesExtractor]);
    expect(rows(admin)).toEqual([['/users', '/admin/users', 3, 3], ['/other', '/other', 5, 5]]);
    const users = mem.extract('src/admin/users/users.routes.ts', [routesExtractor]);
    expect(rows(users)).toEqual([['/:id', '/admin/users/:id', 1, 1]]);
    expect(users.nodes[0]?.props).toMatchObject({ arrayOrigin: 'shape', mount: 'lazy' });
    expect(users.edges.find((e) => e.type === 'CHILD_OF')?.to).toBe(route('src/admin/admin.routes.ts', 3, '/users'));
    const shop = mem.extract('src/shop/shop.routes.ts', [routesExtractor]);
    expect(rows(shop)).toEqual([['/cart', '/shop/cart', 1, 1]]);
    const app = mem.extract('src/app.routes.ts', [routesExtractor]);
    expect(edges(app, 'LOADS_CHILDREN')).toEqual([
      [route('src/app.routes.ts', 3, '/admin'), sym('src/admin/admin.routes.ts', 'ADMIN_ROUTES'), { form: 'import' }],
      [route('src/app.routes.ts', 4, '/shop'), ids.file(REPO_ID, 'src/shop/shop.routes.ts'), { form: 'import' }],
    ]);
  });

  it('resolves app-root-relative legacy strings and destructured import() exports', () => {
    const mem = memoryWorkspace({
      'src/app/app.routing.ts': [
        'export const routing = RouterModule.forRoot([',
        "  { path: 'old', loadChildren: 'app/legacy/legacy.module#LegacyModule' },",
        "  { path: 'new', loadChildren: () => import('./modern/modern.module').then(({ ModernModule }) => ModernModule) },",
        ']);',
      ].join('\n'),
      'src/app/legacy/legacy.module.ts': 'export class LegacyModule {}',
      'src/app/modern/modern.module.ts': 'export class ModernModule {}',
    });
    const facts = mem.extract('src/app/app.routing.ts', [routesExtractor]);
    expect(edges(facts, 'LOADS_CHILDREN')).toEqual([
      [route('src/app/app.routing.ts', 2, '/old'), sym('src/app/legacy/legacy.module.ts', 'LegacyModule'), { form: 'string' }],
      [route('src/app/app.routing.ts', 3, '/new'), sym('src/app/modern/modern.module.ts', 'ModernModule'), { form: 'import' }],
    ]);
  });

  it('records every mount of a module loaded from two places', () => {
    const mem = memoryWorkspace({
      'src/app.routes.ts': [
        'export const routes: Routes = [',
        "  { path: 'a', loadChildren: () => import('./feature').then((m) => m.FeatureModule) },",
        "  { path: 'b', loadChildren: () => import('./feature').then((m) => m.FeatureModule) },",
        '];',
      ].join('\n'),
      'src/feature.ts': "@NgModule({ imports: [RouterModule.forChild([{ path: 'x', component: X }])] })\nexport class FeatureModule {}\nclass X {}",
    });
    const facts = mem.extract('src/feature.ts', [routesExtractor]);
    expect(facts.nodes[0]?.props).toMatchObject({ localPath: '/x', fullPath: '/a/x', fullPaths: ['/a/x', '/b/x'] });
    expect(edges(facts, 'CHILD_OF').map(([, to]) => to)).toEqual([route('src/app.routes.ts', 2, '/a'), route('src/app.routes.ts', 3, '/b')]);
  });

  it('walks same-file spreads and children consts, ROUTES providers, and sync loadChildren', () => {
    const mem = memoryWorkspace({
      'src/r.ts': [
        "const extra: Routes = [{ path: 'help', component: Help }];",
        "const kids = [{ path: 'k', component: Help }];",
        'export const routes: Routes = [',
        '  ...extra,',
        "  { path: 'p', children: kids, loadChildren: () => Lazy },",
        '];',
        "export const providers = [{ provide: ROUTES, useValue: [{ path: 'q', component: Help }], multi: true }];",
        'class Help {}',
        'export class Lazy {}',
      ].join('\n'),
    });
    const facts = mem.extract('src/r.ts', [routesExtractor]);
    expect(rows(facts)).toEqual([
      ['/help', '/help', 1, 1],
      ['/p', '/p', 5, 5],
      ['/p/k', '/p/k', 2, 2],
      ['/q', '/q', 7, 7],
    ]);
    expect(edges(facts, 'LOADS_CHILDREN')).toEqual([[route('src/r.ts', 5, '/p'), sym('src/r.ts', 'Lazy'), { form: 'reference' }]]);
    expect(facts.nodes[3]?.props.arrayOrigin).toBe('ROUTES');
  });

  it('links factory and inline guards and keeps unresolved names as references', () => {
    const mem = memoryWorkspace({
      'src/guards.ts': 'export function roleGuard(role: string) { return () => role.length > 0; }',
      'src/r.ts': [
        "import { roleGuard } from './guards';",
        'export const routes: Routes = [',
        "  { path: 'x', component: Missing, canMatch: [roleGuard('admin'), () => true], canDeactivate: [Unknown] },",
        '];',
      ].join('\n'),
    });
    const facts = mem.extract('src/r.ts', [routesExtractor]);
    const id = route('src/r.ts', 3, '/x');
    expect(edges(facts, 'GUARDED_BY')).toEqual([[id, sym('src/guards.ts', 'roleGuard'), { kinds: ['canMatch'], factory: true }]]);
    expect(facts.nodes[0]?.props.guards).toEqual(['canDeactivate:Unknown', 'canMatch:roleGuard', 'canMatch:inline']);
    expect(facts.refs).toEqual([
      { type: 'ROUTES_TO', from: id, target: { kind: 'symbol', name: 'Missing' }, props: { via: ['component'] } },
      { type: 'GUARDED_BY', from: id, target: { kind: 'symbol', name: 'Unknown' }, props: { kinds: ['canDeactivate'] } },
    ]);
  });

  it('reports routes it cannot read instead of guessing', () => {
    const mem = memoryWorkspace({
      'src/r.ts': [
        "import { external } from './elsewhere';",
        'export const routes: Routes = [',
        "  { path: SEGMENT, component: A, children: external, loadChildren: () => load('x') },",
        '];',
        '@NgModule({ imports: [RouterModule.forRoot(buildRoutes())] })',
        'export class M {}',
        'class A {}',
      ].join('\n'),
    });
    const facts = mem.extract('src/r.ts', [routesExtractor]);
    expect(rows(facts)).toEqual([['/{SEGMENT}', '/{SEGMENT}', 3, 3]]);
    expect(facts.events.map((e) => [e.kind, e.line, e.message])).toEqual([
      ['unsupported_syntax', 5, 'forRoot routes argument is not an array literal or a const bound to one (buildRoutes())'],
      ['unsupported_syntax', 3, 'route path is not a string literal (SEGMENT)'],
      ['unsupported_syntax', 3, "children under '/{SEGMENT}' is not a same-file array (external); its routes are indexed where they are declared, without this prefix"],
      ['unsupported_syntax', 3, "loadChildren shape not understood (() => load('x'))"],
    ]);
  });

  it('follows edits of a loader file and, after invalidation, new loader files', () => {
    const mem = memoryWorkspace({
      'src/app.routes.ts': "export const routes: Routes = [{ path: 'a', loadChildren: () => import('./child.routes') }];",
      'src/child.routes.ts': "export default [{ path: 'x', component: X }] satisfies Routes;\nclass X {}",
    });
    const fullPath = () => mem.extract('src/child.routes.ts', [routesExtractor]).nodes[0]?.props.fullPath;
    expect(fullPath()).toBe('/a/x');
    mem.write('src/app.routes.ts', "export const routes: Routes = [{ path: 'b', loadChildren: () => import('./child.routes') }];");
    expect(fullPath()).toBe('/b/x');
    mem.write('src/other.routes.ts', "export const more: Routes = [{ path: 'c', loadChildren: () => import('./child.routes') }];");
    invalidateRouteIndex(mem.project);
    expect(mem.extract('src/child.routes.ts', [routesExtractor]).nodes[0]?.props.fullPaths).toEqual(['/b/x', '/c/x']);
  });

  it('leaves route arrays in spec files alone', () => {
    const mem = memoryWorkspace({ 'src/a.spec.ts': "const routes: Routes = [{ path: 'test', component: Host }];\nclass Host {}" });
    expect(routesExtractor.appliesTo('src/a.spec.ts')).toBe(false);
    expect(routesExtractor.appliesTo('src/a.routes.ts')).toBe(true);
    expect(mem.read('src/a.spec.ts')).toBeDefined();
  });

  it('does not mistake menu configs for routes', () => {
    const mem = memoryWorkspace({
      'src/menu.ts': "export const MENU = [{ path: '/orders', label: 'Orders', icon: 'list' }];\nexport const TABS = [{ path: 'a' }];",
    });
    expect(mem.extract('src/menu.ts', [routesExtractor]).nodes).toEqual([]);
  });
});
