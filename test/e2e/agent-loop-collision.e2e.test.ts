import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../ingest/index.js';
import type { Graph } from '../../src/graph/graph.js';
import type { PlanGraphSchemaDocument } from '../../src/plan/index.js';
import { silentLogger } from '../../src/runtime/logger.js';
import { AGENT_LOOP_GATES, git, gitFixtureCopy, turnCaller } from '../support/agent-loop-fixture.js';
import { agentLoopPlan, LINES, LOOP_LEXEMES, LOOP_PROMPT, ORDER_COLUMNS, ORDERS_LIST_HTML, ORDERS_LIST_TS } from '../support/agent-loop-plan.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';
import { connectClient } from '../support/mcp-process.js';
import type { EnvelopeValues } from '../support/plan-fixture.js';

const CHAIN = `chain:aggrid:${ORDERS_LIST_HTML}:3`;

// Two works on the same files under `locks.overlapPolicy: block`: the second is accepted but queued,
// and its mutations are refused with a retryable EXEC_SIDE_EFFECT_COLLISION while the first holds them.
describe('a second work colliding with the first at mutation time (overlapPolicy block)', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof gitFixtureCopy>;
  let client: Client;
  const repoId = testNamespace('agent-block');
  const call = turnCaller(() => client);

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = gitFixtureCopy(AGENT_LOOP_GATES, { locks: { overlapPolicy: 'block', leaseSeconds: 900 } });
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId } });
    ({ client } = await connectClient(fixture.root, repoId));
  }, 180_000);
  afterAll(async () => {
    await client?.close();
    await cleanNamespace(graph, repoId);
    fixture?.dispose();
    await graph?.close();
  });

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
    expect(b.res.result.locks).toMatchObject({ status: 'queued', queue: [a.ids.workId, b.ids.workId] });

    const patched = await call({ verb: 'apply_code_patch', ...b.ids, args: { planNodeId: 'c-total-column', targetFile: ORDERS_LIST_TS, edits: [{ type: 'replace_text', oldText: LINES.status, newText: `${LINES.status}\n${LINES.total}` }] } });
    expect(patched.deny).toMatchObject({ code: 'EXEC_SIDE_EFFECT_COLLISION', retryable: true });
    const dir = `.ai/tmp/work/${b.ids.workId}/artifacts/c-actor-header`;
    const lexeme = await call({ verb: 'run_automation_recipe', ...b.ids, args: { recipeId: 'replace_lexeme_in_file', planNodeId: 'c-actor-header', params: { file: ORDER_COLUMNS, from: 'Who', to: 'Actor' }, artifactBundleRef: dir, diffSummaryRef: `${dir}/diff.summary.json` } });
    expect(lexeme.deny).toMatchObject({ code: 'EXEC_SIDE_EFFECT_COLLISION', retryable: true });
    const holders = JSON.stringify(patched.deny?.details);
    expect(holders).toContain(a.ids.workId);
    // The refused work wrote nothing: no edit in a worktree of B, and the main checkout is clean.
    const bWorktree = join(fixture.root, '.worktrees', b.ids.workId);
    if (existsSync(bWorktree)) expect(git(bWorktree, 'status', '--porcelain')).toBe('');
    expect(git(fixture.root, 'status', '--porcelain')).toBe('');

    // A, the holder, mutates the same file freely.
    const own = await call({ verb: 'apply_code_patch', ...a.ids, args: { planNodeId: 'c-total-column', targetFile: ORDERS_LIST_TS, edits: [{ type: 'replace_text', oldText: LINES.status, newText: `${LINES.status}\n${LINES.total}` }] } });
    expect(own.result).toMatchObject({ applied: true });
  });
});
