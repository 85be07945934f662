import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import { TurnResponseSchema, type TurnResponse } from '../../../src/controller/envelope.schema.js';
import type { TurnDispatcher } from '../../../src/controller/turn-dispatcher.js';
import type { Graph } from '../../../src/graph/graph.js';
import type { PlanGraphSchemaDocument } from '../../../src/plan/index.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { GOLDEN_PLANS } from '../../fixtures/plans/index.js';
import { materialise, type LiveEnvelope } from '../../fixtures/plans/kit.js';
import { makeDispatcher, setWorkState, testConfig } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { copyFixture, GOLDEN_PLAN_GATES, planService } from '../../support/plan-fixture.js';

interface EvalTask { id: string; class: string; prompt: string; lexemes?: string[] }

const TASKS_FILE = join(import.meta.dirname, '../../fixtures/eval/tasks.json');
const readTasks = (): EvalTask[] => (JSON.parse(readFileSync(TASKS_FILE, 'utf8')) as { tasks: EvalTask[] }).tasks;
const TASKS = readTasks();

// Every golden task of the retrieval evaluation gets its pack for real (initialize_work on the ingested
// fixture), and its golden plan (test/fixtures/plans/<taskId>.plan.ts, written from that pack) is
// submitted through submit_execution_plan and must be accepted with no violation; removing what the
// task class needs (its `critical` mutations) must fail with exactly the expected code on that pack.
describe('golden plans of the eval tasks (real packs, real Neo4j)', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  let ctl: TurnDispatcher;
  const repoId = testNamespace('golden-plans');
  const turn = async (args: Record<string, unknown>): Promise<TurnResponse> => TurnResponseSchema.parse(await ctl.turn(args));

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = copyFixture();
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId } });
    ctl = makeDispatcher(graph, fixture.root, repoId, { config: testConfig(repoId, { gates: GOLDEN_PLAN_GATES }) });
  }, 180_000);
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    fixture.dispose();
    await graph.close();
  });

  it('has a golden plan for every task of tasks.json, and none for unknown tasks', () => {
    const ids = readTasks().map((t) => t.id);
    expect(ids.filter((id) => !GOLDEN_PLANS.has(id)), 'tasks without a golden plan in test/fixtures/plans/').toEqual([]);
    expect([...GOLDEN_PLANS.keys()].filter((id) => !ids.includes(id)), 'golden plans of tasks no longer in tasks.json').toEqual([]);
  });

  it.each(TASKS.map((t) => [t.id, t] as const))('accepts the golden plan of %s', async (id, task) => {
    const golden = GOLDEN_PLANS.get(id);
    expect(golden, `no golden plan for task ${id}: add test/fixtures/plans/${id}.plan.ts`).toBeDefined();
    const init = await turn({ verb: 'initialize_work', originalPrompt: task.prompt, args: { lexemes: task.lexemes ?? [] } });
    expect(init.state).toBe('PLANNING');
    const schema = init.result.planGraphSchema as PlanGraphSchemaDocument;
    const strategies = [golden!.strategyId, ...(golden!.alsoValidUnder ?? [])];
    expect(strategies, `retrieval now selects ${schema.strategyId} for ${id}; the golden plan follows ${strategies.join(' or ')}`).toContain(schema.strategyId);
    const envelope = { ...(schema.envelope as unknown as LiveEnvelope), agentId: init.agentId!, runSessionId: `run-golden-${id}` };
    try {
      const plans = planService(graph, repoId, fixture.root, GOLDEN_PLAN_GATES);
      for (const critical of (golden!.critical ?? []).filter((c) => !c.under || c.under.includes(schema.strategyId))) {
        const mutated = materialise(golden!, envelope, schema.strategyId);
        critical.mutate(mutated);
        const verdict = await plans.validate(init.workId!, mutated);
        expect([...new Set(verdict.violations.map((v) => v.code))], `${id} ${critical.what}`).toEqual([critical.code]);
      }
      const submitted = await turn({ verb: 'submit_execution_plan', workId: init.workId, agentId: init.agentId, args: { planGraph: materialise(golden!, envelope, schema.strategyId) } });
      expect(submitted.deny, `violations of the golden plan of ${id}`).toBeUndefined();
      expect(submitted.state).toBe('PLAN_ACCEPTED');
      expect(submitted.result).toMatchObject({ accepted: true, strategyId: schema.strategyId });
      expect(submitted.progress?.totalNodes).toBe(golden!.body.nodes.length);
    } finally {
      // Each task is an independent work on one repository: finishing it frees the files and side-effect
      // payloads its accepted plan reserved, so the next task's plan does not collide with it.
      await graph.write(setWorkState, { workId: init.workId!, repoId, state: 'COMPLETED', usedTokens: null, totalNodes: null, completedNodes: null });
    }
  }, 120_000);
});
