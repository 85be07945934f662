import { describe, expect, it } from 'vitest';
import { rowProps } from '../../../ingest/policy/seed-loader.js';
import { rowFromRecord } from '../../../ingest/policy/seed-export.js';
import { seedRowSchema } from '../../../ingest/policy/seed-schema.js';
import { promotionRow, type PromotionSource } from '../../../src/memory/promotion-row.js';
import type { PolicyRecordRow } from '../../../src/retrieval/lanes/lane.queries.js';
import { policyPlaneOf } from '../../../src/retrieval/lanes/policy.lane.js';
import { applySignatureOverrides, type ContextSignature } from '../../../src/retrieval/index.js';

const BASE: ContextSignature = {
  hasJira: false, hasSwagger: false, mentionsAgGrid: false, touchesShadowDom: false, crossesFederationBoundary: false,
  migrationAdpDetected: false, contractAnchorPresent: true, testConfidenceLevel: 2, taskTypeGuess: 'ui_feature',
};
const SIGNAL = { featureFlag: 'mentionsAgGrid', value: true, reason: 'orders is a grid' };
const source = (over: Partial<PromotionSource> = {}): PromotionSource => ({
  id: 'repo:memory:sig', memoryId: 'sig', state: 'approved', enforcementType: 'strategy_signal', note: 'orders screens are grids', rejectionCodes: [],
  planRuleJson: null, fewShotJson: null, strategySignalJson: JSON.stringify(SIGNAL), anchorPaths: ['src/app/orders'], declaredAnchors: [], ...over,
});
const at = { version: 1, at: '2030-01-01T00:00:00.000Z', who: 'person:ann' };
const memory = { id: 'sig', enforcementType: 'strategy_signal', state: 'approved', domainAnchorIds: ['src/app/orders'], strategySignal: SIGNAL };
const refusal = (over: Partial<PromotionSource>) => {
  try {
    promotionRow(source(over), at);
  } catch (error) {
    return error as { code: string; details: { field: string } };
  }
  throw new Error('not refused');
};

// Issue 13 items 5 and 8: a strategy_signal memory promoted to the policy plane keeps overriding the
// signature, from one source.
describe('promotionRow for a strategy_signal memory', () => {
  it('becomes a soft policy carrying the signal, scoped like the memory', () => {
    expect(promotionRow(source(), at)).toEqual({
      id: 'memory.sig', version: 1, updated_at: at.at, updated_by: 'person:ann', applies_to: ['src/app/orders'], description: 'promoted from memory sig',
      type: 'policy', severity: 'soft', rule: 'orders screens are grids (promoted from memory sig)', strategy_signal: SIGNAL, from_memory: 'sig',
    });
  });

  it('keeps only featureFlag, value and reason, and says what it sets when the memory has no note', () => {
    const row = promotionRow(source({ note: null, strategySignalJson: JSON.stringify({ featureFlag: 'task_type', value: 'debug', confidence: 0.9 }) }), at);
    expect(row).toMatchObject({ rule: 'set task_type = "debug" before the strategy is chosen (promoted from memory sig)', strategy_signal: { featureFlag: 'task_type', value: 'debug' } });
  });

  it('refuses a signal the override layer could not apply, naming the field', () => {
    expect(refusal({ strategySignalJson: null })).toMatchObject({ code: 'INVALID_ARGS', details: { field: 'strategySignal' } });
    expect(refusal({ strategySignalJson: '[1]' })).toMatchObject({ details: { field: 'strategySignal' } });
    expect(refusal({ strategySignalJson: JSON.stringify({ featureFlag: 'colour', value: true }) })).toMatchObject({ details: { field: 'strategySignal.featureFlag' } });
    expect(refusal({ strategySignalJson: JSON.stringify({ featureFlag: 'hasJira', value: 'perhaps' }) })).toMatchObject({ details: { field: 'strategySignal.value' } });
    expect(refusal({ strategySignalJson: JSON.stringify({ featureFlag: 'testConfidenceLevel', value: 7 }) })).toMatchObject({ details: { field: 'strategySignal.value' } });
  });

  it('the seed schema refuses the same rows a maintainer might write by hand', () => {
    const row = { ...promotionRow(source(), at) } as Record<string, unknown>;
    expect(seedRowSchema.safeParse({ ...row, strategy_signal: { featureFlag: 'hasJira', value: true, extra: 1 } }).success).toBe(false);
    expect(seedRowSchema.safeParse({ ...row, strategy_signal: { featureFlag: 'nope', value: true } }).success).toBe(false);
    expect(seedRowSchema.safeParse({ ...row, strategy_signal: { featureFlag: 'hasJira', value: { nested: true } } }).success).toBe(false);
  });

  it('round-trips through ingestion and the seed export', () => {
    const row = promotionRow(source(), at);
    const { label, props } = rowProps({ row, file: '.ai/graph/seed/memory-promotions.jsonl', line: 1, source: 'repo' });
    expect(props.strategySignalJson).toBe(JSON.stringify(SIGNAL));
    expect(rowFromRecord(label, { ...props, id: 'r:seed:memory.sig@1', repoId: 'r', recordId: row.id, current: true })).toEqual({ row });
  });
});

describe('the promoted signal in strategy selection', () => {
  const record = (props: Record<string, unknown>): PolicyRecordRow => ({ label: 'Policy', recordId: 'memory.sig', version: 1, props: { severity: 'soft', rule: 'r', appliesTo: ['src/app/orders'], ...props }, anchorPaths: [] });
  const plane = (props: Record<string, unknown>) => policyPlaneOf([record(props)], { folders: ['src/app/orders'], legacyTags: [] }).plane;

  it('the policy lane turns a Policy carrying a strategy_signal into a feature signal naming its memory', () => {
    expect(plane({ strategySignalJson: JSON.stringify(SIGNAL), fromMemory: 'sig' }).signals).toEqual([
      { kind: 'feature', id: 'memory.sig', severity: 'soft', feature: 'mentionsAgGrid', value: true, reason: 'orders is a grid', fromMemory: 'sig' },
    ]);
    expect(plane({ strategySignalJson: '{broken' }).signals).toEqual([]);
    expect(policyPlaneOf([record({ strategySignalJson: JSON.stringify(SIGNAL) })], { folders: ['src/app/billing'], legacyTags: [] }).plane.signals).toEqual([]);
  });

  it('gives the same signature before and after promotion, applied once and from one source', () => {
    const before = applySignatureOverrides(BASE, { memories: [memory], anchorsInPlay: ['src/app/orders'] });
    const signals = plane({ strategySignalJson: JSON.stringify(SIGNAL), fromMemory: 'sig' }).signals;
    // Whether or not the memory lane still hands over the memory, the policy applies in its place.
    for (const memories of [[memory], []]) {
      const after = applySignatureOverrides(BASE, { memories, policies: signals, anchorsInPlay: ['src/app/orders'] });
      expect(after.signature).toEqual(before.signature);
      expect(after.applied).toEqual([{ source: 'policy', sourceId: 'memory.sig', feature: 'mentionsAgGrid', from: false, to: true, reason: 'orders is a grid' }]);
      expect(after.ignored).toEqual([{ source: 'memory', sourceId: 'sig', why: 'promoted: policy memory.sig applies in its place' }]);
    }
    expect(before.applied).toEqual([{ source: 'memory', sourceId: 'sig', feature: 'mentionsAgGrid', from: false, to: true, reason: 'orders is a grid' }]);
  });

  it('a promoted policy whose signal cannot apply leaves the memory in force', () => {
    const broken = [{ kind: 'feature' as const, id: 'memory.sig', severity: 'soft' as const, feature: 'hasJira', value: 'perhaps', fromMemory: 'sig' }];
    const result = applySignatureOverrides(BASE, { memories: [memory], policies: broken, anchorsInPlay: ['src/app/orders'] });
    expect(result.applied).toEqual([expect.objectContaining({ source: 'memory', sourceId: 'sig', feature: 'mentionsAgGrid' })]);
    expect(result.ignored).toEqual([{ source: 'policy', sourceId: 'memory.sig', why: 'cannot set "hasJira" to "perhaps"' }]);
  });

  it('still applies with memory.enableStrategyOverride off: it is a policy now', () => {
    const signals = plane({ strategySignalJson: JSON.stringify(SIGNAL), fromMemory: 'sig' }).signals;
    const result = applySignatureOverrides(BASE, { memories: [], policies: signals, anchorsInPlay: ['src/app/orders'], memorySignals: false });
    expect(result.signature.mentionsAgGrid).toBe(true);
  });
});
