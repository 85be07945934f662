import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTsProjectCache, ingestRepository, resolveSettings, warmProject } from '../../../ingest/index.js';
import type { Graph } from '../../../src/graph/graph.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';

const component = (name: string, selector: string, padding: number): string =>
  `import { Component } from '@angular/core';\n@Component({ selector: '${selector}', template: '<p>${selector}</p>' })\nexport class ${name} {${'\n  // filler'.repeat(padding)}\n}\n`;
const routes = (name: string, importPath: string, component: string, padding: number): string =>
  `import { Routes } from '@angular/router';\nimport { ${component} } from '${importPath}';\n\nexport const ${name}: Routes = [{ path: '', component: ${component} }];${'\n// filler'.repeat(padding)}\n`;

// Three routes files: the warm-up's routing samples take the largest and the median one
// (warm-extractors.ts), so only the route-link step loads the component the smallest one names.
const FILES: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { target: 'es2022', module: 'es2022' } }),
  'src/app/admin/admin.routes.ts': routes('ADMIN_ROUTES', './admin-page.component', 'AdminPageComponent', 40),
  'src/app/admin/admin-page.component.ts': component('AdminPageComponent', 'app-admin-page', 30),
  'src/app/shop/shop.routes.ts': routes('SHOP_ROUTES', './shop-page.component', 'ShopPageComponent', 20),
  'src/app/shop/shop-page.component.ts': component('ShopPageComponent', 'app-shop-page', 20),
  'src/app/help/help.routes.ts': routes('HELP_ROUTES', './help-page.component', 'HelpPageComponent', 0),
  'src/app/help/help-page.component.ts': component('HelpPageComponent', 'app-help-page', 0),
};

describe("a watcher's warm-up links the routes of every routes file", () => {
  let graph: Graph;
  let root: string;
  const repoId = testNamespace('warm-route-links');

  beforeAll(() => {
    graph = openTestGraph();
    root = realpathSync(mkdtempSync(join(tmpdir(), 'gg-warm-routes-')));
    for (const [path, text] of Object.entries(FILES)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    await graph.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('loads the component a routes file names, which no sample loads', async () => {
    await ingestRepository({ graph, root, log: silentLogger, settings: { repoId } });
    // A new process: its first run parses nothing; the warm-up opens the project over the File rows.
    const cache = createTsProjectCache();
    expect((await ingestRepository({ graph, root, log: silentLogger, settings: { repoId }, projectCache: cache })).files.parsed).toBe(0);
    const step = async <T>(work: () => T | Promise<T>): Promise<T> => work();
    const stats = await warmProject(cache, root, silentLogger, { step, stopped: () => false, extraction: { settings: resolveSettings(root, { repoId }) } });
    expect(stats?.routeFiles).toBe(3);
    expect(cache.project?.getSourceFile(join(root, 'src/app/help/help-page.component.ts'))).toBeDefined();
  });
});
