import type { CheckInput, PlanCheck } from '../checks/check.js';
import { boundName, kebabToCamel, scanCustomTags } from '../text/template-tags.js';
import { nodePath, violation, type PlanViolation } from '../violation.js';

const elementKey = (tag: string, attributes: readonly string[]): string => `${tag}\u0000${attributes.join('\u0001')}`;

/** How often each (tag, attribute names) element occurs in `text`. */
function elementCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { tag, attributes } of scanCustomTags(text)) counts.set(elementKey(tag, attributes), (counts.get(elementKey(tag, attributes)) ?? 0) + 1);
  return counts;
}

/**
 * Component contracts: every sdf-* element a change adds or re-binds in its new text has a contract in
 * the pack (components.d.ts), and every property and event bound on it exists in that contract. The planner
 * cannot invent props; global attributes (class, id, aria-*, data-*, …) are always allowed. Elements
 * the old text already had with the same attribute names are context, not edits, and are not judged.
 */
export const componentContractsCheck: PlanCheck = {
  id: 'component_contract_check',
  summary: 'sdf-* elements in new text have a contract, and their bound props and events exist in it',
  run({ index, facts }: CheckInput): PlanViolation[] {
    const out: PlanViolation[] = [];
    for (const { node, index: i } of index.changes) {
      const seen = new Set<string>();
      const unchanged = elementCounts(node.editIntent.before ?? '');
      for (const { tag, attributes } of scanCustomTags(node.editIntent.after ?? '')) {
        if (!tag.startsWith('sdf-')) continue;
        // An element the old text already had, with the same attributes, is context, not an sdf edit.
        const element = elementKey(tag, attributes);
        const left = unchanged.get(element) ?? 0;
        if (left > 0) {
          unchanged.set(element, left - 1);
          continue;
        }
        const contract = facts.contracts.get(tag);
        if (!contract) {
          if (!seen.has(tag)) out.push(violation('PLAN_MISSING_CONTRACT_ANCHOR', nodePath(i, 'editIntent', 'after'), `\`${tag}\` has no contract in the pack.`, `Escalate (contract_fetch) for the ${tag} contract before using it.`, node.nodeId));
          seen.add(tag);
          continue;
        }
        for (const attribute of attributes) {
          const bound = boundName(attribute);
          if (bound === null) continue;
          const key = `${tag}\u0000${bound.event ? '(' : ''}${bound.name}`;
          if (seen.has(key)) continue;
          seen.add(key);
          if (bound.event) {
            if (contract.events !== null && !contract.events.includes(bound.name)) {
              out.push(violation('PLAN_POLICY_VIOLATION', nodePath(i, 'editIntent', 'after'), `\`${tag}\` emits no event \`${bound.name}\`.`, `Use an event of the contract: ${contract.events.slice(0, 10).join(', ') || 'none'}.`, node.nodeId));
            }
          } else if (!contract.props.includes(bound.name) && !contract.props.includes(kebabToCamel(bound.name))) {
            out.push(violation('PLAN_POLICY_VIOLATION', nodePath(i, 'editIntent', 'after'), `\`${tag}\` has no prop \`${bound.name}\`.`, `Use a prop of the contract: ${contract.props.slice(0, 12).join(', ') || 'none'}.`, node.nodeId));
          }
        }
      }
    }
    return out;
  },
};
