import { describe, expect, it } from 'vitest';
import {
  buildAggridChains, buildFederationChains, chooseDefinition, chooseMapping, type AggridRow, type FederationRow,
} from '../../../src/retrieval/proof-chains/index.js';

const node = (id: string, labels: string[], extra: Record<string, unknown> = {}) => ({ id, name: id, path: `${id}.ts`, line: 1, endLine: 2, labels, ...extra });

const base: AggridRow = {
  selectedBy: 'all',
  table: node('grid', ['GridTable', 'Fact']),
  host: node('Host', ['Symbol', 'Component', 'Fact']),
  column: node('col', ['ColumnDef', 'Fact'], { field: 'id', index: 0 }),
  renderer: node('Renderer', ['Symbol', 'Component', 'CellRenderer', 'Fact'], { via: 'cellRenderer', kind: 'class' }),
  nav: node('nav', ['NavTrigger', 'Fact'], { targetPath: '/x' }),
  target: node('route', ['Route', 'Fact']),
  routeCandidates: [],
  component: node('Dest', ['Symbol', 'Component', 'Fact']),
  service: node('Svc', ['Symbol', 'Service', 'Fact']),
  definitions: [],
};

describe('ag-Grid chain builder', () => {
  it('drops a component-less branch when a route of the same URL reaches a component', () => {
    const loader = { ...base, target: node('loader', ['Route', 'Fact'], { loadsChildren: true }), component: null, service: null };
    const chains = buildAggridChains([loader, base]);
    expect(chains.map((c) => c.gap?.hop ?? c.status)).toEqual(['Definition']);
  });

  it('keeps the component gap when no route of the URL has a component, saying why', () => {
    const chains = buildAggridChains([{ ...base, target: node('r', ['Route', 'Fact'], { redirectTo: '/y' }), component: null, service: null }]);
    expect(chains[0]).toMatchObject({ status: 'ORIGIN_UNKNOWN', gap: { hop: 'Component', reason: 'route redirects to /y' } });
  });

  it('turns target edges flagged ambiguous into one AMBIGUOUS chain listing the routes', () => {
    const a = { ...base, target: node('r1', ['Route', 'Fact'], { ambiguous: true }) };
    const b = { ...base, target: node('r2', ['Route', 'Fact'], { ambiguous: true }) };
    const chains = buildAggridChains([a, b]);
    expect(chains).toHaveLength(1);
    expect(chains[0]).toMatchObject({ status: 'AMBIGUOUS', gap: { hop: 'Route', code: 'AMBIGUOUS' } });
    expect(chains[0]!.gap!.candidates.map((c) => c.id)).toEqual(['r1', 'r2']);
    expect(chains[0]!.hops.map((h) => h.role)).toEqual(['Table', 'ColumnDef', 'CellRenderer', 'NavTrigger']);
  });

  it('prefers the definition the service signatures name most, then one the component also uses', () => {
    const def = (id: string, consumer: string, mentions: number) => ({ ...node(id, ['Symbol', 'Fact'], { kind: 'interface' }), consumer, imported: true, mentions });
    const chosen = chooseDefinition({ ...base, definitions: [def('A', 'Svc', 1), def('B', 'Svc', 1), def('B', 'Dest', 0), def('C', 'Svc', 0)] });
    expect(chosen?.hop.name).toBe('B');
    expect(chosen?.alternatives).toEqual(['A', 'C']);
    expect(chooseDefinition({ ...base, definitions: [def('D', 'Dest', 0)] })?.hop.details.evidence).toBe('imported by the component');
    expect(chooseDefinition({ ...base, definitions: [] })).toBeNull();
  });
});

describe('federation chain builder', () => {
  const mapping = (id: string, extra: Record<string, unknown>) => node(id, ['FederationRemote', 'Fact'], extra);

  it('chooses the mapping by entry URL, then name, then nearness; a tie is ambiguous', () => {
    const a = mapping('a', { entry: 'http://a', name: 'mfe', path: 'apps/a/webpack.config.js' });
    const b = mapping('b', { entry: 'http://b', name: 'mfe', path: 'apps/shell/webpack.config.js' });
    expect(chooseMapping([a, b], { remote: '*', remoteEntry: 'http://a' }, 'apps/shell/src/x.ts').chosen?.id).toBe('a');
    expect(chooseMapping([a, b], { remote: 'mfe', remoteEntry: null }, 'apps/shell/src/x.ts').chosen?.id).toBe('b');
    expect(chooseMapping([a, b], { remote: 'mfe', remoteEntry: null }, 'elsewhere/x.ts').tied.map((m) => m.id)).toEqual(['a', 'b']);
  });

  it('lands on the root route of an exposed NgModule, and reports several components as ambiguous', () => {
    const row: FederationRow = {
      load: { id: 'ref', status: 'resolved', reason: null, target: '{"kind":"remote","remote":"mfe","exposed":"./Module"}', propsJson: '{"form":"import"}' },
      source: node('host-route', ['Route', 'Fact']),
      expose: node('x', ['RemoteExpose', 'Fact'], { remote: 'mfe', key: './Module' }),
      mappings: [mapping('m', { name: 'mfe' })],
      moduleFile: node('file', ['File', 'Fact']),
      moduleSymbols: [node('Mod', ['Symbol', 'NgModule', 'Fact'])],
      routedComponents: [
        { route: node('r-root', ['Route', 'Fact'], { localPath: '/' }), component: node('Home', ['Symbol', 'Component', 'Fact']) },
        { route: node('r-child', ['Route', 'Fact'], { localPath: '/detail' }), component: node('Detail', ['Symbol', 'Component', 'Fact']) },
      ],
      declaredComponents: [],
    };
    const [chain] = buildFederationChains([row]);
    expect(chain!.status).toBe('complete');
    expect(chain!.hops.map((h) => `${h.role}:${h.name}`)).toEqual(['HostRoute:host-route', 'FederationMapping:mfe', 'RemoteExpose:x', 'RemoteModule:Mod', 'DestinationComponent:Home']);
    const flat = { ...row, routedComponents: [], declaredComponents: [node('A', ['Symbol', 'Component']), node('B', ['Symbol', 'Component'])] };
    expect(buildFederationChains([flat])[0]).toMatchObject({ status: 'AMBIGUOUS', gap: { hop: 'DestinationComponent', code: 'FEDERATION_AMBIGUOUS' } });
  });

  it('survives malformed reference JSON', () => {
    const row: FederationRow = {
      load: { id: 'ref', status: 'unresolved', reason: null, target: '{not json', propsJson: null },
      source: node('src', ['Route', 'Fact']), expose: null, mappings: [], moduleFile: null, moduleSymbols: [], routedComponents: [], declaredComponents: [],
    };
    expect(buildFederationChains([row])[0]).toMatchObject({ status: 'ORIGIN_UNKNOWN', gap: { hop: 'RemoteExpose', expression: '?/?' } });
  });
});
