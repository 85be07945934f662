/**
 * Progress and completion (001 §8) as pure functions the execution plane calls. A node is complete
 * when its own execution succeeded and every validate node mapping to it passed; the work may be
 * signalled complete only when no node remains.
 */

/** Outcome of executing one node (for a validate node, `succeeded` means it passed). */
export type NodeOutcome = 'pending' | 'running' | 'succeeded' | 'failed';

/** What the execution plane has recorded so far, by nodeId. */
export interface ExecutionState {
  outcomes: Readonly<Record<string, NodeOutcome>>;
}

export interface PendingValidation {
  nodeId: string;
  status: 'not_started' | 'running' | 'passed' | 'failed';
}

export interface PlanProgress {
  totalNodes: number;
  completedNodes: number;
  remainingNodes: number;
  pendingValidations: PendingValidation[];
}

/** The part of a plan progress needs (works for a parsed plan and for a persisted one). */
export interface ProgressPlan {
  nodes: ReadonlyArray<{ nodeId: string; kind: string; mapsToNodeIds?: readonly string[] }>;
}

export const EMPTY_EXECUTION: ExecutionState = { outcomes: {} };

/** Progress before any plan is accepted. */
export function emptyProgress(): PlanProgress {
  return { totalNodes: 0, completedNodes: 0, remainingNodes: 0, pendingValidations: [] };
}

const outcomeOf = (state: ExecutionState, nodeId: string): NodeOutcome =>
  (Object.prototype.hasOwnProperty.call(state.outcomes, nodeId) ? state.outcomes[nodeId] : undefined) ?? 'pending';

function validatorsByTarget(plan: ProgressPlan): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const node of plan.nodes) {
    if (node.kind !== 'validate') continue;
    for (const target of node.mapsToNodeIds ?? []) map.set(target, [...(map.get(target) ?? []), node.nodeId]);
  }
  return map;
}

/** The completion rule: own execution succeeded and every validate node mapping to it passed. */
export function isNodeComplete(plan: ProgressPlan, state: ExecutionState, nodeId: string): boolean {
  if (outcomeOf(state, nodeId) !== 'succeeded') return false;
  return (validatorsByTarget(plan).get(nodeId) ?? []).every((v) => outcomeOf(state, v) === 'succeeded');
}

/** Progress of a plan under the recorded outcomes. */
export function computeProgress(plan: ProgressPlan, state: ExecutionState): PlanProgress {
  const validators = validatorsByTarget(plan);
  const ids = [...new Set(plan.nodes.map((n) => n.nodeId))];
  const completed = ids.filter((id) => outcomeOf(state, id) === 'succeeded' && (validators.get(id) ?? []).every((v) => outcomeOf(state, v) === 'succeeded'));
  const status = { pending: 'not_started', running: 'running', failed: 'failed', succeeded: 'passed' } as const;
  const seen = new Set<string>();
  const pendingValidations: PendingValidation[] = [];
  for (const node of plan.nodes) {
    if (node.kind !== 'validate' || seen.has(node.nodeId)) continue;
    seen.add(node.nodeId);
    const outcome = outcomeOf(state, node.nodeId);
    if (outcome !== 'succeeded') pendingValidations.push({ nodeId: node.nodeId, status: status[outcome] });
  }
  return { totalNodes: ids.length, completedNodes: completed.length, remainingNodes: ids.length - completed.length, pendingValidations };
}

/** Records one node's outcome (pure: returns a new state). Unknown nodeIds are refused. */
export function recordOutcome(plan: ProgressPlan, state: ExecutionState, nodeId: string, outcome: NodeOutcome): ExecutionState {
  if (!plan.nodes.some((n) => n.nodeId === nodeId)) throw new RangeError(`no node ${nodeId} in the accepted plan`);
  return { outcomes: { ...state.outcomes, [nodeId]: outcome } };
}

/** Whether signal_task_complete may proceed: only when no node remains. */
export function completionDecision(progress: PlanProgress): { allowed: true } | { allowed: false; reason: string } {
  if (progress.totalNodes > 0 && progress.remainingNodes === 0) return { allowed: true };
  if (progress.totalNodes === 0) return { allowed: false, reason: 'no plan has been accepted yet' };
  return { allowed: false, reason: `${progress.remainingNodes} of ${progress.totalNodes} node(s) are not complete` };
}
