import { nodePath, violation, type PlanViolation } from '../violation.js';
import type { CheckInput, PlanCheck } from './check.js';
import { ambiguityFindings } from './weak-model.rules.js';

/** Weak-model handoff: an editIntent a weak executor can carry out without judgement (weak-model.rules.ts). */
export const weakModelCheck: PlanCheck = {
  id: 'weak_model_handoff',
  summary: 'edit intents name a location and the exact new text, without vague phrases or placeholders',
  run({ index }: CheckInput): PlanViolation[] {
    return index.changes.flatMap(({ node, index: i }) =>
      ambiguityFindings(node).map((f) => violation('PLAN_WEAK_MODEL_AMBIGUOUS', nodePath(i, 'editIntent', f.field), `[${f.rule}] ${f.message}`, f.fixHint, node.nodeId)));
  },
};
