import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import { parseSeedText } from '../../../ingest/policy/seed-loader.js';
import { exportPolicyPlane } from '../../../ingest/policy/seed-export.js';
import { DEFAULT_MEMORY_CONFIG } from '../../../src/config/config.schema.js';
import type { Graph } from '../../../src/graph/graph.js';
import { fewShotsFor } from '../../../src/memory/few-shots.js';
import type { LifecycleSettings } from '../../../src/memory/lifecycle.js';
import { promoteMemory } from '../../../src/memory/promotion.js';
import { showMemory } from '../../../src/memory/review.js';
import { buildPlanRules } from '../../../src/plan/enforcement/bundle.js';
import { loadEnforcementBundle } from '../../../src/plan/enforcement/graph-bundle.js';
import { readActiveMemories } from '../../../src/retrieval/lanes/memory.lane.js';
import { readPolicyRecords } from '../../../src/retrieval/lanes/policy.lane.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { scaffoldPlanRule } from '../../../src/memory/friction-candidates.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { copyFixture, ORDERS_LIST_TS } from '../../support/plan-fixture.js';

const SETTINGS = DEFAULT_MEMORY_CONFIG as unknown as LifecycleSettings;
const ORDERS = 'projects/host/src/app/orders';
const AT = '2030-01-01T00:00:00.000Z';
const memory = (id: string, enforcementType: string, state: string, payload: Record<string, unknown>) => JSON.stringify({
  id, trigger: 'rejection_pattern', phase: 'planning', domainAnchorIds: [ORDERS], enforcementType, rejectionCodes: ['PLAN_VERIFICATION_WEAK'],
  note: `learned ${id}`, state, createdAt: AT, updatedAt: AT, ...payload,
});
// Written as the seed schema orders keys, so the export can be compared byte for byte.
const TEAM_ROWS = [
  { id: 'orders-alias', version: 1, updated_at: AT, updated_by: 'team', type: 'lexeme_alias', term: 'order total', aliases: ['grand total'] },
  { id: 'orders-rule', version: 1, updated_at: AT, updated_by: 'team', type: 'policy', severity: 'soft', rule: 'Prefer sdf-table in orders' },
  { id: 'orders-rule', version: 2, updated_at: AT, updated_by: 'team', applies_to: [`${ORDERS}/**`], type: 'policy', severity: 'hard', rule: 'Use sdf-table in orders', check: 'no_new_tag_prefix', params: { prefix: 'adp-' }, rejection_code: 'PLAN_POLICY_VIOLATION' },
];

// Issue 13 item 8: an approved memory becomes a policy-plane seed row, ingested, enforced once; the
// policy plane goes back to seed JSONL with `graph export`.
describe('memory promotion to the policy plane and the seed export (real Neo4j)', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  const repoId = testNamespace('mem-promote');
  const promotions = () => join(fixture.root, '.ai', 'graph', 'seed', 'memory-promotions.jsonl');
  const promotedRows = () => (existsSync(promotions()) ? readFileSync(promotions(), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>) : []);
  // No plan is ever validated here: every promotion is the person's explicit override (promotion-validation.int.test.ts covers validation).
  const promote = (id: string, extra: { approve?: boolean } = {}) => promoteMemory({
    graph, repoId, root: fixture.root, id, who: 'person:reviewer', now: new Date(AT), settings: SETTINGS, log: silentLogger, withoutValidation: true, why: 'fixture', ...extra,
  });

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = copyFixture();
    mkdirSync(join(fixture.root, '.ai', 'memory'), { recursive: true });
    mkdirSync(join(fixture.root, '.ai', 'graph', 'seed'), { recursive: true });
    writeFileSync(join(fixture.root, '.ai', 'memory', 'learned.jsonl'), [
      memory('rule', 'plan_rule', 'approved', { planRule: JSON.parse(scaffoldPlanRule('PLAN_VERIFICATION_WEAK')) }),
      memory('shot', 'few_shot', 'approved', { fewShot: { instruction: 'Name a configured gate step', before: '{"ref":"npm-test"}', after: '{"ref":"unit-orders"}' } }),
      memory('doubt', 'plan_rule', 'pending', { planRule: JSON.parse(scaffoldPlanRule('PLAN_VERIFICATION_WEAK')) }),
      memory('signal', 'strategy_signal', 'approved', { strategySignal: { featureFlag: 'mentionsAgGrid', value: true, reason: 'orders is a grid' } }),
      memory('note', 'informational', 'approved', {}),
    ].join('\n'));
    writeFileSync(join(fixture.root, '.ai', 'graph', 'seed', 'team.jsonl'), `${TEAM_ROWS.map((r) => JSON.stringify(r)).join('\n')}\n`);
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId } });
  }, 120_000);
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    fixture.dispose();
    await graph.close();
  });

  it('refuses a pending memory without --approve and an unknown one, writing nothing', async () => {
    await expect(promote('doubt')).rejects.toMatchObject({ code: 'ILLEGAL_TRANSITION', message: expect.stringMatching(/is pending; only an approved memory is promoted/) });
    await expect(promote('nothing-here')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(existsSync(promotions())).toBe(false);
    expect((await showMemory(graph, repoId, 'doubt')).memory.state).toBe('pending');
  });

  it('refuses a promotions file that is a symlink before approving anything, and writes nothing through it', async () => {
    const outside = join(mkdtempSync(join(tmpdir(), 'gg-outside-')), 'target.jsonl');
    writeFileSync(outside, '');
    symlinkSync(outside, promotions());
    try {
      await expect(promote('doubt', { approve: true })).rejects.toMatchObject({ code: 'PATH_REJECTED' });
      expect(readFileSync(outside, 'utf8')).toBe('');
      expect((await showMemory(graph, repoId, 'doubt')).memory.state).toBe('pending');
    } finally {
      unlinkSync(promotions());
      rmSync(join(outside, '..'), { recursive: true, force: true });
    }
  });

  it('refuses while the promotions file holds a row the policy plane refuses, naming file and line, and appends nothing', async () => {
    writeFileSync(promotions(), '{"id":"memory.x","type":"policy"}\n');
    try {
      await expect(promote('rule')).rejects.toMatchObject({ code: 'INVALID_ARGS', message: expect.stringContaining('.ai/graph/seed/memory-promotions.jsonl:1: version'), details: { file: '.ai/graph/seed/memory-promotions.jsonl' } });
      expect(readFileSync(promotions(), 'utf8')).toBe('{"id":"memory.x","type":"policy"}\n');
      expect((await showMemory(graph, repoId, 'rule')).transitions).toEqual([]);
    } finally {
      unlinkSync(promotions());
    }
  });

  it('promotes a plan_rule to a hard Policy carrying the rule, enforced in the memory\'s place', async () => {
    const first = await promote('rule');
    expect(first).toMatchObject({ memoryId: 'rule', recordId: 'memory.rule', version: 1, label: 'Policy', written: true, transition: { from: 'approved', to: 'approved', who: 'person:reviewer' } });
    expect(promotedRows()).toEqual([expect.objectContaining({ id: 'memory.rule', type: 'policy', severity: 'hard', from_memory: 'rule', applies_to: [ORDERS], rejection_code: 'PLAN_VERIFICATION_WEAK', plan_rule: JSON.parse(scaffoldPlanRule('PLAN_VERIFICATION_WEAK')) })]);
    const { rules, skipped } = buildPlanRules(await loadEnforcementBundle(graph, repoId), new Date(AT));
    expect(skipped).toContainEqual({ ruleId: 'memory:rule', reason: 'promoted' });
    const rule = rules.find((r) => r.ruleId === 'policy:memory.rule');
    expect(rule).toMatchObject({ source: 'graph_policy', advisoryOnly: false, statement: 'learned rule (promoted from memory rule)', body: { denyCode: 'PLAN_VERIFICATION_WEAK' } });
    expect(rule!.domainAnchorIds).toHaveLength(1);
    const shown = await showMemory(graph, repoId, 'rule');
    expect(shown.memory).toMatchObject({ state: 'approved', promotedTo: 'memory.rule' });
    expect(shown.transitions).toEqual([expect.objectContaining({ from: 'approved', to: 'approved', why: 'promoted to the policy plane as policy memory.rule@1 without validation: fixture' })]);
    const changelog = readFileSync(join(fixture.root, '.ai', 'memory', 'changelog.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(changelog.at(-1)).toMatchObject({ memoryId: `${repoId}:memory:rule`, promotedTo: `${repoId}:seed:memory.rule@1` });
  });

  it('is idempotent: promoting again writes no row and no transition', async () => {
    const again = await promote('rule');
    expect(again).toMatchObject({ recordId: 'memory.rule', version: 1, written: false });
    expect(again.transition).toBeUndefined();
    expect(promotedRows()).toHaveLength(1);
    expect((await showMemory(graph, repoId, 'rule')).transitions).toHaveLength(1);
  });

  it('promotes a few_shot to an ExampleRef that trace_symbol_graph shows once, from the policy plane', async () => {
    expect(await promote('shot')).toMatchObject({ recordId: 'memory.shot', label: 'ExampleRef', written: true });
    expect(promotedRows()[1]).toMatchObject({ type: 'example_ref', kind: 'preferred', few_shot: { instruction: 'Name a configured gate step', before: '{"ref":"npm-test"}' } });
    expect(await fewShotsFor(graph, repoId, [ORDERS_LIST_TS], new Date(AT))).toEqual([
      { memoryId: 'shot', state: 'approved', policyRecordId: 'memory.shot', instruction: 'Name a configured gate step', before: '{"ref":"npm-test"}', after: '{"ref":"unit-orders"}' },
    ]);
    expect(await fewShotsFor(graph, repoId, ['projects/host/src/app/app.component.ts'], new Date(AT))).toEqual([]);
  });

  it('with --approve, a person approves a pending memory and promotes it in one step', async () => {
    const result = await promote('doubt', { approve: true });
    expect(result).toMatchObject({ recordId: 'memory.doubt', written: true, approval: { from: 'pending', to: 'approved' }, transition: { from: 'approved', to: 'approved' } });
    expect((await showMemory(graph, repoId, 'doubt')).transitions.map((t) => t.to)).toEqual(['approved', 'approved']);
  });

  it('two promotions of one memory at once write one row and one transition (the ingest lock serialises them)', async () => {
    const [a, b] = await Promise.all([promote('note'), promote('note')]);
    expect([a.written, b.written].sort()).toEqual([false, true]);
    expect(a).toMatchObject({ recordId: 'memory.note', version: 1, label: 'Policy' });
    expect(b).toMatchObject({ recordId: 'memory.note', version: 1 });
    expect(promotedRows().filter((r) => r.id === 'memory.note')).toEqual([expect.objectContaining({ type: 'policy', severity: 'soft', rule: 'learned note (promoted from memory note)' })]);
    expect((await showMemory(graph, repoId, 'note')).transitions).toHaveLength(1);
  });

  it('a promoted memory reaches the pack once: as its policy-plane record, no longer as a memory', async () => {
    const memories = (await readActiveMemories({ graph, repoId })).map((m) => m.id);
    // rule, shot, doubt and note were promoted above; the strategy_signal was not (strategy-signal-promotion.int.test.ts promotes one).
    expect(memories).toEqual(['signal']);
    const records = (await readPolicyRecords({ graph, repoId })).map((r) => r.recordId).filter((id) => id.startsWith('memory.'));
    expect(records).toEqual(['memory.shot', 'memory.doubt', 'memory.note', 'memory.rule']);
  });

  it('exports the policy plane back to seed JSONL: the same rows, byte for byte, and leaves agreeing files untouched', async () => {
    const out = mkdtempSync(join(tmpdir(), 'gg-export-'));
    try {
      const summary = await exportPolicyPlane({ graph, repoId, out });
      expect(summary.problems).toEqual([]);
      expect(summary.files).toEqual([{ file: 'memory-promotions.jsonl', rows: 4, written: true }, { file: 'team.jsonl', rows: 3, written: true }]);
      expect(readFileSync(join(out, 'team.jsonl'), 'utf8')).toBe(readFileSync(join(fixture.root, '.ai', 'graph', 'seed', 'team.jsonl'), 'utf8'));
      const rows = (text: string) => parseSeedText(text, 'x', 'repo').rows.map((r) => r.row);
      expect(rows(readFileSync(join(out, 'memory-promotions.jsonl'), 'utf8'))).toEqual(rows(readFileSync(promotions(), 'utf8')));
      const inPlace = await exportPolicyPlane({ graph, repoId, out: join(fixture.root, '.ai', 'graph', 'seed') });
      expect(inPlace.files.map((f) => f.written)).toEqual([false, false]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
