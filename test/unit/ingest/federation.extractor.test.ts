import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { federationExtractor, remoteLoadExtractor } from '../../../ingest/extractors/federation/index.js';
import { parseFederationConfig } from '../../../ingest/extractors/federation/federation-config.js';
import { ids } from '../../../ingest/model/ids.js';
import { validateFacts } from '../../../ingest/write/validate-facts.js';
import { loadWorkspace, memoryWorkspace, REPO_ID, type Workspace } from '../../support/extract-fixture.js';

const HOST_CFG = 'projects/host/webpack.config.js';
const REMOTE_CFG = 'projects/remote/webpack.config.js';
const ROUTES = 'projects/host/src/app/remote-routes.ts';
const ENTRY = 'projects/remote/src/app/remote-entry';

let ws: Workspace;
beforeAll(() => {
  ws = loadWorkspace();
});

describe('federation extractor: webpack configs', () => {
  it('reads host remotes from withModuleFederationPlugin', () => {
    const facts = ws.extract(HOST_CFG, [federationExtractor]);
    const id = ids.remote(REPO_ID, HOST_CFG, 'remote');
    expect(facts.nodes).toEqual([{
      id, labels: ['FederationRemote'], searchText: 'remote',
      props: { name: 'remote', container: 'remote', host: 'host', path: HOST_CFG, startLine: 6, endLine: 6, entry: 'http://localhost:4201/remoteEntry.js', remoteEntry: 'http://localhost:4201/remoteEntry.js' },
    }]);
    expect(facts.refs).toEqual([{ type: 'EXPOSES', from: id, target: { kind: 'remote', remote: 'remote', exposed: '*' } }]);
    expect(facts.events).toEqual([]);
  });

  it('reads remote exposes from a ModuleFederationPlugin and resolves the exposed files', () => {
    const facts = ws.extract(REMOTE_CFG, [federationExtractor]);
    expect(facts.nodes.map((n) => [n.id, n.props])).toEqual([
      [ids.expose(REPO_ID, REMOTE_CFG, './Module'), { key: './Module', remote: 'remote', name: 'remote/Module', path: REMOTE_CFG, startLine: 14, endLine: 14, targetPath: `${ENTRY}/remote-entry.module.ts` }],
      [ids.expose(REPO_ID, REMOTE_CFG, './Home'), { key: './Home', remote: 'remote', name: 'remote/Home', path: REMOTE_CFG, startLine: 15, endLine: 15, targetPath: `${ENTRY}/remote-home.component.ts` }],
    ]);
    expect(facts.refs.map((r) => [r.type, r.target])).toEqual([
      ['EXPOSES', { kind: 'file', path: `${ENTRY}/remote-entry.module.ts` }], ['EXPOSES', { kind: 'file', path: `${ENTRY}/remote-home.component.ts` }],
    ]);
  });

  it('reads Nx array remotes, name@url entries, const-bound configs, computed entries and duplicates (one node per name and file)', () => {
    const cfg = parseFederationConfig('module-federation.config.ts', `const remotes = ['shop', ['cart', 'http://c/remoteEntry.mjs']];
const config = { name: 'shell', remotes, exposes: { './Routes': { import: './src/routes.ts' } } };
export default withModuleFederation(config);`);
    expect(cfg.configs.map((c) => [c.name, c.remotes.map((r) => [r.name, r.entry]), c.exposes.map((e) => [e.key, e.target])])).toEqual([
      ['shell', [['shop', undefined], ['cart', 'http://c/remoteEntry.mjs']], [['./Routes', './src/routes.ts']]],
    ]);
    const facts = memoryWorkspace({ 'webpack.config.js': `new ModuleFederationPlugin({ name: 'h', remotes: { a: 'a@http://x/e.js', b: env.b, a2: 'http://y' }, remotes2: 1 });
module.exports = { plugins: [new ModuleFederationPlugin({ remotes: { a: 'x@http://1', a: 'x@http://2' } })] };` }).extract('webpack.config.js', [federationExtractor]);
    expect(facts.nodes.map((n) => [n.props.name, n.props.container, n.props.entry ?? n.props.unresolvedReason])).toEqual([
      ['a', 'x', 'http://2'], ['b', 'b', 'remote entry is computed at run time'], ['a2', 'a2', 'http://y'],
    ]);
    expect(facts.events.map((e) => [e.kind, e.message])).toEqual([['ambiguous', "remote 'a' is mapped 2 times: x@http://1 | x@http://2"]]);
  });

  it('reports a federation plugin it cannot read and never throws on random configs', () => {
    const facts = memoryWorkspace({ 'webpack.config.js': 'module.exports = withModuleFederationPlugin(makeConfig());' }).extract('webpack.config.js', [federationExtractor]);
    expect(facts.events.map((e) => e.kind)).toEqual(['unsupported_syntax']);
    const parts = ['{', '}', 'remotes:', 'exposes:', 'name:', "'a'", "'./M': './x'", ',', '[', ']', 'new ModuleFederationPlugin(', ')', '...shareAll()', 'x@'];
    fc.assert(fc.property(fc.array(fc.constantFrom(...parts), { maxLength: 25 }), (p) => {
      const f = memoryWorkspace({ 'webpack.config.js': p.join(' ') }).extract('webpack.config.js', [federationExtractor]);
      expect(validateFacts(f).events).toHaveLength(f.events.length);
    }), { numRuns: 60 });
  });
});

describe('remote-load extractor: host routes', () => {
  it('links the loading Route (ids as the routes extractor makes them) to the remote expose', () => {
    const facts = ws.extract(ROUTES, [remoteLoadExtractor]);
    expect(facts.refs).toEqual([
      {
        type: 'LOADS_REMOTE', from: ids.route(REPO_ID, ROUTES, 6, '/remote'), target: { kind: 'remote', remote: '*', exposed: './Module' },
        props: { form: 'loadRemoteModule', line: 9, loader: 'route', remoteEntry: 'http://localhost:4201/remoteEntry.js' },
      },
      { type: 'LOADS_REMOTE', from: ids.route(REPO_ID, ROUTES, 15, '/remote-home'), target: { kind: 'remote', remote: 'remote', exposed: './Home' }, props: { form: 'import', line: 17, loader: 'route' } },
    ]);
    expect(facts.events).toEqual([]);
  });

  it('reads manifest, native-federation and runtime forms, and flags a computed remote as ambiguous', () => {
    const src = `export class Loader {
  a() { return loadRemoteModule({ type: 'manifest', remoteName: 'mfe1', exposedModule: './Cmp' }); }
  b() { return loadRemoteModule('mfe2', './Routes'); }
  c() { return loadRemote('mfe3/Widget'); }
  d(name: string) { return loadRemoteModule(name, './X'); }
  e() { return import('./local'); }
}`;
    const facts = memoryWorkspace({ 'l.ts': src, 'local.ts': '' }).extract('l.ts', [remoteLoadExtractor]);
    expect(facts.refs.map((r) => [r.from, r.target])).toEqual([
      [ids.symbol(REPO_ID, 'l.ts', 'Loader'), { kind: 'remote', remote: 'mfe1', exposed: './Cmp' }],
      [ids.symbol(REPO_ID, 'l.ts', 'Loader'), { kind: 'remote', remote: 'mfe2', exposed: './Routes' }],
      [ids.symbol(REPO_ID, 'l.ts', 'Loader'), { kind: 'remote', remote: 'mfe3', exposed: './Widget' }],
      [ids.symbol(REPO_ID, 'l.ts', 'Loader'), { kind: 'remote', remote: '*', exposed: './X' }],
    ]);
    expect(facts.events.map((e) => [e.kind, e.line])).toEqual([['ambiguous', 5]]);
  });
});
