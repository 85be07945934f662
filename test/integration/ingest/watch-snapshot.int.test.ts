import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTsProjectCache, ingestRepository, type TsProjectCache } from '../../../ingest/index.js';
import type { Graph } from '../../../src/graph/graph.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { createGitRepo, type TempGitRepo } from '../../support/git-repo.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { miniExtractors } from '../../support/mini-extractor.js';
import { MINI_FILES } from '../../support/mini-workspace.js';

// A watcher's one-file runs hash only what changed into the snapshot id (snapshot-entries.ts). Each
// case checks that id against what a process that has seen nothing before computes over the whole tree.
describe('a watcher\'s snapshot id', () => {
  let graph: Graph;
  let repo: TempGitRepo;
  let cache: TsProjectCache;
  const repoId = testNamespace('watch-snapshot');
  const ingest = (changedPaths?: string[], projectCache: TsProjectCache = cache) =>
    ingestRepository({ graph, root: repo.root, log: silentLogger, settings: { repoId }, extractors: miniExtractors, changedPaths, projectCache, totals: false });
  /** The watcher's run of `paths`, then a cold whole-tree run, which must find nothing to write. */
  const watchedAgreesWithCold = async (paths: string[]) => {
    const watched = await ingest(paths);
    expect(watched.mode).toBe('paths');
    const cold = await ingest(undefined, createTsProjectCache());
    expect(cold).toMatchObject({ wrote: false, snapshotId: watched.snapshotId });
    return watched;
  };

  beforeAll(async () => {
    graph = openTestGraph();
    repo = createGitRepo('graphgate-watch-snapshot-');
    repo.commit('scaffold', MINI_FILES, 1_700_000_000);
    cache = createTsProjectCache();
    await ingest();
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    await graph.close();
    repo.remove();
  });

  it('agrees after an edit, a file in a new folder, and a folder emptied', async () => {
    repo.write('src/app/shared/order.service.ts', 'export class OrderService { n = 1; }\n');
    const edited = await watchedAgreesWithCold(['src/app/shared/order.service.ts']);
    expect(edited.knownFrom).toBe('cache');
    repo.write('src/app/new/deep/added.ts', 'export const added = 1;\n');
    expect((await watchedAgreesWithCold(['src/app/new/deep/added.ts'])).files.added).toBe(1);
    rmSync(join(repo.root, 'src/app/new'), { recursive: true });
    expect((await watchedAgreesWithCold(['src/app/new/deep/added.ts'])).files.deleted).toBe(1);
  });

  it('agrees when a template edit re-reads its component', async () => {
    repo.write('src/app/orders/order-list.component.html', '<div><app-order-row></app-order-row></div>\n');
    const run = await watchedAgreesWithCold(['src/app/orders/order-list.component.html']);
    expect(run.files.dependents).toBe(1);
  });

  it('agrees after another process moved the graph (the kept tree is at another snapshot)', async () => {
    repo.write('src/app/orders/order-row.component.ts', "@Component({\n  selector: 'app-order-row',\n})\nexport class OrderRowComponent { x = 1; }\n");
    await ingest(undefined, createTsProjectCache());
    repo.write('src/app/shared/order.service.ts', 'export class OrderService { n = 2; }\n');
    const run = await watchedAgreesWithCold(['src/app/shared/order.service.ts']);
    expect(run.knownFrom).toBe('graph');
  });
});
