import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import { DEFAULT_MEMORY_CONFIG } from '../../../src/config/config.schema.js';
import { TurnResponseSchema, type TurnResponse } from '../../../src/controller/envelope.schema.js';
import type { TurnDispatcher } from '../../../src/controller/turn-dispatcher.js';
import type { Graph } from '../../../src/graph/graph.js';
import type { FewShotExample } from '../../../src/memory/few-shots.js';
import { memoryMetrics, transitionByPerson } from '../../../src/memory/index.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { makeDispatcher, readMemories, testConfig } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { copyFixture, ORDERS_LIST_TS, PLAN_TEST_GATES, workWithWeakTwin } from '../../support/plan-fixture.js';

const SETTINGS = { ...DEFAULT_MEMORY_CONFIG, autoPromotableEnforcementTypes: [...DEFAULT_MEMORY_CONFIG.autoPromotableEnforcementTypes], humanApprovalRequired: [...DEFAULT_MEMORY_CONFIG.humanApprovalRequired] };

// Issue 13, friction → few-shot: works refused in one folder and then accepted with a fix leave a
// before/after pair; at the threshold a pending few_shot memory is scaffolded from it beside the plan_rule;
// once a person approves it, trace_symbol_graph shows it to the next work there.
describe('a refusal and its accepted fix become a few-shot the next work sees (real Neo4j)', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  let ctl: TurnDispatcher;
  const repoId = testNamespace('memory-loop');
  const turn = async (args: Record<string, unknown>): Promise<TurnResponse> => TurnResponseSchema.parse(await ctl.turn(args));

  /** A new work, refused once for a gate that does not exist (PLAN_VERIFICATION_WEAK), then (fix) accepted with the right gate. */
  async function work(fix: boolean): Promise<{ workId: string; agentId: string }> {
    const { ids, good, weak } = await workWithWeakTwin(turn, graph, repoId, fixture.root);
    expect((await turn({ verb: 'submit_execution_plan', ...ids, args: { planGraph: weak } })).deny?.code).toBe('PLAN_VERIFICATION_WEAK');
    // The memory candidates are written after the refusal's answer: wait for them before looking.
    await ctl.settled(10_000);
    if (fix) expect((await turn({ verb: 'submit_execution_plan', ...ids, args: { planGraph: good } })).state).toBe('PLAN_ACCEPTED');
    return ids;
  }
  const memories = async () => (await graph.read(readMemories, { repoId })).filter((m) => m.trigger === 'friction');

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = copyFixture();
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId } });
    // block: fixed works keep their leases without refusing the next ones (the lease policy is not under test).
    ctl = makeDispatcher(graph, fixture.root, repoId, { config: testConfig(repoId, { gates: PLAN_TEST_GATES, locks: { overlapPolicy: 'block', leaseSeconds: 900 } }) });
  }, 120_000);
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    fixture.dispose();
    await graph.close();
  });

  it('scaffolds a pending few_shot from a refused node and its accepted fix at the threshold, beside the plan_rule', async () => {
    await work(true);
    await work(true);
    expect(await memories()).toEqual([]);
    await work(false);
    const found = await memories();
    expect(found.map((m) => [m.enforcementType, m.state, m.works])).toEqual([['few_shot', 'pending', 3], ['plan_rule', 'pending', 3]]);
    const shot = JSON.parse(found[0]!.fewShotJson!) as Record<string, string>;
    expect(shot.instruction).toMatch(/were refused with PLAN_VERIFICATION_WEAK/);
    // Only what the fix changed: the refused node's hook and the accepted one, nothing else of the node.
    const before = JSON.parse(shot.before!) as Record<string, unknown>;
    const after = JSON.parse(shot.after!) as Record<string, unknown>;
    expect(Object.keys(before)).toEqual(['nodeId', 'kind', 'verificationHooks']);
    expect(Object.keys(after)).toEqual(['nodeId', 'kind', 'verificationHooks']);
    expect(shot.before).toContain('"npm-test"');
    expect(shot.after).not.toContain('"npm-test"');
    expect(after.nodeId).toBe(before.nodeId);
    expect(shot.whyWrong).toContain('Fix:');
    expect(found[0]!.anchors).toEqual(found[1]!.anchors);
  });

  it('is not shown while pending; approved by a person, trace_symbol_graph shows it in that folder', async () => {
    const next = await work(false);
    const trace = () => turn({ verb: 'trace_symbol_graph', ...next, args: { filePath: ORDERS_LIST_TS } });
    expect((await trace()).result).not.toHaveProperty('fewShots');
    const [shot] = await memories();
    await transitionByPerson({ graph, repoId, root: fixture.root, id: shot!.id, to: 'approved', who: 'person:reviewer', why: 'good example', now: new Date(), settings: SETTINGS });
    const shown = (await trace()).result.fewShots as FewShotExample[];
    expect(shown).toEqual([expect.objectContaining({ memoryId: shot!.id, state: 'approved', before: expect.stringContaining('"npm-test"') })]);
  });

  it('holds the next plan to the approved plan_rule, and the metrics count friction resolved and plans checked', async () => {
    const [, rule] = await memories();
    await transitionByPerson({ graph, repoId, root: fixture.root, id: rule!.id, to: 'approved', who: 'person:reviewer', why: 'keep', now: new Date(), settings: SETTINGS });
    const { ids, weak } = await workWithWeakTwin(turn, graph, repoId, fixture.root);
    const refused = await turn({ verb: 'submit_execution_plan', ...ids, args: { planGraph: weak } });
    expect(refused.deny?.code).toBe('PLAN_VERIFICATION_WEAK');
    const results = (refused.deny!.details as { memoryRuleResults: Array<{ memoryId: string; source: string; applicable: boolean }> }).memoryRuleResults;
    expect(results).toContainEqual(expect.objectContaining({ memoryId: `memory:${rule!.id}`, source: 'memory', applicable: true }));
    const metrics = await memoryMetrics(graph, repoId);
    // Works 1 and 2 were refused then fixed; works 3, 4 and 5 were refused only.
    expect(metrics.friction).toEqual({ events: 5, resolved: 2, resolutionRate: 0.4 });
    expect(metrics.memoriesByState).toEqual([{ state: 'approved', count: 2 }]);
    expect(metrics.enforcement).toMatchObject({ planSubmissions: 7, checkedAgainstMemories: 1 });
    expect(metrics.enforcement.rulesSatisfied + metrics.enforcement.rulesViolated).toBe(1);
  });
});
