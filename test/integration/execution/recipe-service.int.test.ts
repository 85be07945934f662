import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import type { GatesConfig } from '../../../src/config/index.js';
import { LockService } from '../../../src/execution/locks/lock-service.js';
import { RecipeService } from '../../../src/execution/recipes/recipe-service.js';
import type { Graph } from '../../../src/graph/graph.js';
import type { PlanService } from '../../../src/plan/plan-service.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { testConfig } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { acceptPlan, copyFixture, goldenPlanFor, ORDERS_LIST_TS, PACK_FILES, planService, startWork } from '../../support/plan-fixture.js';

describe('RecipeService on an accepted plan', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  let plans: PlanService;
  let recipes: RecipeService;
  let workId: string;
  const repoId = testNamespace('recipes');
  const gates: GatesConfig = {
    defaultTimeoutSeconds: 60,
    profiles: { default: { modes: { fast: [{ name: 'unit-orders', cmd: [process.execPath, '-e', 'process.exit(0)'] }] } } },
    commitGates: {},
  };
  const request = (recipeId: string, nodeId: string, params: unknown) => ({ workId, nodeId, agentId: 'agent-1', runSessionId: 'run-1', recipeId, params, worktreeRoot: fixture.root, packFiles: PACK_FILES });

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = copyFixture();
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId } });
    ({ workId } = await startWork(graph, repoId, fixture.root));
    plans = planService(graph, repoId, fixture.root);
    await acceptPlan(graph, repoId, plans, workId, await goldenPlanFor(plans, workId));
    const config = testConfig(repoId, { gates });
    recipes = new RecipeService({ graph, repoId, config, plans });
  }, 120_000);
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    fixture.dispose();
    await graph.close();
  });

  it('refuses an edit of a file another live work reserved, and records the denied run', async () => {
    const { workId: other } = await startWork(graph, repoId, fixture.root);
    const locks = new LockService({ graph, repoId });
    await locks.acquire(other, 'c-x', [`file:${ORDERS_LIST_TS}`]);
    await expect(recipes.run(request('replace_lexeme_in_file', 'c-total-column', { file: ORDERS_LIST_TS, from: 'statusRenderer', to: 'orderStatusRenderer' })))
      .rejects.toMatchObject({ code: 'EXEC_SIDE_EFFECT_COLLISION', details: { holders: [{ workId: other }] } });
    expect(readFileSync(join(fixture.root, ORDERS_LIST_TS), 'utf8')).toContain("'statusRenderer'");
    await locks.release(other);
  });

  it('replaces a lexeme in the change node’s target file, marks the node executed and records recipe_usage with provenance', async () => {
    const out = await recipes.run(request('replace_lexeme_in_file', 'c-total-column', { file: ORDERS_LIST_TS, from: 'statusRenderer', to: 'orderStatusRenderer', expectedCount: 3 }));
    expect(out.result).toMatchObject({ file: ORDERS_LIST_TS, replacements: 3, progress: { completedNodes: 0, remainingNodes: 3 } });
    const text = readFileSync(join(fixture.root, ORDERS_LIST_TS), 'utf8');
    expect(text).toContain("cellRenderer: 'orderStatusRenderer'");
    expect(text).not.toMatch(/[^A-Za-z]statusRenderer/);
    const usage = (await recipes.usages(workId)).find((u) => u.id === out.usageId);
    expect(usage).toMatchObject({ type: 'recipe_usage', nodeId: 'c-total-column', agentId: 'agent-1', runSessionId: 'run-1', recipeId: 'replace_lexeme_in_file', outcome: 'succeeded', errorCode: null, paramsHash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) });
    expect(usage!.durationMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(usage!.finishedAt)).toBeGreaterThanOrEqual(Date.parse(usage!.startedAt));
  });

  it.each([
    ['a file that is not the node’s target', 'replace_lexeme_in_file', 'c-total-column', { file: 'projects/host/src/app/orders/orders.service.ts', from: 'a', to: 'b' }, 'PLAN_SCOPE_VIOLATION'],
    ['a traversal path', 'replace_lexeme_in_file', 'c-total-column', { file: `../${ORDERS_LIST_TS}`, from: 'a', to: 'b' }, 'PLAN_SCOPE_VIOLATION'],
    ['a validate node for an edit', 'replace_lexeme_in_file', 'v-total-column', { file: ORDERS_LIST_TS, from: 'a', to: 'b' }, 'PLAN_SCOPE_VIOLATION'],
    ['a lexeme that does not occur', 'replace_lexeme_in_file', 'c-total-column', { file: ORDERS_LIST_TS, from: 'nowhereToBeFound', to: 'b' }, 'INVALID_ARGS'],
    ['an option-like validation target', 'run_targeted_validation', 'c-total-column', { step: 'unit-orders', target: '--inspect' }, 'INVALID_ARGS'],
    ['an unknown node', 'run_targeted_validation', 'n-404', { step: 'unit-orders' }, 'NOT_FOUND'],
  ])('refuses %s and still records the run as denied', async (_n, recipeId, nodeId, params, code) => {
    const before = (await recipes.usages(workId)).length;
    await expect(recipes.run(request(recipeId, nodeId, params))).rejects.toMatchObject({ code });
    const usages = await recipes.usages(workId);
    expect(usages).toHaveLength(before + 1);
    expect(usages.at(-1)).toMatchObject({ outcome: 'denied', errorCode: code, recipeId });
  });

  it('runs the validate node’s hooks through run_targeted_validation, which passes the node and moves progress', async () => {
    const out = await recipes.run(request('run_targeted_validation', 'v-total-column', { step: 'unit-orders' }));
    expect(out.result).toMatchObject({ passed: true, progress: { completedNodes: 2, pendingValidations: [] } });
    expect((await plans.readPlan(workId))!.nodes.find((n) => n.nodeId === 'v-total-column')).toMatchObject({ outcome: 'succeeded' });
  });
});
