import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import type { Graph } from '../../../src/graph/graph.js';
import { federationChains, type ProofChain } from '../../../src/retrieval/proof-chains/index.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { removeWorkspace, writeWorkspace } from '../../support/mini-workspace.js';

const remoteConfig = (name: string, dir: string): string => [
  "const ModuleFederationPlugin = require('webpack/lib/container/ModuleFederationPlugin');",
  'module.exports = {',
  '  plugins: [',
  '    new ModuleFederationPlugin({',
  `      name: '${name}',`,
  "      filename: 'remoteEntry.js',",
  `      exposes: { './Widget': './apps/${dir}/src/widget.component.ts' },`,
  '    }),',
  '  ],',
  '};',
].join('\n');

const widget = (cls: string): string => [
  "import { Component } from '@angular/core';",
  `@Component({ selector: 'app-${cls.toLowerCase()}', standalone: true, template: '<p>w</p>' })`,
  `export class ${cls} {}`,
].join('\n');

/** A shell whose loads cannot be proven: a remote name that is not a literal (two remotes expose './Widget') and a remote nobody defines. */
const FILES: Record<string, string> = {
  'tsconfig.json': '{ "compilerOptions": { "target": "es2022", "module": "es2022" } }\n',
  'apps/shell/webpack.config.js': [
    "const { withModuleFederationPlugin } = require('@angular-architects/module-federation/webpack');",
    'module.exports = withModuleFederationPlugin({',
    "  name: 'shell',",
    "  remotes: { mfeA: 'http://localhost:4301/remoteEntry.js', mfeB: 'http://localhost:4302/remoteEntry.js' },",
    '});',
  ].join('\n'),
  'apps/mfe-a/webpack.config.js': remoteConfig('mfeA', 'mfe-a'),
  'apps/mfe-b/webpack.config.js': remoteConfig('mfeB', 'mfe-b'),
  'apps/mfe-a/src/widget.component.ts': widget('WidgetAComponent'),
  'apps/mfe-b/src/widget.component.ts': widget('WidgetBComponent'),
  'apps/shell/src/app.routes.ts': [
    "import { Routes } from '@angular/router';",
    "import { loadRemoteModule } from '@angular-architects/module-federation';",
    "import { environment } from './environment';",
    '',
    'export const routes: Routes = [',
    '  {',
    "    path: 'widget',",
    '    loadComponent: () =>',
    "      loadRemoteModule({ type: 'module', remoteEntry: environment.widgetEntry, exposedModule: './Widget' }).then((m) => m.Widget),",
    '  },',
    "  { path: 'missing', loadComponent: () => import('mfeC/Thing').then((m) => m.Thing) },",
    '];',
  ].join('\n'),
  'apps/shell/src/environment.ts': "export const environment = { widgetEntry: 'http://localhost:4301/remoteEntry.js' };\n",
};

describe('federation chains that cannot be proven', () => {
  let graph: Graph;
  let root: string;
  let chains: ProofChain[];
  const repoId = testNamespace('proof-chains-fed');

  beforeAll(async () => {
    graph = openTestGraph();
    root = writeWorkspace(FILES, 'graphgate-fed-');
    await ingestRepository({ graph, root, log: silentLogger, settings: { repoId } });
    chains = await federationChains({ graph, repoId });
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    await graph.close();
    removeWorkspace(root);
  });

  it('reports a load whose remote is not a literal as FEDERATION_AMBIGUOUS with every candidate expose', () => {
    const widgetChain = chains.find((c) => c.hops[0]?.name === '/widget');
    expect(widgetChain?.status).toBe('AMBIGUOUS');
    expect(widgetChain?.hops.map((h) => h.role)).toEqual(['HostRoute']);
    expect(widgetChain?.gap).toMatchObject({ hop: 'RemoteExpose', code: 'FEDERATION_AMBIGUOUS', expression: '*/Widget' });
    expect(widgetChain?.gap?.candidates.map((c) => `${c.name} @ ${c.path}:${c.line}`)).toEqual([
      'mfeA/Widget @ apps/mfe-a/webpack.config.js:7',
      'mfeB/Widget @ apps/mfe-b/webpack.config.js:7',
    ]);
  });

  it('reports a load of a remote nobody defines as ORIGIN_UNKNOWN (FEDERATION_UNRESOLVED), not as a missing chain', () => {
    const missing = chains.find((c) => c.hops[0]?.name === '/missing');
    expect(missing?.status).toBe('ORIGIN_UNKNOWN');
    expect(missing?.gap).toMatchObject({ hop: 'RemoteExpose', code: 'FEDERATION_UNRESOLVED', expression: 'mfeC/Thing', candidates: [] });
    expect(missing?.hops[0]).toMatchObject({ role: 'HostRoute', label: 'Route', path: 'apps/shell/src/app.routes.ts', line: 11 });
  });
});
