import { describe, expect, it } from 'vitest';
import { federationExtractor, remoteLoadExtractor } from '../../../ingest/extractors/federation/index.js';
import { routesExtractor } from '../../../ingest/extractors/routes/index.js';
import { ids } from '../../../ingest/model/ids.js';
import { memoryWorkspace, REPO_ID } from '../../support/extract-fixture.js';

describe('remote-load extractor: Nx module federation aliases', () => {
  it('treats import(remote/Exposed) as a remote load even when an exact tsconfig alias maps it to the remote entry', () => {
    const ws = memoryWorkspace(
      {
        'apps/shell/src/app/app.routes.ts': [
          'export const appRoutes: Route[] = [',
          "  { path: 'cart', loadChildren: () => import('cart/Module').then((m) => m.EntryModule) },",
          "  { path: 'ui', loadChildren: () => import('@acme/ui').then((m) => m.UiModule) },",
          '];',
        ].join('\n'),
        'apps/cart/src/app/entry.module.ts': "@NgModule({ imports: [RouterModule.forChild([{ path: '', component: Entry }])] })\nexport class EntryModule {}\nclass Entry {}",
        'libs/ui/src/index.ts': 'export class UiModule {}',
      },
      { baseUrl: '/repo', paths: { 'cart/Module': ['apps/cart/src/app/entry.module.ts'], '@acme/ui': ['libs/ui/src/index.ts'] } },
    );
    const path = 'apps/shell/src/app/app.routes.ts';
    const facts = ws.extract(path, [routesExtractor, remoteLoadExtractor]);
    const cartRoute = ids.route(REPO_ID, path, 2, '/cart');
    // The alias still gives the local module (LOADS_CHILDREN) and the remote expose (LOADS_REMOTE).
    expect(facts.edges.filter((e) => e.type === 'LOADS_CHILDREN').map((e) => [e.from, e.to])).toEqual([
      [cartRoute, ids.symbol(REPO_ID, 'apps/cart/src/app/entry.module.ts', 'EntryModule')],
      [ids.route(REPO_ID, path, 3, '/ui'), ids.symbol(REPO_ID, 'libs/ui/src/index.ts', 'UiModule')],
    ]);
    expect(facts.refs.filter((r) => r.type === 'LOADS_REMOTE').map((r) => [r.from, r.target])).toEqual([
      [cartRoute, { kind: 'remote', remote: 'cart', exposed: './Module' }],
    ]);
  });
});

describe('federation extractor: hosts whose remotes are only known at run time', () => {
  it('does not report a plugin config that only shares packages, but still reports one it cannot read', () => {
    const dynamicHost = [
      "const mf = require('@angular-architects/module-federation/webpack');",
      'module.exports = {',
      "  output: { uniqueName: 'shell' },",
      '  plugins: [new ModuleFederationPlugin({',
      "    library: { type: 'module' },",
      "    shared: mf.share({ '@angular/core': { singleton: true } }),",
      '  })],',
      '};',
    ].join('\n');
    const opaque = "const { withModuleFederationPlugin } = require('@angular-architects/module-federation/webpack');\nmodule.exports = withModuleFederationPlugin(require('./mf.options'));";
    const ws = memoryWorkspace({ 'apps/shell/webpack.config.js': dynamicHost, 'apps/other/webpack.config.js': opaque });
    const host = ws.extract('apps/shell/webpack.config.js', [federationExtractor]);
    expect([host.nodes, host.events]).toEqual([[], []]);
    const other = ws.extract('apps/other/webpack.config.js', [federationExtractor]);
    expect(other.events.map((e) => [e.kind, e.line])).toEqual([['unsupported_syntax', 1]]);
  });
});

describe('federation extractor: run-time manifests', () => {
  it('reads host remotes from a plain and a custom federation manifest, and ignores other manifests', () => {
    const ws = memoryWorkspace({
      'projects/shell/src/assets/mf.manifest.json': '{\n  "mfe1": "http://localhost:4201/remoteEntry.js"\n}\n',
      'apps/portal/src/assets/federation.manifest.json': '{\n  "orders": {\n    "remoteEntry": "http://localhost:4300/remoteEntry.js",\n    "exposedModule": "./Routes",\n    "routePath": "orders"\n  }\n}\n',
      'apps/portal/src/assets/manifest.json': '{ "name": "Portal", "icons": [] }',
    });
    const plain = ws.extract('projects/shell/src/assets/mf.manifest.json', [federationExtractor]);
    expect(plain.nodes.map((n) => [n.id, n.labels, n.props])).toEqual([[
      ids.remote(REPO_ID, 'projects/shell/src/assets/mf.manifest.json', 'mfe1'), ['FederationRemote'],
      { name: 'mfe1', container: 'mfe1', host: 'shell', path: 'projects/shell/src/assets/mf.manifest.json', startLine: 2, endLine: 2, source: 'manifest', entry: 'http://localhost:4201/remoteEntry.js', remoteEntry: 'http://localhost:4201/remoteEntry.js' },
    ]]);
    expect(plain.refs.map((r) => r.target)).toEqual([{ kind: 'remote', remote: 'mfe1', exposed: '*' }]);
    const custom = ws.extract('apps/portal/src/assets/federation.manifest.json', [federationExtractor]);
    expect(custom.nodes.map((n) => [n.props.name, n.props.host, n.props.exposedModule, n.props.startLine])).toEqual([['orders', 'portal', './Routes', 2]]);
    const other = ws.extract('apps/portal/src/assets/manifest.json', [federationExtractor]);
    expect([other.nodes, other.events]).toEqual([[], []]);
  });
});

describe('federation: routes built from a manifest at run time', () => {
  it('reports the computed routes and the computed remote load instead of skipping them silently', () => {
    const src = [
      "import { loadRemoteModule } from '@angular-architects/module-federation';",
      'export function buildRoutes(options: Record<string, { routePath: string; exposedModule: string }>): Routes {',
      '  const lazyRoutes: Routes = Object.keys(options).map((key) => ({',
      '    path: options[key].routePath,',
      "    loadChildren: () => loadRemoteModule({ type: 'manifest', remoteName: key, exposedModule: options[key].exposedModule }).then((m) => m.Module),",
      '  }));',
      "  const fixed: Routes = [{ path: 'home', component: Home }];",
      '  return [...fixed, ...lazyRoutes];',
      '}',
      'class Home {}',
    ].join('\n');
    const ws = memoryWorkspace({ 'projects/shell/src/app/utils/routes.ts': src });
    const facts = ws.extract('projects/shell/src/app/utils/routes.ts', [routesExtractor, remoteLoadExtractor]);
    expect(facts.nodes.filter((n) => n.labels.includes('Route')).map((n) => [n.props.fullPath, n.props.startLine])).toEqual([['/home', 7]]);
    expect(facts.events.map((e) => [e.parser, e.kind, e.line])).toEqual([
      ['routes', 'unsupported_syntax', 3],
      ['federation-loads', 'unsupported_syntax', 5],
    ]);
    expect(facts.refs.filter((r) => r.type === 'LOADS_REMOTE')).toEqual([]);
  });
});

describe('routes extractor: routes of a remote mounted by a federation host', () => {
  it('adds the host URL of an exposed routes array and of an exposed NgModule routing to fullPaths, keeping the standalone fullPath', () => {
    const ws = memoryWorkspace({
      'projects/shell/src/app/app.routes.ts': [
        'export const APP_ROUTES: Routes = [',
        "  { path: 'booking', loadChildren: () => loadRemoteModule({ type: 'module', remoteEntry: 'http://localhost:3000/remoteEntry.js', exposedModule: './routes' }).then((m) => m.MFE1_ROUTES) },",
        "  { path: 'flights', loadChildren: () => import('mfe1/Module').then((m) => m.FlightsModule) },",
        '];',
      ].join('\n'),
      'projects/mfe1/webpack.config.js': [
        'module.exports = withModuleFederationPlugin({',
        "  name: 'mfe1',",
        "  exposes: { './routes': './projects/mfe1/src/app/mfe1.routes.ts', './Module': './projects/mfe1/src/app/flights/flights.module.ts' },",
        '});',
      ].join('\n'),
      'projects/mfe1/src/app/mfe1.routes.ts': "export const MFE1_ROUTES: Routes = [{ path: 'search', component: Search }];\nexport const OTHER: Routes = [{ path: 'x', component: Search }];\nclass Search {}",
      'projects/mfe1/src/app/flights/flights.module.ts': "import { FLIGHTS_ROUTES } from './flights.routes';\n@NgModule({ imports: [RouterModule.forChild(FLIGHTS_ROUTES)] })\nexport class FlightsModule {}",
      'projects/mfe1/src/app/flights/flights.routes.ts': "export const FLIGHTS_ROUTES: Routes = [{ path: 'list', component: List }];\nclass List {}",
    });
    const shell = 'projects/shell/src/app/app.routes.ts';
    const routes = ws.extract('projects/mfe1/src/app/mfe1.routes.ts', [routesExtractor]);
    const props = (f: ReturnType<typeof ws.extract>) => f.nodes.filter((n) => n.labels.includes('Route')).map((n) => [n.props.localPath, n.props.fullPath, n.props.fullPaths ?? null]);
    // Only the array the host names (`m.MFE1_ROUTES`) is mounted.
    expect(props(routes)).toEqual([['/search', '/search', ['/search', '/booking/search']], ['/x', '/x', null]]);
    expect(routes.edges.filter((e) => e.type === 'CHILD_OF').map((e) => [e.to, e.props])).toEqual([[ids.route(REPO_ID, shell, 2, '/booking'), { lazy: true, remote: true }]]);
    const flights = ws.extract('projects/mfe1/src/app/flights/flights.routes.ts', [routesExtractor]);
    expect(props(flights)).toEqual([['/list', '/list', ['/list', '/flights/list']]]);
  });
});
