import { touchedTags } from '../text/template-tags.js';
import { nodePath, violation, type PlanViolation } from '../violation.js';
import { targetPathOf, type CheckInput, type PlanCheck } from './check.js';
import { effectiveBlockingHooks } from './verification.check.js';

/**
 * Validation confidence: a change on a shadow-DOM surface (its text or target file uses `sdf-*`
 * elements) must be verified by at least one blocking step that observes shadow DOM — on the node
 * itself or on a validate node mapping to it. Tests that cannot pierce the shadow root do not count.
 */
export const validationConfidenceCheck: PlanCheck = {
  id: 'validation_confidence',
  summary: 'changes to sdf-* (shadow DOM) surfaces are verified by a blocking step that pierces shadow roots',
  run({ index, facts, context }: CheckInput): PlanViolation[] {
    const catalog = context.verification;
    const out: PlanViolation[] = [];
    for (const { node, index: i } of index.changes) {
      const path = targetPathOf(facts, node);
      const inText = touchedTags(node.editIntent.before, node.editIntent.after, 'sdf-').length > 0;
      const inFile = path !== null && (facts.usagesByFile.get(path) ?? []).some((u) => u.family === 'sdf');
      if (!inText && !inFile) continue;
      const hooks = [node.verificationHooks, ...index.validatorsFor(node.nodeId).map((v) => v.node.verificationHooks)].flat();
      const effective = effectiveBlockingHooks(catalog, hooks);
      if (effective.length === 0 || effective.some((t) => t.piercesShadowDom)) continue;
      const piercing = [...catalog.gateSteps, ...catalog.recipes].filter((t) => t.piercesShadowDom && !t.flaky).map((t) => t.id).slice(0, 5);
      const hint = piercing.length > 0 ? `Add a blocking hook running a shadow-DOM-aware step: ${piercing.join(', ')}.` : 'No configured step pierces shadow roots; escalate (human_decision) for a validation route.';
      out.push(violation('PLAN_VALIDATION_CONFIDENCE_TOO_LOW', nodePath(i, 'verificationHooks'), 'The change touches sdf-* (shadow DOM) but every blocking verification runs steps that cannot see inside a shadow root.', hint, node.nodeId));
    }
    return out;
  },
};
