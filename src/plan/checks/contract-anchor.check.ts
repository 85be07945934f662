import { nodePath, violation, type PlanViolation } from '../violation.js';
import { targetPathOf, type CheckInput, type PlanCheck } from './check.js';

const CODE = 'PLAN_MISSING_CONTRACT_ANCHOR';

/**
 * Contract anchor: API work — a change to a file bound to an endpoint, or a feature change under the
 * api_contract_feature strategy — cites an API contract anchor the pack holds in contractRefs.
 */
export const contractAnchorCheck: PlanCheck = {
  id: 'contract_anchor',
  summary: 'API work cites a contract anchor (endpoint or schema) of the pack in contractRefs',
  run({ index, facts, context }: CheckInput): PlanViolation[] {
    const known = new Set(facts.anchors.contractAnchors.map((a) => a.id));
    const out: PlanViolation[] = [];
    for (const { node, index: i } of index.changes) {
      const refs = node.contractRefs ?? [];
      refs.forEach((ref, j) => {
        if (!known.has(ref)) out.push(violation(CODE, nodePath(i, 'contractRefs', j), `\`${ref}\` is not a contract anchor of the pack.`, 'Cite an endpoint or schema id listed in the pack, or escalate (contract_fetch) for the spec.', node.nodeId));
      });
      const path = targetPathOf(facts, node);
      const apiBound = path !== null && facts.packFiles.get(path)?.apiBound === true;
      const apiFeature = context.strategy.strategyId === 'api_contract_feature' && node.atomicityBoundary.concerns.includes('feature');
      if ((apiBound || apiFeature) && !refs.some((r) => known.has(r))) {
        const available = facts.anchors.contractAnchors.map((a) => a.id).slice(0, 5);
        const hint = available.length > 0 ? `Add the endpoint or schema this change implements to contractRefs (pack anchors: ${available.join(', ')}).` : 'Escalate (contract_fetch) for the OpenAPI anchor of this endpoint.';
        out.push(violation(CODE, nodePath(i, 'contractRefs'), 'API work without a contract anchor.', hint, node.nodeId));
      }
    }
    return out;
  },
};
