import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import { TurnResponseSchema, type TurnResponse } from '../../../src/controller/envelope.schema.js';
import type { TurnDispatcher } from '../../../src/controller/turn-dispatcher.js';
import type { Graph } from '../../../src/graph/graph.js';
import { PackStore } from '../../../src/pack/index.js';
import type { PlanGraph, PlanGraphSchemaDocument } from '../../../src/plan/index.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { makeDispatcher, readTurns, testConfig } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import {
  copyFixture, goldenFixturePlan, ORDERS_LIST_HTML, PACK_FILES, PLAN_TEST_GATES, planService, type EnvelopeValues,
} from '../../support/plan-fixture.js';

const CHAIN = `chain:aggrid:${ORDERS_LIST_HTML}:3`;

// submit_execution_plan through the dispatcher: the rejection envelope and its friction, acceptance
// with the state change, progress on later turns and completion gating.
describe('submit_execution_plan (dispatcher, real Neo4j)', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  let ctl: TurnDispatcher;
  let ids: { workId: string; agentId: string };
  let golden: PlanGraph;
  const repoId = testNamespace('submit-plan');
  const turn = async (args: Record<string, unknown>): Promise<TurnResponse> => TurnResponseSchema.parse(await ctl.turn(args));

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = copyFixture();
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId } });
    ctl = makeDispatcher(graph, fixture.root, repoId, { config: testConfig(repoId, { gates: PLAN_TEST_GATES }) });
    const init = await turn({ verb: 'initialize_work', originalPrompt: 'Show the order total before the status in the orders grid' });
    ids = { workId: init.workId!, agentId: init.agentId! };
    // Pin the pack to the files the golden plan is about (independent of how retrieval selects).
    await new PackStore({ graph, repoId, repoRoot: fixture.root }).create({ workId: ids.workId, files: PACK_FILES });
    const schema = await planService(graph, repoId, fixture.root).schemaFor(ids.workId);
    golden = goldenFixturePlan(schema.envelope as unknown as EnvelopeValues, CHAIN);
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    fixture.dispose();
    await graph.close();
  });

  it('returns planGraphSchema from initialize_work', async () => {
    const init = await turn({ verb: 'initialize_work', originalPrompt: 'orders grid total column' });
    const schema = init.result.planGraphSchema as PlanGraphSchemaDocument;
    expect(schema.validators).toContain('evidence_policy');
    expect(schema.requiredFields.change).toContain('targetFile');
    expect(schema.envelope).toMatchObject({ workId: init.workId, worktreeRoot: fixture.root, contextPackHash: init.contextPack?.hash });
    expect(schema.jsonSchema).toMatchObject({ type: 'object' });
  });

  it('rejects with every violation listed, stays PLANNING and records one FrictionEvent per code', async () => {
    const bad = structuredClone(golden);
    const change = bad.nodes[0] as Extract<PlanGraph['nodes'][number], { kind: 'change' }>;
    change.verificationHooks[0]!.ref = 'npm-test';
    bad.proofRefs = [];
    const r = await turn({ verb: 'submit_execution_plan', ...ids, args: { planGraph: bad } });
    expect(r.outcome).toBe('denied');
    expect(r.state).toBe('PLANNING');
    expect(r.deny?.code).toBe('PLAN_VERIFICATION_WEAK');
    expect(r.deny?.details.codes).toEqual(['PLAN_VERIFICATION_WEAK', 'PLAN_ORIGIN_UNKNOWN']);
    expect(r.deny?.problems).toEqual([
      { code: 'PLAN_VERIFICATION_WEAK', path: '$.nodes[0].verificationHooks[0].ref', message: expect.stringMatching(/^\[c-total-column\] .*Fix: Name one of: e2e-orders, unit-orders\.$/) },
      { code: 'PLAN_ORIGIN_UNKNOWN', path: '$.proofRefs', message: expect.stringMatching(/Fix: /) },
    ]);
    expect(r.deny?.details).not.toHaveProperty('violations');
    expect(r.suggestedAction?.verb).toBe('submit_execution_plan');
    // A rejection changes no progress, so the envelope sends none.
    expect(r.progress).toBeUndefined();
    const [log] = await graph.read(readTurns, { repoId, workId: ids.workId });
    expect(log!.friction.map((f) => f.code).sort()).toEqual(['PLAN_ORIGIN_UNKNOWN', 'PLAN_VERIFICATION_WEAK']);
    expect(log!.turns.find((t) => t.verb === 'submit_execution_plan')).toMatchObject({ outcome: 'denied', denyCodes: ['PLAN_VERIFICATION_WEAK', 'PLAN_ORIGIN_UNKNOWN'] });
  });

  it('accepts the fixed plan: PLAN_ACCEPTED, plan persisted, progress in this response and on describe', async () => {
    const r = await turn({ verb: 'submit_execution_plan', ...ids, args: { planGraph: golden } });
    expect(r.deny).toBeUndefined();
    expect(r.state).toBe('PLAN_ACCEPTED');
    expect(r.result).toMatchObject({ accepted: true, planId: expect.stringMatching(/^plan-/), strategyId: 'ui_aggrid_feature' });
    const pending = { totalNodes: 3, completedNodes: 0, remainingNodes: 3, pendingValidations: [{ nodeId: 'v-total-column', status: 'not_started' }] };
    expect(r.progress).toEqual(pending);
    expect(r.capabilities).toContain('apply_code_patch');
    // A plain read changes no progress: the envelope leaves it out; describe: true shows the stored one.
    const later = await turn({ verb: 'read_file_lines', ...ids, args: { filePath: PACK_FILES[0], startLine: 1, endLine: 2 } });
    expect(later.progress).toBeUndefined();
    const described = await turn({ verb: 'read_file_lines', ...ids, describe: true, args: { filePath: PACK_FILES[0], startLine: 1, endLine: 2 } });
    expect(described.progress).toEqual(pending);
  });

  it('refuses signal_task_complete while nodes remain, then completes once they are done', async () => {
    const early = await turn({ verb: 'signal_task_complete', ...ids });
    expect(early.deny?.code).toBe('ILLEGAL_TRANSITION');
    expect(early.deny?.message).toContain('3 of 3 node(s) are not complete');
    expect(early.state).toBe('PLAN_ACCEPTED');
    const plans = planService(graph, repoId, fixture.root);
    await plans.markNodeExecuted(ids.workId, 'c-total-column', 'succeeded');
    await plans.recordValidation(ids.workId, 'v-total-column', true);
    const partial = await turn({ verb: 'signal_task_complete', ...ids });
    expect(partial.deny?.code).toBe('ILLEGAL_TRANSITION');
    expect(partial.deny?.details).toMatchObject({ totalNodes: 3, remainingNodes: 1, pendingValidations: [] });
    await plans.markNodeExecuted(ids.workId, 'se-commit', 'succeeded');
    const done = await turn({ verb: 'signal_task_complete', ...ids, args: { summary: 'added the total column' } });
    expect(done.state).toBe('COMPLETED');
  });
});
