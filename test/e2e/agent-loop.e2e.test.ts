import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../ingest/index.js';
import type { TurnResponse } from '../../src/controller/envelope.schema.js';
import { overlayRepoId } from '../../src/execution/overlay/overlay-id.js';
import type { Graph } from '../../src/graph/graph.js';
import type { PlanGraph, PlanGraphSchemaDocument } from '../../src/plan/index.js';
import { silentLogger } from '../../src/runtime/logger.js';
import { AGENT_LOOP_GATES, CHECK_JUNIT, CHECK_STEP, git, gitFixtureCopy, turnCaller } from '../support/agent-loop-fixture.js';
import { agentLoopPlan, LINES, LOOP_LEXEMES, LOOP_PROMPT, ORDER_COLUMNS, ORDER_LINK_RENDERER, ORDERS_LIST_HTML, ORDERS_LIST_TS, ORDERS_ROUTING } from '../support/agent-loop-plan.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';
import { nodesByLabel } from '../support/ingest-queries.js';
import { connectClient, MAIN, serverEnv } from '../support/mcp-process.js';
import { citedPaths } from '../support/pack-citations.js';
import type { EnvelopeValues } from '../support/plan-fixture.js';

const run = promisify(execFile);
const ARTIFACT_FILES = ['diff.summary.json', 'op.log', 'result.json', 'trace.refs.json', 'validation.json'];
type Hook = { hookId: string; passed: boolean; gateRunId: string | null; reason?: string };

// The whole agent loop over stdio with the SDK client against the built server, on a git copy of the
// fixture workspace: initialize_work → a rejected plan (codes + fix hints) → the fixed plan accepted →
// apply_code_patch (replace_text and each built-in codemod) → run_automation_recipe (replace_lexeme_in_file,
// run_targeted_validation) → the workspace's own test as the gate → validate nodes pass →
// execute_gated_side_effect (git_commit, review_bundle) → COMPLETED → `graphgate approve` → merge.
describe('agent loop over MCP stdio', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof gitFixtureCopy>;
  let client: Client;
  const repoId = testNamespace('agent-loop');
  const call = turnCaller(() => client);
  const mainText = (file: string) => readFileSync(join(fixture.root, file), 'utf8');
  const originals = new Map<string, string>();

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = gitFixtureCopy(AGENT_LOOP_GATES);
    for (const f of [ORDERS_LIST_TS, ORDER_COLUMNS, ORDER_LINK_RENDERER, ORDERS_ROUTING]) originals.set(f, mainText(f));
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId } });
    ({ client } = await connectClient(fixture.root, repoId));
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    await cleanNamespace(graph, repoId);
    fixture?.dispose();
    await graph?.close();
  });

  it('plans, patches, validates with the workspace test and completes, never touching the main checkout', async () => {
    // initialize_work: the pack holds every file the plan changes, and the gate step and recipes are offered.
    const init = await call({ verb: 'initialize_work', originalPrompt: LOOP_PROMPT, args: { lexemes: LOOP_LEXEMES } });
    expect(init.state).toBe('PLANNING');
    const workId = init.workId!;
    const ids = { workId, agentId: init.agentId };
    expect(citedPaths(init.result)).toEqual(expect.arrayContaining([ORDERS_LIST_TS, ORDER_COLUMNS, ORDER_LINK_RENDERER, ORDERS_ROUTING]));
    const schema = init.result.planGraphSchema as PlanGraphSchemaDocument;
    expect(schema.verificationTargets.gateSteps).toEqual([CHECK_STEP]);
    expect(schema.verificationTargets.recipes).toContain('run_targeted_validation');
    const chain = `chain:aggrid:${ORDERS_LIST_HTML}:3`;
    expect(schema.citableRefs?.proofChains).toContain(chain);
    const envelope = schema.envelope as unknown as EnvelopeValues;
    const plan: PlanGraph = { ...agentLoopPlan(envelope, chain), knowledgeStrategyId: schema.strategyId ?? 'ui_aggrid_feature' };

    // A plan with two real defects: a hook naming a step that is not configured, and two nodes editing
    // the same file with no order between them. Rejected with every code and a fix hint for each.
    const bad = structuredClone(plan);
    const node = (p: PlanGraph, id: string) => p.nodes.find((n) => n.nodeId === id) as unknown as { dependsOn: string[]; verificationHooks: Array<{ ref: string }> };
    node(bad, 'c-link-button').verificationHooks[0]!.ref = 'npm-test';
    node(bad, 'c-route-table').dependsOn = [];
    const rejected = await call({ verb: 'submit_execution_plan', ...ids, args: { planGraph: bad } });
    expect(rejected.state).toBe('PLANNING');
    expect(rejected.deny?.code).toBe('PLAN_VERIFICATION_WEAK');
    expect(rejected.deny?.details.codes).toEqual(['PLAN_VERIFICATION_WEAK', 'EXEC_SIDE_EFFECT_COLLISION']);
    const reason = (code: string) => rejected.deny?.problems?.find((p) => p.code === code)?.message ?? '';
    expect(reason('PLAN_VERIFICATION_WEAK')).toContain('[c-link-button]');
    expect(reason('PLAN_VERIFICATION_WEAK')).toContain(`Fix: Name one of: ${CHECK_STEP}`);
    expect(reason('EXEC_SIDE_EFFECT_COLLISION')).toMatch(/Fix: Make `c-(route-table|change-route)` depend on `c-(change-route|route-table)`/);

    const accepted = await call({ verb: 'submit_execution_plan', ...ids, args: { planGraph: plan } });
    expect(accepted.deny).toBeUndefined();
    expect(accepted.state).toBe('PLAN_ACCEPTED');
    const notStarted = [{ nodeId: 'v-orders-grid', status: 'not_started' }, { nodeId: 'v-orders-routes', status: 'not_started' }];
    expect(accepted.progress).toEqual({ totalNodes: 10, completedNodes: 0, remainingNodes: 10, pendingValidations: notStarted });
    const early = await call({ verb: 'signal_task_complete', ...ids, args: { summary: 'nothing done yet' } });
    expect(early.deny?.code).toBe('ILLEGAL_TRANSITION');

    const patch = async (planNodeId: string, targetFile: string, edit: Record<string, unknown>, operationId?: string): Promise<TurnResponse> => {
      const res = await call({ verb: 'apply_code_patch', ...ids, args: { planNodeId, targetFile, edits: [edit], ...(operationId ? { operationId } : {}) } });
      expect(res.deny).toBeUndefined();
      expect(res.result).toMatchObject({ applied: true, planNodeId, targetFile });
      return res;
    };
    const worktree = join(fixture.root, '.worktrees', workId);
    const overlay = overlayRepoId(repoId, workId);
    const wtText = (file: string) => readFileSync(join(worktree, file), 'utf8');
    const artifactDir = (nodeId: string) => join(fixture.root, '.ai', 'tmp', 'work', workId, 'artifacts', nodeId);
    const readJson = (nodeId: string, file: string) => JSON.parse(readFileSync(join(artifactDir(nodeId), file), 'utf8')) as Record<string, unknown>;

    // replace_text: the worktree changes on the work's branch; the main checkout does not.
    const total = await patch('c-total-column', ORDERS_LIST_TS, { type: 'replace_text', oldText: LINES.status, newText: `${LINES.status}\n${LINES.total}` }, 'op-loop-total-1');
    expect(total.result).toMatchObject({ workspace: { kind: 'git-worktree', path: `.worktrees/${workId}`, branch: `graphgate/${workId}` }, diff: { linesAdded: 1, linesRemoved: 0, startLine: 23 } });
    expect(total.progress).toMatchObject({ totalNodes: 10, completedNodes: 0 });
    expect(wtText(ORDERS_LIST_TS)).toContain(`${LINES.status}\n${LINES.total}`);
    expect(git(worktree, 'rev-parse', '--abbrev-ref', 'HEAD')).toBe(`graphgate/${workId}`);
    expect(readdirSync(artifactDir('c-total-column')).sort()).toEqual(ARTIFACT_FILES);
    expect(readJson('c-total-column', 'trace.refs.json')).toMatchObject({ workId, planNodeId: 'c-total-column', operationId: 'op-loop-total-1', contextPackHash: envelope.contextPackHash });
    expect(readJson('c-total-column', 'diff.summary.json')).toMatchObject({ linesAdded: 1, linesRemoved: 0 });

    // The four built-in codemods, each on its own change node.
    const imports = await patch('c-helpers-import', ORDER_COLUMNS, { type: 'ast_codemod', codemod: 'update_import_specifier', params: { moduleSpecifier: '../grid/column-helpers', newModuleSpecifier: '../grid/column-helpers.js' } });
    expect(imports.result).toMatchObject({ edits: [{ codemod: 'update_import_specifier', changes: 1 }] });
    expect(wtText(ORDER_COLUMNS)).toContain(LINES.helpersImportEsm);

    const tag = await patch('c-link-button', ORDER_LINK_RENDERER, { type: 'ast_codemod', codemod: 'rewrite_template_tag', params: { from: 'a', to: 'button' } });
    expect(tag.result).toMatchObject({ edits: [{ codemod: 'rewrite_template_tag', changes: 2 }] });
    expect(wtText(ORDER_LINK_RENDERER)).toContain(LINES.buttonTemplate);

    const route = await patch('c-change-route', ORDERS_ROUTING, { type: 'ast_codemod', codemod: 'update_route_path_literal', params: { from: ':id/edit', to: ':id/change' } });
    expect(route.result).toMatchObject({ edits: [{ codemod: 'update_route_path_literal', changes: 1 }], reingest: { filesParsed: expect.any(Number) } });
    expect(wtText(ORDERS_ROUTING)).toContain(LINES.changeRoute);
    // The work's overlay follows the worktree: its Route node carries the new path, the old one is gone there.
    const routesIn = async (namespace: string) => (await graph.read(nodesByLabel, { repoId: namespace, label: 'Route' })).map((r) => r.props).filter((r) => r.ownerFile === ORDERS_ROUTING);
    const ordersRoutes = await routesIn(overlay);
    expect(ordersRoutes.map((r) => r.fullPath).sort()).toEqual(['/orders', '/orders/:id', '/orders/:id/change']);
    expect(ordersRoutes.find((r) => r.fullPath === '/orders/:id/change')).toMatchObject({ segment: ':id/change', startLine: 10, component: 'OrderDetailComponent', snapshotId: (route.result.reingest as { snapshotId: string }).snapshotId });
    // The repository's base keeps the checkout's facts until the merge.
    expect((await routesIn(repoId)).map((r) => r.fullPath).sort()).toEqual(['/orders', '/orders/:id', '/orders/:id/edit']);

    // A partial rename (declaration only) first: the workspace test must catch it.
    await patch('c-route-table', ORDERS_ROUTING, { type: 'replace_text', oldText: LINES.routesConst, newText: LINES.orderRoutesConst });
    const failing = await call({ verb: 'run_automation_recipe', ...ids, args: recipeArgs(workId, 'v-orders-routes', 'run_targeted_validation', { step: CHECK_STEP }) });
    expect(failing.deny).toBeUndefined();
    expect(failing.result).toMatchObject({ recipeId: 'run_targeted_validation', passed: false });
    const failedHook = (failing.result.hooks as Hook[])[0]!;
    expect(failedHook).toMatchObject({ hookId: 'h-routes', passed: false, reason: 'exit 1' });
    expect(failing.progress?.pendingValidations).toEqual([{ nodeId: 'v-orders-grid', status: 'not_started' }, { nodeId: 'v-orders-routes', status: 'failed' }]);
    expect(readJson('v-orders-routes', 'validation.json')).toMatchObject({ passed: false, hooks: [{ hookId: 'h-routes', passed: false }] });
    expect((await call({ verb: 'signal_task_complete', ...ids, args: {} })).deny?.code).toBe('ILLEGAL_TRANSITION');

    // rename_identifier_in_file renames the remaining `routes` reference (RouterModule.forChild).
    const rename = await patch('c-route-table', ORDERS_ROUTING, { type: 'ast_codemod', codemod: 'rename_identifier_in_file', params: { from: 'routes', to: 'orderRoutes' } });
    expect(rename.result).toMatchObject({ edits: [{ codemod: 'rename_identifier_in_file', changes: 1 }] });
    expect(wtText(ORDERS_ROUTING)).toContain('RouterModule.forChild(orderRoutes)');

    const fileNode = (await graph.read(nodesByLabel, { repoId: overlay, label: 'File' })).map((r) => r.props).find((f) => f.path === ORDERS_ROUTING);
    expect(fileNode?.sha256).toBe(createHash('sha256').update(wtText(ORDERS_ROUTING)).digest('hex'));

    // replace_lexeme_in_file through run_automation_recipe (leases the file, edits only the worktree).
    const lexeme = await call({ verb: 'run_automation_recipe', ...ids, args: recipeArgs(workId, 'c-actor-header', 'replace_lexeme_in_file', { file: ORDER_COLUMNS, from: 'Who', to: 'Actor', expectedCount: 1 }) });
    expect(lexeme.deny).toBeUndefined();
    expect(lexeme.result).toMatchObject({ recipeId: 'replace_lexeme_in_file', file: ORDER_COLUMNS, replacements: 1 });
    expect(wtText(ORDER_COLUMNS)).toContain(LINES.actorHeader);
    expect(readJson('c-actor-header', 'diff.summary.json')).toMatchObject({ file: ORDER_COLUMNS, replacements: 1 });

    // The gate: the workspace's own `npm test` in the worktree, with its JUnit report parsed.
    const grid = await call({ verb: 'run_automation_recipe', ...ids, args: recipeArgs(workId, 'v-orders-grid', 'run_targeted_validation', { step: CHECK_STEP }) });
    expect(grid.deny).toBeUndefined();
    expect(grid.result).toMatchObject({ passed: true, hooks: [{ hookId: 'h-grid', passed: true }] });
    expect(grid.progress).toEqual({ totalNodes: 10, completedNodes: 5, remainingNodes: 5, pendingValidations: [{ nodeId: 'v-orders-routes', status: 'failed' }] });
    expect(existsSync(join(worktree, CHECK_JUNIT))).toBe(true);
    expect(existsSync(join(fixture.root, CHECK_JUNIT))).toBe(false);
    expect(readJson('v-orders-grid', 'validation.json')).toMatchObject({ passed: true, hooks: [{ hookId: 'h-grid', passed: true }] });
    expect((await call({ verb: 'signal_task_complete', ...ids, args: {} })).deny?.code).toBe('ILLEGAL_TRANSITION');

    const routes = await call({ verb: 'run_automation_recipe', ...ids, args: recipeArgs(workId, 'v-orders-routes', 'run_targeted_validation', { step: CHECK_STEP }), });
    expect(routes.result).toMatchObject({ passed: true, hooks: [{ hookId: 'h-routes', passed: true }] });
    expect(routes.progress).toEqual({ totalNodes: 10, completedNodes: 8, remainingNodes: 2 });

    // Every gate run is a GateRun on the validate node it verified, with the parsed JUnit report and scrubbed output.
    const gateRuns = (await graph.read(nodesByLabel, { repoId, label: 'GateRun' })).map((r) => r.props).filter((r) => r.workId === workId)
      .sort((a, b) => String(a.startedAt).localeCompare(String(b.startedAt)));
    expect(gateRuns.map((r) => [r.nodeId, r.stepName, r.passed, r.exitCode])).toEqual([
      ['v-orders-routes', CHECK_STEP, false, 1], ['v-orders-grid', CHECK_STEP, true, 0], ['v-orders-routes', CHECK_STEP, true, 0],
    ]);
    expect(gateRuns[0]!.output).toContain('RouterModule is given routes, which this file does not declare');
    const junit = gateRuns.map((r) => JSON.parse(String(r.junitJson)) as { tests: number; failures: number });
    expect(junit.map((j) => j.failures)).toEqual([1, 0, 0]);
    expect(new Set(junit.map((j) => j.tests)).size).toBe(1);
    expect(junit[0]!.tests).toBeGreaterThan(20);
    expect(gateRuns.map((r) => r.id)).toEqual(expect.arrayContaining([failedHook.gateRunId, (grid.result.hooks as Hook[])[0]!.gateRunId]));

    // Every executed node left its evidence bundle under .ai/tmp/work/<workId>/artifacts/<nodeId>/ of the main checkout.
    for (const nodeId of plan.nodes.filter((n) => n.kind !== 'side_effect').map((n) => n.nodeId)) {
      expect([nodeId, readdirSync(artifactDir(nodeId)).sort()]).toEqual([nodeId, ARTIFACT_FILES]);
      expect(readJson(nodeId, 'result.json')).toMatchObject({ planNodeId: nodeId });
    }

    // Side effects behind the commit gate (both validate nodes passed): commit on the work branch, then a review bundle.
    const base = git(fixture.root, 'rev-parse', 'main');
    const commit = await call({ verb: 'execute_gated_side_effect', ...ids, args: { planNodeId: 'se-commit', sideEffectType: 'git_commit', operationId: 'op-loop-commit-1' } });
    expect(commit.deny).toBeUndefined();
    const commitSha = (commit.result as { commit: string }).commit;
    expect(commitSha).toMatch(/^[0-9a-f]{40}$/);
    expect(git(worktree, 'rev-parse', 'HEAD')).toBe(commitSha);
    expect(git(worktree, 'rev-parse', `${commitSha}^`)).toBe(base);
    const edited = [ORDER_COLUMNS, ORDER_LINK_RENDERER, ORDERS_LIST_TS, ORDERS_ROUTING].sort();
    expect(git(worktree, 'diff', '--name-only', base, commitSha).split('\n').sort()).toEqual(edited);
    const again = await call({ verb: 'execute_gated_side_effect', ...ids, args: { planNodeId: 'se-commit', sideEffectType: 'git_commit', operationId: 'op-loop-commit-1' } });
    expect(again.result).toMatchObject({ commit: commitSha, replayed: true });
    expect(git(worktree, 'rev-list', '--count', `${base}..HEAD`)).toBe('1');

    const review = await call({ verb: 'execute_gated_side_effect', ...ids, args: { planNodeId: 'se-review', sideEffectType: 'review_bundle' } });
    expect(review.deny).toBeUndefined();
    const bundle = (review.result as { review: { touchedFiles: Array<{ path: string; status: string }>; gates: { runs: number; passed: number; failed: number }; proofChains: { planRefs: string[]; pack: Array<{ kind: string }> } } }).review;
    expect(bundle.touchedFiles.map((f) => f.path).sort()).toEqual(edited);
    // The gate summary keeps the failed run of the partial rename next to the passing ones.
    expect(bundle.gates).toMatchObject({ failed: 1 });
    expect(bundle.gates.passed).toBeGreaterThanOrEqual(2);
    expect(bundle.proofChains.planRefs).toContain(chain);
    expect(bundle.proofChains.pack.map((c) => c.kind)).toContain('aggrid_origin');
    expect(review.progress).toMatchObject({ totalNodes: 10, completedNodes: 10, remainingNodes: 0 });
    for (const nodeId of ['se-commit', 'se-review']) expect(readJson(nodeId, 'result.json')).toMatchObject({ planNodeId: nodeId });
    expect(readdirSync(join(artifactDir('se-review'), 'review')).length).toBeGreaterThan(0);

    const done = await call({ verb: 'signal_task_complete', ...ids, args: { summary: 'grid column, link button, route rename done, verified and committed' } });
    expect(done.deny).toBeUndefined();
    expect(done.state).toBe('COMPLETED');

    // The user's checkout is untouched until a person approves: same text, clean status.
    for (const [file, text] of originals) expect(mainText(file)).toBe(text);
    expect(git(fixture.root, 'status', '--porcelain')).toBe('');
    expect(git(fixture.root, 'rev-parse', 'HEAD')).toBe(base);

    // The agent cannot merge without a person's token; `graphgate approve` mints one, and the merge lands the commit.
    const unapproved = await call({ verb: 'execute_gated_side_effect', ...ids, args: { planNodeId: 'se-commit', sideEffectType: 'merge', approvalToken: 'agent-made-up-token-0000' } });
    expect(unapproved.deny).toMatchObject({ code: 'UNAUTHORIZED', requiresHuman: true });
    const token = await approveFromCli(fixture.root, repoId, workId);
    const merged = await call({ verb: 'execute_gated_side_effect', ...ids, args: { planNodeId: 'se-commit', sideEffectType: 'merge', approvalToken: token } });
    expect(merged.deny).toBeUndefined();
    expect(merged.result).toMatchObject({ applied: true, mergedInto: 'main', worktreeRemoved: true });
    expect(git(fixture.root, 'merge-base', '--is-ancestor', commitSha, 'HEAD')).toBe('');
    expect(mainText(ORDERS_ROUTING)).toContain(':id/change');
    expect(mainText(ORDERS_ROUTING)).not.toBe(originals.get(ORDERS_ROUTING));
    expect(existsSync(worktree)).toBe(false);
    // The merge brought the files into the base through the incremental ingest; the overlay went at completion.
    expect(merged.result).toMatchObject({ baseIngest: { status: 'ingested', overlayNodesDeleted: 0 } });
    expect((await graph.read(nodesByLabel, { repoId, label: 'Route' })).map((r) => r.props).filter((r) => r.ownerFile === ORDERS_ROUTING).map((r) => r.fullPath).sort())
      .toEqual(['/orders', '/orders/:id', '/orders/:id/change']);
    expect(await graph.read(nodesByLabel, { repoId: overlay, label: 'File' })).toEqual([]);
    const reused = await call({ verb: 'execute_gated_side_effect', ...ids, args: { planNodeId: 'se-commit', sideEffectType: 'merge', approvalToken: token } });
    expect(reused.deny?.code).toBe('UNAUTHORIZED');
  });
});

/** `graphgate approve <workId> --json` from the built CLI, as the person at the keyboard would run it; returns the token. */
async function approveFromCli(root: string, repoId: string, workId: string): Promise<string> {
  const { stdout } = await run('node', [MAIN, 'approve', workId, '--repo', root, '--json'], { env: { ...process.env, ...serverEnv(repoId) }, timeout: 60_000 });
  return (JSON.parse(stdout) as { token: string }).token;
}

function recipeArgs(workId: string, planNodeId: string, recipeId: string, params: Record<string, unknown>) {
  const dir = `.ai/tmp/work/${workId}/artifacts/${planNodeId}`;
  return { recipeId, planNodeId, params, artifactBundleRef: dir, diffSummaryRef: `${dir}/diff.summary.json` };
}
