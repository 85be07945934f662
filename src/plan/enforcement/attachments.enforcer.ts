import type { CheckInput, PlanCheck } from '../checks/check.js';
import { nodePath, violation, type PlanViolation } from '../violation.js';

const CODE = 'PLAN_EVIDENCE_INSUFFICIENT';

/**
 * Attachments (001 §12): a requirement cited from an attachment names a pack attachment and the node
 * lists that attachment in artifactRefs; artifactRefs name only pack attachments.
 */
export const attachmentsCheck: PlanCheck = {
  id: 'attachment_refs',
  summary: 'citations from attachments name a pack attachment and list it in artifactRefs',
  run({ index, context }: CheckInput): PlanViolation[] {
    const known = new Set(context.attachments.map((a) => a.artifactId));
    const out: PlanViolation[] = [];
    for (const { node, index: i } of index.changes) {
      const refs = node.artifactRefs ?? [];
      node.citations.forEach((citation, j) => {
        if (citation.sourceType !== 'attachment') return;
        if (!known.has(citation.ref)) {
          out.push(violation(CODE, nodePath(i, 'citations', j, 'ref'), `\`${citation.ref}\` is not an attachment of this work.`, 'Cite an attachment by the artifactId the pack lists.', node.nodeId));
        } else if (!refs.includes(citation.ref)) {
          out.push(violation(CODE, nodePath(i, 'artifactRefs'), `The node cites attachment \`${citation.ref}\` without listing it in artifactRefs.`, `Add \`${citation.ref}\` to artifactRefs.`, node.nodeId));
        }
      });
      refs.forEach((ref, k) => {
        if (!known.has(ref)) out.push(violation(CODE, nodePath(i, 'artifactRefs', k), `\`${ref}\` is not an attachment of this work.`, 'List only artifactIds of the pack\'s attachments.', node.nodeId));
      });
    }
    return out;
  },
};
