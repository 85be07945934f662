import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applySignatureOverrides, canonicalFeature, decideStrategy, selectStrategy, TASK_TYPES,
  type ContextSignature, type PolicySignal, type StrategySignalMemory,
} from '../../../src/retrieval/index.js';

const BASE: ContextSignature = {
  hasJira: false, hasSwagger: false, mentionsAgGrid: false, touchesShadowDom: false, crossesFederationBoundary: false,
  migrationAdpDetected: false, contractAnchorPresent: true, testConfidenceLevel: 2, taskTypeGuess: 'ui_feature',
};
const mem = (over: Partial<StrategySignalMemory> & { featureFlag: string; value: unknown }): StrategySignalMemory => {
  const { featureFlag, value, ...rest } = over;
  return { id: 'm1', enforcementType: 'strategy_signal', state: 'approved', domainAnchorIds: [], strategySignal: { featureFlag, value }, ...rest };
};

describe('decision table', () => {
  it.each<[Partial<ContextSignature>, string, number]>([
    [{ migrationAdpDetected: true, taskTypeGuess: 'debug', hasSwagger: true }, 'migration_adp_to_sdf', 1],
    [{ taskTypeGuess: 'debug', hasSwagger: true }, 'debug_symptom_trace', 2],
    [{ hasSwagger: true }, 'api_contract_feature', 3],
    [{ taskTypeGuess: 'api_contract' }, 'api_contract_feature', 3],
    [{ mentionsAgGrid: true }, 'ui_aggrid_feature', 4],
    [{ taskTypeGuess: 'unknown' }, 'ui_aggrid_feature', 4],
  ])('%j → %s', (over, id, priority) => {
    const row = decideStrategy({ ...BASE, ...over });
    expect([row.strategyId, row.priority]).toEqual([id, priority]);
  });
});

describe('override layer', () => {
  it('accepts camelCase and snake_case feature names', () => {
    expect(canonicalFeature('migration_adp_present')).toBe('migrationAdpDetected');
    expect(canonicalFeature('has_swagger')).toBe('hasSwagger');
    expect(canonicalFeature('task_type_guess')).toBe('taskTypeGuess');
    expect(canonicalFeature('nope')).toBeNull();
  });

  it('applies memories provisional before approved, older before newer, so the strongest wins', () => {
    const { signature, applied } = applySignatureOverrides(BASE, {
      memories: [
        mem({ id: 'b', featureFlag: 'taskTypeGuess', value: 'api_contract', updatedAt: '2026-01-02T00:00:00Z' }),
        mem({ id: 'a', featureFlag: 'taskTypeGuess', value: 'debug', updatedAt: '2026-01-01T00:00:00Z' }),
        mem({ id: 'c', featureFlag: 'task_type_guess', value: 'migration', state: 'provisional', updatedAt: '2026-02-01T00:00:00Z' }),
      ],
    });
    expect(applied.map((a) => a.sourceId)).toEqual(['c', 'a', 'b']);
    expect(signature.taskTypeGuess).toBe('api_contract');
  });

  it.each<[string, StrategySignalMemory, string]>([
    ['inactive memories', mem({ featureFlag: 'hasSwagger', value: true, state: 'pending' }), 'state pending is not active'],
    ['other enforcement types', mem({ featureFlag: 'hasSwagger', value: true, enforcementType: 'plan_rule' }), 'enforcementType plan_rule does not carry strategy signals'],
    ['out-of-scope memories', mem({ featureFlag: 'hasSwagger', value: true, domainAnchorIds: ['src/app/billing'] }), 'none of its domain anchors is in play'],
    ['unknown features', mem({ featureFlag: 'colour', value: true }), 'unknown feature "colour"'],
    ['bad values', mem({ featureFlag: 'testConfidenceLevel', value: 9 }), 'value 9 is not valid for testConfidenceLevel'],
  ])('ignores %s with a reason', (_label, memory, why) => {
    const { signature, ignored } = applySignatureOverrides(BASE, { memories: [memory], anchorsInPlay: ['src/app/orders'] });
    expect(signature).toEqual(BASE);
    expect(ignored).toEqual([{ source: 'memory', sourceId: 'm1', why }]);
  });

  it('applies no memory with memory.enableStrategyOverride off, listing each as ignored; policies still apply', () => {
    const policy: PolicySignal = { kind: 'feature', id: 'p1', severity: 'hard', feature: 'hasSwagger', value: true };
    const { signature, applied, ignored } = applySignatureOverrides(BASE, { memories: [mem({ featureFlag: 'taskTypeGuess', value: 'debug' })], policies: [policy], memorySignals: false });
    expect(signature.taskTypeGuess).toBe('ui_feature');
    expect(ignored).toEqual([{ source: 'memory', sourceId: 'm1', why: 'memory.enableStrategyOverride is off' }]);
    expect(applied.map((a) => a.source)).toEqual(['policy']);
  });

  it('applies a scoped memory when a nested anchor is in play', () => {
    const { signature } = applySignatureOverrides(BASE, { memories: [mem({ featureFlag: 'mentionsAgGrid', value: 'true', domainAnchorIds: ['src/app/orders'] })], anchorsInPlay: ['src/app/orders/detail'] });
    expect(signature.mentionsAgGrid).toBe(true);
  });

  it.each<[PolicySignal, boolean, boolean]>([
    [{ kind: 'no_adp', id: 'no_adp', severity: 'hard' }, true, true],
    [{ kind: 'no_adp', id: 'no_adp', severity: 'hard' }, false, false],
    [{ kind: 'no_adp', id: 'no_adp', severity: 'soft' }, true, false],
  ])('no_adp policy %j with legacy in scope=%s forces migration=%s', (policy, legacyInScope, forced) => {
    expect(applySignatureOverrides(BASE, { policies: [policy], legacyInScope }).signature.migrationAdpDetected).toBe(forced);
  });

  it('applies graph policy signals after memories', () => {
    const { signature, applied } = applySignatureOverrides(BASE, {
      memories: [mem({ featureFlag: 'hasSwagger', value: true })],
      policies: [{ kind: 'feature', id: 'p1', severity: 'hard', feature: 'has_swagger', value: false }],
    });
    expect(applied.map((a) => [a.source, a.feature, a.to])).toEqual([['memory', 'hasSwagger', true], ['policy', 'hasSwagger', false]]);
    expect(signature.hasSwagger).toBe(false);
  });
});

describe('selectStrategy', () => {
  it('decides on the overridden signature and explains the decision', () => {
    const d = selectStrategy({
      base: { signature: { ...BASE, crossesFederationBoundary: true, mentionsAgGrid: true }, reasons: [] },
      policies: [{ kind: 'no_adp', id: 'no_adp', severity: 'hard' }],
      legacyInScope: true,
    });
    expect(d.strategyId).toBe('migration_adp_to_sdf');
    expect(d.baseSignature.migrationAdpDetected).toBe(false);
    expect(d.reasons).toEqual([
      'rule 1 (migrationAdpDetected) selected migration_adp_to_sdf',
      'migrationAdpDetected=true set by policy no_adp: hard no_adp policy with legacy usage in scope',
    ]);
    expect(d.requiredProofChains).toEqual(['aggrid_origin', 'federation']);
    expect(d.suggestedSplits).toContain('federation-chain-check');
    expect(d.subAgentHints.recommended).toBe(true);
    expect(d.escalationGuidance.length).toBeGreaterThanOrEqual(3);
  });

  it('quotes the evidence of the deciding feature', () => {
    const d = selectStrategy({ base: { signature: { ...BASE, hasSwagger: true }, reasons: [{ feature: 'hasSwagger', value: true, evidence: ['endpoint /api/orders'] }] } });
    expect(d.reasons).toContain('hasSwagger=true from endpoint /api/orders');
  });

  it('is a pure function of its input, whatever the order of memories', () => {
    const sig = fc.record({
      hasJira: fc.boolean(), hasSwagger: fc.boolean(), mentionsAgGrid: fc.boolean(), touchesShadowDom: fc.boolean(),
      crossesFederationBoundary: fc.boolean(), migrationAdpDetected: fc.boolean(), contractAnchorPresent: fc.boolean(),
      testConfidenceLevel: fc.integer({ min: 0, max: 3 }), taskTypeGuess: fc.constantFrom(...TASK_TYPES),
    });
    const memory = fc.record({
      id: fc.constantFrom('m1', 'm2', 'm3'), state: fc.constantFrom('approved', 'provisional', 'pending'),
      featureFlag: fc.constantFrom('hasSwagger', 'task_type_guess', 'migration_adp_present'), value: fc.constantFrom(true, false, 'debug', 'x'),
      updatedAt: fc.constantFrom('2026-01-01', '2026-01-02'),
    }).map(({ featureFlag, value, ...m }) => mem({ ...m, featureFlag, value }));
    fc.assert(fc.property(sig, fc.array(memory, { maxLength: 5 }), (base, memories) => {
      const unique = [...new Map(memories.map((m) => [m.id, m])).values()];
      expect(selectStrategy({ base, memories: [...unique].reverse() })).toEqual(selectStrategy({ base, memories: unique }));
    }));
  });
});
