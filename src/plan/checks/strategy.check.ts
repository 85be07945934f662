import { DEFAULT_DOCTRINES, type StrategyDoctrine } from '../context.js';
import { jsonPath, nodePath, violation, type PlanViolation } from '../violation.js';
import type { CheckInput, PlanCheck } from './check.js';

const CODE = 'PLAN_STRATEGY_MISMATCH';

function doctrineFor(planned: string, selected: StrategyDoctrine): StrategyDoctrine {
  if (planned === selected.strategyId) return selected;
  return (DEFAULT_DOCTRINES as Record<string, StrategyDoctrine | undefined>)[planned] ?? selected;
}

/**
 * Strategy compliance: the plan follows the strategy the server selected (a switch only when a hard
 * trigger permitted it), and its node sequence fits the doctrine — allowed concerns, a validate node
 * per change where required. Doctrine deviations pass only with strategyDeviationReason and evidence.
 */
export const strategyCheck: PlanCheck = {
  id: 'strategy_compliance',
  summary: 'the plan follows the selected strategy and its doctrine; deviations carry strategyDeviationReason + evidence',
  run({ plan, index, context }: CheckInput): PlanViolation[] {
    const selected = context.strategy;
    const planned = plan.knowledgeStrategyId;
    if (planned !== selected.strategyId && !selected.permittedSwitches.includes(planned)) {
      return [violation(CODE, jsonPath(['knowledgeStrategyId']), `The plan follows \`${planned}\` but the work's strategy is \`${selected.strategyId}\`; no hard trigger permits a switch.`, `Set knowledgeStrategyId to \`${selected.strategyId}\` and follow its approach.`)];
    }
    const doctrine = doctrineFor(planned, selected);
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
