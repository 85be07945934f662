import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTsProjectCache, ingestRepository } from '../../../ingest/index.js';
import type { Graph } from '../../../src/graph/graph.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { FIXTURE_ROOT } from '../../support/extract-fixture.js';
import { factLines } from '../../support/fact-lines.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';

const ROUTING = 'projects/host/src/app/app-routing.module.ts';

// Files mounted below a routing module (admin.module.ts, orders-routing.module.ts) take their route
// prefixes from it: an edit there re-extracts them only when their mounts moved (pipeline/mount-dependents.ts).
// Each step is checked against a full ingest of the same tree.
describe('files mounted below a changed routing module', () => {
  let graph: Graph;
  let root: string;
  const watched = testNamespace('mounts-watched');
  const fulls: string[] = [];
  const cache = createTsProjectCache();
  const edit = (change: (text: string) => string) => writeFileSync(join(root, ROUTING), change(readFileSync(join(root, ROUTING), 'utf8')));
  const watchRun = () => ingestRepository({ graph, root, log: silentLogger, settings: { repoId: watched }, projectCache: cache, changedPaths: [ROUTING] });
  const sameAsFull = async (): Promise<void> => {
    const full = testNamespace(`mounts-full-${fulls.length}`);
    fulls.push(full);
    await ingestRepository({ graph, root, log: silentLogger, settings: { repoId: full } });
    expect(await factLines(graph, watched)).toEqual(await factLines(graph, full));
  };

  beforeAll(async () => {
    graph = openTestGraph();
    root = realpathSync(mkdtempSync(join(tmpdir(), 'gg-mounts-')));
    cpSync(FIXTURE_ROOT, root, { recursive: true });
    await ingestRepository({ graph, root, log: silentLogger, settings: { repoId: watched }, projectCache: cache });
  });
  afterAll(async () => {
    for (const ns of [watched, ...fulls]) await cleanNamespace(graph, ns);
    await graph.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('an edit that leaves the routes as they were re-extracts no mounted file', async () => {
    edit((text) => `${text}\nexport const ROUTING_NOTE = 'kept';\n`);
    const run = await watchRun();
    expect(run.files, JSON.stringify(run.files)).toMatchObject({ changed: 1, dependents: 0, parsed: 1 });
    expect(run.files.mountsUnchanged).toBeGreaterThanOrEqual(2);
    await sameAsFull();
  });

  it('a renamed path re-extracts the files below it with the new prefix', async () => {
    edit((text) => text.replace("{ path: 'admin', loadChildren", "{ path: 'administration', loadChildren"));
    const run = await watchRun();
    expect(run.files.dependents).toBeGreaterThanOrEqual(1);
    await sameAsFull();
    expect((await factLines(graph, watched)).some((line) => line.includes('"fullPath","/administration/audit"'))).toBe(true);
  });

  it('lines moved above the loaders re-extract the files whose loader route ids moved', async () => {
    edit((text) => `// a header comment\n// on two lines\n${text}`);
    const run = await watchRun();
    expect(run.files.dependents).toBeGreaterThanOrEqual(2);
    await sameAsFull();
  });
});
