import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTsProjectCache, ingestRepository, type TsProjectCache } from '../../../ingest/index.js';
import { markRepoWriting } from '../../../ingest/write/ingest.queries.js';
import type { Graph } from '../../../src/graph/graph.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { nodesByLabel } from '../../support/ingest-queries.js';
import { miniExtractors } from '../../support/mini-extractor.js';
import { MINI_FILES, removeWorkspace, writeFile, writeWorkspace } from '../../support/mini-workspace.js';

// A watcher keeps the repo's File rows (and the stat of each file it hashed) between runs. These
// cases check it is only trusted while the graph is at the snapshot it describes.
describe('warm cache of a watcher', () => {
  let graph: Graph;
  let root: string;
  let cache: TsProjectCache;
  const repoId = testNamespace('ingest-warm');
  const ingest = (changedPaths?: string[], projectCache: TsProjectCache | undefined = cache) =>
    ingestRepository({ graph, root, log: silentLogger, settings: { repoId }, extractors: miniExtractors, changedPaths, projectCache, totals: false });
  const symbols = async (path: string) =>
    (await graph.read(nodesByLabel, { repoId, label: 'Symbol' })).map((n) => n.props).filter((p) => p.ownerFile === path).map((p) => p.name).sort();

  beforeAll(async () => {
    graph = openTestGraph();
    root = writeWorkspace(MINI_FILES);
    // Files modified long before they are hashed are the ones a stat may vouch for (not "racy").
    const past = Date.now() / 1000 - 120;
    for (const path of Object.keys(MINI_FILES)) utimesSync(join(root, path), past, past);
    await new Promise((r) => setTimeout(r, 2_100));
    cache = createTsProjectCache();
    await ingest();
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    await graph.close();
    removeWorkspace(root);
  });

  it('serves a watcher run from the cache and keeps it current', async () => {
    writeFile(root, 'src/app/shared/order.service.ts', 'export class OrderService {}\nexport class OrderCache {}\n');
    const summary = await ingest(['src/app/shared/order.service.ts']);
    expect(summary.knownFrom).toBe('cache');
    expect(summary.files).toMatchObject({ parsed: 1, changed: 1 });
    expect(await symbols('src/app/shared/order.service.ts')).toEqual(['OrderCache', 'OrderService']);
  });

  it('does not read files again whose stat vouches for them on a full rescan', async () => {
    const summary = await ingest();
    expect(summary.wrote).toBe(false);
    expect(summary.knownFrom).toBe('cache');
    // The edited file was written a moment ago (racy: hashed again); the untouched ones were not read.
    expect(summary.files.statUnchanged).toBe(summary.files.seen - 1);
    expect(summary.files).toMatchObject({ parsed: 0, unchanged: summary.files.seen });
  });

  it('falls back to the graph after another process ingested the repo', async () => {
    writeFile(root, 'src/app/shared/order.service.ts', 'export class OrderService {}\n');
    const other = await ingest(undefined, createTsProjectCache());
    expect(other.knownFrom).toBe('graph');
    writeFile(root, 'src/app/orders/order-row.component.ts', "@Component({\n  selector: 'app-order-row',\n})\nexport class OrderRowComponent {}\nexport class RowHelper {}\n");
    const summary = await ingest(['src/app/orders/order-row.component.ts']);
    expect(summary.knownFrom).toBe('graph');
    expect(summary.snapshotId).not.toBe(other.snapshotId);
    expect(await symbols('src/app/shared/order.service.ts')).toEqual(['OrderService']);
    expect(await ingest()).toMatchObject({ wrote: false, knownFrom: 'cache' });
  });

  it('falls back to the graph when a run died while writing', async () => {
    await graph.write(markRepoWriting, { repoId });
    writeFile(root, 'src/app/shared/order.service.ts', 'export class OrderService {}\nexport class Again {}\n');
    const summary = await ingest(['src/app/shared/order.service.ts']);
    expect(summary.knownFrom).toBe('graph');
    expect(await symbols('src/app/shared/order.service.ts')).toEqual(['Again', 'OrderService']);
    // The successful run cleared the mark: the cache is trusted again.
    expect((await ingest()).knownFrom).toBe('cache');
  });
});
