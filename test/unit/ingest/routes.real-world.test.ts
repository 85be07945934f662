import { describe, expect, it } from 'vitest';
import { routesExtractor } from '../../../ingest/extractors/routes/index.js';
import type { FileFacts } from '../../../ingest/model/facts.js';
import { ids } from '../../../ingest/model/ids.js';
import { memoryWorkspace, REPO_ID } from '../../support/extract-fixture.js';

// Shapes seen in public Angular repositories that the fixture workspace does not carry.
const route = (path: string, line: number, localPath: string) => ids.route(REPO_ID, path, line, localPath);
const rows = (facts: FileFacts) => facts.nodes.filter((n) => n.labels.includes('Route')).map((n) => [n.props.localPath, n.props.fullPath]);

describe('routes extractor: lazy loads through library barrels', () => {
  it('mounts the routes of a module loaded through a tsconfig alias that points at an index.ts barrel', () => {
    const ws = memoryWorkspace(
      {
        'apps/shop/src/app/app.module.ts': [
          '@NgModule({ imports: [RouterModule.forRoot([',
          "  { path: 'catalog', loadChildren: () => import('@acme/catalog/feature').then((x) => x.CatalogFeatureModule) },",
          '])] })',
          'export class AppModule {}',
        ].join('\n'),
        'libs/catalog/feature/src/index.ts': "export * from './lib/catalog-feature.module';",
        'libs/catalog/feature/src/lib/catalog-feature.module.ts': [
          "@NgModule({ imports: [RouterModule.forChild([{ path: 'item/:sku', component: ItemPage }])] })",
          'export class CatalogFeatureModule {}',
          'class ItemPage {}',
        ].join('\n'),
      },
      { baseUrl: '/repo', paths: { '@acme/catalog/feature': ['libs/catalog/feature/src/index.ts'] } },
    );
    const lib = ws.extract('libs/catalog/feature/src/lib/catalog-feature.module.ts', [routesExtractor]);
    expect(rows(lib)).toEqual([['/item/:sku', '/catalog/item/:sku']]);
    expect(lib.edges.filter((e) => e.type === 'CHILD_OF').map((e) => [e.to, e.props])).toEqual([
      [route('apps/shop/src/app/app.module.ts', 2, '/catalog'), { lazy: true }],
    ]);
  });

  it('mounts routes of a routing module reached through a public-api barrel with named re-exports', () => {
    const ws = memoryWorkspace({
      'src/app/app.routes.ts': "export const routes: Routes = [{ path: 'admin', loadChildren: () => import('../../libs/admin/public-api').then((m) => m.AdminModule) }];",
      'libs/admin/public-api.ts': "export { AdminModule } from './admin.module';",
      'libs/admin/admin.module.ts': "import { AdminRoutingModule } from './admin-routing.module';\n@NgModule({ imports: [AdminRoutingModule] })\nexport class AdminModule {}",
      'libs/admin/admin-routing.module.ts': "const routes: Routes = [{ path: 'users', component: Users }];\n@NgModule({ imports: [RouterModule.forChild(routes)] })\nexport class AdminRoutingModule {}\nclass Users {}",
    });
    const routing = ws.extract('libs/admin/admin-routing.module.ts', [routesExtractor]);
    expect(rows(routing)).toEqual([['/users', '/admin/users']]);
  });
});

describe('routes extractor: lazy targets that do not resolve yet', () => {
  it('keys file and symbol references by the repo path the missing target would have', () => {
    const ws = memoryWorkspace(
      {
        'apps/web/src/app/app.routes.ts': [
          'export const routes: Routes = [',
          "  { path: 'orders', loadChildren: () => import('./orders/orders.routes').then((m) => m.ORDER_ROUTES) },",
          "  { path: 'login', loadComponent: () => import('../auth/login.page') },",
          "  { path: 'kit', loadChildren: () => import('@acme/kit').then((m) => m.KitModule) },",
          '];',
        ].join('\n'),
      },
      { baseUrl: '/repo', paths: { '@acme/*': ['libs/*/src/index.ts'] } },
    );
    const facts = ws.extract('apps/web/src/app/app.routes.ts', [routesExtractor]);
    expect(facts.refs.map((r) => [r.type, r.target])).toEqual([
      ['LOADS_CHILDREN', { kind: 'file', path: 'apps/web/src/app/orders/orders.routes' }],
      ['ROUTES_TO', { kind: 'symbol', name: 'default', fromPath: 'apps/web/src/auth/login.page' }],
      ['LOADS_CHILDREN', { kind: 'file', path: 'libs/kit/src/index.ts' }],
    ]);
  });
});

describe('routes extractor: spread route objects', () => {
  it('reports a spread inside a route object instead of dropping it silently', () => {
    const ws = memoryWorkspace({
      'src/app/app.routes.ts': [
        "import { BASE } from './base';",
        'export const routes: Routes = [',
        "  { path: 'reports', ...BASE },",
        "  { ...BASE, path: 'audit', component: Audit },",
        '];',
        'class Audit {}',
      ].join('\n'),
      'src/app/base.ts': 'export const BASE = { canActivate: [] };',
    });
    const facts = ws.extract('src/app/app.routes.ts', [routesExtractor]);
    expect(rows(facts)).toEqual([['/reports', '/reports'], ['/audit', '/audit']]);
    expect(facts.events.map((e) => [e.kind, e.line, e.message.split(';')[0]])).toEqual([
      ['unsupported_syntax', 3, 'route object spreads ...BASE'],
      ['unsupported_syntax', 4, 'route object spreads ...BASE'],
    ]);
  });
});

describe('routes extractor: routes wrapped by a layout helper', () => {
  it('reads routes passed to a helper call inside a routes array, lazy loaders included, and says so', () => {
    const ws = memoryWorkspace({
      'src/app/app-routing.module.ts': [
        'const routes: Routes = [',
        '  Layout.withShell([',
        "    { path: 'about', loadChildren: () => import('./about/about.module').then((m) => m.AboutModule) },",
        "    { path: 'home', component: Home },",
        '  ]),',
        "  { path: '**', redirectTo: '' },",
        '];',
        '@NgModule({ imports: [RouterModule.forRoot(routes)] })',
        'export class AppRoutingModule {}',
        'class Home {}',
      ].join('\n'),
      'src/app/about/about.module.ts': "@NgModule({ imports: [RouterModule.forChild([{ path: 'team', component: Team }])] })\nexport class AboutModule {}\nclass Team {}",
    });
    const app = ws.extract('src/app/app-routing.module.ts', [routesExtractor]);
    expect(rows(app)).toEqual([['/about', '/about'], ['/home', '/home'], ['/**', '/**']]);
    expect(app.events.map((e) => [e.kind, e.line])).toEqual([['unsupported_syntax', 2]]);
    expect(app.events[0]?.message).toContain('Layout.withShell(...)');
    const about = ws.extract('src/app/about/about.module.ts', [routesExtractor]);
    expect(rows(about)).toEqual([['/team', '/about/team']]);
  });
});

describe('routes extractor: routing modules re-exported through a barrel', () => {
  it('reaches a routing module that the lazy NgModule imports from a folder index', () => {
    const ws = memoryWorkspace({
      'src/app/app.routes.ts': "export const routes: Routes = [{ path: 'billing', loadChildren: () => import('./billing/billing.module').then((m) => m.BillingModule) }];",
      'src/app/billing/billing.module.ts': "import { BillingRoutingModule } from './routing';\n@NgModule({ imports: [BillingRoutingModule] })\nexport class BillingModule {}",
      'src/app/billing/routing/index.ts': "export * from './billing-routing.module';",
      'src/app/billing/routing/billing-routing.module.ts': "const routes: Routes = [{ path: 'invoices', component: Invoices }];\n@NgModule({ imports: [RouterModule.forChild(routes)] })\nexport class BillingRoutingModule {}\nclass Invoices {}",
    });
    const facts = ws.extract('src/app/billing/routing/billing-routing.module.ts', [routesExtractor]);
    expect(rows(facts)).toEqual([['/invoices', '/billing/invoices']]);
  });
});

describe('routes extractor: paths named by constants', () => {
  it('reads paths from string enums and const objects declared in another file', () => {
    const ws = memoryWorkspace({
      'src/app/route-paths.ts': "export enum AppRoute { Orders = 'orders', Detail = ':id' }\nexport const PATHS = { settings: 'settings' } as const;",
      'src/app/app.routes.ts': [
        "import { AppRoute, PATHS } from './route-paths';",
        'export const routes: Routes = [',
        '  { path: AppRoute.Orders, component: Orders, children: [{ path: AppRoute.Detail, component: Detail }] },',
        '  { path: PATHS.settings, component: Settings },',
        '  { path: computePath(), component: Settings },',
        '];',
        'class Orders {}',
        'class Detail {}',
        'class Settings {}',
        'function computePath() { return "x"; }',
      ].join('\n'),
    });
    const facts = ws.extract('src/app/app.routes.ts', [routesExtractor]);
    expect(rows(facts)).toEqual([['/orders', '/orders'], ['/orders/:id', '/orders/:id'], ['/settings', '/settings'], ['/{computePath()}', '/{computePath()}']]);
    expect(facts.events.map((e) => [e.line, e.message.slice(0, 31)])).toEqual([[5, 'route path is not a string lite']]);
  });

  it('reads template literals and concatenations built from such constants, through chains of constants', () => {
    const ws = memoryWorkspace({
      'src/app/access-control/paths.ts': [
        "export const EPERSON_PATH = 'epeople';",
        "export const GROUP_PATH = 'groups';",
        'export const GROUP_EDIT = `${GROUP_PATH}/:groupId/edit`;',
        "export enum Section { Admin = 'admin', Reports = `${Section.Admin}/reports` }",
      ].join('\n'),
      'src/app/access-control/access-control.routes.ts': [
        "import { EPERSON_PATH, GROUP_EDIT, Section } from './paths';",
        "const CREATE = 'create';",
        'export const ROUTES: Routes = [',
        '  { path: `${EPERSON_PATH}/${CREATE}`, component: Form },',
        "  { path: EPERSON_PATH + '/:id/' + 'edit', component: Form },",
        '  { path: GROUP_EDIT, component: Form },',
        '  { path: Section.Reports, component: Form },',
        '  { path: `${EPERSON_PATH}/${user.id}`, component: Form },',
        '];',
        'class Form {}',
      ].join('\n'),
    });
    const facts = ws.extract('src/app/access-control/access-control.routes.ts', [routesExtractor]);
    expect(rows(facts)).toEqual([
      ['/epeople/create', '/epeople/create'],
      ['/epeople/:id/edit', '/epeople/:id/edit'],
      ['/groups/:groupId/edit', '/groups/:groupId/edit'],
      ['/admin/reports', '/admin/reports'],
      ['/{`${EPERSON_PATH}/${user.id}`}', '/{`${EPERSON_PATH}/${user.id}`}'],
    ]);
    expect(facts.events.map((e) => [e.line, e.message.slice(0, 31)])).toEqual([[8, 'route path is not a string lite']]);
  });
});
