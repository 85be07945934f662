import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import { TurnResponseSchema, type TurnResponse } from '../../../src/controller/envelope.schema.js';
import type { TurnDispatcher } from '../../../src/controller/turn-dispatcher.js';
import type { Graph } from '../../../src/graph/graph.js';
import type { Retrospective } from '../../../src/memory/index.js';
import { PackStore } from '../../../src/pack/index.js';
import { planRuleBody, type PlanGraph } from '../../../src/plan/index.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { WorkStore } from '../../../src/session/index.js';
import { lockFrictionSignatures, makeDispatcher, readMemories, readTurns, testConfig } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { copyFixture, goldenFixturePlan, ORDERS_LIST_HTML, PACK_FILES, PLAN_TEST_GATES, planService, type EnvelopeValues } from '../../support/plan-fixture.js';

const CHAIN = `chain:aggrid:${ORDERS_LIST_HTML}:3`;

// Issue 13, friction → pending memory: the same refusal (code + domain anchor) in three works
// creates one pending plan_rule candidate; more works strengthen it, never duplicate it.
describe('friction becomes a pending memory candidate (real Neo4j)', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  let ctl: TurnDispatcher;
  const repoId = testNamespace('friction-mem');
  const turn = async (args: Record<string, unknown>): Promise<TurnResponse> => TurnResponseSchema.parse(await ctl.turn(args));

  /** A new work whose plan names a gate that does not exist: PLAN_VERIFICATION_WEAK on the orders list. */
  async function refusedWork(inRepo = repoId, settle = true): Promise<{ workId: string; agentId: string }> {
    const init = await turn({ verb: 'initialize_work', originalPrompt: 'Show the order total before the status in the orders grid' });
    const ids = { workId: init.workId!, agentId: init.agentId! };
    await new PackStore({ graph, repoId: inRepo, repoRoot: fixture.root }).create({ workId: ids.workId, files: PACK_FILES });
    const schema = await planService(graph, inRepo, fixture.root).schemaFor(ids.workId);
    const bad: PlanGraph = goldenFixturePlan(schema.envelope as unknown as EnvelopeValues, CHAIN);
    const change = bad.nodes[0] as Extract<PlanGraph['nodes'][number], { kind: 'change' }>;
    change.verificationHooks[0]!.ref = 'npm-test';
    const r = await turn({ verb: 'submit_execution_plan', ...ids, args: { planGraph: bad } });
    expect(r.deny?.code).toBe('PLAN_VERIFICATION_WEAK');
    // The candidate is written after the answer (TurnLog.settled): wait for it before looking.
    if (settle) await ctl.settled(10_000);
    return ids;
  }
  const candidates = async () => (await graph.read(readMemories, { repoId })).filter((m) => m.trigger === 'friction');

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = copyFixture();
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId } });
    ctl = makeDispatcher(graph, fixture.root, repoId, { config: testConfig(repoId, { gates: PLAN_TEST_GATES }) });
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    fixture.dispose();
    await graph.close();
  });

  it('creates nothing below the threshold', async () => {
    await refusedWork();
    await refusedWork();
    expect(await candidates()).toEqual([]);
  });

  it('creates one pending plan_rule at the third work, applying to the anchor of the refused change', async () => {
    const third = await refusedWork();
    const found = await candidates();
    expect(found).toHaveLength(1);
    const [memory] = found;
    expect(memory).toMatchObject({ state: 'pending', enforcementType: 'plan_rule', works: 3, rejectionCodes: ['PLAN_VERIFICATION_WEAK'] });
    expect(memory!.anchors.length).toBeGreaterThan(0);
    expect(ORDERS_LIST_HTML.startsWith(memory!.anchors[0]!)).toBe(true);
    expect(planRuleBody.parse(JSON.parse(memory!.planRuleJson))).toMatchObject({ denyCode: 'PLAN_VERIFICATION_WEAK', requiredSteps: [{ kind: 'validate' }] });
    // The third work's retrospective names the candidate its friction just created, waiting for review.
    const done = await turn({ verb: 'signal_task_complete', ...third });
    const retro = done.result.retrospective as Retrospective;
    expect(retro.friction.signatures[0]).toMatchObject({ code: 'PLAN_VERIFICATION_WEAK', repoWorks: 3 });
    expect(retro.suggestions.join('\n')).toMatch(/PLAN_VERIFICATION_WEAK in .*: \d+ refusals across 3 works — plan_rule memory \S+ is pending \(waiting for review\)/);
    expect(retro.memories.pendingReview).toBe(1);
  });

  it('scaffolds nothing with memory.enableAutoScaffoldFromRejections off, while the friction is still recorded', async () => {
    const ownRepoId = `${repoId}-off`;
    const off = makeDispatcher(graph, fixture.root, ownRepoId, {
      config: testConfig(ownRepoId, { gates: PLAN_TEST_GATES }), sessions: new WorkStore({ graph, repoId: ownRepoId, scaffoldFromRejections: false }),
    });
    try {
      await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId: ownRepoId }, totals: false });
      const saved = ctl;
      ctl = off;
      const refused = [await refusedWork(ownRepoId), await refusedWork(ownRepoId), await refusedWork(ownRepoId)];
      ctl = saved;
      expect((await graph.read(readMemories, { repoId: ownRepoId })).filter((m) => m.trigger === 'friction')).toEqual([]);
      const [log] = await graph.read(readTurns, { repoId: ownRepoId, workId: refused[2]!.workId });
      expect(log!.friction.map((f) => f.code)).toEqual(['PLAN_VERIFICATION_WEAK']);
    } finally {
      await cleanNamespace(graph, ownRepoId);
    }
  });

  it('strengthens the same candidate when two more works are refused at once, never duplicating it', async () => {
    await Promise.all([refusedWork(), refusedWork()]);
    const found = await candidates();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ state: 'pending', works: 5 });
    expect(found[0]!.hits).toBeGreaterThanOrEqual(5);
  });

  it('answers a refusal while another transaction holds the signature, and records the candidate once it is free', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: (locked: number) => void;
    const lockHeld = new Promise<number>((resolve) => (held = resolve));
    const holder = graph.writeTx('test-support/hold-friction-signatures', async (tx) => {
      const [row] = await tx.run(lockFrictionSignatures, { repoId });
      held(row!.locked);
      await released;
    });
    try {
      expect(await lockHeld).toBe(1);
      // Before, the candidate was written inside the refused turn's commit, which then waited for this lock.
      const answered = await Promise.race([refusedWork(repoId, false).then(() => 'answered'), sleep(20_000).then(() => 'still waiting')]);
      expect(answered).toBe('answered');
      expect((await candidates())[0]).toMatchObject({ works: 5 });
    } finally {
      release();
      await holder;
    }
    await ctl.settled(10_000);
    expect(await candidates()).toEqual([expect.objectContaining({ state: 'pending', works: 6 })]);
  });
});
