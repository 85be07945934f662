import type { ProofChainFact } from '../facts/plan-facts.js';
import { jsonPath, violation, type PlanViolation } from '../violation.js';
import { targetPathOf, type CheckInput, type PlanCheck } from './check.js';

function citedChains(input: CheckInput, kind: ProofChainFact['kind']): ProofChainFact[] {
  const cited = new Set(input.plan.proofRefs ?? []);
  return input.facts.anchors.proofChains.filter((c) => c.kind === kind && cited.has(c.id));
}

/**
 * Federation proof: a plan whose change targets span two federated apps (or one, when the signature
 * says the task crosses a boundary) cites a complete federation proof chain of the pack in proofRefs.
 */
export const federationCheck: PlanCheck = {
  id: 'federation_proof',
  summary: 'plans crossing a module-federation boundary cite a complete federation proof chain in proofRefs',
  run(input: CheckInput): PlanViolation[] {
    const apps = new Set<string>();
    for (const { node } of input.index.changes) {
      const path = targetPathOf(input.facts, node);
      const app = path === null ? null : input.facts.packFiles.get(path)?.federationAppId ?? null;
      if (app !== null) apps.add(app);
    }
    const crosses = apps.size >= 2 || (input.context.signature?.crossesFederationBoundary === true && apps.size >= 1);
    if (!crosses) return [];
    const chains = citedChains(input, 'federation');
    if (chains.some((c) => c.complete)) return [];
    const available = input.facts.anchors.proofChains.filter((c) => c.kind === 'federation' && c.complete).map((c) => c.id);
    const message = chains.length > 0
      ? 'The cited federation proof chain is incomplete.'
      : `The plan changes ${[...apps].sort().join(' and ')} across a federation boundary without citing a federation proof chain.`;
    const hint = available.length > 0
      ? `Add the pack's federation chain to proofRefs: ${available.slice(0, 5).join(', ')}.`
      : 'Escalate (artifact_fetch) for the host route → remote expose → remote module chain before planning changes on both sides.';
    return [violation('PLAN_FEDERATION_PROOF_MISSING', jsonPath(['proofRefs']), message, hint)];
  },
};

/**
 * ag-Grid origin: a table flow (ui_aggrid_feature for a task that mentions ag-Grid, or a change target
 * that hosts a grid) cites a complete origin chain through one of its grid files, or declares
 * originUnknown with an escalate node.
 */
export const originCheck: PlanCheck = {
  id: 'aggrid_origin',
  summary: 'table flows cite a complete ag-Grid origin chain, or declare originUnknown with an escalate node',
  run(input: CheckInput): PlanViolation[] {
    const { plan, index, facts, context } = input;
    const gridFiles = new Set<string>();
    for (const { node } of index.changes) {
      const path = targetPathOf(facts, node);
      if (path !== null && facts.packFiles.get(path)?.gridTable === true) gridFiles.add(path);
    }
    // ui_aggrid_feature is also the default class: without grid targets, a task retrieval saw no grid in is no table flow.
    const tableFlow = context.strategy.strategyId === 'ui_aggrid_feature' && context.signature?.mentionsAgGrid !== false;
    if (gridFiles.size === 0 && !tableFlow) return [];
    const chains = citedChains(input, 'aggrid_origin').filter((c) => c.complete);
    const covering = gridFiles.size === 0 ? chains : chains.filter((c) => c.files.some((f) => gridFiles.has(f)));
    if (covering.length > 0) return [];
    const declared = plan.originUnknown;
    if (declared) {
      if (index.byId.get(declared.escalateNodeId)?.node.kind === 'escalate') return [];
      return [violation('PLAN_ORIGIN_UNKNOWN', jsonPath(['originUnknown', 'escalateNodeId']), `\`${declared.escalateNodeId}\` is not an escalate node of this plan.`, 'Point originUnknown.escalateNodeId at the escalate node that requests the origin evidence.')];
    }
    const message = chains.length > 0
      ? 'The cited origin chain does not pass through the grid file(s) the plan changes.'
      : 'The plan changes a grid flow without an ag-Grid origin chain (table → column → renderer → route → component → service → definition).';
    return [violation('PLAN_ORIGIN_UNKNOWN', jsonPath(['proofRefs']), message, 'Cite the pack\'s origin chain in proofRefs, or declare originUnknown with an escalate node that requests the missing hops.')];
  },
};
