import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnResponseSchema, type TurnResponse } from '../../src/controller/envelope.schema.js';
import type { Graph } from '../../src/graph/graph.js';
import type { PlanGraph, PlanGraphSchemaDocument } from '../../src/plan/index.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';
import { connectClient } from '../support/mcp-process.js';
import { copyFixture, goldenFixturePlan, planService, ORDERS_LIST_HTML, ORDERS_LIST_TS, type EnvelopeValues, ingestedGitFixture } from '../support/plan-fixture.js';
import { git } from '../support/agent-loop-fixture.js';

const STATUS_LINE = "    { field: 'status', headerName: 'Status', cellRenderer: 'statusRenderer' },";
const TOTAL_LINE = "    { field: 'total', headerName: 'Order total', type: 'numericColumn' },";

// The execution loop over stdio: initialize_work → accepted plan → apply_code_patch (replace_text, a codemod, a retry) → progress.
describe('apply_code_patch over MCP stdio', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  let client: Client;
  const repoId = testNamespace('patch-flow');
  const call = async (args: Record<string, unknown>): Promise<TurnResponse> =>
    TurnResponseSchema.parse((await client.callTool({ name: 'controller_turn', arguments: args })).structuredContent);

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = await ingestedGitFixture(graph, repoId);
    ({ client } = await connectClient(fixture.root, repoId));
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    await cleanNamespace(graph, repoId);
    fixture?.dispose();
    await graph?.close();
  });

  it('patches the accepted change node in the worktree, replays a retry, and progress shows the node executed', async () => {
    const init = await call({ verb: 'initialize_work', originalPrompt: 'Show the order total before the status in the orders-list grid columns', args: { lexemes: ['orders-list', 'OrdersListComponent'] } });
    const schema = init.result.planGraphSchema as PlanGraphSchemaDocument;
    const chain = `chain:aggrid:${ORDERS_LIST_HTML}:3`;
    const ids = { workId: init.workId, agentId: init.agentId };
    const plan: PlanGraph = { ...goldenFixturePlan(schema.envelope as unknown as EnvelopeValues, chain), knowledgeStrategyId: schema.strategyId ?? 'ui_aggrid_feature' };
    const accepted = await call({ verb: 'submit_execution_plan', ...ids, args: { planGraph: plan } });
    expect(accepted.state).toBe('PLAN_ACCEPTED');
    expect(accepted.progress?.pendingValidations).toEqual([{ nodeId: 'v-total-column', status: 'not_started' }]);

    const wrongNode = await call({ verb: 'apply_code_patch', ...ids, args: { planNodeId: 'v-total-column', targetFile: ORDERS_LIST_TS, edits: [{ type: 'replace_text', oldText: STATUS_LINE, newText: TOTAL_LINE }] } });
    expect(wrongNode.deny?.code).toBe('PLAN_SCOPE_VIOLATION');
    const miss = await call({ verb: 'apply_code_patch', ...ids, args: { planNodeId: 'c-total-column', targetFile: ORDERS_LIST_TS, edits: [{ type: 'replace_text', oldText: "{ field: 'status', headerName: 'State' }", newText: 'x' }] } });
    expect(miss.deny?.code).toBe('INVALID_ARGS');
    expect(miss.deny?.details).toMatchObject({ reason: 'not_found', nearest: { startLine: 22 } });
    expect(miss.suggestedAction?.verb).toBe('read_file_lines');

    const patchArgs = { planNodeId: 'c-total-column', targetFile: ORDERS_LIST_TS, operationId: 'op-e2e-total-1', edits: [{ type: 'replace_text', oldText: STATUS_LINE, newText: `${STATUS_LINE}\n${TOTAL_LINE}` }] };
    const patched = await call({ verb: 'apply_code_patch', ...ids, args: patchArgs });
    expect(patched.deny).toBeUndefined();
    expect(patched.state).toBe('PLAN_ACCEPTED');
    expect(patched.result).toMatchObject({ applied: true, edits: [{ type: 'replace_text', startLine: 22, endLine: 22 }], workspace: { kind: 'git-worktree', branch: `graphgate/${init.workId}` } });
    expect(patched.progress).toEqual({ totalNodes: 3, completedNodes: 0, remainingNodes: 3, pendingValidations: [{ nodeId: 'v-total-column', status: 'not_started' }] });

    const view = await planService(graph, repoId, fixture.root).readPlan(init.workId!);
    expect(view!.nodes.map((n) => [n.nodeId, n.outcome])).toEqual([['c-total-column', 'succeeded'], ['v-total-column', 'pending'], ['se-commit', 'pending']]);

    const codemod = await call({ verb: 'apply_code_patch', ...ids, args: { planNodeId: 'c-total-column', targetFile: ORDERS_LIST_TS, edits: [{ type: 'ast_codemod', codemod: 'rename_identifier_in_file', params: { from: 'OrdersListComponent', to: 'OrderListComponent' } }] } });
    expect(codemod.result).toMatchObject({ applied: true, edits: [{ codemod: 'rename_identifier_in_file', changes: 1 }] });
    const imports = await call({ verb: 'apply_code_patch', ...ids, args: { planNodeId: 'c-total-column', targetFile: ORDERS_LIST_TS, edits: [{ type: 'ast_codemod', codemod: 'update_import_specifier', params: { moduleSpecifier: '../grid/column-helpers', newModuleSpecifier: '../grid/column-helpers.js' } }] } });
    expect(imports.result).toMatchObject({ applied: true, edits: [{ codemod: 'update_import_specifier', changes: 1 }] });
    const badParams = await call({ verb: 'apply_code_patch', ...ids, args: { planNodeId: 'c-total-column', targetFile: ORDERS_LIST_TS, edits: [{ type: 'ast_codemod', codemod: 'update_route_path_literal', params: { from: 'x' } }] } });
    expect(badParams.deny?.code).toBe('INVALID_ARGS');

    const retry = await call({ verb: 'apply_code_patch', ...ids, args: patchArgs });
    expect(retry.result).toMatchObject({ replayed: true, applied: true });
    const worktreeText = readFileSync(join(fixture.root, '.worktrees', init.workId!, ORDERS_LIST_TS), 'utf8');
    expect(worktreeText.split(TOTAL_LINE).length).toBe(2);
    expect(worktreeText).toContain('export class OrderListComponent');
    expect(worktreeText).toContain("import { moneyColumn } from '../grid/column-helpers.js';");
    expect(readFileSync(join(fixture.root, ORDERS_LIST_TS), 'utf8')).not.toContain(TOTAL_LINE);

    const done = await call({ verb: 'signal_task_complete', ...ids, args: { summary: 'patched; validation pending' } });
    expect(done.deny?.code).toBe('ILLEGAL_TRANSITION');
    expect(done.deny?.details.remainingNodes).toBe(3);
  });
});
