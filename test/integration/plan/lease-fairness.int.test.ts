import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import { TurnResponseSchema, type TurnResponse } from '../../../src/controller/envelope.schema.js';
import type { TurnDispatcher } from '../../../src/controller/turn-dispatcher.js';
import { LockService } from '../../../src/execution/locks/lock-service.js';
import { PlanLeases } from '../../../src/execution/locks/plan-leases.js';
import type { Graph } from '../../../src/graph/graph.js';
import { PackStore } from '../../../src/pack/index.js';
import type { PlanGraph } from '../../../src/plan/index.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { int, makeDispatcher, setWorkState, testConfig } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { copyFixture, goldenFixturePlan, ORDERS_LIST_HTML, ORDERS_LIST_TS, PACK_FILES, PLAN_TEST_GATES, planService, type EnvelopeValues } from '../../support/plan-fixture.js';

const CHAIN = `chain:aggrid:${ORDERS_LIST_HTML}:3`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
type Kept = { planId: string; queue: string[]; position: number; heldBy: Array<{ workId: string }>; waitingAhead?: Array<{ workId: string; files: string[] }> };

// Under `reject` nobody is queued, so kept plans take their turn oldest first: once the holder
// completes, a younger waiting work's retry is refused while an older one is still retrying; a kept
// plan whose work stopped retrying loses its place.
describe('waiting works take their turn oldest first under reject (real Neo4j)', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  let ctl: TurnDispatcher;
  const repoId = testNamespace('lease-fair');
  const turn = async (args: Record<string, unknown>): Promise<TurnResponse> => TurnResponseSchema.parse(await ctl.turn(args));
  const works: Record<string, { ids: { workId: string; agentId: string }; plan: PlanGraph }> = {};
  const kept: Record<string, string> = {};
  const complete = async (name: string) => {
    const ids = works[name]!.ids;
    await graph.write(setWorkState, { workId: ids.workId, repoId, state: 'PLAN_ACCEPTED', usedTokens: null, totalNodes: int(3), completedNodes: int(3) });
    expect((await turn({ verb: 'signal_task_complete', ...ids })).state).toBe('COMPLETED');
  };
  const submit = (name: string, args: Record<string, unknown>) => turn({ verb: 'submit_execution_plan', ...works[name]!.ids, args });

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = copyFixture();
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId }, totals: false });
    ctl = makeDispatcher(graph, fixture.root, repoId, { config: testConfig(repoId, { gates: PLAN_TEST_GATES, locks: { overlapPolicy: 'reject', leaseSeconds: 900 } }) });
    for (const name of ['p', 'q', 'r', 't']) {
      const init = await turn({ verb: 'initialize_work', originalPrompt: 'Show the order total before the status in the orders grid' });
      const ids = { workId: init.workId!, agentId: init.agentId! };
      await new PackStore({ graph, repoId, repoRoot: fixture.root }).create({ workId: ids.workId, files: PACK_FILES });
      const schema = await planService(graph, repoId, fixture.root).schemaFor(ids.workId);
      works[name] = { ids, plan: goldenFixturePlan(schema.envelope as unknown as EnvelopeValues, CHAIN) };
    }
  }, 120_000);
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    fixture?.dispose();
    await graph?.close();
  });

  it('lines up the refused works in the order they started waiting', async () => {
    expect((await submit('p', { planGraph: works.p!.plan })).state).toBe('PLAN_ACCEPTED');
    const q = await submit('q', { planGraph: works.q!.plan });
    kept.q = (q.deny!.details as Kept).planId;
    const r = await submit('r', { planGraph: works.r!.plan });
    const details = r.deny!.details as Kept;
    kept.r = details.planId;
    const [p, qId, rId] = [works.p!.ids.workId, works.q!.ids.workId, works.r!.ids.workId];
    expect(details).toMatchObject({ queue: [p, qId, rId], position: 3, heldBy: [{ workId: p }], waitingAhead: [{ workId: qId, files: [ORDERS_LIST_TS] }] });
  });

  it('after the holder completes, the younger retry is refused while the older work waits; the older one is accepted', async () => {
    await complete('p');
    const early = await submit('r', { retryPlanId: kept.r });
    expect(early.deny?.code).toBe('EXEC_SIDE_EFFECT_COLLISION');
    expect(early.deny!.message).toContain('has waited longer');
    expect(early.deny!.details).toMatchObject({ planId: kept.r, heldBy: [], waitingAhead: [{ workId: works.q!.ids.workId }], position: 2 });
    const q = await submit('q', { retryPlanId: kept.q });
    expect(q.deny).toBeUndefined();
    expect(q.result).toMatchObject({ planId: kept.q, locks: { status: 'leased' } });
    const later = await submit('r', { retryPlanId: kept.r });
    expect(later.deny!.details).toMatchObject({ planId: kept.r, heldBy: [{ workId: works.q!.ids.workId }] });
    expect((later.deny!.details as Kept).waitingAhead).toBeUndefined();
  });

  it('a newcomer lines up behind a work still retrying, but not behind one that stopped retrying', async () => {
    await complete('q');
    const leases = (waitingStaleMs?: number) => new PlanLeases(new LockService({ graph, repoId }), { policy: 'reject', leaseSeconds: 900, ...(waitingStaleMs ? { waitingStaleMs } : {}) });
    const newcomer = works.t!.ids.workId;
    await expect(leases().decide(newcomer, works.t!.plan)).rejects.toMatchObject({ details: { waitingAhead: [expect.objectContaining({ workId: works.r!.ids.workId })] } });
    await sleep(50);
    const decided = await leases(20).decide(newcomer, works.t!.plan);
    expect(decided.decision.status).toBe('leased');
    // And r, still retrying, is accepted now that nobody holds the file.
    const r = await submit('r', { retryPlanId: kept.r });
    expect(r.result).toMatchObject({ accepted: true, planId: kept.r });
  });

  it('a kept plan that no longer validates (a new pack) is rejected with its violations once it could run, and stops waiting', async () => {
    const t = await submit('t', { planGraph: works.t!.plan });
    expect(t.deny?.code).toBe('EXEC_SIDE_EFFECT_COLLISION');
    const planId = (t.deny!.details as Kept).planId;
    await new PackStore({ graph, repoId, repoRoot: fixture.root }).create({ workId: works.t!.ids.workId, files: PACK_FILES.slice(0, 4) });
    // While r holds the file, the retry costs the lease check only (no validation).
    expect((await submit('t', { retryPlanId: planId })).deny).toMatchObject({ code: 'EXEC_SIDE_EFFECT_COLLISION', details: { planId } });
    await complete('r');
    const stale = await submit('t', { retryPlanId: planId });
    expect(stale.deny?.code).not.toBe('EXEC_SIDE_EFFECT_COLLISION');
    expect(stale.deny!.details).toMatchObject({ retriedPlanId: planId });
    expect(stale.deny!.message).toContain(`Stored plan ${planId} no longer passes`);
    const again = await submit('t', { retryPlanId: planId });
    expect(again.deny).toMatchObject({ code: 'ILLEGAL_TRANSITION', details: { reason: 'rejected' } });
    // It no longer holds a place in line.
    expect(await new LockService({ graph, repoId }).waitingAhead(works.p!.ids.workId, [ORDERS_LIST_TS], 120_000)).toEqual([]);
  });
});
