import { targetPathOf, type CheckInput } from '../checks/check.js';
import type { PlanNode } from '../schema/nodes.schema.js';
import { nodePath, violation, type PlanViolation, type RejectionCode } from '../violation.js';
import { buildPlanRules, isExpiredProvisional } from './bundle.js';
import type { PlanRule } from './plan-rule.schema.js';
import { conditionMatches, describeCondition, stepSatisfiedFor } from './rule-matcher.js';

/** One plan rule's outcome, reported separately from violations (seed field names kept). */
export interface MemoryRuleResult {
  /** `memory:<id>` for memories, `policy:<id>` for graph policies. */
  memoryId: string;
  source: 'memory' | 'graph_policy';
  condition: string;
  applicable: boolean;
  satisfied: boolean;
  /** deny: it rejected the plan; advisory: it could not deny (soft or ungrounded); skipped: not enforced. */
  enforcement: 'deny' | 'advisory' | 'skipped';
  denyCode?: RejectionCode;
  nodeIds: string[];
  note?: string;
}

function anchorsOf(node: PlanNode, input: CheckInput): readonly string[] | null {
  if (node.kind !== 'change') return null;
  const path = targetPathOf(input.facts, node);
  const file = path === null ? undefined : input.facts.packFiles.get(path);
  return file ? file.domainAnchorIds : null;
}

// Anchor scope: unknown anchors (a new file outside the pack) fail closed: the rule applies.
function inScope(rule: PlanRule, node: PlanNode, input: CheckInput): boolean {
  if (rule.domainAnchorIds.length === 0) return true;
  const anchors = anchorsOf(node, input);
  return anchors === null ? node.kind === 'change' : anchors.some((a) => rule.domainAnchorIds.includes(a));
}

// Grounding: a prose rule may deny only where a usage grounds it in the node's own anchor.
function grounded(rule: PlanRule, node: PlanNode, input: CheckInput): boolean {
  if (rule.groundedAnchorIds === undefined) return true;
  const anchors = anchorsOf(node, input) ?? [];
  return anchors.some((a) => rule.groundedAnchorIds?.includes(a));
}

function evaluate(rule: PlanRule, input: CheckInput): { result: MemoryRuleResult; violations: PlanViolation[] } {
  const { index } = input;
  const code = rule.body.denyCode as RejectionCode;
  const condition = describeCondition(rule.body.condition);
  const triggers = index.plan.nodes.map((node, i) => ({ node, i }))
    .filter(({ node }) => inScope(rule, node, input) && conditionMatches(rule.body.condition, node, input.facts));
  const base = { memoryId: rule.ruleId, source: rule.source, condition, nodeIds: triggers.map((t) => t.node.nodeId) };
  const power = rule.advisoryOnly ? 'advisory' : 'deny';
  if (triggers.length === 0) return { result: { ...base, applicable: false, satisfied: true, enforcement: power }, violations: [] };
  const failing: Array<{ node: PlanNode; i: number; message: string; fixHint: string }> = [];
  for (const { node, i } of triggers) {
    if (rule.body.requiredSteps.length === 0) {
      failing.push({ node, i, message: `${rule.statement} (${rule.ruleId}: ${condition} is not allowed).`, fixHint: 'Change the edit so it no longer matches the rule, or escalate (human_decision) for an exception.' });
      continue;
    }
    const missing = rule.body.requiredSteps.filter((s) => !stepSatisfiedFor(s, node, index, input.facts));
    if (missing.length > 0) {
      failing.push({ node, i, message: `${rule.statement} (${rule.ruleId}) requires: ${missing.map((s) => s.description).join('; ')}.`, fixHint: `Add ${missing.map((s) => `a ${s.kind} node: ${s.description}`).join('; ')}.` });
    }
  }
  if (failing.length === 0) return { result: { ...base, applicable: true, satisfied: true, enforcement: power }, violations: [] };
  if (rule.advisoryOnly) {
    return { result: { ...base, applicable: true, satisfied: false, enforcement: 'advisory', note: 'soft policy: reported, never denies' }, violations: [] };
  }
  const denying = failing.filter((f) => grounded(rule, f.node, input));
  const ungrounded = failing.length - denying.length;
  const note = ungrounded > 0 ? `prose-derived policy not grounded by a usage in the anchor of ${ungrounded} node(s): advisory there` : undefined;
  const violations = denying.map((f) => violation(code, nodePath(f.i), f.message, f.fixHint, f.node.nodeId));
  return {
    result: { ...base, applicable: true, satisfied: false, enforcement: denying.length > 0 ? 'deny' : 'advisory', ...(denying.length > 0 ? { denyCode: code } : {}), ...(note ? { note } : {}) },
    violations,
  };
}

/**
 * Enforces plan_rule memories and graph policies (one shape, 001 §14), and refuses citations of
 * provisional memories that have expired. Results are returned per rule, sorted by rule id.
 */
export function enforcePlanRules(input: CheckInput): { violations: PlanViolation[]; memoryRuleResults: MemoryRuleResult[] } {
  const { context, index } = input;
  const { rules, skipped } = buildPlanRules(context.enforcementBundle, context.now);
  const violations: PlanViolation[] = [];
  const memoryRuleResults: MemoryRuleResult[] = skipped.map((s) => ({
    memoryId: s.ruleId, source: s.ruleId.startsWith('memory:') ? 'memory' : 'graph_policy', condition: 'not evaluated',
    applicable: false, satisfied: true, enforcement: 'skipped', nodeIds: [], note: s.reason,
  }));
  for (const rule of rules) {
    const { result, violations: found } = evaluate(rule, input);
    memoryRuleResults.push(result);
    violations.push(...found);
  }
  const expired = new Set(context.enforcementBundle.activeMemories.filter((m) => isExpiredProvisional(m, context.now)).map((m) => `memory:${m.id}`));
  for (const { node, index: i } of index.changes) {
    node.policyRefs.forEach((ref, j) => {
      if (expired.has(ref)) violations.push(violation('MEMORY_PROVISIONAL_EXPIRED', nodePath(i, 'policyRefs', j), `\`${ref}\` is a provisional memory that expired without approval.`, 'Drop the reference; if the rule still matters, ask a maintainer to approve the memory.', node.nodeId));
    });
  }
  memoryRuleResults.sort((a, b) => (a.memoryId < b.memoryId ? -1 : a.memoryId > b.memoryId ? 1 : 0));
  return { violations, memoryRuleResults };
}
