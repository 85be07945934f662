import { appendFileSync, cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTsProjectCache, ingestRepository, resolveSettings, warmProject, type IngestProgress, type TsProjectCache } from '../../../ingest/index.js';
import { MERGE_REL } from '../../../ingest/write/rel-queries.js';
import type { Graph } from '../../../src/graph/graph.js';
import { fileKind, isTypeScriptKind } from '../../../ingest/pipeline/file-kind.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { FIXTURE_ROOT } from '../../support/extract-fixture.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { factLines as facts } from '../../support/fact-lines.js';
import { collectGarbage } from '../../../ingest/pipeline/heap.js';
import type { Extractor } from '../../../ingest/model/extractor.js';

// A run that re-extracts a few files gets only those in its project and loads the rest on demand
// (ingest/README.md "On-demand project"): its facts must equal a full ingest of the same tree.
describe('on-demand project', () => {
  let graph: Graph;
  let root: string;
  const incremental = testNamespace('on-demand-incremental');
  const full = testNamespace('on-demand-full');
  const warm = testNamespace('on-demand-warm');
  const fullAfterDelete = testNamespace('on-demand-full-2');
  const warmedUp = testNamespace('on-demand-warmed');
  const fullAfterWarm = testNamespace('on-demand-full-3');
  const streamed = testNamespace('on-demand-streamed');
  const fullBesideStreamed = testNamespace('on-demand-full-4');
  const autoStreamed = testNamespace('on-demand-auto-streamed');
  const autoHeld = testNamespace('on-demand-auto-held');
  const oneShot = testNamespace('on-demand-one-shot');
  const keptNs = testNamespace('on-demand-kept');
  const warmCache = createTsProjectCache();
  const ingest = (repoId: string, projectCache?: TsProjectCache) => ingestRepository({ graph, root, log: silentLogger, settings: { repoId }, ...(projectCache ? { projectCache } : {}) });

  beforeAll(async () => {
    graph = openTestGraph();
    root = realpathSync(mkdtempSync(join(tmpdir(), 'gg-on-demand-')));
    cpSync(FIXTURE_ROOT, root, { recursive: true });
    await ingest(incremental);
  });
  afterAll(async () => {
    for (const ns of [incremental, full, warm, fullAfterDelete, warmedUp, fullAfterWarm, streamed, fullBesideStreamed, autoStreamed, autoHeld, oneShot, keptNs]) await cleanNamespace(graph, ns);
    await graph.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('re-extracts a component and the root routes with a partial project, to the facts of a full ingest', async () => {
    // A component importing from several files, and the routes file that lazily loads its module.
    appendFileSync(join(root, 'projects/host/src/app/orders/orders-list/orders-list.component.ts'), '\n// touched\n');
    appendFileSync(join(root, 'projects/host/src/app/app-routing.module.ts'), '\n// touched\n');
    const run = await ingest(incremental);
    expect(run.files.changed).toBe(2);
    expect(run.project.mode).toBe('on-demand');
    const fullRun = await ingest(full);
    expect(fullRun.project.mode).toBe('all');
    // Fewer files parsed than the repository holds: the point of the mode.
    expect(run.project.files).toBeLessThan(fullRun.project.files);
    const [a, b] = [await facts(graph, incremental), await facts(graph, full)];
    expect(a.length).toBeGreaterThan(400);
    expect(a).toEqual(b);
  });

  it('after a deletion, a warm partial project resolves no import to the deleted file (as a full ingest)', async () => {
    await ingest(warm);
    // A first partial run keeps its project: its importers' imports of the empty state (through a
    // tsconfig alias) are resolved and remembered, the empty state itself is never parsed.
    appendFileSync(join(root, 'projects/host/src/app/dashboard/dashboard.component.ts'), '\n// touched\n');
    appendFileSync(join(root, 'projects/remote/src/app/remote.routes.ts'), '\n// touched\n');
    expect((await ingest(warm, warmCache)).project.mode).toBe('on-demand');
    rmSync(join(root, 'libs/shared/src/ui/empty-state.component.ts'));
    const run = await ingest(warm, warmCache);
    expect(run.files.deleted).toBe(1);
    expect(run.project.mode).toBe('on-demand');
    await ingest(fullAfterDelete);
    expect(await facts(graph, warm)).toEqual(await facts(graph, fullAfterDelete));
  });

  // app-routing, orders-routing, the lazily loaded admin module, remote.routes and the host's remote-routes
  // (the remote's entry module, loaded only through federation, is neither named so nor a lazy target).
  const ROUTE_FILES_LINKED = 5;

  it("after a watcher's idle warm-up (the lazy-route index, the extractors, the route links), edits give the facts of a full ingest", async () => {
    await ingest(warmedUp);
    // A new process on an ingested repository: its first run parses nothing, so the warm-up opens the project.
    const cache = createTsProjectCache();
    expect((await ingest(warmedUp, cache)).files.parsed).toBe(0);
    const step = async <T>(work: () => T | Promise<T>): Promise<T> => work();
    expect(await warmProject(createTsProjectCache(), root, silentLogger, { step, stopped: () => false })).toBeUndefined(); // no run, nothing to warm
    expect(await warmProject(cache, root, silentLogger, { step, stopped: () => true })).toBeUndefined(); // stopped before the reach
    const before = await facts(graph, warmedUp);
    const stats = await warmProject(cache, root, silentLogger, { step, stopped: () => false, extraction: { settings: resolveSettings(root, { repoId: warmedUp }) }, graph });
    expect(stats?.targets).toBeGreaterThan(1);
    // One file per Angular role the project holds was extracted and its edit rehearsed, and nothing was written.
    expect(stats?.extracted).toBeGreaterThanOrEqual(3);
    expect(stats?.rehearsed).toBe(stats?.extracted);
    // Every relationship type's one-file MERGE was planned, each in a transaction rolled back.
    expect(stats?.relTypes).toBe(Object.keys(MERGE_REL).length);
    expect(await facts(graph, warmedUp)).toEqual(before);
    // The loader files, the lazy targets and what they import are held; the rest is loaded when an edit needs it.
    const tsPaths = [...(cache.known?.files.keys() ?? [])].filter((p) => isTypeScriptKind(fileKind(p)));
    expect(stats?.held).toBeGreaterThan(stats?.targets ?? 0);
    expect(stats?.held).toBeLessThan(tsPaths.length);
    expect(cache.project?.getSourceFile(join(root, 'projects/host/src/app/app-routing.module.ts'))).toBeDefined();
    // The `@shared` alias's two barrels are parsed (its index, the models' index), its two providers only read.
    expect(stats?.barrels).toBe(4);
    expect(cache.project?.getSourceFile(join(root, 'libs/shared/src/models/index.ts'))).toBeDefined();
    // Every file with route syntax among the routes files, loaders and lazy targets had its routes linked.
    expect(stats?.routeFiles).toBe(ROUTE_FILES_LINKED);
    // A renamed lazy path and a touched component, re-ingested the way the watcher does.
    const routes = join(root, 'projects/host/src/app/app-routing.module.ts');
    writeFileSync(routes, readFileSync(routes, 'utf8').replace("path: 'orders'", "path: 'purchase-orders'"));
    appendFileSync(join(root, 'projects/host/src/app/orders/orders-list/orders-list.component.ts'), '\n// touched again\n');
    const changedPaths = ['projects/host/src/app/app-routing.module.ts', 'projects/host/src/app/orders/orders-list/orders-list.component.ts'];
    const run = await ingestRepository({ graph, root, log: silentLogger, settings: { repoId: warmedUp }, projectCache: cache, changedPaths });
    expect(run.files.changed).toBe(2);
    await ingest(fullAfterWarm);
    expect(await facts(graph, warmedUp)).toEqual(await facts(graph, fullAfterWarm));
  });

  it('a full run over more files than the project budget streams them through a bounded project, to the same facts', async () => {
    // Batches of 5 files and a budget of 12: files are parsed when first needed and dropped between batches.
    const run = await ingestRepository({ graph, root, log: silentLogger, settings: { repoId: streamed, projectMaxFiles: 12, batchFiles: 5 } });
    expect(run.project.mode).toBe('streamed');
    expect(run.project.dropped).toBeGreaterThan(0);
    expect(run.project.files).toBeLessThanOrEqual(12 + 5 * 4);
    const fullRun = await ingest(fullBesideStreamed);
    expect(fullRun.project.mode).toBe('all');
    const [a, b] = [await facts(graph, streamed), await facts(graph, fullBesideStreamed)];
    expect(a.length).toBeGreaterThan(400);
    expect(a).toEqual(b);
  });

  it('with no budget set, a full run streams only when the trees would not fit the heap limit', async () => {
    // The fixture's 49 TypeScript files are ~0.6 MB of trees by the estimate: more than 40 % of a 1.2 MB heap, whose quarter holds ~24.
    const tight = await ingestRepository({ graph, root, log: silentLogger, settings: { repoId: autoStreamed, batchFiles: 5 }, heapLimitBytes: 1_200_000 });
    expect(tight.project.mode).toBe('streamed');
    expect(tight.project.maxFiles).toBeGreaterThanOrEqual(25);
    expect(tight.project.maxFiles).toBeLessThan(49);
    expect(tight.project.dropped).toBeGreaterThan(0);
    const roomy = await ingestRepository({ graph, root, log: silentLogger, settings: { repoId: autoHeld, batchFiles: 5 } });
    expect(roomy.project).toEqual({ mode: 'all', files: expect.any(Number) });
    expect(await facts(graph, autoStreamed)).toEqual(await facts(graph, autoHeld));
  });

  it('a one-shot run lets go of its project before the link step; a caller\'s cache keeps it', async () => {
    // An extractor that only notes the project it was handed, weakly; the link step's progress event looks whether it is still alive.
    const run = async (repoId: string, projectCache?: TsProjectCache) => {
      let project: WeakRef<object> | undefined;
      let aliveAtLink: boolean | undefined;
      const probe: Extractor = { name: 'project-probe', appliesTo: (path) => path.endsWith('.ts'), extract: (ctx) => void (project ??= new WeakRef(ctx.project)) };
      const onProgress = (p: IngestProgress) => {
        if (p.phase !== 'link' || aliveAtLink !== undefined) return;
        collectGarbage();
        aliveAtLink = project?.deref() !== undefined;
      };
      const summary = await ingestRepository({ graph, root, log: silentLogger, settings: { repoId }, extractors: [probe], onProgress, ...(projectCache ? { projectCache } : {}) });
      expect(project).toBeDefined();
      return { summary, aliveAtLink };
    };
    expect((await run(oneShot)).aliveAtLink).toBe(false);
    const cache = createTsProjectCache();
    const kept = await run(keptNs, cache);
    expect(kept.aliveAtLink).toBe(true);
    expect(cache.project?.getSourceFiles().length).toBe(kept.summary.project.files);
  });
});
