import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import { loadConfig } from '../../../src/config/index.js';
import { TurnResponseSchema, type TurnResponse } from '../../../src/controller/envelope.schema.js';
import type { TurnDispatcher } from '../../../src/controller/turn-dispatcher.js';
import { AppError } from '../../../src/errors/index.js';
import type { Graph } from '../../../src/graph/graph.js';
import type { PlanGraphSchemaDocument } from '../../../src/plan/index.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { GOLDEN_PLANS } from '../../fixtures/plans/index.js';
import { materialise, type LiveEnvelope } from '../../fixtures/plans/kit.js';
import { makeDispatcher, setWorkState, testConfig } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { copyFixture, GOLDEN_PLAN_GATES } from '../../support/plan-fixture.js';

const TASK_ID = 'add-created-column';
const task = (JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/eval/tasks.json'), 'utf8')) as { tasks: Array<{ id: string; prompt: string; lexemes?: string[] }> })
  .tasks.find((t) => t.id === TASK_ID)!;
const golden = GOLDEN_PLANS.get(TASK_ID)!;

// The evidence policy comes from the repository's `.ai/config` (`evidencePolicy`): raising a minimum
// there turns the accepted golden plan (two code-evidence files per change) into an evidence rejection.
describe('evidence policy from repo config (real Neo4j)', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  const repoId = testNamespace('evidence-config');

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = copyFixture();
    writeFileSync(join(fixture.root, '.ai', 'config', 'repo.json'), JSON.stringify({ gates: GOLDEN_PLAN_GATES, evidencePolicy: { minCodeEvidenceSources: 3 } }));
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId } });
  }, 180_000);
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    fixture.dispose();
    await graph.close();
  });

  async function planFor(ctl: TurnDispatcher): Promise<{ submitted: TurnResponse; schema: PlanGraphSchemaDocument }> {
    const turn = async (args: Record<string, unknown>): Promise<TurnResponse> => TurnResponseSchema.parse(await ctl.turn(args));
    const init = await turn({ verb: 'initialize_work', originalPrompt: task.prompt, args: { lexemes: task.lexemes ?? [] } });
    const schema = init.result.planGraphSchema as PlanGraphSchemaDocument;
    expect(schema.strategyId).toBe(golden.strategyId);
    const envelope = { ...(schema.envelope as unknown as LiveEnvelope), agentId: init.agentId!, runSessionId: 'run-evidence-config' };
    try {
      const submitted = await turn({ verb: 'submit_execution_plan', workId: init.workId, agentId: init.agentId, args: { planGraph: materialise(golden, envelope) } });
      return { submitted, schema };
    } finally {
      await graph.write(setWorkState, { workId: init.workId!, repoId, state: 'COMPLETED', usedTokens: null, totalNodes: null, completedNodes: null });
    }
  }

  it('accepts the golden plan under the default policy', async () => {
    const { submitted, schema } = await planFor(makeDispatcher(graph, fixture.root, repoId, { config: testConfig(repoId, { gates: GOLDEN_PLAN_GATES }) }));
    expect(schema.evidencePolicy).toMatchObject({ minRequirementSources: 1, minCodeEvidenceSources: 1, minPolicySources: 0, minDistinctSources: 2, allowSingleSourceWithGuard: true });
    expect(submitted.deny).toBeUndefined();
    expect(submitted.state).toBe('PLAN_ACCEPTED');
  }, 120_000);

  it('rejects the same plan with PLAN_EVIDENCE_INSUFFICIENT once repo.json raises minCodeEvidenceSources, and says so in planGraphSchema', async () => {
    const { config } = loadConfig({ repoRoot: fixture.root, env: {} });
    expect(config.evidencePolicy).toMatchObject({ minCodeEvidenceSources: 3, minRequirementSources: 1, minDistinctSources: 2 });
    const { submitted, schema } = await planFor(makeDispatcher(graph, fixture.root, repoId, { config: { ...config, repo: { id: repoId } } }));
    expect(schema.evidencePolicy.minCodeEvidenceSources).toBe(3);
    const jsonPolicy = (schema.jsonSchema.properties as Record<string, { properties: Record<string, { minimum?: number }> }>).evidencePolicy!;
    expect(jsonPolicy.properties.minCodeEvidenceSources!.minimum).toBe(3);
    expect(submitted.state).toBe('PLANNING');
    expect(submitted.deny?.details.codes).toEqual(['PLAN_EVIDENCE_INSUFFICIENT']);
    expect(submitted.deny?.problems).toEqual(expect.arrayContaining([
      expect.objectContaining({ path: '$.evidencePolicy.minCodeEvidenceSources' }),
      expect.objectContaining({ path: '$.nodes[0].codeEvidence', message: expect.stringMatching(/^\[c-created-column\] /) }),
    ]));
  }, 120_000);

  it('refuses an invalid evidencePolicy naming the file, the key and the problem', () => {
    const root = mkdtempSync(join(tmpdir(), 'gg-evidence-config-'));
    try {
      mkdirSync(join(root, '.ai', 'config'), { recursive: true });
      writeFileSync(join(root, '.ai', 'config', 'repo.json'), JSON.stringify({ evidencePolicy: { minDistinctSources: 0, minCodeEvidence: 2 } }));
      let caught: unknown;
      try {
        loadConfig({ repoRoot: root, env: {} });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(AppError);
      const error = caught as AppError;
      expect(error.code).toBe('INVALID_CONFIG');
      expect(error.message).toMatch(/repo\.json at evidencePolicy/);
      expect(error.details.problems).toEqual(expect.arrayContaining([
        { key: 'evidencePolicy.minDistinctSources', problem: expect.stringMatching(/>=\s*1|too small/i) },
        { key: 'evidencePolicy', problem: expect.stringContaining('minCodeEvidence') },
      ]));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
