import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import type { Graph } from '../../../src/graph/graph.js';
import { startGraphqlServer, type GraphqlServer } from '../../../src/graphql/index.js';
import type { PlanGraph } from '../../../src/plan/index.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { acceptPlan, copyFixture, type EnvelopeValues, goldenFixturePlan, ORDERS_LIST_HTML, planService, startWork } from '../../support/plan-fixture.js';

type Gql = { data?: Record<string, any> | null; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> };

const VALIDATE = `query Validate($workId: String!, $plan: String!) {
  validatePlan(workId: $workId, plan: $plan) { accepted strategyId violations { code nodeId path message fixHint } memoryRuleResults { memoryId enforcement } progress { totalNodes pendingValidations { nodeId status } } }
}`;
const WORK_PLAN = `query WorkPlan($workId: String!) {
  workPlan(workId: $workId) { workId state completionAllowed completionReason plan { id fingerprint } nodes { nodeId kind outcome complete } progress { totalNodes completedNodes remainingNodes pendingValidations { nodeId status } } }
}`;

// The GraphQL front door to the plan service: a dry-run validation and a work's plan with progress.
describe('GraphQL plan operations', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  let server: GraphqlServer;
  let workId: string;
  let golden: PlanGraph;
  const repoId = testNamespace('plan-graphql');
  const post = async (query: string, variables: Record<string, unknown>): Promise<Gql> => {
    const response = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ query, variables }) });
    return (await response.json()) as Gql;
  };

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = copyFixture();
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId } });
    ({ workId } = await startWork(graph, repoId, fixture.root));
    const schema = await planService(graph, repoId, fixture.root).schemaFor(workId);
    golden = goldenFixturePlan(schema.envelope as unknown as EnvelopeValues, `chain:aggrid:${ORDERS_LIST_HTML}:3`);
    server = await startGraphqlServer({ graph, port: 0, log: silentLogger, config: { mutations: false } });
  });
  afterAll(async () => {
    await server?.close();
    await cleanNamespace(graph, repoId);
    fixture.dispose();
    await graph.close();
  });

  it('validatePlan accepts the golden plan and stores nothing', async () => {
    const r = await post(VALIDATE, { workId, plan: JSON.stringify(golden) });
    expect(r.errors).toBeUndefined();
    expect(r.data!.validatePlan).toMatchObject({ accepted: true, strategyId: 'ui_aggrid_feature', violations: [], progress: { totalNodes: 3, pendingValidations: [{ nodeId: 'v-total-column', status: 'not_started' }] } });
    const after = await post(WORK_PLAN, { workId });
    expect(after.data!.workPlan).toMatchObject({ state: 'PLANNING', plan: null, nodes: [], progress: { totalNodes: 0 } });
  });

  it('validatePlan returns the same violations as submit_execution_plan would', async () => {
    const bad = structuredClone(golden);
    bad.proofRefs = [];
    const r = await post(VALIDATE, { workId, plan: JSON.stringify(bad) });
    const verdict = await planService(graph, repoId, fixture.root).validate(workId, bad);
    expect(r.data!.validatePlan.accepted).toBe(false);
    expect(r.data!.validatePlan.violations).toEqual(verdict.violations.map((v) => ({ nodeId: null, ...v })));
  });

  it('refuses malformed input and unknown works with their codes', async () => {
    expect((await post(VALIDATE, { workId, plan: '{not json' })).errors?.[0]?.extensions?.code).toBe('INVALID_ARGS');
    expect((await post(VALIDATE, { workId: '../etc', plan: '{}' })).errors?.[0]?.extensions?.code).toBe('INVALID_ARGS');
    expect((await post(VALIDATE, { workId: 'work-0000000000000000', plan: '{}' })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await post(WORK_PLAN, { workId: 'work-0000000000000000' })).data?.workPlan).toBeNull();
  });

  it('workPlan shows an accepted plan with node outcomes and progress', async () => {
    const plans = planService(graph, repoId, fixture.root);
    await acceptPlan(graph, repoId, plans, workId, golden);
    await plans.markNodeExecuted(workId, 'c-total-column', 'succeeded');
    const r = await post(WORK_PLAN, { workId });
    expect(r.errors).toBeUndefined();
    expect(r.data!.workPlan).toMatchObject({
      workId, state: 'PLAN_ACCEPTED', completionAllowed: false, completionReason: '3 of 3 node(s) are not complete', plan: { fingerprint: 'orders-total-column-v1' },
      nodes: [{ nodeId: 'c-total-column', kind: 'change', outcome: 'succeeded', complete: false }, { nodeId: 'v-total-column', outcome: 'pending' }, { nodeId: 'se-commit', outcome: 'pending' }],
      progress: { totalNodes: 3, completedNodes: 0, remainingNodes: 3, pendingValidations: [{ nodeId: 'v-total-column', status: 'not_started' }] },
    });
  });
});
