import type { ContextSignature } from '../signature/context-signature.js';
import type { StrategyDoctrine, StrategyId } from './strategy.model.js';

/** Built-in doctrines of the four strategies; a graph `Strategy` node may replace them (see selectStrategy). */
export const DEFAULT_DOCTRINES: Record<StrategyId, StrategyDoctrine> = {
  migration_adp_to_sdf: {
    approach:
      'List every legacy adp-* usage inside the pack, pair each with its MigrationRule and the sdf-* contract it maps to, ' +
      'then plan one change node per usage site and one validation node per migrated component boundary.',
    checkpoints: ['usage inventory complete', 'each usage cites its MigrationRule', 'props and events checked against the sdf contract', 'no new adp-* usage introduced'],
    escalationGuidance: [
      'A usage without a MigrationRule (status unknown): escalate with artifact_fetch for the sdf contract instead of inventing a mapping.',
      'A rule marked no_analog: escalate and propose an explicit fallback (keep, wrap or native control) for review.',
    ],
    suggestedSplits: ['usage-inventory', 'migrate-per-component', 'contract-and-visual-validation'],
  },
  debug_symptom_trace: {
    approach:
      'Start from the symptom (error text, wrong value, broken interaction), locate where it surfaces, walk the behaviour chain ' +
      'back through template, component, service and data definition, and plan the smallest change at the first wrong hop plus a check that reproduces the symptom.',
    checkpoints: ['symptom located in code', 'behaviour chain traced hop by hop', 'root-cause hop named with evidence', 'reproducing check planned'],
    escalationGuidance: [
      'The symptom text matches no code in the pack: escalate with scope_expand naming the screen, route or log where it appears.',
      'The chain breaks between two hops: escalate for the missing hop rather than assuming it.',
    ],
    suggestedSplits: ['locate-symptom', 'trace-chain', 'fix-and-reproduce'],
  },
  api_contract_feature: {
    approach:
      'Anchor on the API contract (OpenAPI path and schema), map it to the DTOs/interfaces and the services that call the endpoint, ' +
      'change the contract-facing types first and then each caller, with a type-level check for every caller.',
    checkpoints: ['endpoint and schema cited from the spec', 'DTO/interface mapped', 'every caller of the endpoint listed', 'type check covers each caller'],
    escalationGuidance: [
      'The endpoint is not in an ingested spec: escalate with artifact_fetch for the OpenAPI document.',
      'No DTO or interface matches the payload: escalate for the definition before changing callers.',
    ],
    suggestedSplits: ['contract-mapping', 'types-and-services', 'caller-updates'],
  },
  ui_aggrid_feature: {
    approach:
      'Follow the UI flow from the grid or screen: table, column definitions, cell renderers and navigation triggers, the route they reach, ' +
      'its component and the services and definitions behind it; plan changes along that chain with a validation per touched screen.',
    checkpoints: ['entry route and component identified', 'grid origin chain resolved or marked unknown', 'services and definitions cited', 'validation per screen'],
    escalationGuidance: [
      'The origin chain from table to route is incomplete (ORIGIN_UNKNOWN): escalate with scope_expand for the column definitions or cell renderer.',
    ],
    suggestedSplits: ['route-and-component', 'grid-columns-and-renderers', 'services-and-definitions'],
  },
};

/** Guidance that depends on the signature rather than on the strategy. */
export function conditionalGuidance(s: ContextSignature): { guidance: string[]; splits: string[] } {
  const guidance: string[] = [];
  const splits: string[] = [];
  if (s.crossesFederationBoundary) {
    guidance.push('The task crosses a federation boundary: if several remotes could expose the module, escalate with the candidates instead of choosing one.');
    splits.push('federation-chain-check');
  }
  if (s.touchesShadowDom) guidance.push('sdf-* components render in Shadow DOM: check props, events and slots against components.d.ts, and escalate if the contract is missing.');
  if (!s.contractAnchorPresent) guidance.push('No contract anchor yet: escalate for the definition (DTO, interface or service contract) before planning changes that depend on it.');
  if (s.hasJira) guidance.push('If the Jira issue cannot be fetched, cite the prompt as the requirement source and record the gap in missingness.');
  if (s.testConfidenceLevel <= 1) guidance.push('Test confidence is low: plan an observable validation (type check, build or a new spec) and state the fallback.');
  return { guidance, splits };
}
