import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../ingest/index.js';
import { TurnResponseSchema, type TurnResponse } from '../../src/controller/envelope.schema.js';
import type { Graph } from '../../src/graph/graph.js';
import type { PlanGraph, PlanGraphSchemaDocument } from '../../src/plan/index.js';
import { silentLogger } from '../../src/runtime/logger.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';
import { connectClient } from '../support/mcp-process.js';
import { citedPaths } from '../support/pack-citations.js';
import { copyFixture, goldenFixturePlan, ORDERS_LIST_HTML, ORDERS_LIST_TS, type EnvelopeValues } from '../support/plan-fixture.js';

// The planning loop an agent goes through, over stdio with the SDK client against the built server:
// initialize_work → a rejected plan (exact codes) → the fixed plan accepted → progress → completion gated.
describe('plan flow over MCP stdio', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  let client: Client;
  const repoId = testNamespace('plan-flow');
  const call = async (args: Record<string, unknown>): Promise<TurnResponse> =>
    TurnResponseSchema.parse((await client.callTool({ name: 'controller_turn', arguments: args })).structuredContent);

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = copyFixture();
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId } });
    ({ client } = await connectClient(fixture.root, repoId));
  });
  afterAll(async () => {
    await client?.close();
    await cleanNamespace(graph, repoId);
    fixture.dispose();
    await graph.close();
  });

  it('rejects, accepts the fixed plan, shows progress and refuses completion while nodes remain', async () => {
    const init = await call({ verb: 'initialize_work', originalPrompt: 'Show the order total before the status in the orders-list grid columns', args: { lexemes: ['orders-list', 'OrdersListComponent'] } });
    expect(init.state).toBe('PLANNING');
    expect(citedPaths(init.result)).toEqual(expect.arrayContaining([ORDERS_LIST_TS, ORDERS_LIST_HTML]));
    const schema = init.result.planGraphSchema as PlanGraphSchemaDocument;
    const chain = `chain:aggrid:${ORDERS_LIST_HTML}:3`;
    expect(schema.citableRefs?.proofChains).toContain(chain);
    expect(schema.verificationTargets.gateSteps).toContain('unit-orders');
    const ids = { workId: init.workId, agentId: init.agentId };
    const plan: PlanGraph = { ...goldenFixturePlan(schema.envelope as unknown as EnvelopeValues, chain), knowledgeStrategyId: schema.strategyId ?? 'ui_aggrid_feature' };

    const bad = structuredClone(plan);
    (bad.nodes[0] as { verificationHooks: Array<{ ref: string }> }).verificationHooks[0]!.ref = 'npm-test';
    bad.proofRefs = [];
    const rejected = await call({ verb: 'submit_execution_plan', ...ids, args: { planGraph: bad } });
    expect(rejected.state).toBe('PLANNING');
    expect(rejected.deny?.code).toBe('PLAN_VERIFICATION_WEAK');
    expect(rejected.deny?.details.codes).toEqual(['PLAN_VERIFICATION_WEAK', 'PLAN_ORIGIN_UNKNOWN']);
    expect(rejected.deny?.problems?.map((p) => p.code)).toEqual(['PLAN_VERIFICATION_WEAK', 'PLAN_ORIGIN_UNKNOWN']);
    expect(rejected.suggestedAction?.verb).toBe('submit_execution_plan');

    const accepted = await call({ verb: 'submit_execution_plan', ...ids, args: { planGraph: plan } });
    expect(accepted.deny).toBeUndefined();
    expect(accepted.state).toBe('PLAN_ACCEPTED');
    const progress = { totalNodes: 3, completedNodes: 0, remainingNodes: 3, pendingValidations: [{ nodeId: 'v-total-column', status: 'not_started' }] };
    expect(accepted.progress).toEqual(progress);

    // A read changes no progress, so it sends none; describe: true shows the stored progress.
    const read = await call({ verb: 'read_file_lines', ...ids, args: { filePath: ORDERS_LIST_TS, startLine: 20, endLine: 26 } });
    expect(read.progress).toBeUndefined();
    const described = await call({ verb: 'read_file_lines', ...ids, describe: true, args: { filePath: ORDERS_LIST_TS, startLine: 20, endLine: 26 } });
    expect(described.progress).toEqual(progress);

    const early = await call({ verb: 'signal_task_complete', ...ids, args: { summary: 'not yet' } });
    expect(early.deny?.code).toBe('ILLEGAL_TRANSITION');
    expect(early.state).toBe('PLAN_ACCEPTED');
    expect(early.deny?.details.remainingNodes).toBe(3);
  });
});
