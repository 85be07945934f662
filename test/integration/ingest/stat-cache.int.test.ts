import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import { markRepoWriting } from '../../../ingest/write/ingest.queries.js';
import type { Graph } from '../../../src/graph/graph.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { FIXTURE_ROOT } from '../../support/extract-fixture.js';
import { factLines } from '../../support/fact-lines.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';

const EDITED = 'projects/host/src/app/app.component.ts';

// Each run is a cold process's (no project cache): only the on-disk stat cache can spare reads.
describe('stats kept between processes (ingest/pipeline/stat-cache.ts)', () => {
  let graph: Graph;
  let root: string;
  const repoId = testNamespace('stat-cache');
  const full = testNamespace('stat-cache-full');
  const coldRun = () => ingestRepository({ graph, root, log: silentLogger, settings: { repoId } });

  beforeAll(async () => {
    graph = openTestGraph();
    root = realpathSync(mkdtempSync(join(tmpdir(), 'gg-stat-')));
    cpSync(FIXTURE_ROOT, root, { recursive: true });
    // A stat taken within 2 s of a file's last change is never trusted (statMatches): let the copy age.
    await new Promise((r) => setTimeout(r, 2_100));
    await coldRun();
  });
  afterAll(async () => {
    for (const ns of [repoId, full]) await cleanNamespace(graph, ns);
    await graph.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('a second cold run reads no file whose stat did not move', async () => {
    const run = await coldRun();
    expect(run.files.seen).toBeGreaterThan(20);
    expect(run.files, JSON.stringify(run.files)).toMatchObject({ statUnchanged: run.files.seen, parsed: 0, changed: 0 });
  });

  it('an edit that keeps the size and the modification time is still read, and the facts equal a full ingest', async () => {
    const abs = join(root, EDITED);
    const before = statSync(abs);
    const text = readFileSync(abs, 'utf8');
    // Same length, other content, the old mtime put back: only the change time tells.
    writeFileSync(abs, text.replace(/title/, 'TITLE'));
    utimesSync(abs, before.atime, before.mtime);
    expect(statSync(abs).size).toBe(before.size);
    const run = await coldRun();
    expect(run.files, JSON.stringify(run.files)).toMatchObject({ changed: 1, statUnchanged: run.files.seen - 1 });
    await ingestRepository({ graph, root, log: silentLogger, settings: { repoId: full } });
    expect(await factLines(graph, repoId)).toEqual(await factLines(graph, full));
  });

  it('a run after one that died writing reads and re-extracts every file, whatever the cache says', async () => {
    await graph.write(markRepoWriting, { repoId });
    const run = await coldRun();
    expect(run.files.statUnchanged).toBe(0);
    expect(run.files.parsed).toBe(run.files.seen - run.files.skipped);
  });
});
