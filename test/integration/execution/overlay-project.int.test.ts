import { appendFileSync, cpSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTsProjectCache, ingestRepository, type TsProjectCache } from '../../../ingest/index.js';
import type { Graph } from '../../../src/graph/graph.js';
import { overlayRepoId } from '../../../src/execution/overlay/overlay-id.js';
import { reingestWorkspaceFile } from '../../../src/execution/worktree/reingest-file.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { FIXTURE_ROOT } from '../../support/extract-fixture.js';
import { factLines } from '../../support/fact-lines.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';

// A work's overlay re-ingests the files the work changed with a project that loads the rest of the
// workspace on demand (ingest/README.md, "On-demand project"). Its facts must be those a project
// holding every file of the workspace gives.
describe('overlay project', () => {
  let graph: Graph;
  let root: string;
  const base = testNamespace('overlay-project-base');
  const full = testNamespace('overlay-project-full');
  const [onDemandWork, filledWork] = ['work-overlay-on-demand', 'work-overlay-filled'];
  let filled: TsProjectCache;

  beforeAll(async () => {
    graph = openTestGraph();
    root = realpathSync(mkdtempSync(join(tmpdir(), 'gg-overlay-project-')));
    cpSync(FIXTURE_ROOT, root, { recursive: true });
    await ingestRepository({ graph, root, log: silentLogger, settings: { repoId: base } });
    // A project holding every TypeScript file of the workspace, kept warm: what an overlay used to be built on.
    filled = createTsProjectCache();
    expect((await ingestRepository({ graph, root, log: silentLogger, settings: { repoId: full }, projectCache: filled })).project.mode).toBe('all');
  });
  afterAll(async () => {
    for (const ns of [base, full, overlayRepoId(base, onDemandWork), overlayRepoId(base, filledWork)]) await cleanNamespace(graph, ns);
    await graph.close();
    rmSync(root, { recursive: true, force: true });
  });

  const overlayFacts = async (workId: string) => factLines(graph, overlayRepoId(base, workId));

  it('edits a component, a routes file and adds a file: the same overlay facts as with every file held, from far fewer', async () => {
    const edits: Array<[string, () => void]> = [
      ['projects/host/src/app/orders/orders-list/orders-list.component.ts', () => appendFileSync(join(root, 'projects/host/src/app/orders/orders-list/orders-list.component.ts'), '\n// edited by a work\n')],
      ['projects/host/src/app/app-routing.module.ts', () => appendFileSync(join(root, 'projects/host/src/app/app-routing.module.ts'), '\n// edited by a work\n')],
      ['projects/host/src/app/orders/orders-summary.ts', () => writeFileSync(join(root, 'projects/host/src/app/orders/orders-summary.ts'), "import { OrdersListComponent } from './orders-list/orders-list.component';\nexport const SUMMARY = [OrdersListComponent];\n")],
    ];
    const onDemandCaches = new Map<string, TsProjectCache>();
    const filledCaches = new Map([[root, filled]]);
    for (const [path, edit] of edits) {
      edit();
      const a = await reingestWorkspaceFile({ graph, repoId: base, log: silentLogger, projectCaches: onDemandCaches }, onDemandWork, root, path);
      const b = await reingestWorkspaceFile({ graph, repoId: base, log: silentLogger, projectCaches: filledCaches }, filledWork, root, path);
      expect(a.project.mode).toBe('on-demand');
      expect(b.files.parsed).toBe(a.files.parsed);
      // The on-demand project loads what the extraction reaches, not the workspace.
      expect(a.project.files).toBeLessThan(b.project.files);
    }
    const [a, b] = [await overlayFacts(onDemandWork), await overlayFacts(filledWork)];
    expect(a.length).toBeGreaterThan(20);
    expect(a).toEqual(b);
  });
});
