import { targetPathOf, type CheckInput, type PlanCheck } from '../checks/check.js';
import type { PlanIndex } from '../plan-index.js';
import type { ChangeNode } from '../schema/nodes.schema.js';
import { countTags, touchedTags } from '../text/template-tags.js';
import { nodePath, violation, type PlanViolation } from '../violation.js';
import type { MigrationRuleFact } from './bundle.js';

const CODE = 'PLAN_POLICY_VIOLATION';

/** adp-* tags a change touches: in its old/new text or anchor line, or a pack usage whose opening or closing line it edits. */
export function touchedAdpTags(node: ChangeNode, input: Pick<CheckInput, 'facts'>): string[] {
  const tags = new Set(touchedTags(node.editIntent.before, node.editIntent.after, 'adp-'));
  for (const tag of countTags(node.editIntent.location.anchorText, 'adp-').keys()) tags.add(tag);
  const { lineStart, lineEnd } = node.editIntent.location;
  const path = targetPathOf(input.facts, node);
  if (lineStart !== undefined && path !== null) {
    const end = Math.max(lineStart, lineEnd ?? lineStart);
    // A usage is touched when the edit covers its opening or closing tag line; editing the children of
    // a container element (adp-page around the whole template) does not touch the container.
    const covers = (line: number): boolean => line >= lineStart && line <= end;
    for (const usage of input.facts.usagesByFile.get(path) ?? []) {
      if (usage.family === 'adp' && (covers(usage.lineStart) || covers(usage.lineEnd))) tags.add(usage.tag);
    }
  }
  return [...tags].sort();
}

function escalatesFor(index: PlanIndex, node: ChangeNode, tag: string): boolean {
  return index.escalatesBefore(node.nodeId).some((e) => [...e.node.requestedEvidence.map((r) => r.detail), ...e.node.blockingReasons].some((t) => t.toLowerCase().includes(tag)));
}

function obligations(rule: MigrationRuleFact | undefined, tag: string, node: ChangeNode, i: number, index: PlanIndex): PlanViolation[] {
  const id = node.nodeId;
  const escalated = escalatesFor(index, node, tag);
  if (!rule || rule.status === 'unknown') {
    if (escalated) return [];
    const what = rule ? `MigrationRule \`${rule.id}\` has status unknown` : `No MigrationRule covers \`${tag}\``;
    return [violation(CODE, nodePath(i, 'dependsOn'), `${what}; the change cannot pick a mapping itself.`, `Add an escalate node requesting the ${tag} mapping (artifact_fetch of the SDF contract) and make this node depend on it.`, id)];
  }
  const out: PlanViolation[] = [];
  if (!node.policyRefs.includes(rule.id)) {
    out.push(violation(CODE, nodePath(i, 'policyRefs'), `The change touches \`${tag}\` without citing its MigrationRule \`${rule.id}\`.`, `Add \`${rule.id}\` to policyRefs.`, id));
  }
  const { before, after } = node.editIntent;
  const migrates = (countTags(after, 'adp-').get(tag) ?? 0) < (countTags(before, 'adp-').get(tag) ?? 0);
  if ((rule.status === 'approved' || rule.status === 'candidate') && migrates && rule.toTag && !countTags(after, 'sdf-').has(rule.toTag)) {
    out.push(violation(CODE, nodePath(i, 'editIntent', 'after'), `MigrationRule \`${rule.id}\` maps \`${tag}\` to \`${rule.toTag}\`, which the new text does not use.`, `Replace \`${tag}\` with \`${rule.toTag}\` using the rule's prop mappings.`, id));
  }
  if (rule.status === 'candidate' && !escalated && !(node.lowEvidenceGuard === true && node.requiresHumanReview === true)) {
    out.push(violation(CODE, nodePath(i, 'lowEvidenceGuard'), `MigrationRule \`${rule.id}\` is only a candidate.`, 'Set lowEvidenceGuard and requiresHumanReview (with an uncertaintyNote), or depend on an escalate node for the mapping.', id));
  }
  if (rule.status === 'no_analog') {
    if (rule.fallbackPolicyId !== null && !node.policyRefs.includes(rule.fallbackPolicyId)) {
      out.push(violation(CODE, nodePath(i, 'policyRefs'), `\`${tag}\` has no SDF analog; the change must follow the fallback policy \`${rule.fallbackPolicyId}\`.`, `Cite \`${rule.fallbackPolicyId}\` in policyRefs and implement its wrapper or fallback.`, id));
    } else if (rule.fallbackPolicyId === null && !escalated) {
      out.push(violation(CODE, nodePath(i, 'dependsOn'), `\`${tag}\` has no SDF analog and no fallback policy.`, `Add an escalate node (human_decision) for the ${tag} fallback and depend on it.`, id));
    }
  }
  return out;
}

/**
 * MigrationRules (001 §11): a change touching an adp-* usage cites that tag's MigrationRule; a
 * candidate rule needs the low-evidence guard (or an escalation), an unknown or missing rule needs an
 * escalate node for that tag, a no_analog rule needs its fallback policy. Obligations attach only to
 * the nodes touching the tag, so an unknown mapping never blocks unrelated nodes.
 */
export const migrationRulesCheck: PlanCheck = {
  id: 'migration_rule_citation',
  summary: 'changes touching adp-* cite the MigrationRule and meet its status obligations',
  run(input: CheckInput): PlanViolation[] {
    const rules = new Map(input.context.enforcementBundle.migrationRules.map((r) => [r.fromTag.toLowerCase(), r]));
    return input.index.changes.flatMap(({ node, index: i }) =>
      touchedAdpTags(node, input).flatMap((tag) => obligations(rules.get(tag), tag, node, i, input.index)));
  },
};
