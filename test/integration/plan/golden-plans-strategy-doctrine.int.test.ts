import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import { TurnResponseSchema, type TurnResponse } from '../../../src/controller/envelope.schema.js';
import type { TurnDispatcher } from '../../../src/controller/turn-dispatcher.js';
import type { Graph } from '../../../src/graph/graph.js';
import type { PlanGraph, PlanGraphSchemaDocument } from '../../../src/plan/index.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { GOLDEN_PLANS } from '../../fixtures/plans/index.js';
import { boundary, change, changeOf, hook, materialise, prompt, validate, type LiveEnvelope } from '../../fixtures/plans/kit.js';
import { makeDispatcher, setWorkState, testConfig } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { copyFixture, GOLDEN_PLAN_GATES } from '../../support/plan-fixture.js';

const TASK_ID = 'debug-order-edit-url';
const task = (JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/eval/tasks.json'), 'utf8')) as { tasks: Array<{ id: string; prompt: string; lexemes?: string[] }> })
  .tasks.find((t) => t.id === TASK_ID)!;
const golden = GOLDEN_PLANS.get(TASK_ID)!;

// The repository's own Strategy record (v3 of the shipped strategy.debug_symptom_trace) requires
// "reproduce first": a test change, then the bugfix change depending on it.
const REPO_STRATEGY = {
  id: 'strategy.debug_symptom_trace', type: 'strategy', version: 3, updated_at: '2026-11-22T00:00:00Z', updated_by: 'repo-maintainers',
  name: 'debug_symptom_trace', priority: 2, triggers: ['taskTypeDebug'], checkpoints: ['reproduce the symptom in a spec before fixing it'],
  plan_doctrine: { allowed_concerns: ['bugfix', 'test'], validate_per_change: true, required_sequence: [{ kind: 'change', concern: 'test' }, { kind: 'change', concern: 'bugfix' }] },
};

const SPEC = 'projects/host/src/app/orders/renderers/order-edit-renderer.component.spec.ts';

/** The golden plan, reproduced first: a spec for the Edit navigation, which the fix depends on. */
function reproducedFirst(plan: PlanGraph): void {
  const fix = changeOf(plan, 'c-edit-navigation');
  fix.dependsOn = ['c-repro-spec'];
  plan.nodes.unshift(
    change({
      nodeId: 'c-repro-spec', operation: 'create', targetFile: SPEC, targetSymbols: [],
      atomicityBoundary: boundary('test', 'A spec reproduces the undefined edit URL.', ['the renderer code']),
      whyThisFile: 'A spec next to OrderEditRendererComponent pins what edit() navigates to.',
      editIntent: {
        instruction: 'Create the spec file with exactly the content given in after.',
        location: { lineStart: 1, lineEnd: 12 },
        after: [
          "import { Router } from '@angular/router';",
          "import { TestBed } from '@angular/core/testing';",
          "import { OrderEditRendererComponent } from './order-edit-renderer.component';",
          '',
          "describe('OrderEditRendererComponent', () => {",
          "  it('navigates to the edit page of its row', () => {",
          "    const router = { navigate: jasmine.createSpy('navigate'), navigateByUrl: jasmine.createSpy('navigateByUrl') };",
          '    TestBed.configureTestingModule({ providers: [{ provide: Router, useValue: router }] });',
          '    const renderer = TestBed.runInInjectionContext(() => new OrderEditRendererComponent());',
          "    renderer.agInit({ data: { id: '42' } } as never);",
          '    renderer.edit();',
          "    expect(router.navigate).toHaveBeenCalledWith(['/orders', '42', 'edit']);",
          '  });',
          '});',
          '',
        ].join('\n'),
      },
      citations: [prompt("navigates to '/orders/undefined/edit' instead of the order's edit page")],
      codeEvidence: [{ file: 'projects/host/src/app/orders/renderers/order-edit-renderer.component.ts', symbol: 'OrderEditRendererComponent', lineStart: 18, lineEnd: 28, observation: 'edit() navigates from params.data.id.' }],
      verificationHooks: [hook('h-unit', 'unit-orders', ['ac-edit-url'], "The renderer spec expects navigate(['/orders', '42', 'edit']) for a row with id 42.")],
      expectedFailureSignatures: ["Expected spy navigate to have been called with [ [ '/orders', '42', 'edit' ] ]"],
      correctionCandidateOnFail: 'The spec fails before the fix: that is the reproduction; continue with c-edit-navigation.',
    }),
  );
  plan.nodes.push(validate('v-repro-spec', ['c-repro-spec', 'c-edit-navigation'], [hook('h-unit', 'unit-orders', ['ac-edit-url'], 'The renderer spec passes once the fix is in.')],
    'The reproducing spec passes after the fix.', { expectedFailureSignatures: ['1 failed'], correctionCandidateOnFail: 'Re-read edit() against the spec.' }));
}

describe('strategy doctrines from graph Strategy records (real Neo4j)', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  let ctl: TurnDispatcher;
  const repoId = testNamespace('strategy-doctrine');
  const turn = async (args: Record<string, unknown>): Promise<TurnResponse> => TurnResponseSchema.parse(await ctl.turn(args));

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = copyFixture();
    mkdirSync(join(fixture.root, '.ai', 'graph', 'seed'), { recursive: true });
    writeFileSync(join(fixture.root, '.ai', 'graph', 'seed', 'strategies.jsonl'), `${JSON.stringify(REPO_STRATEGY)}\n`);
    const summary = await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId } });
    expect(summary.policy.errors).toEqual([]);
    ctl = makeDispatcher(graph, fixture.root, repoId, { config: testConfig(repoId, { gates: GOLDEN_PLAN_GATES }) });
  }, 180_000);
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    fixture.dispose();
    await graph.close();
  });

  async function submit(mutate?: (plan: PlanGraph) => void): Promise<TurnResponse> {
    const init = await turn({ verb: 'initialize_work', originalPrompt: task.prompt, args: { lexemes: task.lexemes ?? [] } });
    const schema = init.result.planGraphSchema as PlanGraphSchemaDocument;
    expect(schema.strategyId).toBe('debug_symptom_trace');
    expect(schema.enforcementObligations).toContain('Strategy debug_symptom_trace doctrine (strategy.debug_symptom_trace@3): change concerns bugfix, test; a validate node maps to every change; node sequence change (test) → change (bugfix); deviations need strategyDeviationReason + strategyDeviationEvidence.');
    const plan = materialise(golden, { ...(schema.envelope as unknown as LiveEnvelope), agentId: init.agentId!, runSessionId: 'run-doctrine' });
    mutate?.(plan);
    try {
      return await turn({ verb: 'submit_execution_plan', workId: init.workId, agentId: init.agentId, args: { planGraph: plan } });
    } finally {
      await graph.write(setWorkState, { workId: init.workId!, repoId, state: 'COMPLETED', usedTokens: null, totalNodes: null, completedNodes: null });
    }
  }

  it("rejects the golden plan (accepted under the shipped doctrine) because the repo's Strategy requires a reproducing test first", async () => {
    const r = await submit();
    expect(r.state).toBe('PLANNING');
    expect(r.deny?.details.codes).toEqual(['PLAN_STRATEGY_MISMATCH']);
    expect(r.deny?.problems).toEqual([{ code: 'PLAN_STRATEGY_MISMATCH', path: '$.nodes', message: expect.stringMatching(/^The debug_symptom_trace doctrine \(Strategy strategy\.debug_symptom_trace@3\) requires a change \(test\) node/) }]);
  }, 120_000);

  it('accepts the plan once the reproducing spec comes first and the fix depends on it', async () => {
    const r = await submit(reproducedFirst);
    expect(r.deny).toBeUndefined();
    expect(r.state).toBe('PLAN_ACCEPTED');
  }, 120_000);

  it('rejects a fix that does not depend on the reproducing spec', async () => {
    const r = await submit((plan) => {
      reproducedFirst(plan);
      changeOf(plan, 'c-edit-navigation').dependsOn = [];
    });
    expect(r.deny?.details.codes).toEqual(['PLAN_STRATEGY_MISMATCH']);
    expect(r.deny?.problems).toEqual([expect.objectContaining({ path: '$.nodes[1].dependsOn', message: expect.stringMatching(/^\[c-edit-navigation\] .* Fix: /) })]);
  }, 120_000);
});
