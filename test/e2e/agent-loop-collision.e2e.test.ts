import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../ingest/index.js';
import { estimateTokens } from '../../src/controller/budget.js';
import type { Graph } from '../../src/graph/graph.js';
import type { PlanGraphSchemaDocument } from '../../src/plan/index.js';
import { silentLogger } from '../../src/runtime/logger.js';
import { AGENT_LOOP_GATES, git, gitFixtureCopy, turnCaller } from '../support/agent-loop-fixture.js';
import { agentLoopPlan, LINES, LOOP_LEXEMES, LOOP_PROMPT, ORDER_COLUMNS, ORDERS_LIST_HTML, ORDERS_LIST_TS } from '../support/agent-loop-plan.js';
import { int, setWorkState } from '../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';
import { connectClient } from '../support/mcp-process.js';
import type { EnvelopeValues } from '../support/plan-fixture.js';

const CHAIN = `chain:aggrid:${ORDERS_LIST_HTML}:3`;

/** One ingested fixture copy under an overlap policy and one MCP client on it, for a describe block. */
function collisionFixture(label: string, overlapPolicy: 'block' | 'reject') {
  const env = { graph: undefined as unknown as Graph, fixture: undefined as unknown as ReturnType<typeof gitFixtureCopy>, client: undefined as unknown as Client, repoId: testNamespace(label) };
  beforeAll(async () => {
    env.graph = openTestGraph();
    env.fixture = gitFixtureCopy(AGENT_LOOP_GATES, { locks: { overlapPolicy, leaseSeconds: 900 } });
    await ingestRepository({ graph: env.graph, root: env.fixture.root, log: silentLogger, settings: { repoId: env.repoId } });
    ({ client: env.client } = await connectClient(env.fixture.root, env.repoId));
  }, 180_000);
  afterAll(async () => {
    await env.client?.close();
    await cleanNamespace(env.graph, env.repoId);
    env.fixture?.dispose();
    await env.graph?.close();
  });
  return { env, call: turnCaller(() => env.client) };
}

// Two works on the same files under `locks.overlapPolicy: block`: the second is accepted but queued,
// and its mutations are refused with a retryable EXEC_SIDE_EFFECT_COLLISION while the first holds them.
describe('a second work colliding with the first at mutation time (overlapPolicy block)', () => {
  const { call, env } = collisionFixture('agent-block', 'block');

  it('queues the second plan and refuses its patch and recipe on the held file, writing nothing', async () => {
    const accept = async () => {
      const init = await call({ verb: 'initialize_work', originalPrompt: LOOP_PROMPT, args: { lexemes: LOOP_LEXEMES } });
      const schema = init.result.planGraphSchema as PlanGraphSchemaDocument;
      const ids = { workId: init.workId!, agentId: init.agentId! };
      const res = await call({ verb: 'submit_execution_plan', ...ids, args: { planGraph: { ...agentLoopPlan(schema.envelope as unknown as EnvelopeValues, CHAIN), knowledgeStrategyId: schema.strategyId ?? 'ui_aggrid_feature' } } });
      return { ids, res };
    };
    const a = await accept();
    expect(a.res.state).toBe('PLAN_ACCEPTED');
    const b = await accept();
    expect(b.res.state).toBe('PLAN_ACCEPTED');
    expect(b.res.result.locks).toMatchObject({ status: 'queued', queue: [a.ids.workId, b.ids.workId], position: 2, wait: { upTo: true, basis: 'lease_expiry', how: expect.any(String) } });
    expect(b.res.suggestedAction).toMatchObject({ verb: 'apply_code_patch', retryAfterMs: expect.any(Number) });

    const patched = await call({ verb: 'apply_code_patch', ...b.ids, args: { planNodeId: 'c-total-column', targetFile: ORDERS_LIST_TS, edits: [{ type: 'replace_text', oldText: LINES.status, newText: `${LINES.status}\n${LINES.total}` }] } });
    expect(patched.deny).toMatchObject({ code: 'EXEC_SIDE_EFFECT_COLLISION', retryable: true });
    const dir = `.ai/tmp/work/${b.ids.workId}/artifacts/c-actor-header`;
    const lexeme = await call({ verb: 'run_automation_recipe', ...b.ids, args: { recipeId: 'replace_lexeme_in_file', planNodeId: 'c-actor-header', params: { file: ORDER_COLUMNS, from: 'Who', to: 'Actor' }, artifactBundleRef: dir, diffSummaryRef: `${dir}/diff.summary.json` } });
    expect(lexeme.deny).toMatchObject({ code: 'EXEC_SIDE_EFFECT_COLLISION', retryable: true });
    const holders = JSON.stringify(patched.deny?.details);
    expect(holders).toContain(a.ids.workId);
    // The refused work wrote nothing: no edit in a worktree of B, and the main checkout is clean.
    const bWorktree = join(env.fixture.root, '.worktrees', b.ids.workId);
    if (existsSync(bWorktree)) expect(git(bWorktree, 'status', '--porcelain')).toBe('');
    expect(git(env.fixture.root, 'status', '--porcelain')).toBe('');

    // A, the holder, mutates the same file freely.
    const own = await call({ verb: 'apply_code_patch', ...a.ids, args: { planNodeId: 'c-total-column', targetFile: ORDERS_LIST_TS, edits: [{ type: 'replace_text', oldText: LINES.status, newText: `${LINES.status}\n${LINES.total}` }] } });
    expect(own.result).toMatchObject({ applied: true });
  });
});

// Two works on the same files under the default `reject` policy, with the real client: the second
// plan is refused but kept server-side; the agent follows the refusal's advice (retryPlanId only),
// each retry costs its small request instead of the plan, and once the first work completes the
// retry is accepted with the kept plan.
describe('a second work waiting under overlapPolicy reject retries its kept plan cheaply', () => {
  const { call, env } = collisionFixture('agent-reject', 'reject');

  it('refuses, keeps the plan, charges each retry only its request, and accepts the kept plan after the holder completes', async () => {
    const start = async () => {
      const init = await call({ verb: 'initialize_work', originalPrompt: LOOP_PROMPT, args: { lexemes: LOOP_LEXEMES } });
      const schema = init.result.planGraphSchema as PlanGraphSchemaDocument;
      const ids = { workId: init.workId!, agentId: init.agentId! };
      const plan = { ...agentLoopPlan(schema.envelope as unknown as EnvelopeValues, CHAIN), knowledgeStrategyId: schema.strategyId ?? 'ui_aggrid_feature' };
      return { ids, plan };
    };
    const a = await start();
    const b = await start();
    expect((await call({ verb: 'submit_execution_plan', ...a.ids, args: { planGraph: a.plan } })).state).toBe('PLAN_ACCEPTED');

    const full = { verb: 'submit_execution_plan', ...b.ids, args: { planGraph: b.plan } };
    const refused = await call(full);
    expect(refused.state).toBe('PLANNING');
    expect(refused.deny).toMatchObject({ code: 'EXEC_SIDE_EFFECT_COLLISION', retryable: true });
    const planId = (refused.deny!.details as { planId: string }).planId;
    expect(refused.suggestedAction).toMatchObject({ verb: 'submit_execution_plan', args: { retryPlanId: planId }, retryAfterMs: expect.any(Number) });
    expect(JSON.stringify(refused.deny!.details)).toContain(a.ids.workId);

    // The agent follows the advice to the letter: the suggested verb with the suggested args.
    const retry = { verb: refused.suggestedAction!.verb, ...b.ids, args: refused.suggestedAction!.args };
    const retryCost = estimateTokens(Buffer.byteLength(JSON.stringify(retry)));
    const planCost = estimateTokens(Buffer.byteLength(JSON.stringify(full)));
    let used = refused.budget.used;
    for (let i = 0; i < 3; i++) {
      const again = await call(retry);
      expect(again.deny?.code).toBe('EXEC_SIDE_EFFECT_COLLISION');
      expect(again.budget.used - used).toBe(retryCost);
      used = again.budget.used;
    }
    expect(retryCost * 20).toBeLessThan(planCost);

    // The holder completes (its nodes marked done here; the full loop is agent-loop.e2e): completion releases its leases.
    await env.graph.write(setWorkState, { workId: a.ids.workId, repoId: env.repoId, state: 'PLAN_ACCEPTED', usedTokens: null, totalNodes: int(1), completedNodes: int(1) });
    const done = await call({ verb: 'signal_task_complete', ...a.ids });
    expect(done.state).toBe('COMPLETED');
    const accepted = await call(retry);
    expect(accepted.deny).toBeUndefined();
    expect(accepted.state).toBe('PLAN_ACCEPTED');
    expect(accepted.result).toMatchObject({ accepted: true, planId, locks: { status: 'leased' } });
    expect(accepted.budget.used - used).toBe(retryCost);
  });
});
