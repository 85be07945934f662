import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import type { Config } from '../../../src/config/index.js';
import { TurnResponseSchema, type TurnResponse } from '../../../src/controller/envelope.schema.js';
import type { TurnDispatcher } from '../../../src/controller/turn-dispatcher.js';
import type { Graph } from '../../../src/graph/graph.js';
import { listSandboxRuns } from '../../../src/execution/sandbox/sandbox-evidence.js';
import { PackStore } from '../../../src/pack/index.js';
import type { PlanGraph } from '../../../src/plan/index.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { makeDispatcher, testConfig } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { copyFixture, goldenFixturePlan, ORDERS_LIST_HTML, ORDERS_LIST_TS, PACK_FILES, PLAN_TEST_GATES, planService, type EnvelopeValues } from '../../support/plan-fixture.js';

// The gates the plan names, with the fixture's real commands swapped for a quick passing node run.
const GATES: Config['gates'] = {
  ...PLAN_TEST_GATES,
  profiles: { default: { modes: { fast: PLAN_TEST_GATES.profiles.default!.modes.fast!.map((s) => ({ ...s, cmd: [process.execPath, '-e', 'process.exit(0)'] })) } } },
};

describe('run_sandboxed_code and run_automation_recipe (dispatcher, real Neo4j)', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  let ctl: TurnDispatcher;
  let ids: { workId: string; agentId: string };
  const repoId = testNamespace('exec-verbs');
  const turn = async (args: Record<string, unknown>): Promise<TurnResponse> => TurnResponseSchema.parse(await ctl.turn(args));
  const recipe = (recipeId: string, planNodeId: string, params: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    turn({ verb: 'run_automation_recipe', ...ids, args: { recipeId, planNodeId, params, ...extra, artifactBundleRef: `.ai/tmp/work/${ids.workId}/artifacts/${planNodeId}`, diffSummaryRef: `.ai/tmp/work/${ids.workId}/artifacts/${planNodeId}/diff.summary.json` } });

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = copyFixture();
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId } });
    ctl = makeDispatcher(graph, fixture.root, repoId, { config: testConfig(repoId, { gates: GATES }) });
    const init = await turn({ verb: 'initialize_work', originalPrompt: 'Show the order total before the status in the orders grid' });
    ids = { workId: init.workId!, agentId: init.agentId! };
    await new PackStore({ graph, repoId, repoRoot: fixture.root }).create({ workId: ids.workId, files: PACK_FILES });
    const schema = await planService(graph, repoId, fixture.root).schemaFor(ids.workId);
    const golden: PlanGraph = goldenFixturePlan(schema.envelope as unknown as EnvelopeValues, `chain:aggrid:${ORDERS_LIST_HTML}:3`);
    const accepted = await turn({ verb: 'submit_execution_plan', ...ids, args: { planGraph: golden } });
    expect(accepted.state, JSON.stringify(accepted.deny)).toBe('PLAN_ACCEPTED');
  }, 120_000);
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    fixture.dispose();
    await graph.close();
  });

  it('runs a sandboxed computation over a declared pack file', async () => {
    const code = "(async () => pack.read(inputs.file).split('\\n').filter((l) => l.includes('headerName')).length)()";
    const r = await turn({ verb: 'run_sandboxed_code', ...ids, args: { planNodeId: 'c-total-column', code, inputs: { file: ORDERS_LIST_TS }, packFiles: [ORDERS_LIST_TS], returns: { type: 'integer' } } });
    expect(r.outcome, JSON.stringify(r.deny)).toBe('ok');
    expect(r.result).toMatchObject({ planNodeId: 'c-total-column', value: 3 });
  });

  it.each([
    ['an escape attempt', { code: "(async () => require('child_process').execSync('id'))()" }, 'SANDBOX_DENIED'],
    ['an undeclared input', { code: '(async () => inputs.other)()' }, 'SANDBOX_DENIED'],
    ['a pack file outside the pack', { code: "(async () => pack.read('package.json'))()", packFiles: ['package.json'] }, 'PLAN_SCOPE_VIOLATION'],
    ['an unknown node', { planNodeId: 'n-404' }, 'NOT_FOUND'],
  ])('denies %s', async (_n, extra, code) => {
    const r = await turn({ verb: 'run_sandboxed_code', ...ids, args: { planNodeId: 'c-total-column', code: "(async () => 'x')()", returns: { type: 'string' }, ...extra } });
    expect(r.deny?.code, JSON.stringify(r.deny)).toBe(code);
    expect(r.state).toBe('PLAN_ACCEPTED');
  });

  it('leaves a SandboxRun evidence node for every run, refused ones included, with hashes instead of code and values', async () => {
    const runs = (await graph.read(listSandboxRuns, { repoId, workId: ids.workId })).map((r) => r.event);
    const succeeded = runs.filter((e) => e.outcome === 'succeeded');
    const denied = runs.filter((e) => e.outcome === 'denied');
    expect(succeeded).toHaveLength(1);
    expect(succeeded[0]).toMatchObject({ nodeId: 'c-total-column', packFiles: [ORDERS_LIST_TS], valueHash: expect.stringMatching(/^[0-9a-f]{64}$/), codeHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(JSON.stringify(succeeded[0])).not.toContain('pack.read');
    // The escape attempt and the undeclared input reached the sandbox and were refused there; scope and
    // unknown-node denials happen before anything runs.
    expect(denied).toHaveLength(2);
    for (const e of denied) {
      expect(e.reason).toEqual(expect.any(String));
      expect(e.valueHash ?? null).toBeNull(); // Neo4j stores no null properties
    }
  });

  it('runs replace_lexeme_in_file in the work’s workspace, never in the user’s tree', async () => {
    const params = { file: ORDERS_LIST_TS, from: 'statusRenderer', to: 'orderStatusRenderer', expectedCount: 3 };
    const r = await recipe('replace_lexeme_in_file', 'c-total-column', params, { operationId: 'op-rename-status-1' });
    expect(r.outcome, JSON.stringify(r.deny)).toBe('ok');
    expect(r.result).toMatchObject({ recipeId: 'replace_lexeme_in_file', replacements: 3, usageId: expect.stringMatching(/^recipe_usage:/) });
    expect(readFileSync(join(fixture.root, ORDERS_LIST_TS), 'utf8')).toContain("'statusRenderer'");
    // A retry with the same operation id replays the recorded result and edits nothing twice.
    const again = await recipe('replace_lexeme_in_file', 'c-total-column', params, { operationId: 'op-rename-status-1' });
    expect(again.result).toMatchObject({ replayed: true, usageId: r.result.usageId, replacements: 3 });
    // Without the id, the same edit finds nothing left to replace.
    expect((await recipe('replace_lexeme_in_file', 'c-total-column', params)).deny?.code).toBe('INVALID_ARGS');
  });

  it('passes the validate node through run_targeted_validation and reports progress', async () => {
    const r = await recipe('run_targeted_validation', 'v-total-column', { step: 'unit-orders' });
    expect(r.outcome, JSON.stringify(r.deny)).toBe('ok');
    expect(r.result).toMatchObject({ passed: true });
    expect(r.progress).toMatchObject({ completedNodes: 2 });
    expect(r.progress).not.toHaveProperty('pendingValidations');
    const artifacts = (r.result as { artifacts: Record<string, string> }).artifacts;
    const validation = JSON.parse(readFileSync(join(fixture.root, artifacts['validation.json']!), 'utf8')) as { passed: boolean; hooks: Array<{ passed: boolean }> };
    expect(validation.passed).toBe(true);
    expect(validation.hooks.length).toBeGreaterThan(0);
  });

  it.each([
    ['an unknown recipe', 'shell', 'c-total-column', {}, 'INVALID_ARGS'],
    ['a command line smuggled in params', 'run_targeted_validation', 'c-total-column', { step: 'unit-orders', cmd: 'rm -rf /' }, 'INVALID_ARGS'],
    ['an option-like target', 'run_targeted_validation', 'c-total-column', { step: 'unit-orders', target: '--watch' }, 'INVALID_ARGS'],
  ])('denies %s', async (_n, recipeId, node, params, code) => {
    const r = await recipe(recipeId, node, params);
    expect(r.deny?.code, JSON.stringify(r.deny)).toBe(code);
  });
});
