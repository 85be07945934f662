import { describe, expect, it } from 'vitest';
import { REJECTION_CODES, validatePlan, type RejectionCode } from '../../../src/plan/index.js';
import { contextOf, goldenWorld, HTML, REMOTE, type World } from './support/golden.js';
import { goldenPlan } from './support/golden-plan.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- mutations deliberately break the plan's type */
type Plan = any;
interface Mutation {
  code: RejectionCode;
  name: string;
  mutate: (plan: Plan, world: World) => void;
}

const ORDERS = 0;
const DETAIL = 1;
const V_ORDERS = 2;
const V_DETAIL = 3;
const SIDE_EFFECT = 4;

const MUTATIONS: Mutation[] = [
  { code: 'PLAN_MISSING_REQUIRED_FIELDS', name: 'envelope field missing', mutate: (p) => { delete p.planFingerprint; } },
  { code: 'PLAN_MISSING_REQUIRED_FIELDS', name: 'change field missing', mutate: (p) => { delete p.nodes[DETAIL].whyThisFile; } },
  { code: 'PLAN_MISSING_REQUIRED_FIELDS', name: 'unknown key', mutate: (p) => { p.nodes[DETAIL].priority = 'high'; } },
  { code: 'PLAN_MISSING_REQUIRED_FIELDS', name: 'unknown node kind', mutate: (p) => { p.nodes[SIDE_EFFECT].kind = 'deploy'; } },
  { code: 'PLAN_MISSING_REQUIRED_FIELDS', name: 'dangling dependency', mutate: (p) => { p.nodes[DETAIL].dependsOn = ['c-nowhere']; } },
  { code: 'PLAN_MISSING_REQUIRED_FIELDS', name: 'dependency cycle', mutate: (p) => { p.nodes[ORDERS].dependsOn = ['v-orders']; } },
  { code: 'PLAN_MISSING_REQUIRED_FIELDS', name: 'duplicate nodeId', mutate: (p) => { p.nodes.push({ ...structuredClone(p.nodes[V_DETAIL]) }); } },
  { code: 'PLAN_SCOPE_VIOLATION', name: 'traversal target', mutate: (p) => { p.nodes[DETAIL].targetFile = '../../etc/passwd'; } },
  { code: 'PLAN_SCOPE_VIOLATION', name: 'target outside the pack', mutate: (p) => { p.nodes[DETAIL].targetFile = 'src/app/admin/admin.component.ts'; p.nodes[DETAIL].targetSymbols = []; p.nodes[DETAIL].editIntent.location = { lineStart: 1 }; } },
  { code: 'PLAN_SCOPE_VIOLATION', name: 'wildcard symbol', mutate: (p) => { p.nodes[DETAIL].targetSymbols = ['OrderDetailComponent.*']; p.nodes[DETAIL].editIntent.location = { lineStart: 4 }; } },
  { code: 'PLAN_SCOPE_VIOLATION', name: 'symbol not in snapshot', mutate: (p) => { p.nodes[DETAIL].targetSymbols.push('OrderDetailComponent.ghost'); } },
  { code: 'PLAN_SCOPE_VIOLATION', name: 'evidence outside the pack', mutate: (p) => { p.nodes[ORDERS].codeEvidence.push({ file: '/etc/shadow', observation: 'not ours' }); } },
  { code: 'PLAN_SCOPE_VIOLATION', name: 'other snapshot', mutate: (p) => { p.repoSnapshotId = 'snap-0'; } },
  { code: 'PLAN_SCOPE_VIOLATION', name: 'superseded pack hash', mutate: (p) => { p.contextPackHash = 'sha256:old'; } },
  { code: 'PLAN_EVIDENCE_INSUFFICIENT', name: 'no requirement source', mutate: (p) => { p.nodes[DETAIL].citations = []; } },
  { code: 'PLAN_EVIDENCE_INSUFFICIENT', name: 'one file cited twice', mutate: (p) => { p.nodes[DETAIL].citations = []; p.nodes[DETAIL].codeEvidence.push({ file: `./${REMOTE}`, lineStart: 10, observation: 'again' }); } },
  { code: 'PLAN_EVIDENCE_INSUFFICIENT', name: 'repo-configured minimum raised', mutate: (_p, w) => { w.context.evidencePolicy = { ...w.context.evidencePolicy, minCodeEvidenceSources: 4 }; } },
  { code: 'PLAN_EVIDENCE_INSUFFICIENT', name: 'declared policy weaker', mutate: (p) => { p.evidencePolicy.minDistinctSources = 1; } },
  { code: 'PLAN_EVIDENCE_INSUFFICIENT', name: 'guard without human review', mutate: (p) => { p.nodes[DETAIL].citations = []; p.nodes[DETAIL].lowEvidenceGuard = true; p.nodes[DETAIL].uncertaintyNote = 'No ticket text yet.'; } },
  { code: 'PLAN_EVIDENCE_INSUFFICIENT', name: 'attachment citation without artifactRefs', mutate: (p) => { delete p.nodes[ORDERS].artifactRefs; } },
  { code: 'PLAN_NOT_ATOMIC', name: 'mixed concerns', mutate: (p) => { p.nodes[DETAIL].atomicityBoundary.concerns = ['migration', 'test']; } },
  { code: 'PLAN_NOT_ATOMIC', name: 'no outOfScope', mutate: (p) => { p.nodes[DETAIL].atomicityBoundary.outOfScope = []; } },
  { code: 'PLAN_NOT_ATOMIC', name: 'bundled work', mutate: (p) => { p.nodes[DETAIL].editIntent.instruction += ' While you are at it, also rename the service.'; } },
  { code: 'PLAN_VERIFICATION_WEAK', name: 'bare "run tests"', mutate: (p) => { p.nodes[DETAIL].verificationHooks[0].description = 'run tests'; } },
  { code: 'PLAN_VERIFICATION_WEAK', name: 'hook not configured here', mutate: (p) => { p.nodes[DETAIL].verificationHooks[0].ref = 'npm-test'; } },
  { code: 'PLAN_VERIFICATION_WEAK', name: 'no blocking hook', mutate: (p) => { p.nodes[DETAIL].verificationHooks[0].blocking = false; } },
  { code: 'PLAN_VERIFICATION_WEAK', name: 'only a flaky step', mutate: (p) => { p.nodes[DETAIL].verificationHooks[0].ref = 'unit-flaky'; } },
  { code: 'PLAN_VERIFICATION_WEAK', name: 'no acceptance criteria', mutate: (p) => { p.nodes[DETAIL].verificationHooks[0].acceptanceCriteriaIds = []; } },
  { code: 'PLAN_VERIFICATION_WEAK', name: 'validate before its target', mutate: (p) => { p.nodes[V_DETAIL].dependsOn = []; } },
  { code: 'PLAN_STRATEGY_MISMATCH', name: 'other strategy', mutate: (p) => { p.knowledgeStrategyId = 'debug_symptom_trace'; } },
  { code: 'PLAN_STRATEGY_MISMATCH', name: 'concern outside the doctrine', mutate: (p) => { p.nodes[DETAIL].atomicityBoundary.concerns = ['bugfix']; } },
  { code: 'PLAN_STRATEGY_MISMATCH', name: 'graph doctrine requires an escalate step first', mutate: (_p, w) => { w.context.strategy = { ...w.context.strategy, requiredSequence: [{ kind: 'escalate' }, { kind: 'change', concern: 'migration' }], source: 'strategy.migration_adp_to_sdf@3' }; } },
  { code: 'PLAN_STRATEGY_MISMATCH', name: 'graph doctrine orders validate before change', mutate: (_p, w) => { w.context.strategy = { ...w.context.strategy, requiredSequence: [{ kind: 'validate' }, { kind: 'change' }], source: 'strategy.migration_adp_to_sdf@3' }; } },
  { code: 'PLAN_STRATEGY_MISMATCH', name: 'deviation reason without evidence', mutate: (p) => { p.nodes[DETAIL].atomicityBoundary.concerns = ['bugfix']; p.strategyDeviationReason = 'The severity bug blocks the migration.'; } },
  { code: 'PLAN_WEAK_MODEL_AMBIGUOUS', name: 'vague phrase', mutate: (p) => { p.nodes[DETAIL].editIntent.instruction = 'Update the severity accordingly.'; } },
  { code: 'PLAN_WEAK_MODEL_AMBIGUOUS', name: 'etc', mutate: (p) => { p.nodes[DETAIL].editIntent.instruction = 'Rename the type, the value, etc.'; } },
  { code: 'PLAN_WEAK_MODEL_AMBIGUOUS', name: 'no location', mutate: (p) => { p.nodes[DETAIL].editIntent.location = {}; } },
  { code: 'PLAN_WEAK_MODEL_AMBIGUOUS', name: 'no replacement', mutate: (p) => { delete p.nodes[DETAIL].editIntent.after; } },
  { code: 'PLAN_WEAK_MODEL_AMBIGUOUS', name: 'placeholder replacement', mutate: (p) => { p.nodes[DETAIL].editIntent.after = 'alertSeverity: SdfAlertSeverity = /* ... */;'; } },
  { code: 'PLAN_FEDERATION_PROOF_MISSING', name: 'no federation chain', mutate: (p) => { p.proofRefs = ['chain:aggrid:orders']; } },
  { code: 'PLAN_FEDERATION_PROOF_MISSING', name: 'incomplete federation chain', mutate: (_p, w) => { (w.facts.anchors.proofChains[1] as { complete: boolean }).complete = false; } },
  { code: 'PLAN_ORIGIN_UNKNOWN', name: 'no origin chain', mutate: (p) => { p.proofRefs = ['chain:fed:order-detail']; } },
  { code: 'PLAN_ORIGIN_UNKNOWN', name: 'originUnknown without an escalate node', mutate: (p) => { p.proofRefs = ['chain:fed:order-detail']; p.originUnknown = { escalateNodeId: 'v-orders', reason: 'renderer registry indirection' }; } },
  { code: 'PLAN_POLICY_VIOLATION', name: 'introduces adp-*', mutate: (p) => { p.nodes[ORDERS].editIntent.after += '\n<adp-badge tone="info"></adp-badge>'; } },
  { code: 'PLAN_POLICY_VIOLATION', name: 'MigrationRule not cited', mutate: (p) => { p.nodes[ORDERS].policyRefs = ['no_adp']; } },
  { code: 'PLAN_POLICY_VIOLATION', name: 'invented sdf prop', mutate: (p) => { p.nodes[ORDERS].editIntent.after = '<sdf-alert severity="warning" [message]="staleMessage">\n</sdf-alert>'; } },
  { code: 'PLAN_POLICY_VIOLATION', name: 'learned rule unmet', mutate: (p) => { p.nodes[V_ORDERS].verificationHooks.pop(); } },
  { code: 'PLAN_POLICY_VIOLATION', name: 'stale policy version', mutate: (p) => { p.policyVersionSet.no_adp = '2'; } },
  { code: 'PLAN_MISSING_CONTRACT_ANCHOR', name: 'API work without contractRefs', mutate: (p) => { delete p.nodes[DETAIL].contractRefs; } },
  { code: 'PLAN_MISSING_CONTRACT_ANCHOR', name: 'sdf element without contract', mutate: (p) => { p.nodes[ORDERS].editIntent.after += '\n<sdf-tooltip></sdf-tooltip>'; } },
  { code: 'PLAN_VALIDATION_CONFIDENCE_TOO_LOW', name: 'shadow DOM verified by unit tests only', mutate: (p) => {
    p.nodes[ORDERS].verificationHooks[0].ref = 'unit-orders';
    p.nodes[V_ORDERS].verificationHooks.shift();
  } },
  { code: 'EXEC_SIDE_EFFECT_COLLISION', name: 'file reserved by another work', mutate: (_p, w) => { w.facts.reservations.push({ resourceKey: `file:${HTML}`, heldByWorkId: 'work-9' }); } },
  { code: 'EXEC_SIDE_EFFECT_COLLISION', name: 'two unordered side effects on one payload', mutate: (p) => { p.nodes.push({ ...structuredClone(p.nodes[SIDE_EFFECT]), nodeId: 'se-jira-2', dependsOn: ['v-orders'] }); } },
  { code: 'EXEC_UNGATED_SIDE_EFFECT', name: 'no commitGateId', mutate: (p) => { delete p.nodes[SIDE_EFFECT].commitGateId; } },
  { code: 'EXEC_UNGATED_SIDE_EFFECT', name: 'unknown commit gate', mutate: (p) => { p.nodes[SIDE_EFFECT].commitGateId = 'gate-push'; } },
  { code: 'EXEC_UNGATED_SIDE_EFFECT', name: 'side effect before validation', mutate: (p) => { p.nodes[SIDE_EFFECT].dependsOn = ['c-detail-severity']; } },
  { code: 'MEMORY_PROVISIONAL_EXPIRED', name: 'cites an expired provisional memory', mutate: (p) => { p.nodes[DETAIL].policyRefs = ['memory:mem-002']; } },
  { code: 'PACK_INSUFFICIENT', name: 'no active pack', mutate: (_p, w) => { w.facts.activePack = null; } },
  { code: 'PACK_INSUFFICIENT', name: 'target file failed extraction', mutate: (_p, w) => { (w.facts.packFiles[2] as { extractionFailed: boolean }).extractionFailed = true; } },
  { code: 'PACK_REQUIRED_ANCHOR_UNRESOLVED', name: 'evidence symbol unresolved', mutate: (p) => { p.nodes[DETAIL].codeEvidence[0].symbol = 'OrderDetailGhost'; } },
  { code: 'PACK_REQUIRED_ANCHOR_UNRESOLVED', name: 'unknown proof chain', mutate: (p) => { p.proofRefs.push('chain:made-up'); } },
  { code: 'PACK_REQUIRED_ANCHOR_UNRESOLVED', name: 'unknown policy ref', mutate: (p) => { p.nodes[DETAIL].policyRefs = ['prefer-sdf-everywhere']; } },
];

describe('validatePlan rejection codes', () => {
  it('covers every rejection code with at least one mutation', () => {
    expect(new Set(MUTATIONS.map((m) => m.code))).toEqual(new Set(REJECTION_CODES));
  });

  it.each(MUTATIONS.map((m) => [m.code, m.name, m] as const))('%s: %s', async (code, _name, mutation) => {
    const plan = goldenPlan() as Plan;
    const world = goldenWorld();
    mutation.mutate(plan, world);
    const result = await validatePlan(plan, contextOf(world));
    expect(result.accepted).toBe(false);
    expect([...new Set(result.violations.map((v) => v.code))], JSON.stringify(result.violations, null, 1)).toEqual([code]);
    for (const v of result.violations) {
      expect(v.path).toMatch(/^\$/);
      expect(v.message.length).toBeGreaterThan(0);
      expect(v.fixHint.length).toBeGreaterThan(0);
    }
  });
});
