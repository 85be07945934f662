import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import { ids } from '../../../ingest/model/ids.js';
import type { Graph } from '../../../src/graph/graph.js';
import type { PlanGraph } from '../../../src/plan/index.js';
import type { PlanService } from '../../../src/plan/plan-service.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { setWorkState } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { edgesByType } from '../../support/ingest-queries.js';
import { copyFixture, goldenFixturePlan, ORDERS_LIST_HTML, ORDERS_LIST_TS, planService, startWork, type EnvelopeValues } from '../../support/plan-fixture.js';

const CHAIN = `chain:aggrid:${ORDERS_LIST_HTML}:3`;
const clone = <T>(value: T): T => structuredClone(value);
type Mutation = (plan: PlanGraph) => void;
const change = (plan: PlanGraph) => plan.nodes[0] as Extract<PlanGraph['nodes'][number], { kind: 'change' }>;

// The golden plan of the fixture's grid task against the real graph: accepted as is, and each
// mutation rejected with exactly its code; then acceptance, progress and completion through the service.
describe('PlanService on the ingested fixture workspace', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  let service: PlanService;
  let workId: string;
  let golden: PlanGraph;
  const repoId = testNamespace('plan-service');

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = copyFixture();
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId } });
    ({ workId } = await startWork(graph, repoId, fixture.root));
    service = planService(graph, repoId, fixture.root);
    const schema = await service.schemaFor(workId);
    golden = goldenFixturePlan(schema.envelope as unknown as EnvelopeValues, CHAIN);
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    fixture.dispose();
    await graph.close();
  });

  it('hands out the envelope values, citable ids and configured targets in planGraphSchema', async () => {
    const schema = await service.schemaFor(workId);
    expect(schema.envelope).toMatchObject({ workId, worktreeRoot: fixture.root, repoSnapshotId: expect.stringMatching(/^content:|^git:/), policyVersionSet: { 'policy.no-new-adp': '1' } });
    expect(schema.citableRefs?.proofChains).toContain(CHAIN);
    expect(schema.citableRefs?.migrationRules).toContain('migration.adp-alert');
    expect(schema.verificationTargets).toEqual({ gateSteps: ['e2e-orders', 'unit-orders'], recipes: ['run_targeted_validation'], commitGates: ['commit-fast'] });
    expect(schema.enforcementObligations.join('\n')).toContain('policy.no-new-adp');
  });

  it('accepts the golden plan', async () => {
    const verdict = await service.validate(workId, golden);
    expect(verdict.violations).toEqual([]);
    expect(verdict.accepted).toBe(true);
    expect(verdict.progress).toEqual({ totalNodes: 3, completedNodes: 0, remainingNodes: 3, pendingValidations: [{ nodeId: 'v-total-column', status: 'not_started' }] });
    expect(verdict.memoryRuleResults.find((r) => r.memoryId === 'policy:policy.no-new-adp')).toMatchObject({ applicable: false, enforcement: 'deny' });
  });

  const mutations: Array<[string, string, Mutation]> = [
    ['a target outside the pack', 'PLAN_SCOPE_VIOLATION', (p) => void (change(p).targetFile = 'projects/host/src/app/app.module.ts', change(p).targetSymbols = [], change(p).editIntent.location = { lineStart: 1, lineEnd: 1 })],
    ['a traversal path', 'PLAN_SCOPE_VIOLATION', (p) => void (change(p).targetFile = `../${ORDERS_LIST_TS}`)],
    ['a symbol the snapshot does not define', 'PLAN_SCOPE_VIOLATION', (p) => void (change(p).targetSymbols = ['OrdersListComponent.rowDefs'], change(p).editIntent.location.symbol = 'OrdersListComponent.rowDefs')],
    ['a hook that names no configured gate step', 'PLAN_VERIFICATION_WEAK', (p) => void (change(p).verificationHooks[0]!.ref = 'npm-test')],
    ['a new adp-* element (hard policy from the graph)', 'PLAN_POLICY_VIOLATION', (p) => void (change(p).editIntent.after += "\n    // <adp-chip></adp-chip>")],
    ['no origin chain for a grid change', 'PLAN_ORIGIN_UNKNOWN', (p) => void (p.proofRefs = [])],
    ['an unknown commit gate', 'EXEC_UNGATED_SIDE_EFFECT', (p) => void ((p.nodes[2] as { commitGateId: string }).commitGateId = 'push-now')],
    ['a stale pack hash', 'PLAN_SCOPE_VIOLATION', (p) => void (p.contextPackHash = 'sha256:0000')],
    ['one file cited twice as two sources', 'PLAN_EVIDENCE_INSUFFICIENT', (p) => void (change(p).citations = [], change(p).codeEvidence = [change(p).codeEvidence[0]!, { ...change(p).codeEvidence[0]!, file: `./${ORDERS_LIST_TS}` }])],
  ];

  it.each(mutations)('rejects %s with exactly %s', async (_name, code, mutate) => {
    const plan = clone(golden);
    mutate(plan);
    const verdict = await service.validate(workId, plan);
    expect(verdict.accepted).toBe(false);
    expect([...new Set(verdict.violations.map((v) => v.code))]).toEqual([code]);
    expect(verdict.friction.map((f) => f.code)).toEqual([code]);
    for (const v of verdict.violations) expect(v).toMatchObject({ path: expect.stringMatching(/^\$/), fixHint: expect.any(String) });
  });

  it('records the domain anchor of the offending change in the friction', async () => {
    const plan = clone(golden);
    change(plan).verificationHooks[0]!.ref = 'npm-test';
    const verdict = await service.validate(workId, plan);
    expect(verdict.friction).toEqual([{ code: 'PLAN_VERIFICATION_WEAK', strategyId: 'ui_aggrid_feature', domainAnchorIds: [ids.anchor(repoId, 'projects/host/src')], nodeIds: ['c-total-column'] }]);
  });

  it('validates without writing: no plan, no state change', async () => {
    await service.validate(workId, golden);
    const view = await service.readPlan(workId);
    expect(view).toMatchObject({ state: 'PLANNING', plan: null, nodes: [], progress: { totalNodes: 0 } });
  });

  it('persists an accepted plan with DEPENDS_ON and TARGETS, then tracks progress to completion', async () => {
    const { planId, write } = service.acceptance(workId, golden);
    await graph.writeTx('test', write);
    await graph.write(setWorkState, { workId, repoId, state: 'PLAN_ACCEPTED', usedTokens: null, totalNodes: null, completedNodes: null });
    const view = await service.readPlan(workId);
    expect(view!.plan).toMatchObject({ id: planId, fingerprint: 'orders-total-column-v1', strategyId: 'ui_aggrid_feature' });
    expect(view!.nodes.map((n) => [n.nodeId, n.kind, n.outcome, n.targetFile])).toEqual([
      ['c-total-column', 'change', 'pending', ORDERS_LIST_TS], ['v-total-column', 'validate', 'pending', null], ['se-commit', 'side_effect', 'pending', null],
    ]);
    const depends = (await graph.read(edgesByType, { repoId, type: 'DEPENDS_ON' })).map((e) => [e.from, e.to]);
    expect(depends).toEqual([[`${planId}:se-commit`, `${planId}:v-total-column`], [`${planId}:v-total-column`, `${planId}:c-total-column`]]);
    const targets = (await graph.read(edgesByType, { repoId, type: 'TARGETS' })).filter((e) => e.from.startsWith(planId)).map((e) => e.to);
    expect(targets.sort()).toEqual([ids.file(repoId, ORDERS_LIST_TS), ids.member(repoId, ORDERS_LIST_TS, 'OrdersListComponent', 'columnDefs')].sort());
    expect(view!.completion).toEqual({ allowed: false, reason: '3 of 3 node(s) are not complete' });

    expect(await service.markNodeExecuted(workId, 'c-total-column', 'succeeded', { patch: 'applied' })).toMatchObject({ completedNodes: 0, remainingNodes: 3 });
    await expect(service.recordValidation(workId, 'c-total-column', true)).rejects.toMatchObject({ code: 'INVALID_ARGS' });
    await expect(service.markNodeExecuted(workId, 'nope', 'succeeded')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await service.recordValidation(workId, 'v-total-column', true)).toMatchObject({ completedNodes: 2, remainingNodes: 1, pendingValidations: [] });
    expect(await service.markNodeExecuted(workId, 'se-commit', 'succeeded')).toMatchObject({ completedNodes: 3, remainingNodes: 0 });
    const done = await service.readPlan(workId);
    expect(done!.completion).toEqual({ allowed: true });
    expect(done!.nodes.every((n) => n.complete)).toBe(true);
  });

  it('supersedes the previous plan on resubmission and resets progress', async () => {
    const before = await service.readPlan(workId);
    const next = clone(golden);
    next.planFingerprint = 'orders-total-column-v2';
    await graph.writeTx('test', service.acceptance(workId, next).write);
    const after = await service.readPlan(workId);
    expect(after!.plan!.id).not.toBe(before!.plan!.id);
    expect(after!.plan!.fingerprint).toBe('orders-total-column-v2');
    expect(after!.progress).toMatchObject({ totalNodes: 3, completedNodes: 0, remainingNodes: 3 });
    expect((await graph.read(edgesByType, { repoId, type: 'SUPERSEDES' })).map((e) => [e.from, e.to])).toContainEqual([after!.plan!.id, before!.plan!.id]);
  });
});
