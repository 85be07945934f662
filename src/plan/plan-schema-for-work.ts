import type { RunOptions } from '../graph/index.js';
import { doctrineObligation } from './checks/strategy.check.js';
import type { EnforcementBundle } from './enforcement/bundle.js';
import { planGraphJsonSchema, type PlanGraphSchemaDocument } from './schema/json-schema.js';
import { buildValidationContext, type WorkScope } from './validation-context.js';

/** Obligations in words, from the enforcement bundle and the pack (what the validator will reject). */
export function enforcementObligations(bundle: EnforcementBundle, attachmentIds: readonly string[]): string[] {
  const out: string[] = [];
  for (const rule of bundle.migrationRules) {
    const then = {
      approved: `replace it with ${rule.toTag ?? 'the mapped tag'}`,
      candidate: `replace it with ${rule.toTag ?? 'the mapped tag'} and set lowEvidenceGuard + requiresHumanReview (or depend on an escalate node for the mapping)`,
      unknown: 'depend on an escalate node that requests the mapping (name the tag)',
      no_analog: rule.fallbackPolicyId ? `follow and cite the fallback policy ${rule.fallbackPolicyId}` : 'depend on an escalate node (human_decision) for the fallback',
    }[rule.status];
    out.push(`A change touching ${rule.fromTag} must cite MigrationRule ${rule.id} in policyRefs and ${then}.`);
  }
  for (const policy of bundle.graphPolicyRules) {
    if (policy.kind === 'hard') out.push(`Hard policy ${policy.id}: ${policy.statement}`);
  }
  for (const memory of bundle.activeMemories) {
    if (bundle.memoryPlanRules !== false && (memory.state === 'approved' || memory.state === 'provisional')) out.push(`Learned plan rule memory:${memory.id}${memory.note ? `: ${memory.note}` : ''}`);
  }
  if (attachmentIds.length > 0) out.push(`Citations derived from attachments (${attachmentIds.join(', ')}) must list those artifactIds in artifactRefs.`);
  out.push('Every change node needs a blocking verification hook that names a configured gate step or recipe and maps to acceptanceCriteria.');
  out.push('Every change node must be mapped by a validate node that depends on it; side effects run after validation behind a configured commit gate.');
  return out;
}

/**
 * The planGraphSchema initialize_work (and escalate) return for a work: the JSON Schema the
 * validator parses with, augmented with this work's evidence policy, obligations, verification
 * targets, strategy, the envelope values the server will compare, and the ids a plan may cite.
 * Call it after the work's pack is recorded.
 */
export async function planGraphSchemaForWork(scope: WorkScope, run?: RunOptions): Promise<PlanGraphSchemaDocument> {
  const { context, facts } = await buildValidationContext(scope, null, new Date(), run);
  const [pack, anchors] = await Promise.all([facts.inner.activePackRow(), facts.packAnchors()]);
  const bundle = context.enforcementBundle;
  const attachmentIds = context.attachments.map((a) => a.artifactId);
  const catalog = context.verification;
  return planGraphJsonSchema({
    evidencePolicy: context.evidencePolicy,
    enforcementObligations: [...enforcementObligations(bundle, attachmentIds), doctrineObligation(context.strategy)],
    verificationTargets: { gateSteps: catalog.gateSteps.filter((s) => !s.flaky).map((s) => s.id), recipes: catalog.recipes.map((r) => r.id), commitGates: [...catalog.commitGates] },
    strategyId: context.strategy.strategyId,
    envelope: {
      workId: scope.workId,
      worktreeRoot: scope.worktreeRoot,
      repoSnapshotId: pack?.repoSnapshotId ?? null,
      contextPackRef: pack?.ref ?? null,
      contextPackHash: pack?.hash ?? null,
      scopeAllowlistRef: pack?.scopeAllowlistRef ?? null,
      policyVersionSet: Object.fromEntries(bundle.graphPolicyRules.flatMap((p) => (p.version ? [[p.id, p.version]] : []))),
    },
    citableRefs: {
      proofChains: anchors.proofChains.filter((c) => c.complete).map((c) => c.id),
      incompleteProofChains: anchors.proofChains.filter((c) => !c.complete).map((c) => c.id),
      contractAnchors: anchors.contractAnchors.map((c) => c.id),
      policies: bundle.graphPolicyRules.map((p) => p.id),
      planRulePolicies: bundle.graphPolicyRules.filter((p) => p.rule !== null).map((p) => p.id),
      migrationRules: bundle.migrationRules.map((r) => r.id),
      memories: bundle.activeMemories.filter((m) => bundle.memoryPlanRules !== false && (m.state === 'approved' || m.state === 'provisional')).map((m) => `memory:${m.id}`),
      attachments: attachmentIds,
    },
  });
}
