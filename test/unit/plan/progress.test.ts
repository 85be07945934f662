import { describe, expect, it } from 'vitest';
import { completionDecision, computeProgress, EMPTY_EXECUTION, isNodeComplete, recordOutcome, type ExecutionState } from '../../../src/plan/index.js';
import { goldenPlan } from './support/golden-plan.js';

const plan = goldenPlan();
const run = (...steps: Array<[string, 'running' | 'succeeded' | 'failed']>): ExecutionState =>
  steps.reduce((state, [id, outcome]) => recordOutcome(plan, state, id, outcome), EMPTY_EXECUTION);

describe('progress', () => {
  it('does not count a change as complete until every validate node mapping to it passed', () => {
    const state = run(['c-orders-alert', 'succeeded']);
    expect(isNodeComplete(plan, state, 'c-orders-alert')).toBe(false);
    expect(isNodeComplete(plan, recordOutcome(plan, state, 'v-orders', 'succeeded'), 'c-orders-alert')).toBe(true);
  });

  it('does not count a passed validation as completing a change that did not succeed', () => {
    expect(isNodeComplete(plan, run(['v-orders', 'succeeded']), 'c-orders-alert')).toBe(false);
  });

  it('reports totals and the status of pending validations', () => {
    const progress = computeProgress(plan, run(['c-orders-alert', 'succeeded'], ['v-orders', 'running'], ['c-detail-severity', 'succeeded'], ['v-detail', 'failed']));
    expect(progress).toEqual({
      totalNodes: 5, completedNodes: 0, remainingNodes: 5,
      pendingValidations: [{ nodeId: 'v-orders', status: 'running' }, { nodeId: 'v-detail', status: 'failed' }],
    });
  });

  it('refuses completion while nodes remain and allows it when none do', () => {
    const partial = computeProgress(plan, run(['c-orders-alert', 'succeeded'], ['v-orders', 'succeeded']));
    expect(partial).toMatchObject({ completedNodes: 2, remainingNodes: 3 });
    expect(completionDecision(partial)).toEqual({ allowed: false, reason: '3 of 5 node(s) are not complete' });
    const done = computeProgress(plan, run(
      ['c-orders-alert', 'succeeded'], ['v-orders', 'succeeded'], ['c-detail-severity', 'succeeded'], ['v-detail', 'succeeded'], ['se-jira', 'succeeded'],
    ));
    expect(done).toEqual({ totalNodes: 5, completedNodes: 5, remainingNodes: 0, pendingValidations: [] });
    expect(completionDecision(done)).toEqual({ allowed: true });
  });

  it('reopens a change when a later validation fails', () => {
    const state = run(['c-orders-alert', 'succeeded'], ['v-orders', 'succeeded'], ['v-orders', 'failed']);
    expect(isNodeComplete(plan, state, 'c-orders-alert')).toBe(false);
  });

  it('refuses outcomes for nodes outside the plan and completion without a plan', () => {
    expect(() => recordOutcome(plan, EMPTY_EXECUTION, 'ghost', 'succeeded')).toThrow(RangeError);
    expect(() => recordOutcome(plan, EMPTY_EXECUTION, '__proto__', 'succeeded')).toThrow(RangeError);
    expect(completionDecision(computeProgress({ nodes: [] }, EMPTY_EXECUTION)).allowed).toBe(false);
  });
});
