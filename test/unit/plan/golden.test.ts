import { describe, expect, it } from 'vitest';
import { validatePlan } from '../../../src/plan/index.js';
import { contextOf, goldenWorld } from './support/golden.js';
import { goldenPlan } from './support/golden-plan.js';

describe('validatePlan on the golden plan', () => {
  it('accepts it with no violations', async () => {
    const result = await validatePlan(goldenPlan(), contextOf(goldenWorld()));
    expect(result.violations).toEqual([]);
    expect(result.accepted).toBe(true);
  });

  it('initialises progress from the plan', async () => {
    const result = await validatePlan(goldenPlan(), contextOf(goldenWorld()));
    expect(result.progress).toEqual({
      totalNodes: 5, completedNodes: 0, remainingNodes: 5,
      pendingValidations: [{ nodeId: 'v-orders', status: 'not_started' }, { nodeId: 'v-detail', status: 'not_started' }],
    });
  });

  it('reports every plan rule separately, skipping the expired provisional memory', async () => {
    const result = await validatePlan(goldenPlan(), contextOf(goldenWorld()));
    expect(result.memoryRuleResults.map((r) => [r.memoryId, r.applicable, r.satisfied, r.enforcement])).toEqual([
      ['memory:mem-001', true, true, 'deny'],
      ['memory:mem-002', false, true, 'skipped'],
      ['policy:no_adp', false, true, 'deny'],
      ['policy:sdf_alert_unit_checked', true, true, 'deny'],
    ]);
  });

  it('is deterministic', async () => {
    const a = await validatePlan(goldenPlan(), contextOf(goldenWorld()));
    const b = await validatePlan(goldenPlan(), contextOf(goldenWorld()));
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  });
});
