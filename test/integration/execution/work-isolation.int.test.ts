import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import type { Config } from '../../../src/config/index.js';
import { TurnResponseSchema, type TurnResponse } from '../../../src/controller/envelope.schema.js';
import type { TurnDispatcher } from '../../../src/controller/turn-dispatcher.js';
import { overlayRepoId } from '../../../src/execution/overlay/overlay-id.js';
import { WorkOverlays } from '../../../src/execution/overlay/work-overlays.js';
import { ApprovalStore } from '../../../src/execution/side-effects/approval-store.js';
import { WorkspaceManager } from '../../../src/execution/worktree/workspace-manager.js';
import type { Graph } from '../../../src/graph/graph.js';
import { loadQuery } from '../../../src/graph/query-registry.js';
import { PackStore } from '../../../src/pack/index.js';
import { Neo4jPlanFacts } from '../../../src/plan/facts/neo4j-plan-facts.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { makeDispatcher, testConfig } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { nodesByLabel } from '../../support/ingest-queries.js';
import { acceptPlan, copyFixture, goldenPlanFor, ORDERS_LIST_HTML, ORDERS_LIST_TS, PACK_FILES, PLAN_TEST_GATES, planService } from '../../support/plan-fixture.js';

const readSymbols = loadQuery<{ repoId: string; path: string }, { names: string[] }>('test-support/read-file-symbols.cypher');

// A quick passing gate step that leaves a JUnit report, as in side-effects.int.test.ts.
const JUNIT = "require('fs').writeFileSync('junit.xml', '<testsuite name=\"orders\"><testcase name=\"total\"/></testsuite>')";
const GATES: Config['gates'] = {
  ...PLAN_TEST_GATES,
  profiles: { default: { modes: { fast: PLAN_TEST_GATES.profiles.default!.modes.fast!.map((s) => ({ ...s, cmd: [process.execPath, '-e', JUNIT], reports: { junit: 'junit.xml' } })) } } },
};
/** Imports (and declares) the component work A renames: an unchanged file pointing at a changed one. */
const ORDERS_MODULE = 'projects/host/src/app/orders/orders.module.ts';
const OLD = 'OrdersListComponent';
const NEW = 'OrderListComponent';
/** Every label an overlay's ingest writes (facts, references, bookkeeping). */
const OVERLAY_LABELS = ['Fact', 'File', 'Symbol', 'DomainAnchor', 'Ref', 'Repo', 'Snapshot', 'IngestLock'];

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-C', cwd, ...args], { encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 'u', GIT_AUTHOR_EMAIL: 'u@u', GIT_COMMITTER_NAME: 'u', GIT_COMMITTER_EMAIL: 'u@u' } }).trim();

describe('work isolation: a work\'s edits are an overlay only it reads, until its merge (real Neo4j, real git)', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  let ctl: TurnDispatcher;
  let a: { workId: string; agentId: string };
  let b: { workId: string; agentId: string };
  let baseSnapshot: unknown;
  const repoId = testNamespace('isolation');
  const turn = async (ids: { workId: string; agentId: string }, verb: string, args: Record<string, unknown>): Promise<TurnResponse> => TurnResponseSchema.parse(await ctl.turn({ verb, ...ids, args }));
  const names = async (namespace: string) => (await graph.read(readSymbols, { repoId: namespace, path: ORDERS_LIST_TS }))[0]?.names ?? [];
  const repoSnapshot = async () => (await graph.read(nodesByLabel, { repoId, label: 'Repo' }))[0]?.props.snapshotId;
  const overlayNodes = async (workId: string) => {
    const counts: Record<string, number> = {};
    for (const label of OVERLAY_LABELS) counts[label] = (await graph.read(nodesByLabel, { repoId: overlayRepoId(repoId, workId), label })).length;
    return counts;
  };
  const lookup = async (ids: { workId: string; agentId: string }, symbol: string) => (await turn(ids, 'lookup_symbol_definition', { symbol, includeSource: true })).result as { found: number; definitions: Array<{ id: string; path: string; source?: string }> };
  const traceStarts = async (ids: { workId: string; agentId: string }, symbol: string) => ((await turn(ids, 'trace_symbol_graph', { symbol })).result as { matchedStarts: Array<{ id: string }> }).matchedStarts;
  const symbolKnown = async (workId: string, name: string) => (await new Neo4jPlanFacts({ graph, repoId, workId }).existingSymbols([{ file: ORDERS_LIST_TS, name }])).length === 1;

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = copyFixture();
    writeFileSync(join(fixture.root, '.gitignore'), '.ai/tmp/\n');
    git(fixture.root, 'init', '-q', '-b', 'main');
    git(fixture.root, 'add', '-A');
    git(fixture.root, 'commit', '-q', '-m', 'fixture');
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId }, totals: false });
    ctl = makeDispatcher(graph, fixture.root, repoId, { config: testConfig(repoId, { gates: GATES }) });
    const packs = new PackStore({ graph, repoId, repoRoot: fixture.root });
    const start = async () => {
      const init = TurnResponseSchema.parse(await ctl.turn({ verb: 'initialize_work', originalPrompt: 'Show the order total before the status in the orders grid' }));
      const ids = { workId: init.workId!, agentId: init.agentId! };
      await packs.create({ workId: ids.workId, files: [...PACK_FILES, ORDERS_MODULE] });
      return ids;
    };
    a = await start();
    b = await start();
    const plans = planService(graph, repoId, fixture.root);
    await acceptPlan(graph, repoId, plans, a.workId, await goldenPlanFor(plans, a.workId, `chain:aggrid:${ORDERS_LIST_HTML}:3`));
    baseSnapshot = await repoSnapshot();
  }, 180_000);
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    fixture?.dispose();
    await graph?.close();
  });

  it('before any edit both works read the base', async () => {
    expect((await lookup(a, OLD)).found).toBe(1);
    expect((await lookup(b, OLD)).found).toBe(1);
    expect((await new WorkOverlays({ graph, repoId }).view(a.workId)).paths).toEqual([]);
  });

  it('work A\'s patch lands in A\'s overlay: the base, its snapshot and work B are unchanged', async () => {
    const patch = await turn(a, 'apply_code_patch', {
      planNodeId: 'c-total-column', targetFile: ORDERS_LIST_TS,
      edits: [{ type: 'ast_codemod', codemod: 'rename_identifier_in_file', params: { from: OLD, to: NEW } }],
    });
    expect(patch.outcome, JSON.stringify(patch.deny)).toBe('ok');
    expect(patch.result).toMatchObject({ reingest: { mode: 'paths', filesParsed: 1 } });

    // The base: the checkout's facts and snapshot, whatever A's worktree holds.
    expect(await names(repoId)).toContain(OLD);
    expect(await names(repoId)).not.toContain(NEW);
    expect(await repoSnapshot()).toBe(baseSnapshot);
    // A's overlay: only the file A changed, with A's version of it, marked with its base and work.
    expect(await names(overlayRepoId(repoId, a.workId))).toContain(NEW);
    expect((await new WorkOverlays({ graph, repoId }).view(a.workId)).paths).toEqual([ORDERS_LIST_TS]);
    expect((await graph.read(nodesByLabel, { repoId: overlayRepoId(repoId, a.workId), label: 'Repo' }))[0]?.props).toMatchObject({ overlayOf: repoId, workId: a.workId });
    expect((await overlayNodes(b.workId)).Fact).toBe(0);
  });

  it('A\'s lookups, trace and plan facts see A\'s edit; B\'s see the base', async () => {
    const mine = await lookup(a, NEW);
    expect(mine.found).toBe(1);
    expect(mine.definitions[0]).toMatchObject({ path: ORDERS_LIST_TS, id: expect.stringContaining(overlayRepoId(repoId, a.workId)) });
    expect(mine.definitions[0]!.source).toContain(`class ${NEW}`);
    expect((await lookup(a, OLD)).found).toBe(0);
    expect((await traceStarts(a, NEW)).length).toBeGreaterThan(0);
    expect(await traceStarts(a, OLD)).toEqual([]);
    expect(await symbolKnown(a.workId, NEW)).toBe(true);
    expect(await symbolKnown(a.workId, OLD)).toBe(false);

    expect((await lookup(b, NEW)).found).toBe(0);
    const theirs = await lookup(b, OLD);
    expect(theirs.definitions[0]).toMatchObject({ path: ORDERS_LIST_TS, id: expect.stringMatching(new RegExp(`^${repoId}:`)) });
    expect(theirs.definitions[0]!.source).toContain(`class ${OLD}`);
    expect((await traceStarts(b, OLD)).length).toBeGreaterThan(0);
    expect(await traceStarts(b, NEW)).toEqual([]);
    expect(await symbolKnown(b.workId, OLD)).toBe(true);
    expect(await symbolKnown(b.workId, NEW)).toBe(false);
    // Unchanged files of A's pack still come from the base, and so does their own import of the changed file.
    expect((await lookup(a, 'OrdersService')).definitions[0]).toMatchObject({ id: expect.stringMatching(new RegExp(`^${repoId}:`)) });
    const fromModule = ((await turn(a, 'trace_symbol_graph', { filePath: ORDERS_MODULE })).result as { neighbours: Array<{ rel: string; node: { path: string } }> }).neighbours;
    expect(fromModule).toContainEqual(expect.objectContaining({ rel: 'IMPORTS', direction: 'out', node: expect.objectContaining({ path: ORDERS_LIST_TS }) }));
  });

  it('the plan validator judges A\'s resubmission against A\'s code and B\'s plan against the base', async () => {
    const plans = planService(graph, repoId, fixture.root);
    // The golden plan targets OrdersListComponent.columnDefs: gone from A's code, still in the checkout's.
    const mine = await plans.validate(a.workId, await goldenPlanFor(plans, a.workId), undefined, { leasesCheckedByCaller: true });
    expect(mine.accepted).toBe(false);
    expect(mine.violations.map((v) => v.code).sort()).toEqual(['PACK_REQUIRED_ANCHOR_UNRESOLVED', 'PLAN_SCOPE_VIOLATION']);
    expect(mine.violations.map((v) => v.message).join('\n')).toContain(`\`${OLD}.columnDefs\` is not defined in \`${ORDERS_LIST_TS}\``);
    const theirs = await plans.validate(b.workId, await goldenPlanFor(plans, b.workId), undefined, { leasesCheckedByCaller: true });
    expect(theirs.violations).toEqual([]);
    expect(theirs.accepted).toBe(true);
  });

  it('completion deletes A\'s overlay but leaves the base as it was: an unmerged work never reaches it', async () => {
    const validation = await turn(a, 'run_automation_recipe', {
      recipeId: 'run_targeted_validation', planNodeId: 'v-total-column', params: { step: 'unit-orders' },
      artifactBundleRef: `.ai/tmp/work/${a.workId}/artifacts/v-total-column`, diffSummaryRef: `.ai/tmp/work/${a.workId}/artifacts/v-total-column/diff.summary.json`,
    });
    expect(validation.result, JSON.stringify(validation.deny)).toMatchObject({ passed: true });
    const commit = await turn(a, 'execute_gated_side_effect', { planNodeId: 'se-commit', sideEffectType: 'git_commit' });
    expect(commit.progress, JSON.stringify(commit.deny)).toMatchObject({ remainingNodes: 0 });
    const done = await turn(a, 'signal_task_complete', { summary: 'renamed' });
    expect(done.state, JSON.stringify(done.deny)).toBe('COMPLETED');
    expect(Object.values(await overlayNodes(a.workId)).every((n) => n === 0), JSON.stringify(await overlayNodes(a.workId))).toBe(true);
    expect(await names(repoId)).toContain(OLD);
    expect(await repoSnapshot()).toBe(baseSnapshot);
  });

  it('the approved merge brings A\'s file into the base through the incremental ingest; B then reads it', async () => {
    const { token } = await new ApprovalStore({ graph, repoId, workspaces: new WorkspaceManager({ graph, repoId, repoRoot: fixture.root }) }).approve({ workId: a.workId, approvedBy: 'test' });
    const merged = await turn(a, 'execute_gated_side_effect', { planNodeId: 'se-commit', sideEffectType: 'merge', approvalToken: token });
    expect(merged.outcome, JSON.stringify(merged.deny)).toBe('ok');
    expect(merged.result).toMatchObject({ applied: true, files: [ORDERS_LIST_TS], baseIngest: { status: 'ingested', files: 1, overlayNodesDeleted: 0 } });
    expect(readFileSync(join(fixture.root, ORDERS_LIST_TS), 'utf8')).toContain(`class ${NEW}`);
    expect(await names(repoId)).toContain(NEW);
    expect(await names(repoId)).not.toContain(OLD);
    expect(await repoSnapshot()).not.toBe(baseSnapshot);
    expect((merged.result as { baseIngest: { snapshotId: string } }).baseIngest.snapshotId).toBe(await repoSnapshot());
    expect((await lookup(b, NEW)).found).toBe(1);
    expect(await symbolKnown(b.workId, NEW)).toBe(true);
  });
});
