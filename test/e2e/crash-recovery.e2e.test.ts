import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
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
import { AGENT_LOOP_GATES, CHECK_STEP, git, gitFixtureCopy, turnCaller } from '../support/agent-loop-fixture.js';
import { agentLoopPlan, LINES, LOOP_LEXEMES, LOOP_PROMPT, ORDER_COLUMNS, ORDER_LINK_RENDERER, ORDERS_LIST_HTML, ORDERS_LIST_TS, ORDERS_ROUTING } from '../support/agent-loop-plan.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';
import { nodesByLabel } from '../support/ingest-queries.js';
import { connectClient, MAIN, serverEnv } from '../support/mcp-process.js';
import type { EnvelopeValues } from '../support/plan-fixture.js';

const run = promisify(execFile);
const count = (text: string, needle: string) => text.split(needle).length - 1;
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** Resolves once no process has `pid` any more (the killed server was reaped). */
async function gone(pid: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`process ${pid} is still alive`);
}

// kill -9 at every step of a patch (and of a recipe edit and a git_commit), over MCP stdio with the SDK
// client: a server started with GRAPHGATE_FAILPOINT dies by SIGKILL at that step; a NEW server (no
// failpoint) retries the same call with the same operationId, workId and agentId. The retry takes the
// dead owner's claim over, finishes the operation exactly once, and the work goes on to COMPLETED.
describe('operations survive kill -9 (real servers, real Neo4j, real git)', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof gitFixtureCopy>;
  let client: Client;
  let ids: { workId: string; agentId: string };
  const repoId = testNamespace('crash');
  const call = turnCaller(() => client);
  const originals = new Map<string, string>();
  const worktree = () => join(fixture.root, '.worktrees', ids.workId);
  const wtText = (file: string) => readFileSync(join(worktree(), file), 'utf8');
  const props = async (label: string) => (await graph.read(nodesByLabel, { repoId, label })).map((r) => r.props);
  const operation = async (id: string) => (await props('Operation')).find((o) => o.id === id);
  const planNode = async (nodeId: string) => (await props('PlanNode')).find((n) => n.nodeId === nodeId && n.workId === ids.workId);

  /** Swaps the server: closes the current client and starts a fresh process, optionally armed with a failpoint. */
  async function restart(failpoint?: string): Promise<number> {
    await client?.close().catch(() => undefined);
    // No watcher: a watcher re-ingest running at the kill would leave the repository's ingest lock to lapse (60 s), which is not what this test is about.
    // A long turn timeout: the slow project runs beside a file that starts its own Neo4j, and on two cores a first
    // initialize_work then came back without a result in CI, most likely past the 30 s default; latency is the soak's to measure.
    const next = await connectClient(fixture.root, repoId, {
      GRAPHGATE_WATCH: 'false', GRAPHGATE_TURN_TIMEOUT_MS: '110000', ...(failpoint ? { GRAPHGATE_FAILPOINT: failpoint } : {}),
    });
    client = next.client;
    return next.transport.pid!;
  }

  /**
   * Runs `args` in a server armed with `failpoint` (it must die there, answering nothing), then retries
   * the identical call in a new server and returns that answer.
   */
  async function killThenRetry(failpoint: string, args: Record<string, unknown>): Promise<TurnResponse> {
    const pid = await restart(failpoint);
    const dying = await call({ ...ids, ...args }).then((answer) => `answered: ${JSON.stringify(answer.deny ?? answer.result).slice(0, 500)}`, () => 'died');
    expect(dying).toBe('died');
    await gone(pid);
    await restart();
    const retry = await call({ ...ids, ...args });
    expect(retry.deny, JSON.stringify(retry.deny?.details ?? {}).slice(0, 500)).toBeUndefined();
    return retry;
  }

  /** The Operation is done, taken over once from the dead owner, and a further retry only replays it. */
  async function expectDoneOnce(operationId: string, args: Record<string, unknown>, first: TurnResponse): Promise<void> {
    expect(await operation(operationId)).toMatchObject({ status: 'done', takeovers: 1, lastTakeoverReason: 'owner_dead' });
    const replay = await call({ ...ids, ...args });
    expect(replay.result).toMatchObject({ replayed: true });
    expect(replay.result.takeover).toEqual(first.result.takeover);
  }

  const patchArgs = (planNodeId: string, targetFile: string, edit: Record<string, unknown>, operationId: string) =>
    ({ verb: 'apply_code_patch', args: { planNodeId, targetFile, edits: [edit], operationId } });
  const recipeArgs = (planNodeId: string, recipeId: string, params: Record<string, unknown>, operationId?: string) => {
    const dir = `.ai/tmp/work/${ids.workId}/artifacts/${planNodeId}`;
    return { verb: 'run_automation_recipe', args: { recipeId, planNodeId, params, artifactBundleRef: dir, diffSummaryRef: `${dir}/diff.summary.json`, ...(operationId ? { operationId } : {}) } };
  };

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = gitFixtureCopy(AGENT_LOOP_GATES);
    for (const f of [ORDERS_LIST_TS, ORDER_COLUMNS, ORDER_LINK_RENDERER, ORDERS_ROUTING]) originals.set(f, readFileSync(join(fixture.root, f), 'utf8'));
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId } });
    await restart();
    const init = await call({ verb: 'initialize_work', originalPrompt: LOOP_PROMPT, args: { lexemes: LOOP_LEXEMES } });
    expect(init.deny, JSON.stringify(init.deny)).toBeUndefined();
    ids = { workId: init.workId!, agentId: init.agentId! };
    const schema = init.result.planGraphSchema as PlanGraphSchemaDocument;
    const plan: PlanGraph = { ...agentLoopPlan(schema.envelope as unknown as EnvelopeValues, `chain:aggrid:${ORDERS_LIST_HTML}:3`), knowledgeStrategyId: schema.strategyId ?? 'ui_aggrid_feature' };
    const accepted = await call({ verb: 'submit_execution_plan', ...ids, args: { planGraph: plan } });
    expect(accepted.deny).toBeUndefined();
    expect(accepted.state).toBe('PLAN_ACCEPTED');
  }, 180_000);
  afterAll(async () => {
    await client?.close().catch(() => undefined);
    await cleanNamespace(graph, repoId);
    fixture?.dispose();
    await graph?.close();
  });

  it('killed before the write: the retry writes the edit once', async () => {
    const args = patchArgs('c-total-column', ORDERS_LIST_TS, { type: 'replace_text', oldText: LINES.status, newText: `${LINES.status}\n${LINES.total}` }, 'op-crash-total-1');
    const retry = await killThenRetry('patch:before-write', args);
    expect(retry.result).toMatchObject({ applied: true, takeover: { reason: 'owner_dead', write: 'redone' } });
    expect(count(wtText(ORDERS_LIST_TS), LINES.total)).toBe(1);
    expect(wtText(ORDERS_LIST_TS)).toBe(originals.get(ORDERS_LIST_TS)!.replace(LINES.status, `${LINES.status}\n${LINES.total}`));
    expect(await planNode('c-total-column')).toMatchObject({ outcome: 'succeeded' });
    expect(retry.progress).toMatchObject({ totalNodes: 10, completedNodes: 0, remainingNodes: 10 });
    await expectDoneOnce('op-crash-total-1', args, retry);
  });

  it('killed after the write: the retry finds the edit in the file and does not write it again', async () => {
    const args = patchArgs('c-helpers-import', ORDER_COLUMNS, { type: 'ast_codemod', codemod: 'update_import_specifier', params: { moduleSpecifier: '../grid/column-helpers', newModuleSpecifier: '../grid/column-helpers.js' } }, 'op-crash-import-1');
    const retry = await killThenRetry('patch:after-write', args);
    expect(retry.result).toMatchObject({ applied: true, edits: [{ codemod: 'update_import_specifier', changes: 1 }], takeover: { reason: 'owner_dead', write: 'already_applied' } });
    expect(count(wtText(ORDER_COLUMNS), LINES.helpersImportEsm)).toBe(1);
    expect(wtText(ORDER_COLUMNS)).toBe(originals.get(ORDER_COLUMNS)!.replace(LINES.helpersImport, LINES.helpersImportEsm));
    // The work's overlay was re-ingested from the written file by the retry; the base keeps the checkout's file.
    const overlayFile = (await graph.read(nodesByLabel, { repoId: overlayRepoId(repoId, ids.workId), label: 'File' })).map((r) => r.props).find((f) => f.path === ORDER_COLUMNS);
    expect(overlayFile?.sha256).toBe(sha(wtText(ORDER_COLUMNS)));
    const baseFile = (await props('File')).find((f) => f.path === ORDER_COLUMNS);
    expect(baseFile?.sha256).toBe(sha(originals.get(ORDER_COLUMNS)!));
    expect(await planNode('c-helpers-import')).toMatchObject({ outcome: 'succeeded' });
    await expectDoneOnce('op-crash-import-1', args, retry);
  });

  it('killed after the re-ingest: the retry re-ingests again (idempotent) and marks the node', async () => {
    const args = patchArgs('c-link-button', ORDER_LINK_RENDERER, { type: 'ast_codemod', codemod: 'rewrite_template_tag', params: { from: 'a', to: 'button' } }, 'op-crash-button-1');
    expect(await planNode('c-link-button')).toMatchObject({ outcome: 'pending' });
    const retry = await killThenRetry('patch:after-reingest', args);
    expect(retry.result).toMatchObject({ applied: true, takeover: { write: 'already_applied' } });
    expect(wtText(ORDER_LINK_RENDERER)).toBe(originals.get(ORDER_LINK_RENDERER)!.replace(LINES.linkTemplate, LINES.buttonTemplate));
    expect(count(wtText(ORDER_LINK_RENDERER), '<button')).toBe(1);
    expect(await planNode('c-link-button')).toMatchObject({ outcome: 'succeeded' });
    await expectDoneOnce('op-crash-button-1', args, retry);
  });

  it('killed after the node was marked: the retry neither writes nor marks again, and completes the operation', async () => {
    const args = patchArgs('c-change-route', ORDERS_ROUTING, { type: 'ast_codemod', codemod: 'update_route_path_literal', params: { from: ':id/edit', to: ':id/change' } }, 'op-crash-route-1');
    const retry = await killThenRetry('patch:after-mark', args);
    expect(retry.result).toMatchObject({ applied: true, takeover: { write: 'already_applied', mark: 'already_marked' } });
    expect(wtText(ORDERS_ROUTING)).toBe(originals.get(ORDERS_ROUTING)!.replace(LINES.editRoute, LINES.changeRoute));
    const node = await planNode('c-change-route');
    expect(node).toMatchObject({ outcome: 'succeeded' });
    expect(JSON.parse(String(node!.evidenceJson))).toMatchObject({ operationId: 'op-crash-route-1' });
    await expectDoneOnce('op-crash-route-1', args, retry);
  });

  it('a recipe edit killed after its write is finished once by the retry', async () => {
    const args = recipeArgs('c-actor-header', 'replace_lexeme_in_file', { file: ORDER_COLUMNS, from: 'Who', to: 'Actor', expectedCount: 1 }, 'op-crash-lexeme-1');
    const before = wtText(ORDER_COLUMNS);
    const retry = await killThenRetry('recipe:after-write', args);
    expect(retry.result).toMatchObject({ recipeId: 'replace_lexeme_in_file', replacements: 1, reconciled: 'already_applied' });
    expect(wtText(ORDER_COLUMNS)).toBe(before.replace(LINES.whoHeader, LINES.actorHeader));
    expect(await planNode('c-actor-header')).toMatchObject({ outcome: 'succeeded' });
    expect(await operation('op-crash-lexeme-1')).toMatchObject({ status: 'done', takeovers: 1 });
  });

  it('the work goes on: the next patch, both validations, a git_commit killed after committing (committed once), the review and completion', async () => {
    const rename = await call({ ...ids, ...patchArgs('c-route-table', ORDERS_ROUTING, { type: 'ast_codemod', codemod: 'rename_identifier_in_file', params: { from: 'routes', to: 'orderRoutes' } }, 'op-crash-rename-1') });
    expect(rename.deny).toBeUndefined();
    expect(wtText(ORDERS_ROUTING)).toContain('RouterModule.forChild(orderRoutes)');
    const grid = await call({ ...ids, ...recipeArgs('v-orders-grid', 'run_targeted_validation', { step: CHECK_STEP }) });
    expect(grid.result).toMatchObject({ passed: true });
    expect(grid.progress).toMatchObject({ totalNodes: 10, completedNodes: 5, remainingNodes: 5 });
    const routes = await call({ ...ids, ...recipeArgs('v-orders-routes', 'run_targeted_validation', { step: CHECK_STEP }) });
    expect(routes.progress).toEqual({ totalNodes: 10, completedNodes: 8, remainingNodes: 2 });

    const base = git(fixture.root, 'rev-parse', 'main');
    const commitArgs = { verb: 'execute_gated_side_effect', args: { planNodeId: 'se-commit', sideEffectType: 'git_commit', operationId: 'op-crash-commit-1' } };
    const commit = await killThenRetry('side-effect:after-commit', commitArgs);
    expect(commit.result).toMatchObject({ applied: true, takeover: { reason: 'owner_dead', effect: 'already_applied' } });
    expect(git(worktree(), 'rev-list', '--count', `${base}..HEAD`)).toBe('1');
    expect(git(worktree(), 'rev-parse', 'HEAD')).toBe((commit.result as { commit: string }).commit);
    expect(git(worktree(), 'log', '-1', '--format=%B')).toContain('Graphgate-Operation: op-crash-commit-1');
    expect(commit.progress).toMatchObject({ completedNodes: 9, remainingNodes: 1 });

    const review = await call({ ...ids, verb: 'execute_gated_side_effect', args: { planNodeId: 'se-review', sideEffectType: 'review_bundle' } });
    expect(review.progress).toMatchObject({ totalNodes: 10, completedNodes: 10, remainingNodes: 0 });
    const done = await call({ ...ids, verb: 'signal_task_complete', args: { summary: 'finished after six crashes' } });
    expect(done.deny).toBeUndefined();
    expect(done.state).toBe('COMPLETED');
    // Nothing is left running, and every patch's file equals its accepted edits applied once.
    expect((await props('Operation')).filter((o) => o.workId === ids.workId && o.status !== 'done')).toEqual([]);
    expect(git(fixture.root, 'status', '--porcelain')).toBe('');
  });

  it('a merge killed right after git merged is not merged again: the retry finds the merge commit and records it', async () => {
    const { stdout } = await run(process.execPath, [MAIN, 'approve', ids.workId, '--repo', fixture.root, '--json'], { env: { ...process.env, ...serverEnv(repoId) }, timeout: 60_000 });
    const token = (JSON.parse(stdout) as { token: string }).token;
    const head = git(fixture.root, 'rev-parse', 'main');
    const mergeArgs = { verb: 'execute_gated_side_effect', args: { planNodeId: 'se-commit', sideEffectType: 'merge', approvalToken: token, operationId: 'op-crash-merge-1' } };
    const merged = await killThenRetry('side-effect:after-merge', mergeArgs);
    expect(merged.result).toMatchObject({ applied: true, mergedInto: 'main', worktreeRemoved: true, takeover: { reason: 'owner_dead', effect: 'already_applied' } });
    expect(git(fixture.root, 'rev-list', '--count', '--merges', `${head}..main`)).toBe('1');
    expect(git(fixture.root, 'rev-parse', 'main')).toBe((merged.result as { mergeCommit: string }).mergeCommit);
    expect(readFileSync(join(fixture.root, ORDERS_ROUTING), 'utf8')).toContain(':id/change');
    expect(await operation('op-crash-merge-1')).toMatchObject({ status: 'done', takeovers: 1 });
  });
});
