import picomatch from 'picomatch';
import type { ResolvedFacts } from '../facts/gather-facts.js';
import { targetPathOf } from '../checks/check.js';
import type { PlanIndex } from '../plan-index.js';
import type { PlanNode } from '../schema/nodes.schema.js';
import { introducedTags, touchedTags } from '../text/template-tags.js';
import type { RequiredStep, RuleCondition } from './plan-rule.schema.js';

const globCache = new Map<string, (path: string) => boolean>();

function globMatches(glob: string, path: string | null): boolean {
  if (path === null) return false;
  let matcher = globCache.get(glob);
  if (!matcher) {
    matcher = picomatch(glob, { dot: true, nobrace: true, noextglob: true });
    if (globCache.size > 500) globCache.clear();
    globCache.set(glob, matcher);
  }
  return matcher(path);
}

/** The text of a node that `textIncludes` conditions search (lower-cased). */
export function nodeText(node: PlanNode): string {
  switch (node.kind) {
    case 'change': return `${node.editIntent.instruction}\n${node.editIntent.after ?? ''}`.toLowerCase();
    case 'validate': return `${node.successCriteria}\n${node.verificationHooks.map((h) => h.description).join('\n')}`.toLowerCase();
    case 'escalate': return [...node.requestedEvidence.map((r) => r.detail), ...node.blockingReasons].join('\n').toLowerCase();
    default: return `${node.sideEffectType} ${node.sideEffectPayloadRef}`.toLowerCase();
  }
}

/** True when `node` meets every part of `condition` (an empty condition matches every change node). */
export function conditionMatches(condition: RuleCondition, node: PlanNode, facts: ResolvedFacts): boolean {
  if (node.kind !== (condition.nodeKind ?? 'change')) return false;
  const fileConditions = condition.targetGlob ?? condition.introducesTagPrefix ?? condition.touchesTagPrefix ?? condition.operation;
  if (node.kind !== 'change') {
    if (fileConditions !== undefined) return false;
  } else {
    const { before, after } = node.editIntent;
    if (condition.targetGlob !== undefined && !globMatches(condition.targetGlob, targetPathOf(facts, node))) return false;
    if (condition.introducesTagPrefix !== undefined && introducedTags(before, after, condition.introducesTagPrefix.toLowerCase()).length === 0) return false;
    if (condition.touchesTagPrefix !== undefined && touchedTags(before, after, condition.touchesTagPrefix.toLowerCase()).length === 0) return false;
    if (condition.operation !== undefined && node.operation !== condition.operation) return false;
  }
  if (condition.concern !== undefined && !node.atomicityBoundary.concerns.includes(condition.concern)) return false;
  if (condition.textIncludes !== undefined && !nodeText(node).includes(condition.textIncludes.toLowerCase())) return false;
  return true;
}

/** True when `node` is a node of the kind and shape `step` asks for. */
export function stepMatches(step: RequiredStep, node: PlanNode, facts: ResolvedFacts): boolean {
  if (node.kind !== step.kind) return false;
  if (step.targetGlob !== undefined && (node.kind !== 'change' || !globMatches(step.targetGlob, targetPathOf(facts, node)))) return false;
  if (step.hookRef !== undefined && !('verificationHooks' in node && node.verificationHooks.some((h) => h.ref === step.hookRef))) return false;
  if (step.textIncludes !== undefined && !nodeText(node).includes(step.textIncludes.toLowerCase())) return false;
  return true;
}

/**
 * Whether a required step is present for a triggering node: a validate step must map to that node;
 * any other step only has to exist somewhere in the plan.
 */
export function stepSatisfiedFor(step: RequiredStep, trigger: PlanNode, index: PlanIndex, facts: ResolvedFacts): boolean {
  if (step.kind === 'validate') return index.validatorsFor(trigger.nodeId).some((v) => stepMatches(step, v.node, facts));
  return index.plan.nodes.some((n) => stepMatches(step, n, facts));
}

/** A condition in words, for results and messages. */
export function describeCondition(condition: RuleCondition): string {
  const parts = [`${condition.nodeKind ?? 'change'} node`];
  if (condition.targetGlob) parts.push(`targeting ${condition.targetGlob}`);
  if (condition.introducesTagPrefix) parts.push(`introducing ${condition.introducesTagPrefix}* tags`);
  if (condition.touchesTagPrefix) parts.push(`touching ${condition.touchesTagPrefix}* tags`);
  if (condition.concern) parts.push(`with concern ${condition.concern}`);
  if (condition.operation) parts.push(`with operation ${condition.operation}`);
  if (condition.textIncludes) parts.push(`mentioning "${condition.textIncludes}"`);
  return parts.join(' ');
}
