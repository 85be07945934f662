import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ingestRepository } from '../../ingest/index.js';
import type { TurnResponse } from '../../src/controller/envelope.schema.js';
import type { Graph } from '../../src/graph/graph.js';
import type { FewShotExample } from '../../src/memory/few-shots.js';
import type { Retrospective } from '../../src/memory/retrospective.js';
import type { PlanGraph, PlanGraphSchemaDocument } from '../../src/plan/index.js';
import { silentLogger } from '../../src/runtime/logger.js';
import { AGENT_LOOP_GATES, gitFixtureCopy, turnCaller } from '../support/agent-loop-fixture.js';
import { agentLoopPlan, LOOP_LEXEMES, LOOP_PROMPT, ORDER_LINK_RENDERER, ORDERS_LIST_HTML } from '../support/agent-loop-plan.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';
import { connectClient, MAIN, serverEnv } from '../support/mcp-process.js';
import type { EnvelopeValues } from '../support/plan-fixture.js';

const run = promisify(execFile);
type Listed = { memoryId: string; state: string; enforcementType: string; rejectionCodes: string[] };
type Node = { nodeId: string; mapsToNodeIds?: string[]; dependsOn?: string[]; verificationHooks?: Array<{ ref: string }> };

/** The agent-loop fixture's golden plan for a work, from its initialize_work answer. */
function planFor(init: TurnResponse): PlanGraph {
  const schema = init.result.planGraphSchema as PlanGraphSchemaDocument;
  return { ...agentLoopPlan(schema.envelope as unknown as EnvelopeValues, `chain:aggrid:${ORDERS_LIST_HTML}:3`), knowledgeStrategyId: schema.strategyId ?? 'ui_aggrid_feature' };
}

/** The plan with the link-renderer change left out of its validation (what the learned plan_rule asks for). */
function withoutLinkValidation(plan: PlanGraph): PlanGraph {
  const copy = structuredClone(plan);
  const grid = copy.nodes.find((n) => n.nodeId === 'v-orders-grid') as unknown as Node;
  grid.mapsToNodeIds = grid.mapsToNodeIds!.filter((id) => id !== 'c-link-button');
  grid.dependsOn = grid.dependsOn!.filter((id) => id !== 'c-link-button');
  return copy;
}

// Issue 13 "Done when": the whole memory loop over stdio with the SDK client against the built server
// and the built CLI — three works refused with the same code in the same folder → pending memories →
// the clock (GRAPHGATE_CLOCK_SHIFT_HOURS) passes the contest window → a person approves the plan_rule
// with `graphgate memory approve` → the next work's plan is refused by that rule, named in the denial,
// while its few_shot shows in trace_symbol_graph → signal_task_complete returns the retrospective.
describe('the memory loop over MCP stdio and the memory CLI', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof gitFixtureCopy>;
  let client: Client;
  const repoId = testNamespace('memory-loop-e2e');
  const call = turnCaller(() => client);
  const SHIFT = { GRAPHGATE_CLOCK_SHIFT_HOURS: '49' };

  async function memory(args: string[], extra: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
    try {
      const { stdout, stderr } = await run(process.execPath, [MAIN, 'memory', ...args, '--repo', fixture.root], { env: serverEnv(repoId, extra), timeout: 90_000 });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code?: number; stdout?: string; stderr?: string };
      return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
    }
  }
  const listed = async (extra: Record<string, string> = {}): Promise<Listed[]> => {
    const out = await memory(['list', '--json'], extra);
    expect(out.code, out.stderr).toBe(0);
    return (JSON.parse(out.stdout) as Listed[]).sort((a, b) => a.enforcementType.localeCompare(b.enforcementType));
  };

  /** A new work whose plan names a gate step that is not configured (PLAN_VERIFICATION_WEAK on the link renderer); `fix` resubmits the plan as it should be. */
  async function work(fix: boolean): Promise<void> {
    const init = await call({ verb: 'initialize_work', originalPrompt: LOOP_PROMPT, args: { lexemes: LOOP_LEXEMES } });
    expect(init.state).toBe('PLANNING');
    const ids = { workId: init.workId!, agentId: init.agentId };
    const plan = planFor(init);
    const weak = structuredClone(plan);
    (weak.nodes.find((n) => n.nodeId === 'c-link-button') as unknown as Node).verificationHooks![0]!.ref = 'npm-test';
    expect((await call({ verb: 'submit_execution_plan', ...ids, args: { planGraph: weak } })).deny?.code).toBe('PLAN_VERIFICATION_WEAK');
    if (fix) expect((await call({ verb: 'submit_execution_plan', ...ids, args: { planGraph: plan } })).state).toBe('PLAN_ACCEPTED');
  }

  beforeAll(async () => {
    graph = openTestGraph();
    // few_shot is auto-promotable here, so the clock visibly moves one memory while the plan_rule waits for a person;
    // block: accepted works keep their leases without refusing the next ones (leases are not under test).
    fixture = gitFixtureCopy(AGENT_LOOP_GATES, {
      repo: { id: repoId }, locks: { overlapPolicy: 'block', leaseSeconds: 900 },
      memory: { autoPromotableEnforcementTypes: ['informational', 'strategy_signal', 'few_shot'] },
    });
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId } });
    ({ client } = await connectClient(fixture.root, repoId));
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    await cleanNamespace(graph, repoId);
    fixture?.dispose();
    await graph?.close();
  });

  it('turns three refusals in one folder into pending memories, approved by a person, enforced and shown to the next work', async () => {
    // 1. Three works refused with the same code in the same folder (two of them then fixed: the few-shot's before/after).
    await work(true);
    await work(true);
    expect(await listed()).toEqual([]);
    await work(false);

    // 2. Pending memories appear (the server writes them just after the refusal's answer): the plan_rule
    // candidate and the few_shot from a refusal and its fix.
    const pending = await vi.waitFor(async () => {
      const found = await listed();
      expect(found).toHaveLength(2);
      return found;
    }, { timeout: 15_000, interval: 250 });
    expect(pending.map((m) => [m.enforcementType, m.state, m.rejectionCodes])).toEqual([
      ['few_shot', 'pending', ['PLAN_VERIFICATION_WEAK']], ['plan_rule', 'pending', ['PLAN_VERIFICATION_WEAK']],
    ]);
    const [shot, rule] = pending as [Listed, Listed];

    // 3. The clock passes the contest window: the few_shot becomes provisional, the plan_rule waits for a person.
    const later = await memory(['list', '--json'], SHIFT);
    expect(later.code, later.stderr).toBe(0);
    expect(later.stderr).toContain(`: pending → provisional`);
    expect((JSON.parse(later.stdout) as Listed[]).map((m) => [m.memoryId, m.state]).sort()).toEqual([[shot.memoryId, 'provisional'], [rule.memoryId, 'pending']].sort());

    // 4. A person approves the plan_rule with the CLI.
    const approved = await memory(['approve', rule.memoryId, '--why', 'plans in this folder need a real gate'], SHIFT);
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toMatch(new RegExp(`${rule.memoryId}: pending → approved by person:`));

    // 5. The next work: its few_shot shows in trace_symbol_graph (provisional: reversible) …
    const next = await call({ verb: 'initialize_work', originalPrompt: LOOP_PROMPT, args: { lexemes: LOOP_LEXEMES } });
    const ids = { workId: next.workId!, agentId: next.agentId };
    const trace = await call({ verb: 'trace_symbol_graph', ...ids, args: { filePath: ORDER_LINK_RENDERER } });
    expect(trace.result.fewShots as FewShotExample[]).toEqual([expect.objectContaining({ memoryId: shot.memoryId, state: 'provisional', reversible: true, before: expect.stringContaining('npm-test') })]);

    // … and its plan, whose link-renderer change has no validation, is refused by the approved plan_rule, named in the denial.
    const refused = await call({ verb: 'submit_execution_plan', ...ids, args: { planGraph: withoutLinkValidation(planFor(next)) } });
    expect(refused.state).toBe('PLANNING');
    const named = refused.deny?.problems?.filter((p) => p.message.includes(`memory:${rule.memoryId}`)) ?? [];
    expect(named, JSON.stringify(refused.deny)).toEqual([expect.objectContaining({ code: 'PLAN_VERIFICATION_WEAK', message: expect.stringContaining('requires: a validation that answers PLAN_VERIFICATION_WEAK') })]);
    const results = (refused.deny!.details as { memoryRuleResults: Array<{ memoryId: string; enforcement: string; satisfied: boolean }> }).memoryRuleResults;
    expect(results).toContainEqual(expect.objectContaining({ memoryId: `memory:${rule.memoryId}`, enforcement: 'deny', satisfied: false }));

    // 6. signal_task_complete: the retrospective with the friction digest and suggestions.
    const done = await call({ verb: 'signal_task_complete', ...ids, args: { summary: 'stopped after the refusal' } });
    expect(done.deny).toBeUndefined();
    expect(done.state).toBe('COMPLETED');
    const retro = done.result.retrospective as Retrospective;
    expect(retro.friction.signatures).toContainEqual(expect.objectContaining({ code: 'PLAN_VERIFICATION_WEAK', here: 1, repoWorks: 4 }));
    // Still open at the end: the refused plan was never fixed (its missing validation also broke the strategy's checkpoints).
    expect(retro.friction.open).toContain('PLAN_VERIFICATION_WEAK');
    expect(retro.memories.applying.map((m) => m.id)).toEqual(expect.arrayContaining([rule.memoryId, shot.memoryId]));
    // The signature is answered already: the suggestion names the approved rule instead of a new candidate.
    expect(retro.suggestions).toContain(`PLAN_VERIFICATION_WEAK in projects/host/src: 4 refusals across 4 works — plan_rule memory ${rule.memoryId} is approved`);
    expect(retro.suggestions.join('\n')).not.toContain('a few_shot candidate');
    expect(retro.memories.applying.every((m) => m.scaffolded === true)).toBe(true);
  });

  it('promotes the approved plan_rule to the policy plane with the CLI: the next plan is refused by the policy, once, still naming the memory', async () => {
    const rule = (await listed()).find((m) => m.enforcementType === 'plan_rule')!;
    // Only after validation passed: no accepted plan has been checked against the approved rule yet.
    const early = await memory(['promote', rule.memoryId]);
    expect(early.code).toBe(1);
    expect(early.stderr).toContain('MEMORY_NOT_VALIDATED');
    expect(early.stderr).toContain('it needs an accepted plan whose validation checked this plan rule and found it satisfied');
    const checked = await call({ verb: 'initialize_work', originalPrompt: LOOP_PROMPT, args: { lexemes: LOOP_LEXEMES } });
    const accepted = await call({ verb: 'submit_execution_plan', workId: checked.workId!, agentId: checked.agentId, args: { planGraph: planFor(checked) } });
    expect(accepted.state, JSON.stringify(accepted.deny)).toBe('PLAN_ACCEPTED');

    const promoted = await memory(['promote', rule.memoryId, '--json']);
    expect(promoted.code, promoted.stderr).toBe(0);
    const result = JSON.parse(promoted.stdout) as { recordId: string; label: string; written: boolean; validation: { kind: string; workId: string } };
    expect(result).toMatchObject({ label: 'Policy', written: true, validation: { kind: 'plan_rule_satisfied', workId: checked.workId } });
    const again = await memory(['promote', rule.memoryId]);
    expect(again.stdout).toContain('nothing new written');

    const next = await call({ verb: 'initialize_work', originalPrompt: LOOP_PROMPT, args: { lexemes: LOOP_LEXEMES } });
    const ids = { workId: next.workId!, agentId: next.agentId };
    const refused = await call({ verb: 'submit_execution_plan', ...ids, args: { planGraph: withoutLinkValidation(planFor(next)) } });
    const byRule = refused.deny?.problems?.filter((p) => p.message.includes(`promoted from memory ${rule.memoryId}`)) ?? [];
    expect(byRule, JSON.stringify(refused.deny)).toEqual([expect.objectContaining({ code: 'PLAN_VERIFICATION_WEAK', message: expect.stringContaining(`policy:${result.recordId}`) })]);
    const results = (refused.deny!.details as { memoryRuleResults: Array<{ memoryId: string; enforcement: string; note?: string }> }).memoryRuleResults;
    expect(results).toContainEqual(expect.objectContaining({ memoryId: `memory:${rule.memoryId}`, enforcement: 'skipped', note: 'promoted' }));

    const exported = await run(process.execPath, [MAIN, 'graph', 'export', '--json', '--repo', fixture.root], { env: serverEnv(repoId), timeout: 90_000 });
    expect(JSON.parse(exported.stdout)).toEqual({ files: [{ file: 'memory-promotions.jsonl', rows: 1, written: false }], problems: [] });
  });
});
