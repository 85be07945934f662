import { appendFileSync, cpSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTsProjectCache, ingestRepository, type TsProjectCache } from '../../../ingest/index.js';
import type { Graph } from '../../../src/graph/graph.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { FIXTURE_ROOT } from '../../support/extract-fixture.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { factLines as facts } from '../../support/fact-lines.js';

// A run that re-extracts a few files gets only those in its project and loads the rest on demand
// (ingest/README.md "On-demand project"): its facts must equal a full ingest of the same tree.
describe('on-demand project', () => {
  let graph: Graph;
  let root: string;
  const incremental = testNamespace('on-demand-incremental');
  const full = testNamespace('on-demand-full');
  const warm = testNamespace('on-demand-warm');
  const fullAfterDelete = testNamespace('on-demand-full-2');
  const warmCache = createTsProjectCache();
  const ingest = (repoId: string, projectCache?: TsProjectCache) => ingestRepository({ graph, root, log: silentLogger, settings: { repoId }, ...(projectCache ? { projectCache } : {}) });

  beforeAll(async () => {
    graph = openTestGraph();
    root = realpathSync(mkdtempSync(join(tmpdir(), 'gg-on-demand-')));
    cpSync(FIXTURE_ROOT, root, { recursive: true });
    await ingest(incremental);
  });
  afterAll(async () => {
    for (const ns of [incremental, full, warm, fullAfterDelete]) await cleanNamespace(graph, ns);
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
    expect(a.length).toBeGreaterThan(500);
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
});
