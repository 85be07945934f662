import { DEFAULT_DOCTRINES, type StrategyDoctrine } from '../context.js';
import type { PlanIndex } from '../plan-index.js';
import type { DoctrineStep } from '../schema/doctrine.schema.js';
import type { PlanGraph } from '../schema/plan-graph.schema.js';
import { jsonPath, nodePath, violation, type PlanViolation } from '../violation.js';
import type { CheckInput, PlanCheck } from './check.js';

const CODE = 'PLAN_STRATEGY_MISMATCH';

function doctrineFor(planned: string, selected: StrategyDoctrine, table: Readonly<Record<string, StrategyDoctrine>> | undefined): StrategyDoctrine {
  if (planned === selected.strategyId) return selected;
  return table?.[planned] ?? (DEFAULT_DOCTRINES as Record<string, StrategyDoctrine | undefined>)[planned] ?? selected;
}

const stepName = (step: DoctrineStep): string => (step.concern ? `${step.kind} (${step.concern})` : step.kind);

/** Plan positions of the nodes a doctrine step matches. */
function matching(plan: PlanGraph, step: DoctrineStep): number[] {
  return plan.nodes.flatMap((node, i) => (node.kind === step.kind && (step.concern === undefined || node.atomicityBoundary.concerns.includes(step.concern)) ? [i] : []));
}

/** Required sequence: every step is present, and each step's nodes depend on a node of the step before. */
function sequenceDeviations(plan: PlanGraph, index: PlanIndex, doctrine: StrategyDoctrine): PlanViolation[] {
  const steps = doctrine.requiredSequence ?? [];
  const out: PlanViolation[] = [];
  const from = doctrine.source && doctrine.source !== 'built-in' ? ` (Strategy ${doctrine.source})` : '';
  let previous: { step: DoctrineStep; ids: Set<string> } | null = null;
  for (const step of steps) {
    const at = matching(plan, step);
    if (at.length === 0) {
      out.push(violation(CODE, jsonPath(['nodes']), `The ${doctrine.strategyId} doctrine${from} requires a ${stepName(step)} node; the plan has none.`, `Add a ${stepName(step)} node in the order ${steps.map(stepName).join(' → ')}.`));
    }
    for (const i of at) {
      const node = plan.nodes[i]!;
      if (previous && previous.ids.size > 0 && ![...index.ancestors(node.nodeId)].some((a) => previous!.ids.has(a))) {
        out.push(violation(CODE, nodePath(i, 'dependsOn'), `The ${doctrine.strategyId} doctrine${from} runs ${stepName(step)} nodes after a ${stepName(previous.step)} node; \`${node.nodeId}\` does not depend on one.`, `Make \`${node.nodeId}\` depend on the ${stepName(previous.step)} node (${[...previous.ids].slice(0, 3).join(', ')}).`, node.nodeId));
      }
    }
    previous = { step, ids: new Set(at.map((i) => plan.nodes[i]!.nodeId)) };
  }
  return out;
}

/** The doctrine in words, for planGraphSchema's obligations (what strategy compliance will check). */
export function doctrineObligation(doctrine: StrategyDoctrine): string {
  const sequence = (doctrine.requiredSequence ?? []).map(stepName).join(' → ');
  return `Strategy ${doctrine.strategyId} doctrine (${doctrine.source ?? 'built-in'}): change concerns ${doctrine.allowedConcerns.join(', ')}`
    + `${doctrine.validatePerChange ? '; a validate node maps to every change' : ''}${sequence ? `; node sequence ${sequence}` : ''}; deviations need strategyDeviationReason + strategyDeviationEvidence.`;
}

/**
 * Strategy compliance: the plan follows the strategy the server selected (a switch only when a hard
 * trigger permitted it), and its node sequence fits the doctrine — the graph's Strategy record, or the
 * built-in one where the graph has none: allowed concerns, a validate node per change where required,
 * the required step order. Doctrine deviations pass only with strategyDeviationReason and evidence.
 */
export const strategyCheck: PlanCheck = {
  id: 'strategy_compliance',
  summary: 'the plan follows the selected strategy and its doctrine (concerns, validate per change, required sequence); deviations carry strategyDeviationReason + evidence',
  run({ plan, index, context }: CheckInput): PlanViolation[] {
    const selected = context.strategy;
    const planned = plan.knowledgeStrategyId;
    if (planned !== selected.strategyId && !selected.permittedSwitches.includes(planned)) {
      return [violation(CODE, jsonPath(['knowledgeStrategyId']), `The plan follows \`${planned}\` but the work's strategy is \`${selected.strategyId}\`; no hard trigger permits a switch.`, `Set knowledgeStrategyId to \`${selected.strategyId}\` and follow its approach.`)];
    }
    const doctrine = doctrineFor(planned, selected, context.doctrines);
    const deviations: PlanViolation[] = [];
    for (const { node, index: i } of index.changes) {
      const outside = node.atomicityBoundary.concerns.filter((c) => !doctrine.allowedConcerns.includes(c));
      if (outside.length > 0) {
        deviations.push(violation(CODE, nodePath(i, 'atomicityBoundary', 'concerns'), `Concern(s) ${[...new Set(outside)].join(', ')} are not part of the ${doctrine.strategyId} doctrine (${doctrine.allowedConcerns.join(', ')}).`, 'Keep the node within the strategy, or justify the deviation with strategyDeviationReason and strategyDeviationEvidence.', node.nodeId));
      }
      if (doctrine.validatePerChange && index.validatorsFor(node.nodeId).length === 0) {
        deviations.push(violation(CODE, nodePath(i), `The ${doctrine.strategyId} doctrine validates every change, but no validate node maps to \`${node.nodeId}\`.`, `Add a validate node with mapsToNodeIds including \`${node.nodeId}\`.`, node.nodeId));
      }
    }
    deviations.push(...sequenceDeviations(plan, index, doctrine));
    if (deviations.length === 0) return [];
    const reason = plan.strategyDeviationReason;
    const evidence = plan.strategyDeviationEvidence ?? [];
    if (reason !== undefined && evidence.length > 0) return [];
    if (reason !== undefined) {
      return [violation(CODE, jsonPath(['strategyDeviationEvidence']), 'The strategy deviation has a reason but no evidence.', 'List the pack files, citations or policies that justify the deviation in strategyDeviationEvidence.')];
    }
    return deviations;
  },
};
