import { nodePath, violation, type PlanViolation } from '../violation.js';
import type { CheckInput, PlanCheck } from './check.js';

const CODE = 'PLAN_NOT_ATOMIC';

/** Phrases by which an instruction bundles a second, unrelated piece of work into the node. */
export const BUNDLING_PHRASES = /\b(?:while (?:you|we)(?:'re| are) at it|and also|additionally|in the same (?:change|edit|step|node)|also (?:refactor|migrate|rename|fix|clean up|reformat|restructure))\b/i;

/**
 * Atomicity: one node, one cohesive concern. A change node declares what it leaves out (outOfScope),
 * declares one concern unless it justifies the mix, and its instruction does not bundle extra work.
 */
export const atomicityCheck: PlanCheck = {
  id: 'atomicity',
  summary: 'one concern per change node (or a mixJustification), a declared outOfScope, no bundled extra work',
  run({ index }: CheckInput): PlanViolation[] {
    const out: PlanViolation[] = [];
    for (const { node, index: i } of index.changes) {
      const boundary = node.atomicityBoundary;
      const concerns = [...new Set(boundary.concerns)];
      if (concerns.length > 1 && boundary.mixJustification === undefined) {
        out.push(violation(CODE, nodePath(i, 'atomicityBoundary', 'concerns'), `The node mixes ${concerns.join(' + ')} without a justification.`, 'Split it into one node per concern, or state in atomicityBoundary.mixJustification why they cannot be separated.', node.nodeId));
      }
      if (boundary.outOfScope.length === 0) {
        out.push(violation(CODE, nodePath(i, 'atomicityBoundary', 'outOfScope'), 'The node does not declare what is out of its scope.', 'List in atomicityBoundary.outOfScope what this node must not touch.', node.nodeId));
      }
      const bundled = BUNDLING_PHRASES.exec(node.editIntent.instruction);
      if (bundled) {
        out.push(violation(CODE, nodePath(i, 'editIntent', 'instruction'), `The instruction bundles further work ("${bundled[0]}").`, 'Move the extra work into its own node with its own evidence and verification.', node.nodeId));
      }
    }
    return out;
  },
};
