import { cpSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import type { ExtractionCacheOptions } from '../../../ingest/pipeline/extraction-cache.js';
import { routesExtractor } from '../../../ingest/extractors/routes/index.js';
import type { Graph } from '../../../src/graph/graph.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { FIXTURE_ROOT } from '../../support/extract-fixture.js';
import { factLines as facts } from '../../support/fact-lines.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';

// A tree ingested before is written from the extraction cache without loading a parser
// (ingest/README.md "Extraction cache"): its facts must equal an extraction of the same tree.
describe('extraction cache', () => {
  let graph: Graph;
  let root: string;
  let dir: string;
  let where: ExtractionCacheOptions;
  const first = testNamespace('xcache-first');
  const trip = testNamespace('xcache-trip');
  const uncached = testNamespace('xcache-off');
  const ingest = (repoId: string, extra: Partial<Parameters<typeof ingestRepository>[0]> = {}) =>
    ingestRepository({ graph, root, log: silentLogger, settings: { repoId }, extractionCache: where, ...extra });
  const component = 'projects/host/src/app/orders/orders-list/orders-list.component.ts';
  const routing = 'projects/host/src/app/app-routing.module.ts';

  beforeAll(async () => {
    graph = openTestGraph();
    root = realpathSync(mkdtempSync(join(tmpdir(), 'gg-xcache-')));
    dir = mkdtempSync(join(tmpdir(), 'gg-xcache-dir-'));
    where = { dir, maxBytes: 64 * 1024 * 1024 };
    cpSync(FIXTURE_ROOT, root, { recursive: true });
  });
  afterAll(async () => {
    for (const ns of [first, trip, uncached]) await cleanNamespace(graph, ns);
    await graph.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  });

  it('a first ingest fills the entry; the same tree ingested again comes from it with no parser, to the same facts', async () => {
    const filled = await ingest(first);
    expect(filled.extractionCache).toMatchObject({ hits: 0, stored: filled.files.parsed });
    expect(filled.project.mode).toBe('all');
    const extracted = await facts(graph, first);
    expect(extracted.length).toBeGreaterThan(400);

    await cleanNamespace(graph, first);
    const again = await ingest(first);
    expect(again.files.parsed).toBe(filled.files.parsed);
    expect(again.extractionCache).toMatchObject({ hits: again.files.parsed, stored: 0 });
    expect(again.project.mode).toBe('none');
    expect(again.timings.extractors).toEqual({});
    expect(await facts(graph, first)).toEqual(extracted);
    expect(again.facts).toEqual(filled.facts);
  });

  it('a round trip through an edit comes back from the cache, mounts included, to the facts of a full ingest', async () => {
    const reference = await facts(graph, first);
    await ingest(trip);
    const componentText = readFileSync(join(root, component), 'utf8');
    const routingText = readFileSync(join(root, routing), 'utf8');
    // A loader file moved by one line: the routes below it change their mount lines (route mounts re-written).
    writeFileSync(join(root, routing), `// moved\n${routingText}`);
    writeFileSync(join(root, component), componentText.replace('class ', 'class Renamed_'));
    const edited = await ingest(trip);
    expect(edited.files.changed).toBe(2);
    expect(edited.files.dependents).toBeGreaterThan(0);
    expect(edited.extractionCache?.hits).toBe(0);
    expect(edited.project.mode).not.toBe('none');

    writeFileSync(join(root, routing), routingText);
    writeFileSync(join(root, component), componentText);
    const back = await ingest(trip);
    expect(back.project.mode).toBe('none');
    expect(back.extractionCache?.hits).toBe(back.files.parsed);
    expect(back.files.dependents).toBe(edited.files.dependents);
    expect(await facts(graph, trip)).toEqual(reference);

    // And forth again: the edited tree's entry holds the files that run extracted.
    writeFileSync(join(root, routing), `// moved\n${routingText}`);
    writeFileSync(join(root, component), componentText.replace('class ', 'class Renamed_'));
    const forth = await ingest(trip);
    expect(forth.extractionCache?.hits).toBe(forth.files.parsed);
    writeFileSync(join(root, routing), routingText);
    writeFileSync(join(root, component), componentText);
    await ingest(trip);
    expect(await facts(graph, trip)).toEqual(reference);
  });

  it('is neither read nor filled with other extractors, on a path list (a watcher), or when off', async () => {
    const own = await ingest(uncached, { extractors: [routesExtractor] });
    expect(own.extractionCache).toBeUndefined();
    await cleanNamespace(graph, uncached);
    const off = await ingest(uncached, { extractionCache: { dir, maxBytes: 0 } });
    expect(off.extractionCache).toMatchObject({ hits: 0, stored: 0 });
    expect(off.project.mode).toBe('all');
    const paths = await ingest(uncached, { changedPaths: [component] });
    expect(paths.extractionCache).toBeUndefined();
    expect(readdirSync(dir).filter((n) => n.endsWith('.json')).length).toBeGreaterThan(0);
  });
});
