import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TurnResponse } from '../../src/controller/envelope.schema.js';
import type { PlanGraph } from '../../src/plan/index.js';
import { parseCitation } from '../../src/retrieval/pack/pack-citations.js';
import { packageRoot } from '../../src/runtime/package-root.js';
import { AGENT_LOOP_GATES, CHECK_STEP, git } from '../../test/support/agent-loop-fixture.js';
import { agentLoopPlan, LINES, LOOP_LEXEMES, LOOP_PROMPT, ORDER_COLUMNS, ORDER_LINK_RENDERER, ORDERS_LIST_HTML, ORDERS_LIST_TS, ORDERS_ROUTING } from '../../test/support/agent-loop-plan.js';
import type { EnvelopeValues } from '../../test/support/plan-fixture.js';
import type { MeteredAgent } from './meter.js';

/**
 * A throw-away git copy of the fixture workspace with the agent-loop gates and recipes: what
 * gitFixtureCopy (test/support/agent-loop-fixture.ts) builds, from the package root, since its
 * FIXTURE_ROOT resolves next to the compiled file (dist/test/fixtures/…, which the build does not emit).
 */
export function fixtureCopy(): { root: string; dispose(): void } {
  const parent = realpathSync(mkdtempSync(join(tmpdir(), 'gg-tokens-')));
  const root = join(parent, 'workspace');
  cpSync(join(packageRoot(), 'test', 'fixtures', 'workspace'), root, { recursive: true });
  mkdirSync(join(root, '.ai', 'config'), { recursive: true });
  const config = { gates: AGENT_LOOP_GATES, recipes: { enabled: ['replace_lexeme_in_file', 'run_targeted_validation'] } };
  writeFileSync(join(root, '.ai', 'config', 'repo.json'), `${JSON.stringify(config, null, 2)}\n`);
  writeFileSync(join(root, '.gitignore'), 'test-results/\n.ai/tmp/\n');
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'fixture');
  return { root, dispose: () => rmSync(parent, { recursive: true, force: true }) };
}

function expect(step: string, res: TurnResponse, outcome: 'ok' | 'denied' = 'ok', code?: string): TurnResponse {
  if (res.outcome !== outcome || (code && res.deny?.code !== code)) {
    throw new Error(`${step}: expected ${outcome}${code ? ` ${code}` : ''}, got ${res.outcome} ${res.deny?.code ?? ''} ${(res.deny?.message ?? '').slice(0, 300)}`);
  }
  return res;
}

/**
 * The agent loop of test/e2e/agent-loop.e2e.test.ts (as bench/soak/agent.ts plays it): initialize_work,
 * four reads, a plan with two defects (rejected), the fixed plan, six edits (a partial rename caught by
 * the gate first), three gate runs, git_commit, review_bundle, signal_task_complete.
 */
export async function fixtureLoop(agent: MeteredAgent): Promise<{ packFiles: number; packSymbols: number }> {
  const init = expect('initialize_work', await agent.turn('initialize_work', { verb: 'initialize_work', originalPrompt: LOOP_PROMPT, args: { lexemes: LOOP_LEXEMES } }));
  const ids = { workId: init.workId!, agentId: init.agentId! };
  const schema = init.result.planGraphSchema as { envelope: EnvelopeValues; strategyId?: string };
  const plan: PlanGraph = { ...agentLoopPlan(schema.envelope, `chain:aggrid:${ORDERS_LIST_HTML}:3`), knowledgeStrategyId: schema.strategyId ?? 'ui_aggrid_feature' };
  const turn = (step: string, verb: string, args: Record<string, unknown>) => agent.turn(step, { verb, ...ids, args });

  expect('read_file_lines', await turn('read_file_lines', 'read_file_lines', { filePath: ORDERS_LIST_TS, startLine: 1, endLine: 20 }));
  expect('lookup_symbol_definition', await turn('lookup_symbol_definition', 'lookup_symbol_definition', { symbol: 'OrdersListComponent' }));
  expect('trace_symbol_graph', await turn('trace_symbol_graph', 'trace_symbol_graph', { filePath: ORDERS_ROUTING }));
  expect('search_codebase_text', await turn('search_codebase_text', 'search_codebase_text', { query: 'orderId' }));

  // Two defects: a hook on an unconfigured step, two unordered edits of one file.
  const bad = structuredClone(plan);
  const node = (id: string) => bad.nodes.find((n) => n.nodeId === id) as unknown as { dependsOn: string[]; verificationHooks: Array<{ ref: string }> };
  node('c-link-button').verificationHooks[0]!.ref = 'npm-test';
  node('c-route-table').dependsOn = [];
  expect('plan (rejected)', await turn('submit_execution_plan (rejected)', 'submit_execution_plan', { planGraph: bad }), 'denied', 'PLAN_VERIFICATION_WEAK');
  expect('plan (accepted)', await turn('submit_execution_plan (accepted)', 'submit_execution_plan', { planGraph: plan }));

  const op = (tag: string) => `op-tokens-${ids.workId.slice(-12)}-${tag}`;
  const patch = async (planNodeId: string, targetFile: string, edit: Record<string, unknown>, tag = planNodeId) => {
    const res = expect(`apply_code_patch ${planNodeId}`, await turn('apply_code_patch', 'apply_code_patch', { planNodeId, targetFile, edits: [edit], operationId: op(tag) }));
    if (res.result.applied !== true) throw new Error(`apply_code_patch ${planNodeId}: not applied`);
  };
  const recipe = (step: string, planNodeId: string, recipeId: string, params: Record<string, unknown>, tag: string) => {
    const dir = `.ai/tmp/work/${ids.workId}/artifacts/${planNodeId}`;
    return turn(step, 'run_automation_recipe', { recipeId, planNodeId, params, artifactBundleRef: dir, diffSummaryRef: `${dir}/diff.summary.json`, operationId: op(tag) });
  };
  const gate = async (planNodeId: string, tag: string, passed: boolean) => {
    const res = expect(`gate ${planNodeId}`, await recipe(`run_automation_recipe (gate, ${passed ? 'passes' : 'fails'})`, planNodeId, 'run_targeted_validation', { step: CHECK_STEP }, tag));
    if (res.result.passed !== passed) throw new Error(`gate ${planNodeId}: expected passed=${passed}`);
  };

  await patch('c-total-column', ORDERS_LIST_TS, { type: 'replace_text', oldText: LINES.status, newText: `${LINES.status}\n${LINES.total}` });
  await patch('c-helpers-import', ORDER_COLUMNS, { type: 'ast_codemod', codemod: 'update_import_specifier', params: { moduleSpecifier: '../grid/column-helpers', newModuleSpecifier: '../grid/column-helpers.js' } });
  await patch('c-link-button', ORDER_LINK_RENDERER, { type: 'ast_codemod', codemod: 'rewrite_template_tag', params: { from: 'a', to: 'button' } });
  await patch('c-change-route', ORDERS_ROUTING, { type: 'ast_codemod', codemod: 'update_route_path_literal', params: { from: ':id/edit', to: ':id/change' } });
  await patch('c-route-table', ORDERS_ROUTING, { type: 'replace_text', oldText: LINES.routesConst, newText: LINES.orderRoutesConst });
  await gate('v-orders-routes', 'gate-1', false);
  await patch('c-route-table', ORDERS_ROUTING, { type: 'ast_codemod', codemod: 'rename_identifier_in_file', params: { from: 'routes', to: 'orderRoutes' } }, 'rename');
  expect('replace_lexeme_in_file', await recipe('run_automation_recipe (replace_lexeme_in_file)', 'c-actor-header', 'replace_lexeme_in_file', { file: ORDER_COLUMNS, from: 'Who', to: 'Actor', expectedCount: 1 }, 'lexeme'));
  await gate('v-orders-grid', 'gate-2', true);
  await gate('v-orders-routes', 'gate-3', true);
  expect('git_commit', await turn('execute_gated_side_effect (git_commit)', 'execute_gated_side_effect', { planNodeId: 'se-commit', sideEffectType: 'git_commit', operationId: op('commit') }));
  expect('review_bundle', await turn('execute_gated_side_effect (review_bundle)', 'execute_gated_side_effect', { planNodeId: 'se-review', sideEffectType: 'review_bundle', operationId: op('review') }));
  const done = expect('signal_task_complete', await turn('signal_task_complete', 'signal_task_complete', { summary: 'grid column, link button, route rename done, verified and committed' }));
  if (done.state !== 'COMPLETED') throw new Error(`signal_task_complete: state ${done.state}`);
  return { packFiles: init.contextPack?.fileCount ?? 0, packSymbols: init.contextPack?.symbolCount ?? 0 };
}

/** The pack's files in rank order and the symbols its citations name (`path:start-end codes score [symbol]`). */
function packContents(init: TurnResponse): { files: string[]; symbols: Array<{ name: string; path: string }> } {
  const pack = (init.result.contextPack ?? {}) as Record<string, unknown>;
  const cited = (Array.isArray(pack.files) ? pack.files : []).map((f) => parseCitation(String(f))).filter((c) => c !== null);
  const symbols = cited.flatMap((c) => (c.name && /^[A-Za-z_$][\w$]*$/.test(c.name) ? [{ name: c.name, path: c.path }] : []));
  return { files: cited.map((c) => c.path), symbols };
}

/** The words of the prompt worth a text search: the longest first. */
const promptWords = (prompt: string) => prompt.split(/[^A-Za-z0-9_]+/).filter((w) => w.length > 3).sort((a, b) => b.length - a.length);

/**
 * A foreign repository: no plan (a generic plan does not fit it), only what an agent does first —
 * initialize_work with the prompt, then one of each read on what the pack hands out.
 */
export async function repoLoop(agent: MeteredAgent, prompt: string, lexemes: string[]): Promise<{ packFiles: number; read: string; symbol: string | null; symbolOfFile: boolean; query: string }> {
  const init = expect('initialize_work', await agent.turn('initialize_work', { verb: 'initialize_work', originalPrompt: prompt, args: lexemes.length ? { lexemes } : {} }));
  const ids = { workId: init.workId!, agentId: init.agentId! };
  const turn = (verb: string, args: Record<string, unknown>) => agent.turn(verb, { verb, ...ids, args });
  const { files, symbols } = packContents(init);
  const file = files.find((f) => f.endsWith('.ts')) ?? files[0];
  if (!file) throw new Error(`initialize_work returned a pack without files: ${JSON.stringify(init.result.contextPack).slice(0, 300)}`);
  expect('read_file_lines', await turn('read_file_lines', { filePath: file, startLine: 1, endLine: 20 }));
  // A symbol of the file just read, as an agent would look up next; else the pack's first.
  const own = symbols.find((s) => s.path === file);
  const symbol = (own ?? symbols[0])?.name ?? null;
  if (symbol) expect('lookup_symbol_definition', await turn('lookup_symbol_definition', { symbol }));
  expect('trace_symbol_graph', await turn('trace_symbol_graph', { filePath: file }));
  const query = promptWords(prompt)[0] ?? prompt;
  expect('search_codebase_text', await turn('search_codebase_text', { query }));
  return { packFiles: files.length, read: file, symbol, symbolOfFile: Boolean(own), query };
}
