import { describe, expect, it } from 'vitest';
import { buildPlanRules, validatePlan, type MigrationRuleFact } from '../../../src/plan/index.js';
import { contextOf, goldenBundle, goldenWorld, type World } from './support/golden.js';
import { goldenPlan } from './support/golden-plan.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- plans are edited freely here */
const ORDERS = 0;
const DETAIL = 1;

function withRule(world: World, rule: Partial<MigrationRuleFact>): void {
  const current = world.context.enforcementBundle.migrationRules[0] as MigrationRuleFact;
  world.context.enforcementBundle = { ...world.context.enforcementBundle, migrationRules: [{ ...current, ...rule }] };
}

const escalateFor = (tag: string): any => ({
  kind: 'escalate', nodeId: 'esc-mapping', dependsOn: [],
  atomicityBoundary: { concerns: ['migration'], acceptanceGoal: 'Get the mapping.', outOfScope: ['code changes'] },
  expectedFailureSignatures: [], correctionCandidateOnFail: 'Ask a maintainer for the mapping.',
  requestedEvidence: [{ type: 'artifact_fetch', detail: `SDF equivalent and prop mapping for ${tag}` }],
  blockingReasons: [`No approved mapping for ${tag}.`],
});

describe('MigrationRules', () => {
  it('requires the low-evidence guard for a candidate rule, and accepts it with the guard', async () => {
    const world = goldenWorld();
    withRule(world, { status: 'candidate' });
    const plan: any = goldenPlan();
    const rejected = await validatePlan(plan, contextOf(world));
    expect(rejected.violations.map((v) => [v.code, v.path])).toEqual([['PLAN_POLICY_VIOLATION', '$.nodes[0].lowEvidenceGuard']]);
    Object.assign(plan.nodes[ORDERS], { lowEvidenceGuard: true, requiresHumanReview: true, uncertaintyNote: 'The heading mapping is not yet approved.' });
    expect((await validatePlan(plan, contextOf(world))).violations).toEqual([]);
  });

  it('requires an escalate node for an unknown mapping, and never blocks unrelated nodes', async () => {
    const world = goldenWorld();
    withRule(world, { status: 'unknown', toTag: null });
    const plan: any = goldenPlan();
    const rejected = await validatePlan(plan, contextOf(world));
    expect(rejected.violations.map((v) => [v.code, v.nodeId])).toEqual([['PLAN_POLICY_VIOLATION', 'c-orders-alert']]);
    plan.nodes.push(escalateFor('adp-alert'));
    plan.nodes[ORDERS].dependsOn = ['esc-mapping'];
    expect((await validatePlan(plan, contextOf(world))).violations).toEqual([]);
  });

  it('treats a tag without any MigrationRule like an unknown mapping', async () => {
    const world = goldenWorld();
    world.context.enforcementBundle = { ...world.context.enforcementBundle, migrationRules: [] };
    const plan: any = goldenPlan();
    plan.nodes[ORDERS].policyRefs = ['no_adp'];
    const rejected = await validatePlan(plan, contextOf(world));
    expect(rejected.violations.map((v) => v.message)).toEqual([expect.stringContaining('No MigrationRule covers `adp-alert`')]);
  });

  it('requires the fallback policy for a no_analog rule', async () => {
    const world = goldenWorld();
    withRule(world, { status: 'no_analog', toTag: null, fallbackPolicyId: 'no_adp' });
    const plan: any = goldenPlan();
    plan.nodes[ORDERS].policyRefs = ['mr-adp-alert'];
    const rejected = await validatePlan(plan, contextOf(world));
    expect(rejected.violations.map((v) => [v.code, v.path])).toEqual([['PLAN_POLICY_VIOLATION', '$.nodes[0].policyRefs']]);
  });

  it('rejects a migration to another element than the rule maps to', async () => {
    const plan: any = goldenPlan();
    plan.nodes[ORDERS].editIntent.after = '<sdf-badge tone="warning"></sdf-badge>';
    const rejected = await validatePlan(plan, contextOf(goldenWorld()));
    expect(rejected.violations.map((v) => v.message)).toContainEqual(expect.stringContaining('maps `adp-alert` to `sdf-alert`'));
  });

  it('sees a usage inside the edited line range even when the text does not name the tag', async () => {
    const plan: any = goldenPlan();
    plan.nodes[ORDERS].editIntent.after = '<p class="stale">{{ staleMessage }}</p>';
    delete plan.nodes[ORDERS].editIntent.before;
    delete plan.nodes[ORDERS].editIntent.location.anchorText;
    plan.nodes[ORDERS].policyRefs = ['no_adp'];
    const rejected = await validatePlan(plan, contextOf(goldenWorld()));
    expect(rejected.violations).toContainEqual(expect.objectContaining({ code: 'PLAN_POLICY_VIOLATION', path: '$.nodes[0].policyRefs' }));
  });
  it('does not treat an edit inside a container element as touching the container', async () => {
    const world = goldenWorld();
    const container = { ...world.facts.usages[0]!, tag: 'adp-page', lineStart: 1, lineEnd: 40 };
    world.facts.usages.push(container);
    expect((await validatePlan(goldenPlan(), contextOf(world))).violations).toEqual([]);
    container.lineStart = 3;
    const rejected = await validatePlan(goldenPlan(), contextOf(world));
    expect(rejected.violations.map((v) => v.message)).toEqual([expect.stringContaining('No MigrationRule covers `adp-page`')]);
  });
});

describe('component contracts', () => {
  const contractCodes = async (before: string, after: string): Promise<string[]> => {
    const plan: any = goldenPlan();
    Object.assign(plan.nodes[DETAIL].editIntent, { before, after });
    const result = await validatePlan(plan, contextOf(goldenWorld()));
    return result.violations.filter((v) => v.code === 'PLAN_MISSING_CONTRACT_ANCHOR' || v.message.includes('has no prop')).map((v) => v.message);
  };

  it('does not judge an sdf-* element the old text already had with the same attributes', async () => {
    expect(await contractCodes('<sdf-card heading="Orders"><p>Old</p></sdf-card>', '<sdf-card heading="Orders"><p>New</p></sdf-card>')).toEqual([]);
  });

  it('judges an added element and a new binding on an existing one', async () => {
    expect(await contractCodes('<p>Old</p>', '<sdf-card heading="Orders"><p>New</p></sdf-card>')).toEqual(['`sdf-card` has no contract in the pack.']);
    expect(await contractCodes('<sdf-card heading="Orders"></sdf-card>', '<sdf-card heading="Orders" [elevation]="2"></sdf-card>')).toEqual(['`sdf-card` has no contract in the pack.']);
  });
});

describe('policy grounding', () => {
  it('lets a prose policy deny only where a usage grounds it in the node\'s anchor', async () => {
    const plan: any = goldenPlan();
    plan.nodes[2].verificationHooks.pop();
    const world = goldenWorld();
    world.context.enforcementBundle = { ...goldenBundle(), activeMemories: [] };
    const grounded = await validatePlan(plan, contextOf(world));
    expect(grounded.violations.map((v) => v.code)).toEqual(['PLAN_POLICY_VIOLATION']);
    const policies = goldenBundle().graphPolicyRules.map((p) => (p.id === 'sdf_alert_unit_checked' ? { ...p, groundedAnchorIds: ['anchor:src/app/admin'] } : p));
    world.context.enforcementBundle = { ...goldenBundle(), activeMemories: [], graphPolicyRules: policies };
    const ungrounded = await validatePlan(plan, contextOf(world));
    expect(ungrounded.violations).toEqual([]);
    const result = ungrounded.memoryRuleResults.find((r) => r.memoryId === 'policy:sdf_alert_unit_checked');
    expect(result).toMatchObject({ applicable: true, satisfied: false, enforcement: 'advisory' });
    expect(result?.note).toMatch(/not grounded/);
  });

  it('never lets a soft policy deny', async () => {
    const world = goldenWorld();
    const policies = goldenBundle().graphPolicyRules.map((p) => (p.id === 'no_adp' ? { ...p, kind: 'soft' as const } : p));
    world.context.enforcementBundle = { ...goldenBundle(), graphPolicyRules: policies };
    const plan: any = goldenPlan();
    plan.nodes[DETAIL].editIntent.after += ' // <adp-badge>';
    plan.nodes[DETAIL].editIntent.before += ' // <adp-badge> <adp-badge>';
    const result = await validatePlan(plan, contextOf(world));
    expect(result.memoryRuleResults.find((r) => r.memoryId === 'policy:no_adp')).toMatchObject({ applicable: false, enforcement: 'advisory' });
  });
});

describe('buildPlanRules', () => {
  it('skips malformed rules, unknown deny codes and non-enforced memories, and says why', () => {
    const bundle = goldenBundle();
    const { rules, skipped } = buildPlanRules({
      ...bundle,
      activeMemories: [
        ...bundle.activeMemories,
        { id: 'mem-bad', enforcementType: 'plan_rule', state: 'approved', domainAnchorIds: [], planRule: { condition: 'if migrating' } },
        { id: 'mem-code', enforcementType: 'plan_rule', state: 'approved', domainAnchorIds: [], planRule: { condition: {}, requiredSteps: [], denyCode: 'DROP_TABLE' } },
        { id: 'mem-pending', enforcementType: 'plan_rule', state: 'pending', domainAnchorIds: [], planRule: bundle.activeMemories[0]?.planRule },
        { id: 'mem-few', enforcementType: 'few_shot', state: 'approved', domainAnchorIds: [] },
      ],
    }, new Date('2026-03-01T00:00:00Z'));
    expect(rules.map((r) => r.ruleId)).toEqual(['memory:mem-001', 'policy:no_adp', 'policy:sdf_alert_unit_checked']);
    expect(skipped).toEqual([
      { ruleId: 'memory:mem-002', reason: 'expired' },
      { ruleId: 'memory:mem-bad', reason: 'malformed' },
      { ruleId: 'memory:mem-code', reason: 'unknown_deny_code' },
      { ruleId: 'memory:mem-pending', reason: 'not_enforced_state' },
    ]);
  });

  it('enforces no memory plan rule when memory.enablePlanRuleMutation is off, and says so; policies still apply', () => {
    const bundle = goldenBundle();
    const { rules, skipped } = buildPlanRules({ ...bundle, memoryPlanRules: false }, new Date('2026-03-01T00:00:00Z'));
    expect(rules.map((r) => r.ruleId)).toEqual(['policy:no_adp', 'policy:sdf_alert_unit_checked']);
    expect(skipped).toEqual([
      { ruleId: 'memory:mem-001', reason: 'switched_off' },
      { ruleId: 'memory:mem-002', reason: 'switched_off' },
    ]);
  });

  it('enforces a provisional memory until it expires', () => {
    const bundle = goldenBundle();
    const before = buildPlanRules(bundle, new Date('2019-12-31T00:00:00Z'));
    expect(before.rules.map((r) => r.ruleId)).toContain('memory:mem-002');
  });

  it('applies an anchor-scoped memory only inside its anchors', async () => {
    const world = goldenWorld();
    const [mem] = goldenBundle().activeMemories;
    world.context.enforcementBundle = { ...goldenBundle(), activeMemories: [{ ...mem!, domainAnchorIds: ['anchor:projects/remote-orders'], planRule: { ...(mem!.planRule as object), condition: { nodeKind: 'change' } } }] };
    const result = await validatePlan(goldenPlan(), contextOf(world));
    expect(result.violations.map((v) => v.nodeId)).toEqual(['c-detail-severity']);
  });
});
