import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateTokens } from '../../../src/controller/budget.js';
import { TurnResponseSchema, type TurnResponse } from '../../../src/controller/envelope.schema.js';
import type { TurnDispatcher } from '../../../src/controller/turn-dispatcher.js';
import { fileResource, LockService } from '../../../src/execution/locks/lock-service.js';
import type { Graph } from '../../../src/graph/graph.js';
import { PackStore } from '../../../src/pack/index.js';
import type { PlanGraph } from '../../../src/plan/index.js';
import { int, makeDispatcher, readTurns, setWorkState, testConfig } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { copyFixture, goldenFixturePlan, ORDERS_LIST_HTML, ORDERS_LIST_TS, PACK_FILES, PLAN_TEST_GATES, planService, type EnvelopeValues, ingestedGitFixture } from '../../support/plan-fixture.js';

const CHAIN = `chain:aggrid:${ORDERS_LIST_HTML}:3`;

// Issue 19 "Waiting without burning budget": under `reject` a plan refused only for another work's
// leases is kept server-side; the agent retries with `retryPlanId` (no plan body), paying only that
// small request; once the holder completes the retry is accepted with the kept plan. Under `block`
// the queued answer carries the queue position and an estimated wait.
describe('lease refusal keeps the plan; retryPlanId re-checks it cheaply (real Neo4j)', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  let rejecting: TurnDispatcher;
  let blocking: TurnDispatcher;
  const repoId = testNamespace('lease-retry');
  const turn = async (ctl: TurnDispatcher, args: Record<string, unknown>): Promise<TurnResponse> => TurnResponseSchema.parse(await ctl.turn(args));
  const works: Record<string, { ids: { workId: string; agentId: string }; plan: PlanGraph }> = {};
  let keptPlanId = '';

  async function newWork(name: string): Promise<{ workId: string; agentId: string }> {
    const init = await turn(rejecting, { verb: 'initialize_work', originalPrompt: 'Show the order total before the status in the orders grid' });
    const ids = { workId: init.workId!, agentId: init.agentId! };
    await new PackStore({ graph, repoId, repoRoot: fixture.root }).create({ workId: ids.workId, files: PACK_FILES });
    const schema = await planService(graph, repoId, fixture.root).schemaFor(ids.workId);
    works[name] = { ids, plan: goldenFixturePlan(schema.envelope as unknown as EnvelopeValues, CHAIN) };
    return ids;
  }
  const submit = (ctl: TurnDispatcher, name: string, args: Record<string, unknown>) => ({ verb: 'submit_execution_plan', ...works[name]!.ids, args });

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = await ingestedGitFixture(graph, repoId);
    rejecting = makeDispatcher(graph, fixture.root, repoId, { config: testConfig(repoId, { gates: PLAN_TEST_GATES, locks: { overlapPolicy: 'reject', leaseSeconds: 900 } }) });
    blocking = makeDispatcher(graph, fixture.root, repoId, { config: testConfig(repoId, { gates: PLAN_TEST_GATES, locks: { overlapPolicy: 'block', leaseSeconds: 900 } }) });
    for (const name of ['a', 'b', 'c', 'd']) await newWork(name);
  }, 120_000);
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    fixture?.dispose();
    await graph?.close();
  });

  it('refuses the second plan on the same file, keeps it, and names the one cheap retry with retryAfterMs', async () => {
    const a = await turn(rejecting, submit(rejecting, 'a', { planGraph: works.a!.plan }));
    expect(a.deny).toBeUndefined();
    expect(a.state).toBe('PLAN_ACCEPTED');
    const r = await turn(rejecting, submit(rejecting, 'b', { planGraph: works.b!.plan }));
    expect(r.state).toBe('PLANNING');
    expect(r.deny).toMatchObject({ code: 'EXEC_SIDE_EFFECT_COLLISION', retryable: true });
    const details = r.deny!.details as { planId: string; retryAfterMs: number; position: number; queue: string[]; wait: Record<string, unknown>; heldBy: Array<{ workId: string; files: string[] }> };
    keptPlanId = details.planId;
    expect(keptPlanId).toMatch(/^plan-[0-9a-f]{16}$/);
    expect(details).toMatchObject({ policy: 'reject', position: 2, queue: [works.a!.ids.workId, works.b!.ids.workId], heldBy: [{ workId: works.a!.ids.workId, files: [ORDERS_LIST_TS] }] });
    // Nothing measured yet in this repository: the estimate is honest, "up to" the holder's lease expiry.
    expect(details.wait).toMatchObject({ upTo: true, basis: 'lease_expiry', how: expect.stringContaining('lease expiry') });
    expect(details.wait.estimatedMs as number).toBeGreaterThan(800_000);
    // An upper bound only: the first in line probes every 10 s rather than waiting out the bound.
    expect(details.retryAfterMs).toBe(10_000);
    expect(r.suggestedAction).toMatchObject({ verb: 'submit_execution_plan', args: { retryPlanId: keptPlanId }, retryAfterMs: 10_000 });
    expect(r.deny!.message.length).toBeLessThan(300);
    expect(r.deny!.message).toContain(`"retryPlanId":"${keptPlanId}"`);
  });

  it('a retry with retryPlanId is refused the same way and costs only its small request, not the plan', async () => {
    const before = (await turn(rejecting, { verb: 'read_file_lines', ...works.b!.ids, args: { filePath: ORDERS_LIST_TS, startLine: 1, endLine: 1 } })).budget.used;
    const request = submit(rejecting, 'b', { retryPlanId: keptPlanId });
    const r = await turn(rejecting, request);
    expect(r.deny?.code).toBe('EXEC_SIDE_EFFECT_COLLISION');
    expect((r.deny!.details as { planId: string }).planId).toBe(keptPlanId);
    const retryCost = estimateTokens(Buffer.byteLength(JSON.stringify(request)));
    const planCost = estimateTokens(Buffer.byteLength(JSON.stringify(submit(rejecting, 'b', { planGraph: works.b!.plan }))));
    expect(r.budget.used - before).toBe(retryCost);
    expect(retryCost * 10).toBeLessThan(planCost);
    // Friction is recorded for the first refusal of the plan, not for every retry.
    const [log] = await graph.read(readTurns, { repoId, workId: works.b!.ids.workId });
    expect(log!.friction.filter((f) => f.code === 'EXEC_SIDE_EFFECT_COLLISION')).toHaveLength(1);
    // Resending the same full plan keeps the same stored plan (no duplicate).
    const again = await turn(rejecting, submit(rejecting, 'b', { planGraph: works.b!.plan }));
    expect((again.deny!.details as { planId: string }).planId).toBe(keptPlanId);
  });

  it('refuses malformed args (both or neither) with INVALID_ARGS, and a plan id of another work with WORK_MISMATCH', async () => {
    const both = await turn(rejecting, submit(rejecting, 'c', { planGraph: works.c!.plan, retryPlanId: keptPlanId }));
    expect(both.deny?.code).toBe('INVALID_ARGS');
    const neither = await turn(rejecting, submit(rejecting, 'c', {}));
    expect(neither.deny?.code).toBe('INVALID_ARGS');
    expect(JSON.stringify(neither.deny?.problems)).toContain('exactly one of planGraph');
    const foreign = await turn(rejecting, submit(rejecting, 'c', { retryPlanId: keptPlanId }));
    expect(foreign.deny).toMatchObject({ code: 'WORK_MISMATCH', details: { reason: 'other_work' } });
    expect(foreign.state).toBe('PLANNING');
    const unknown = await turn(rejecting, submit(rejecting, 'c', { retryPlanId: 'plan-0000000000000000' }));
    expect(unknown.deny).toMatchObject({ code: 'NOT_FOUND', details: { reason: 'unknown' } });
  });

  it('after the holder completes (leases released) the retry is accepted into PLAN_ACCEPTED with the kept plan', async () => {
    const a = works.a!.ids;
    await graph.write(setWorkState, { workId: a.workId, repoId, state: 'PLAN_ACCEPTED', usedTokens: null, totalNodes: int(3), completedNodes: int(3) });
    const done = await turn(rejecting, { verb: 'signal_task_complete', ...a });
    expect(done.state).toBe('COMPLETED');
    const r = await turn(rejecting, submit(rejecting, 'b', { retryPlanId: keptPlanId }));
    expect(r.deny).toBeUndefined();
    expect(r.state).toBe('PLAN_ACCEPTED');
    expect(r.result).toMatchObject({ accepted: true, planId: keptPlanId, planFingerprint: works.b!.plan.planFingerprint, locks: { status: 'leased' } });
    const view = await planService(graph, repoId, fixture.root).readPlan(works.b!.ids.workId);
    expect(view?.plan?.id).toBe(keptPlanId);
    expect(view?.nodes.map((n) => n.nodeId)).toEqual(['c-total-column', 'v-total-column', 'se-commit']);
    expect(await new LockService({ graph, repoId }).holders(works.c!.ids.workId, [fileResource(ORDERS_LIST_TS)])).toEqual([expect.objectContaining({ workId: works.b!.ids.workId })]);
    const twice = await turn(rejecting, submit(rejecting, 'b', { retryPlanId: keptPlanId }));
    expect(twice.deny).toMatchObject({ code: 'ILLEGAL_TRANSITION', details: { reason: 'already_accepted' } });
  });

  it('a kept plan superseded by a later plan of the same work is refused with ILLEGAL_TRANSITION', async () => {
    const first = await turn(rejecting, submit(rejecting, 'c', { planGraph: works.c!.plan }));
    const firstId = (first.deny!.details as { planId: string }).planId;
    const second = await turn(rejecting, submit(rejecting, 'c', { planGraph: { ...works.c!.plan, planFingerprint: 'orders-total-column-v2' } }));
    const secondId = (second.deny!.details as { planId: string }).planId;
    expect(secondId).not.toBe(firstId);
    const stale = await turn(rejecting, submit(rejecting, 'c', { retryPlanId: firstId }));
    expect(stale.deny).toMatchObject({ code: 'ILLEGAL_TRANSITION', details: { reason: 'superseded' } });
    expect(stale.suggestedAction?.verb).toBe('submit_execution_plan');
    // The holder b completes; c's freshly submitted plan is accepted, which supersedes the plan c still had waiting.
    const b = works.b!.ids;
    await graph.write(setWorkState, { workId: b.workId, repoId, state: 'PLAN_ACCEPTED', usedTokens: null, totalNodes: int(3), completedNodes: int(3) });
    expect((await turn(rejecting, { verb: 'signal_task_complete', ...b })).state).toBe('COMPLETED');
    const fresh = await turn(rejecting, submit(rejecting, 'c', { planGraph: { ...works.c!.plan, planFingerprint: 'orders-total-column-v3' } }));
    expect(fresh.state).toBe('PLAN_ACCEPTED');
    expect(fresh.result.planId).not.toBe(secondId);
    const superseded = await turn(rejecting, submit(rejecting, 'c', { retryPlanId: secondId }));
    expect(superseded.deny).toMatchObject({ code: 'ILLEGAL_TRANSITION', details: { reason: 'superseded' } });
  });

  it('under block the queued answer carries the queue position and an estimated wait saying how it was derived', async () => {
    const r = await turn(blocking, submit(blocking, 'd', { planGraph: works.d!.plan }));
    expect(r.deny).toBeUndefined();
    expect(r.state).toBe('PLAN_ACCEPTED');
    const locks = r.result.locks as { status: string; position: number; queue: string[]; wait: { estimatedMs: number; upTo: boolean; basis: string; how: string; samples: number }; retryAfterMs: number };
    expect(locks).toMatchObject({ status: 'queued', position: locks.queue.length });
    expect(locks.queue.at(-1)).toBe(works.d!.ids.workId);
    expect(locks.queue).toContain(works.c!.ids.workId);
    // Two finished holds are measured here now (works a and b), fewer than the three an estimate needs: still "up to" the expiry.
    expect(locks.wait).toMatchObject({ upTo: true, basis: 'lease_expiry', samples: 2 });
    expect(locks.wait.how.length).toBeGreaterThan(20);
    expect(locks.retryAfterMs).toBeGreaterThanOrEqual(2_000);
    expect(r.suggestedAction).toMatchObject({ verb: 'apply_code_patch', retryAfterMs: locks.retryAfterMs });
    expect(r.suggestedAction?.reason).toContain(`position ${locks.position}`);
  });

  it('a blocked retry is decided on the leases first; the kept plan is validated again only once it could run', async () => {
    const e = await newWork('e');
    const refused = await turn(rejecting, submit(rejecting, 'e', { planGraph: works.e!.plan }));
    expect(refused.deny?.code).toBe('EXEC_SIDE_EFFECT_COLLISION');
    const keptId = (refused.deny!.details as { planId: string }).planId;
    // A new pack without the plan's target: the kept plan no longer validates, but c and d still hold its file.
    await new PackStore({ graph, repoId, repoRoot: fixture.root }).create({ workId: e.workId, files: PACK_FILES.filter((f) => f !== ORDERS_LIST_TS) });
    const blocked = await turn(rejecting, submit(rejecting, 'e', { retryPlanId: keptId }));
    expect(blocked.deny).toMatchObject({ code: 'EXEC_SIDE_EFFECT_COLLISION', details: { planId: keptId } });
    for (const name of ['c', 'd']) {
      const ids = works[name]!.ids;
      await graph.write(setWorkState, { workId: ids.workId, repoId, state: 'PLAN_ACCEPTED', usedTokens: null, totalNodes: int(3), completedNodes: int(3) });
      expect((await turn(rejecting, { verb: 'signal_task_complete', ...ids })).state).toBe('COMPLETED');
    }
    const stale = await turn(rejecting, submit(rejecting, 'e', { retryPlanId: keptId }));
    expect(stale.state).toBe('PLANNING');
    expect(stale.deny?.code).not.toBe('EXEC_SIDE_EFFECT_COLLISION');
    expect(stale.deny?.message).toContain(`Stored plan ${keptId} no longer passes`);
  });
});
