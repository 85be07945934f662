import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import { DEFAULT_MEMORY_CONFIG } from '../../../src/config/config.schema.js';
import { TurnResponseSchema, type TurnResponse } from '../../../src/controller/envelope.schema.js';
import type { TurnDispatcher } from '../../../src/controller/turn-dispatcher.js';
import type { Graph } from '../../../src/graph/graph.js';
import type { LifecycleSettings } from '../../../src/memory/lifecycle.js';
import { promoteMemory, type PromoteInput } from '../../../src/memory/promotion.js';
import { showMemory } from '../../../src/memory/review.js';
import { scaffoldPlanRule } from '../../../src/memory/friction-candidates.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { makeDispatcher, testConfig } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { copyFixture, PLAN_TEST_GATES, workWithWeakTwin } from '../../support/plan-fixture.js';

const SETTINGS = DEFAULT_MEMORY_CONFIG as unknown as LifecycleSettings;
// The fixture's domain anchor of the orders files (anchors are cut at depth 3).
const HOST = 'projects/host/src';
const AT = '2030-01-01T00:00:00.000Z';
const memory = (id: string, enforcementType: string, anchor: string, payload: Record<string, unknown> = {}) => JSON.stringify({
  id, trigger: 'rejection_pattern', phase: 'planning', domainAnchorIds: [anchor], enforcementType, rejectionCodes: ['PLAN_VERIFICATION_WEAK'],
  note: `learned ${id}`, state: 'approved', createdAt: AT, updatedAt: AT, ...payload,
});

// Issue 13 item 8, "only after validation passed, or by explicit approval": a memory is promoted once an
// accepted plan was validated with it in force, or when a person overrides with a reason.
describe('promotion only after validation passed, or by an explicit override (real Neo4j)', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  let ctl: TurnDispatcher;
  const repoId = testNamespace('mem-validate');
  const turn = async (args: Record<string, unknown>): Promise<TurnResponse> => TurnResponseSchema.parse(await ctl.turn(args));
  const promotions = () => join(fixture.root, '.ai', 'graph', 'seed', 'memory-promotions.jsonl');
  const promote = (id: string, extra: Partial<PromoteInput> = {}) => promoteMemory({ graph, repoId, root: fixture.root, id, who: 'person:reviewer', now: new Date(AT), settings: SETTINGS, log: silentLogger, ...extra });

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = copyFixture();
    mkdirSync(join(fixture.root, '.ai', 'memory'), { recursive: true });
    writeFileSync(join(fixture.root, '.ai', 'memory', 'learned.jsonl'), [
      memory('rule', 'plan_rule', HOST, { planRule: JSON.parse(scaffoldPlanRule('PLAN_VERIFICATION_WEAK')) }),
      memory('note', 'informational', HOST),
      // Scoped to the admin screens: no orders work carries it.
      memory('elsewhere', 'informational', 'projects/host/src/app/admin'),
    ].join('\n'));
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId } });
    ctl = makeDispatcher(graph, fixture.root, repoId, { config: testConfig(repoId, { gates: PLAN_TEST_GATES, locks: { overlapPolicy: 'block', leaseSeconds: 900 } }) });
  }, 120_000);
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    fixture.dispose();
    await graph.close();
  });

  it('refuses an approved memory no accepted plan was validated with, naming what is missing, and writes nothing', async () => {
    await expect(promote('rule')).rejects.toMatchObject({
      code: 'MEMORY_NOT_VALIDATED', message: expect.stringContaining('--without-validation --why'),
      details: { id: 'rule', enforcementType: 'plan_rule', missing: 'an accepted plan whose validation checked this plan rule and found it satisfied' },
    });
    await expect(promote('note')).rejects.toMatchObject({ code: 'MEMORY_NOT_VALIDATED', details: { missing: 'an accepted plan made from a context pack that carried this memory' } });
    expect(existsSync(promotions())).toBe(false);
    expect((await showMemory(graph, repoId, 'rule')).transitions).toEqual([]);
  });

  it('a refused plan is no validation', async () => {
    const { ids, weak } = await workWithWeakTwin(turn, graph, repoId, fixture.root);
    expect((await turn({ verb: 'submit_execution_plan', ...ids, args: { planGraph: weak } })).deny?.code).toBe('PLAN_VERIFICATION_WEAK');
    await expect(promote('rule')).rejects.toMatchObject({ code: 'MEMORY_NOT_VALIDATED' });
  });

  it('after an accepted plan was validated with them in force, promotes the plan_rule and the memory its pack carried', async () => {
    const { ids, good } = await workWithWeakTwin(turn, graph, repoId, fixture.root);
    const accepted = await turn({ verb: 'submit_execution_plan', ...ids, args: { planGraph: good } });
    expect(accepted.state).toBe('PLAN_ACCEPTED');
    expect(accepted.result.memoryRuleResults).toContainEqual(expect.objectContaining({ memoryId: 'memory:rule', applicable: true, satisfied: true }));

    const rule = await promote('rule', { why: 'holds in practice' });
    expect(rule).toMatchObject({ recordId: 'memory.rule', written: true, validation: { kind: 'plan_rule_satisfied', workId: ids.workId } });
    expect((await showMemory(graph, repoId, 'rule')).transitions).toEqual([expect.objectContaining({
      why: expect.stringMatching(new RegExp(`^promoted to the policy plane as policy memory\\.rule@1 after validation \\(accepted plan turn \\S+ of work ${ids.workId} satisfied the rule\\): holds in practice$`)),
    })]);
    const note = await promote('note');
    expect(note).toMatchObject({ recordId: 'memory.note', written: true, validation: { kind: 'accepted_with_pack', workId: ids.workId } });
  });

  it('a memory no pack carried still needs the override, and the override needs a reason', async () => {
    await expect(promote('elsewhere')).rejects.toMatchObject({ code: 'MEMORY_NOT_VALIDATED' });
    await expect(promote('elsewhere', { withoutValidation: true })).rejects.toMatchObject({ code: 'INVALID_ARGS', details: { field: 'why' } });
    await expect(promote('elsewhere', { withoutValidation: true, why: '   ' })).rejects.toMatchObject({ code: 'INVALID_ARGS' });
    const forced = await promote('elsewhere', { withoutValidation: true, why: 'the remote team asked for it' });
    expect(forced).toMatchObject({ recordId: 'memory.elsewhere', written: true, validation: { kind: 'override', why: 'the remote team asked for it' } });
    expect((await showMemory(graph, repoId, 'elsewhere')).transitions.at(-1)?.why).toBe('promoted to the policy plane as policy memory.elsewhere@1 without validation: the remote team asked for it');
    const changelog = readFileSync(join(fixture.root, '.ai', 'memory', 'changelog.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { why: string });
    expect(changelog.at(-1)?.why).toContain('without validation: the remote team asked for it');
    expect(readFileSync(promotions(), 'utf8').trim().split('\n')).toHaveLength(3);
  });
});
