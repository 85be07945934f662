import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { rowProps } from '../../../ingest/policy/seed-loader.js';
import { exportableFile, groupByFile, rowFromRecord } from '../../../ingest/policy/seed-export.js';
import { seedRowSchema, type SeedRow } from '../../../ingest/policy/seed-schema.js';
import { scaffoldPlanRule } from '../../../src/memory/friction-candidates.js';
import { promotedRecordId, promotionRow, rowPayload, type PromotionSource } from '../../../src/memory/promotion-row.js';
import { processClock } from '../../../src/runtime/clock.js';

const source = (over: Partial<PromotionSource>): PromotionSource => ({
  id: 'repo:memory:m1', memoryId: 'm1', state: 'approved', enforcementType: 'plan_rule', note: 'ask for a validation', rejectionCodes: ['PLAN_VERIFICATION_WEAK'],
  planRuleJson: scaffoldPlanRule('PLAN_VERIFICATION_WEAK'), fewShotJson: null, strategySignalJson: null, anchorPaths: ['src/app/orders'], declaredAnchors: ['anchor-1'], ...over,
});
const at = { version: 1, at: '2030-01-01T00:00:00.000Z', who: 'person:ann' };

describe('promotionRow', () => {
  it('turns a plan_rule memory into a hard policy carrying the rule, scoped by its resolved anchors', () => {
    expect(promotionRow(source({}), at)).toEqual({
      id: 'memory.m1', version: 1, updated_at: at.at, updated_by: 'person:ann', applies_to: ['src/app/orders'],
      description: 'promoted from memory m1 (PLAN_VERIFICATION_WEAK)', type: 'policy', severity: 'hard', rule: 'ask for a validation (promoted from memory m1)',
      rejection_code: 'PLAN_VERIFICATION_WEAK', plan_rule: JSON.parse(scaffoldPlanRule('PLAN_VERIFICATION_WEAK')), from_memory: 'm1',
    });
  });

  it('refuses with the field named: a malformed rule, an unknown deny code, a strategy_signal without a signal, an empty informational memory', () => {
    const refused = (over: Partial<PromotionSource>) => {
      try {
        promotionRow(source(over), at);
      } catch (error) {
        return (error as { code: string; details: { field: string } });
      }
      throw new Error('not refused');
    };
    expect(refused({ planRuleJson: '{"condition":{}}' })).toMatchObject({ code: 'INVALID_ARGS', details: { field: 'planRule.requiredSteps' } });
    expect(refused({ planRuleJson: JSON.stringify({ condition: {}, requiredSteps: [], denyCode: 'NO_SUCH_CODE' }) })).toMatchObject({ details: { field: 'planRule.denyCode' } });
    expect(refused({ enforcementType: 'strategy_signal' })).toMatchObject({ details: { field: 'strategySignal' } });
    expect(refused({ enforcementType: 'informational', note: null })).toMatchObject({ details: { field: 'note' } });
    expect(refused({ enforcementType: 'few_shot', fewShotJson: '{"before": 3}' })).toMatchObject({ details: { field: 'few_shot' } });
  });

  it('keeps the same payload across versions and times, so a second promotion is recognised', () => {
    const a = promotionRow(source({}), at);
    const b = promotionRow(source({}), { version: 2, at: '2031-01-01T00:00:00.000Z', who: 'person:bob' });
    expect(rowPayload(a)).toBe(rowPayload(b));
    expect(rowPayload(a)).not.toBe(rowPayload(promotionRow(source({ note: 'other' }), at)));
  });

  it('derives a valid seed id from any memory id', () => {
    expect(promotedRecordId('mem-friction-r-PLAN_X-a1')).toBe('memory.mem-friction-r-PLAN_X-a1');
    const long = promotedRecordId(`x/${'y'.repeat(200)}`);
    expect(long).toMatch(/^memory\.x-y+\.[0-9a-f]{12}$/);
    expect(long.length).toBeLessThanOrEqual(120);
  });
});

describe('rowFromRecord (graph export)', () => {
  const roundTrip = (row: SeedRow) => {
    const { label, props } = rowProps({ row, file: '.ai/graph/seed/a.jsonl', line: 1, source: 'repo' });
    return rowFromRecord(label, { ...props, id: `r:seed:${row.id}@${row.version}`, repoId: 'r', recordId: row.id, current: true });
  };

  it('gives back the row ingestion stored, including nested JSON and renamed keys', () => {
    const rows = [
      promotionRow(source({}), at),
      seedRowSchema.parse({ id: 'm', version: 3, updated_at: at.at, updated_by: 't', type: 'migration_rule', from_tag: 'adp-table', to_tag: 'sdf-table', status: 'confirmed', prop_mappings: { rows: 'data' } }),
      seedRowSchema.parse({ id: 'e', version: 1, updated_at: at.at, updated_by: 't', type: 'example_ref', kind: 'anti', file: 'src/a.ts', start_line: 3 }),
    ];
    for (const row of rows) expect(roundTrip(row)).toEqual({ row });
  });

  it('reports a record that does not reproduce its content hash', () => {
    const row = promotionRow(source({}), at);
    const { label, props } = rowProps({ row, file: 'a', line: 1, source: 'repo' });
    const hash = createHash('sha256').update('other').digest('hex').slice(0, 32);
    expect(rowFromRecord(label, { ...props, recordId: row.id, contentHash: hash })).toMatchObject({ mismatch: expect.stringContaining(hash) });
    expect(rowFromRecord('Nope', {})).toEqual({ error: 'unknown policy-plane label Nope' });
  });
});

describe('groupByFile and exportableFile (graph export)', () => {
  it('groups rows by the file they came from, in line order, and keeps a traversal out of the output folder', () => {
    const row = promotionRow(source({}), at);
    const groups = groupByFile([
      { row: { ...row, version: 2 }, sourceFile: '.ai/graph/seed/b/x.jsonl:7' },
      { row, sourceFile: '.ai/graph/seed/b/x.jsonl:2' },
      { row, sourceFile: 'graphgate:.ai/graph/seed/policies.jsonl:1' },
      { row, sourceFile: '.ai/graph/seed/../../../etc/x.jsonl:1' },
    ]);
    expect([...groups.keys()]).toEqual(['../../../etc/x.jsonl', 'b/x.jsonl', 'graphgate/policies.jsonl']);
    expect(groups.get('b/x.jsonl')!.map((r) => r.version)).toEqual([1, 2]);
    expect([...groups.keys()].map(exportableFile)).toEqual([false, true, true]);
    expect(['/abs.jsonl', 'a.txt', 'a\u0000.jsonl'].map(exportableFile)).toEqual([false, false, false]);
  });
});

describe('processClock', () => {
  it('shifts real time by GRAPHGATE_CLOCK_SHIFT_HOURS and refuses a non-number', () => {
    const shifted = processClock({ GRAPHGATE_CLOCK_SHIFT_HOURS: '49' })().getTime() - Date.now();
    expect(Math.abs(shifted - 49 * 3_600_000)).toBeLessThan(5_000);
    expect(() => processClock({ GRAPHGATE_CLOCK_SHIFT_HOURS: 'soon' })).toThrow(/must be a number of hours/);
  });
});

describe('promotion of a friction memory (its id embeds an anchor id)', () => {
  it('keeps the full memory id in from_memory and derives a valid record id', () => {
    const memoryId = 'mem-friction-repo-1-PLAN_VERIFICATION_WEAK-repo-1:anchor:projects/host/src';
    const row = promotionRow(source({ memoryId }), at);
    expect(row).toMatchObject({ from_memory: memoryId, id: expect.stringMatching(/^memory\.mem-friction-repo-1-PLAN_VERIFICATION_WEAK-repo-1:anchor:projects-host-src\.[0-9a-f]{12}$/) });
    expect(() => promotionRow(source({ memoryId: 'bad\u0000id' }), at)).toThrow(/from_memory/);
  });
});
