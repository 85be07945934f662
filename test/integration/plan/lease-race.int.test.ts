import { inject, afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnResponseSchema, type TurnResponse } from '../../../src/controller/envelope.schema.js';
import type { TurnDispatcher } from '../../../src/controller/turn-dispatcher.js';
import { fileResource, LockService } from '../../../src/execution/locks/lock-service.js';
import { Graph } from '../../../src/graph/graph.js';
import { PackStore } from '../../../src/pack/index.js';
import type { PlanGraph } from '../../../src/plan/index.js';
import { silentLogger, type Logger } from '../../../src/runtime/logger.js';
import { makeDispatcher, readTurns, testConfig } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { goldenFixturePlan, ORDERS_LIST_HTML, ORDERS_LIST_TS, PACK_FILES, PLAN_TEST_GATES, planService, type EnvelopeValues, ingestedGitFixture } from '../../support/plan-fixture.js';

const CHAIN = `chain:aggrid:${ORDERS_LIST_HTML}:3`;

// Issue 19 "Waiting without burning budget", the race: B's lease check passes, then A's lease commits
// before B's acceptance does, so B's commit rolls back. B must still get a kept plan and the cheap
// retryPlanId, as any lease refusal does, not a bare collision that makes it resend the whole plan.
describe('a lease race lost at commit keeps the plan (real Neo4j)', () => {
  let graph: Graph;
  let graphB: Graph;
  let fixture: Awaited<ReturnType<typeof ingestedGitFixture>>;
  let ctl: TurnDispatcher;
  let ctlB: TurnDispatcher;
  const repoId = testNamespace('lease-race');
  const works: Record<'a' | 'b', { workId: string; agentId: string; plan: PlanGraph }> = {} as never;
  /** Resolves when B's process has finished a lease decision (its read-only check before the commit). */
  let decided: Promise<void> = Promise.resolve();
  let onDecided = (): void => {};
  /** B's lease decisions so far: a lost race is refused from the collision's holders, not by deciding again. */
  let decisions = 0;
  const turn = async (d: TurnDispatcher, args: Record<string, unknown>): Promise<TurnResponse> => TurnResponseSchema.parse(await d.turn(args));

  beforeAll(async () => {
    graph = openTestGraph();
    const watcher: Logger = { ...silentLogger, debug: (msg, fields) => { if (msg === 'graph query' && fields?.query === 'execution/lock-decide') { decisions++; onDecided(); } } };
    graphB = new Graph({ connection: inject('neo4j'), log: watcher });
    fixture = await ingestedGitFixture(graph, repoId);
    const config = testConfig(repoId, { gates: PLAN_TEST_GATES, locks: { overlapPolicy: 'reject', leaseSeconds: 900 } });
    ctl = makeDispatcher(graph, fixture.root, repoId, { config });
    ctlB = makeDispatcher(graphB, fixture.root, repoId, { config });
    for (const name of ['a', 'b'] as const) {
      const init = await turn(ctl, { verb: 'initialize_work', originalPrompt: 'Show the order total before the status in the orders grid' });
      await new PackStore({ graph, repoId, repoRoot: fixture.root }).create({ workId: init.workId!, files: PACK_FILES });
      const schema = await planService(graph, repoId, fixture.root).schemaFor(init.workId!);
      works[name] = { workId: init.workId!, agentId: init.agentId!, plan: goldenFixturePlan(schema.envelope as unknown as EnvelopeValues, CHAIN) };
    }
  }, 120_000);
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    fixture?.dispose();
    await graphB?.close();
    await graph?.close();
  });

  it('answers the loser with a kept planId and retryPlanId, leases nothing, and logs the refusal once', async () => {
    const { a, b } = works;
    decided = new Promise<void>((resolve) => (onDecided = resolve));
    decisions = 0;
    let leased = (): void => {};
    const leasedNow = new Promise<void>((resolve) => (leased = resolve));
    let commitA = (): void => {};
    const commitNow = new Promise<void>((resolve) => (commitA = resolve));
    // A's lease, written but not committed: B's read-only check cannot see it, B's commit waits on its lock.
    const holding = graph.writeTx('test/hold-lease', async (tx) => {
      await new LockService({ graph, repoId }).acquireAllIn(tx, a.workId, [{ nodeId: 'c-total-column', resources: [fileResource(ORDERS_LIST_TS)] }]);
      leased();
      await commitNow;
    });
    await leasedNow;
    const answer = turn(ctlB, { verb: 'submit_execution_plan', workId: b.workId, agentId: b.agentId, args: { planGraph: b.plan } });
    await decided;
    commitA();
    await holding;
    const r = await answer;

    expect(r.state).toBe('PLANNING');
    expect(r.deny).toMatchObject({ code: 'EXEC_SIDE_EFFECT_COLLISION', retryable: true });
    const details = r.deny!.details as { planId: string; policy: string; heldBy: Array<{ workId: string; files: string[] }>; retryAfterMs: number };
    expect(details.planId).toMatch(/^plan-[0-9a-f]{16}$/);
    expect(details).toMatchObject({ policy: 'reject', heldBy: [{ workId: a.workId, files: [ORDERS_LIST_TS] }], queue: [a.workId, b.workId], position: 2 });
    expect(details.retryAfterMs).toBeGreaterThanOrEqual(2_000);
    expect(decisions).toBe(1);
    expect(r.suggestedAction).toMatchObject({ verb: 'submit_execution_plan', args: { retryPlanId: details.planId } });
    expect(await new LockService({ graph, repoId }).holders(a.workId, [fileResource(ORDERS_LIST_TS)])).toEqual([]);
    const [log] = await graph.read(readTurns, { repoId, workId: b.workId });
    expect(log!.friction.filter((f) => f.code === 'EXEC_SIDE_EFFECT_COLLISION')).toHaveLength(1);

    // The kept plan is what the retry checks: still held, the same refusal; released, accepted with that plan.
    const again = await turn(ctlB, { verb: 'submit_execution_plan', workId: b.workId, agentId: b.agentId, args: { retryPlanId: details.planId } });
    expect(again.deny).toMatchObject({ code: 'EXEC_SIDE_EFFECT_COLLISION', details: { planId: details.planId } });
    await new LockService({ graph, repoId }).release(a.workId);
    const accepted = await turn(ctlB, { verb: 'submit_execution_plan', workId: b.workId, agentId: b.agentId, args: { retryPlanId: details.planId } });
    expect(accepted.deny).toBeUndefined();
    expect(accepted.state).toBe('PLAN_ACCEPTED');
    expect(accepted.result).toMatchObject({ accepted: true, planId: details.planId, locks: { status: 'leased' } });
  });
});
