import { describe, expect, it } from 'vitest';
import { buildPlanRules, EMPTY_BUNDLE } from '../../../src/plan/enforcement/bundle.js';
import { policyPlanRule } from '../../../src/plan/enforcement/graph-bundle.js';
import { planRows } from '../../../src/plan/plan-persistence.js';
import { verificationCatalogFromConfig } from '../../../src/plan/verification-catalog.js';
import { goldenPlan } from './support/golden-plan.js';

describe('verificationCatalogFromConfig', () => {
  it('lists every configured step once, validation recipes only, and the commit gates', () => {
    const step = (name: string, extra: Record<string, unknown> = {}) => ({ name, cmd: ['npx', name], ...extra });
    const catalog = verificationCatalogFromConfig({
      gates: {
        defaultTimeoutSeconds: 60,
        profiles: {
          a: { modes: { fast: [step('unit'), step('e2e', { piercesShadowDom: true })], full: [step('unit', { flaky: true })] } },
          b: { modes: { fast: [step('e2e', { piercesShadowDom: true }), step('lint')] } },
        },
        commitGates: { 'gate-b': { profile: 'b', mode: 'fast' }, 'gate-a': { profile: 'a', mode: 'full' } },
      },
      recipes: { enabled: ['replace_lexeme_in_file', 'run_targeted_validation'] },
    });
    expect(catalog).toEqual({
      gateSteps: [{ id: 'e2e', piercesShadowDom: true, flaky: false }, { id: 'lint', piercesShadowDom: false, flaky: false }, { id: 'unit', piercesShadowDom: false, flaky: true }],
      recipes: [{ id: 'run_targeted_validation', piercesShadowDom: false }],
      commitGates: ['gate-a', 'gate-b'],
    });
  });
});

describe('policyPlanRule', () => {
  it('turns the no_new_tag_prefix check into a deny rule and leaves dedicated checks alone', () => {
    expect(policyPlanRule({ check: 'no_new_tag_prefix', paramsJson: '{"prefix":"adp-"}', rejectionCode: 'PLAN_POLICY_VIOLATION', planRuleJson: null }))
      .toEqual({ condition: { nodeKind: 'change', introducesTagPrefix: 'adp-' }, requiredSteps: [], denyCode: 'PLAN_POLICY_VIOLATION' });
    expect(policyPlanRule({ check: 'federation_chain_required', paramsJson: null, rejectionCode: 'PLAN_FEDERATION_PROOF_MISSING', planRuleJson: null })).toBeNull();
    expect(policyPlanRule({ check: null, paramsJson: null, rejectionCode: null, planRuleJson: '{"condition":{}' })).toEqual({ malformed: true });
  });

  it('reports a policy without a plan-rule form as skipped, not malformed', () => {
    const { rules, skipped } = buildPlanRules({ ...EMPTY_BUNDLE, graphPolicyRules: [{ id: 'fed', kind: 'hard', derivedFrom: 'curated', statement: 's', domainAnchorIds: [], groundedAnchorIds: [], rule: null }] }, new Date());
    expect(rules).toEqual([]);
    expect(skipped).toEqual([{ ruleId: 'policy:fed', reason: 'not_a_plan_rule' }]);
  });

  it('enforces a memory promoted to a policy once, through the policy; a broken promoted policy leaves the memory enforcing', () => {
    const body = { condition: {}, requiredSteps: [], denyCode: 'PLAN_POLICY_VIOLATION' };
    const memory = { id: 'm1', enforcementType: 'plan_rule' as const, state: 'approved' as const, domainAnchorIds: [], planRule: body };
    const policy = (rule: unknown) => ({ id: 'memory.m1', kind: 'hard' as const, derivedFrom: 'curated' as const, statement: 's', domainAnchorIds: [], groundedAnchorIds: [], rule, fromMemory: 'm1' });
    const promoted = buildPlanRules({ ...EMPTY_BUNDLE, activeMemories: [memory], graphPolicyRules: [policy(body)] }, new Date());
    expect(promoted.rules.map((r) => r.ruleId)).toEqual(['policy:memory.m1']);
    expect(promoted.skipped).toEqual([{ ruleId: 'memory:m1', reason: 'promoted' }]);
    const broken = buildPlanRules({ ...EMPTY_BUNDLE, activeMemories: [memory], graphPolicyRules: [policy({ ...body, denyCode: 'NOT_A_CODE' })] }, new Date());
    expect(broken.rules.map((r) => r.ruleId)).toEqual(['memory:m1']);
    expect(broken.skipped).toEqual([{ ruleId: 'policy:memory.m1', reason: 'unknown_deny_code' }]);
  });
});

describe('planRows', () => {
  it('stores every node with its order, edges for dependsOn and targets only for existing files', () => {
    const rows = planRows('plan-1', goldenPlan());
    expect(rows.totalNodes).toBe(5);
    expect(rows.nodes.map((n) => [n.id, n.props.ordinal, n.targetFile])).toEqual([
      ['plan-1:c-orders-alert', 0, 'src/app/orders/orders-table.component.html'],
      ['plan-1:c-detail-severity', 1, 'projects/remote-orders/src/app/order-detail/order-detail.component.ts'],
      ['plan-1:v-orders', 2, null], ['plan-1:v-detail', 3, null], ['plan-1:se-jira', 4, null],
    ]);
    expect(rows.nodes[1]!.symbolRefs).toEqual([{ file: 'projects/remote-orders/src/app/order-detail/order-detail.component.ts', name: 'OrderDetailComponent.alertSeverity' }]);
    expect(rows.edges).toContainEqual({ from: 'plan-1:se-jira', to: 'plan-1:v-orders' });
    expect(JSON.parse(rows.plan.props.envelopeJson as string)).not.toHaveProperty('nodes');
    expect(JSON.parse(rows.nodes[0]!.props.nodeJson as string)).toMatchObject({ nodeId: 'c-orders-alert', kind: 'change' });
  });
});
