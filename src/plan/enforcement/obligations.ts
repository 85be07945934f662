import type { AttachmentFact } from '../context.js';
import type { EnforcementBundle } from './bundle.js';

/**
 * The enforcement obligations in words, for the schema augmentations: what the validator will
 * reject, derived from the same bundle the validator enforces (so the planner is told, not surprised).
 * Strings from the graph are quoted as data, never as instructions.
 */
export function describeObligations(bundle: EnforcementBundle, attachments: readonly AttachmentFact[]): string[] {
  const out: string[] = [];
  for (const rule of [...bundle.migrationRules].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const base = `A change touching ${rule.fromTag} must cite MigrationRule ${rule.id} in policyRefs`;
    if (rule.status === 'approved') out.push(`${base} and use ${rule.toTag ?? 'the mapped element'}.`);
    else if (rule.status === 'candidate') out.push(`${base}; the mapping is a candidate, so set lowEvidenceGuard + requiresHumanReview (or depend on an escalate node).`);
    else if (rule.status === 'unknown') out.push(`A change touching ${rule.fromTag} must depend on an escalate node requesting its mapping (MigrationRule ${rule.id} is unknown).`);
    else out.push(`${base}; ${rule.fromTag} has no SDF analog, so ${rule.fallbackPolicyId ? `cite fallback policy ${rule.fallbackPolicyId}` : 'escalate for a fallback'}.`);
  }
  out.push('A change touching an adp-* tag without a MigrationRule must depend on an escalate node requesting its mapping.');
  for (const policy of [...bundle.graphPolicyRules].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    const power = policy.kind === 'soft' ? 'advisory' : policy.derivedFrom === 'prose' ? 'denies only where grounded by a usage in the same domain anchor' : 'denies';
    out.push(`Policy ${policy.id} (${power}): ${JSON.stringify(policy.statement.slice(0, 200))}.`);
  }
  for (const memory of bundle.activeMemories) {
    if (bundle.memoryPlanRules !== false && memory.enforcementType === 'plan_rule' && (memory.state === 'approved' || memory.state === 'provisional')) {
      out.push(`Learned rule memory:${memory.id} applies${memory.domainAnchorIds.length > 0 ? ` in ${memory.domainAnchorIds.join(', ')}` : ''}.`);
    }
  }
  if (attachments.length > 0) out.push(`Citations from attachments (${attachments.map((a) => a.artifactId).join(', ')}) must list the artifactId in artifactRefs.`);
  out.push('sdf-* elements may only bind props and events their contract declares.');
  return out;
}
