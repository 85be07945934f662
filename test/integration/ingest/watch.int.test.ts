import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTsProjectCache, ingestRepository, watchRepository, type IngestSummary, type RepoWatcher } from '../../../ingest/index.js';
import type { Graph } from '../../../src/graph/graph.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { nodesByLabel } from '../../support/ingest-queries.js';
import { miniExtractors } from '../../support/mini-extractor.js';
import { MINI_FILES, removeWorkspace, writeFile, writeWorkspace } from '../../support/mini-workspace.js';

describe('watchRepository', () => {
  let graph: Graph;
  let root: string;
  let watcher: RepoWatcher;
  const runs: IngestSummary[] = [];
  const repoId = testNamespace('ingest-watch');

  beforeAll(async () => {
    graph = openTestGraph();
    root = writeWorkspace(MINI_FILES);
    const projectCache = createTsProjectCache();
    await ingestRepository({ graph, root, log: silentLogger, settings: { repoId }, extractors: miniExtractors, projectCache });
    writeFile(root, 'node_modules/pkg/deep/index.ts', 'export const x = 1;\n');
    writeFile(root, 'dist/main.js', 'console.log(1);\n');
    // An existing symlink: chokidar reports it as added during its first scan.
    symlinkSync(join(root, 'src/app/shared/order.service.ts'), join(root, 'src/app/shared/order-link.ts'));
    watcher = watchRepository({ graph, root, log: silentLogger, settings: { repoId }, projectCache, extractors: miniExtractors, debounceMs: 100, onRun: (s) => runs.push(s) });
    await watcher.ready();
  });
  afterAll(async () => {
    await watcher.close();
    await cleanNamespace(graph, repoId);
    await graph.close();
    removeWorkspace(root);
  });

  it('runs nothing for files that were there before it started (an existing symlink included)', async () => {
    await new Promise((r) => setTimeout(r, 400));
    await watcher.idle();
    expect(runs).toEqual([]);
  });

  it('never enters folders nothing could be ingested from (node_modules, dist)', async () => {
    const folders = watcher.folders();
    expect(folders).toContain('src/app');
    expect(folders.filter((f) => /(^|\/)(node_modules|dist)(\/|$)/.test(f))).toEqual([]);
  });

  it('re-ingests a changed and an added file after the debounce, ignoring excluded paths', async () => {
    writeFile(root, 'src/app/new/thing.ts', 'export class Thing {}\n');
    writeFile(root, 'src/app/shared/order.service.ts', 'export class OrderService { x = 1; }\n');
    writeFile(root, 'node_modules/lib/ignored.ts', 'export class Ignored {}\n');
    await new Promise((r) => setTimeout(r, 400));
    await watcher.idle();
    const parsed = runs.reduce((n, s) => n + s.files.parsed, 0);
    expect(parsed).toBe(2);
    expect(runs.every((s) => s.mode === 'paths')).toBe(true);
    const files = (await graph.read(nodesByLabel, { repoId, label: 'File' })).map((f) => f.props.path);
    expect(files).toContain('src/app/new/thing.ts');
    expect((await graph.read(nodesByLabel, { repoId, label: 'Symbol' })).map((s) => s.props.name)).toContain('Thing');
    expect(files).not.toContain('node_modules/lib/ignored.ts');
  });
});

describe('watchRepository: idle warm-up', () => {
  const repoId = testNamespace('ingest-watch-warm');
  const LAZY = {
    ...MINI_FILES,
    'src/app/app.routes.ts': "export const routes = [{ path: 'shop', loadChildren: () => import('./shop/shop.module').then((m) => m.ShopModule) }];\n",
    'src/app/shop/shop.module.ts': "import { ShopRoutingModule } from './shop-routing.module';\n@NgModule({ imports: [ShopRoutingModule] })\nexport class ShopModule {}\n",
    'src/app/shop/shop-routing.module.ts': "@NgModule({ imports: [RouterModule.forChild([{ path: 'cart' }])] })\nexport class ShopRoutingModule {}\n",
  };

  it('builds the lazy-route index once it watches (in a process whose first run parsed nothing), and only if asked', async () => {
    const graph = openTestGraph();
    const root = writeWorkspace(LAZY);
    const watchers: RepoWatcher[] = [];
    try {
      await ingestRepository({ graph, root, log: silentLogger, settings: { repoId }, extractors: miniExtractors });
      const held = (cache: ReturnType<typeof createTsProjectCache>, path: string): boolean => cache.project?.getSourceFile(join(root, path)) !== undefined;
      for (const watchWarmUp of [true, false]) {
        // A new process: the graph holds the repository, so its first run parses nothing and opens no project.
        const cache = createTsProjectCache();
        expect((await ingestRepository({ graph, root, log: silentLogger, settings: { repoId }, extractors: miniExtractors, projectCache: cache })).files.parsed).toBe(0);
        const watcher = watchRepository({ graph, root, log: silentLogger, settings: { repoId, watchWarmUp }, projectCache: cache, extractors: miniExtractors });
        watchers.push(watcher);
        await watcher.ready();
        for (let i = 0; i < 40 && !held(cache, 'src/app/shop/shop-routing.module.ts'); i++) await new Promise((r) => setTimeout(r, 50));
        await watcher.idle();
        // The loader, its lazy target and what the target imports: what the first routing edit would have loaded.
        expect(['src/app/app.routes.ts', 'src/app/shop/shop.module.ts', 'src/app/shop/shop-routing.module.ts'].map((p) => held(cache, p))).toEqual(Array(3).fill(watchWarmUp));
        expect(held(cache, 'src/app/orders/order-row.component.ts')).toBe(false);
      }
    } finally {
      for (const w of watchers) await w.close();
      await cleanNamespace(graph, repoId);
      await graph.close();
      removeWorkspace(root);
    }
  });

  it('waits for quiet before it loads anything (the MCP server: no turn running)', async () => {
    const graph = openTestGraph();
    const root = writeWorkspace(LAZY);
    const cache = createTsProjectCache();
    let open = (): void => undefined;
    const gate = new Promise<void>((resolve) => { open = resolve; });
    let asked = 0;
    let watcher: RepoWatcher | undefined;
    try {
      await ingestRepository({ graph, root, log: silentLogger, settings: { repoId }, extractors: miniExtractors });
      expect((await ingestRepository({ graph, root, log: silentLogger, settings: { repoId }, extractors: miniExtractors, projectCache: cache })).files.parsed).toBe(0);
      watcher = watchRepository({
        graph, root, log: silentLogger, settings: { repoId }, projectCache: cache, extractors: miniExtractors,
        quiet: () => { asked += 1; return gate; },
      });
      await watcher.ready();
      await new Promise((r) => setTimeout(r, 1_000));
      // Asked once, and nothing loaded while the gate stays shut.
      expect(asked).toBe(1);
      expect(cache.project).toBeUndefined();
      open();
      const routing = join(root, 'src/app/shop/shop-routing.module.ts');
      await expect.poll(() => cache.project?.getSourceFile(routing) !== undefined, { timeout: 10_000 }).toBe(true);
      // Each step asked again.
      expect(asked).toBeGreaterThan(1);
    } finally {
      await watcher?.close();
      await cleanNamespace(graph, repoId);
      await graph.close();
      removeWorkspace(root);
    }
  });
});
