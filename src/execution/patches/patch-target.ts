import { AppError } from '../../errors/index.js';
import { canonicalRepoPath } from '../../paths/index.js';
import type { PersistedPlanNode, WorkPlanView } from '../../plan/plan-service.js';

function scope(message: string, details: Record<string, unknown>): AppError {
  return new AppError('PLAN_SCOPE_VIOLATION', { message, details });
}

/**
 * The plan binding of a patch: the work has an accepted plan in execution, `planNodeId` is one of
 * its `change` nodes, `target` (canonical) is that node's file, and the file is in the pack.
 */
export function checkPatchTarget(view: WorkPlanView | null, planNodeId: string, target: string, packFiles: readonly string[]): PersistedPlanNode {
  if (!view || view.state !== 'PLAN_ACCEPTED' || !view.plan) {
    throw new AppError('ILLEGAL_TRANSITION', { message: 'The work has no accepted plan in execution.', details: { state: view?.state ?? null } });
  }
  const node = view.nodes.find((n) => n.nodeId === planNodeId);
  if (!node) throw scope(`${planNodeId} is not a node of the accepted plan.`, { planNodeId, nodes: view.nodes.map((n) => n.nodeId).slice(0, 50) });
  if (node.kind !== 'change') throw scope(`${planNodeId} is a ${node.kind} node; only change nodes take patches.`, { planNodeId, kind: node.kind });
  const planned = node.targetFile === null ? null : canonicalRepoPath(node.targetFile);
  if (!planned || !planned.ok || planned.path !== target) {
    throw scope(`${target} is not the target file of ${planNodeId}.`, { planNodeId, targetFile: target, plannedTargetFile: node.targetFile });
  }
  if (!packFiles.includes(target)) throw scope(`${target} is not in this work's context pack.`, { targetFile: target });
  return node;
}
