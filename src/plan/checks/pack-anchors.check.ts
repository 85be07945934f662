import { resolvedPath, symbolKey } from '../facts/gather-facts.js';
import { jsonPath, nodePath, violation, type PlanViolation } from '../violation.js';
import { targetPathOf, type CheckInput, type PlanCheck } from './check.js';

/** The ids a policyRef may name: graph policies, MigrationRules and `memory:<id>` memories. */
export function knownPolicyRefs(input: Pick<CheckInput, 'context'>): Set<string> {
  const bundle = input.context.enforcementBundle;
  return new Set([
    ...bundle.graphPolicyRules.map((p) => p.id),
    ...bundle.migrationRules.map((r) => r.id),
    ...bundle.activeMemories.map((m) => `memory:${m.id}`),
  ]);
}

/**
 * Pack anchors: everything the plan cites resolves in the pack — code-evidence symbols, proof
 * chains, policy references — and no change targets a file whose extraction failed unless it waits
 * for an escalate node (the pack is insufficient there).
 */
export const packAnchorsCheck: PlanCheck = {
  id: 'pack_anchors',
  summary: 'cited symbols, proof chains and policies resolve in the pack; unextractable files need an escalate node first',
  run(input: CheckInput): PlanViolation[] {
    const { plan, index, facts } = input;
    const out: PlanViolation[] = [];
    const chains = new Set(facts.anchors.proofChains.map((c) => c.id));
    (plan.proofRefs ?? []).forEach((ref, j) => {
      if (!chains.has(ref)) out.push(violation('PACK_REQUIRED_ANCHOR_UNRESOLVED', jsonPath(['proofRefs', j]), `\`${ref}\` is not a proof chain of the pack.`, 'Cite a proof chain id the pack lists, or escalate for the missing chain.'));
    });
    const policies = knownPolicyRefs(input);
    for (const { node, index: i } of index.changes) {
      const id = node.nodeId;
      node.codeEvidence.forEach((evidence, j) => {
        if (evidence.symbol === undefined) return;
        const file = resolvedPath(facts, evidence.file, 'existing');
        if (file.ok && facts.packFiles.has(file.path) && !facts.symbols.has(symbolKey(file.path, evidence.symbol))) {
          out.push(violation('PACK_REQUIRED_ANCHOR_UNRESOLVED', nodePath(i, 'codeEvidence', j, 'symbol'), `\`${evidence.symbol.slice(0, 80)}\` is not defined in \`${file.path}\`.`, 'Anchor the evidence on a symbol the pack shows in that file, or drop the symbol and give lines.', id));
        }
      });
      node.policyRefs.forEach((ref, j) => {
        if (!policies.has(ref)) out.push(violation('PACK_REQUIRED_ANCHOR_UNRESOLVED', nodePath(i, 'policyRefs', j), `\`${ref}\` is not a policy, MigrationRule or memory (memory:<id>) of this work.`, 'Cite policy and MigrationRule ids exactly as the pack lists them.', id));
      });
      const path = targetPathOf(facts, node);
      if (path !== null && facts.packFiles.get(path)?.extractionFailed === true && index.escalatesBefore(id).length === 0) {
        out.push(violation('PACK_INSUFFICIENT', nodePath(i, 'targetFile'), `\`${path}\` could not be extracted, so the pack cannot vouch for its structure.`, 'Add an escalate node (scope_expand or human_decision) for this file and make the change depend on it.', id));
      }
    }
    return out;
  },
};
