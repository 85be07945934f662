import type { Config } from '../../config/index.js';
import { AppError } from '../../errors/index.js';
import type { Graph, RunOptions } from '../../graph/index.js';
import { readWorkPlan, type PlanNodeRow, type PlanRow } from '../../plan/plan.queries.js';
import { isNodeComplete, type ExecutionState, type NodeOutcome, type ProgressPlan } from '../../plan/progress/progress.js';
import type { SideEffectNode } from '../../plan/schema/nodes.schema.js';

/** The side effects this controller can perform; every other plan side effect type has no gate here. */
export const SIDE_EFFECT_TYPES = ['git_commit', 'review_bundle', 'merge'] as const;
export type SideEffectType = (typeof SIDE_EFFECT_TYPES)[number];

/** An accepted side_effect node whose commit gate passed: what the executors act on. */
export interface SideEffectTarget {
  workId: string;
  state: string;
  plan: PlanRow;
  node: SideEffectNode;
  outcome: NodeOutcome;
  commitGate: { id: string; profile: string; mode: string };
  /** A merge of a COMPLETED work, bound to its executed git_commit node (the plan's progress is final). */
  mergeAfterCompletion: boolean;
  /** The validate nodes (transitive dependencies) whose passing opened the gate. */
  validatedBy: string[];
}

const OUTCOMES = new Set(['pending', 'running', 'succeeded', 'failed']);
const outcomeOf = (row: PlanNodeRow): NodeOutcome => (row.outcome && OUTCOMES.has(row.outcome) ? row.outcome as NodeOutcome : 'pending');

const ungated = (message: string, details: Record<string, unknown>) => new AppError('EXEC_UNGATED_SIDE_EFFECT', { message, details });

/** Every node `nodeId` depends on, directly or not (bounded by the plan's size). */
function dependencyClosure(rows: readonly PlanNodeRow[], nodeId: string): PlanNodeRow[] {
  const byId = new Map(rows.map((r) => [r.nodeId, r]));
  const seen = new Set<string>();
  const stack = [...(byId.get(nodeId)?.dependsOn ?? [])];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id) || id === nodeId) continue;
    seen.add(id);
    stack.push(...(byId.get(id)?.dependsOn ?? []));
  }
  return rows.filter((r) => seen.has(r.nodeId));
}

/**
 * Binds a side effect request to the work's current plan, in order: an accepted plan in execution
 * (ILLEGAL_TRANSITION), a node of it (NOT_FOUND), of kind side_effect (PLAN_SCOPE_VIOLATION), of a type
 * this controller gates (EXEC_UNGATED_SIDE_EFFECT), the type requested — or, for a merge of a COMPLETED
 * work, the executed git_commit node (PLAN_SCOPE_VIOLATION) — naming a
 * configured commit gate, with every validate node it depends on passed and every other dependency
 * complete (EXEC_UNGATED_SIDE_EFFECT with details.reason).
 */
export async function bindSideEffect(
  input: { graph: Graph; repoId: string; gates: Config['gates']; workId: string; nodeId: string; type: SideEffectType; allowedStates: readonly string[] },
  run?: RunOptions,
): Promise<SideEffectTarget> {
  const { workId, nodeId } = input;
  const [row] = await input.graph.read(readWorkPlan, { repoId: input.repoId, workId }, run);
  if (!row) throw new AppError('NOT_FOUND', { message: `No work ${workId} in this repository.`, details: { workId } });
  if (!row.plan || !input.allowedStates.includes(row.work.state)) {
    throw new AppError('ILLEGAL_TRANSITION', { message: `Work ${workId} has no accepted plan in execution (state ${row.work.state}).`, details: { workId, state: row.work.state } });
  }
  if (row.work.state === 'COMPLETED' && input.type !== 'merge') {
    throw new AppError('ILLEGAL_TRANSITION', { message: `Work ${workId} is COMPLETED: only the approved merge may still run.`, details: { workId, state: row.work.state } });
  }
  const nodeRow = row.nodes.find((n) => n.nodeId === nodeId);
  if (!nodeRow) throw new AppError('NOT_FOUND', { message: `No node ${nodeId} in the accepted plan.`, details: { workId, nodeId } });
  if (nodeRow.kind !== 'side_effect' || !nodeRow.nodeJson) {
    throw new AppError('PLAN_SCOPE_VIOLATION', { message: `${nodeId} is a ${nodeRow.kind} node; execute_gated_side_effect runs side_effect nodes only.`, details: { nodeId, kind: nodeRow.kind } });
  }
  const node = JSON.parse(nodeRow.nodeJson) as SideEffectNode;
  if (!(SIDE_EFFECT_TYPES as readonly string[]).includes(node.sideEffectType)) {
    throw ungated(`${nodeId} is a ${node.sideEffectType} side effect, which graphgate cannot perform behind a gate (supported: ${SIDE_EFFECT_TYPES.join(', ')}).`, { reason: 'unsupported_type', nodeId, sideEffectType: node.sideEffectType });
  }
  // After completion the plan is final: the approved merge integrates the branch the plan's executed git_commit node committed to.
  const mergeAfterCompletion = input.type === 'merge' && row.work.state === 'COMPLETED';
  if (mergeAfterCompletion && (node.sideEffectType !== 'git_commit' || outcomeOf(nodeRow) !== 'succeeded')) {
    throw new AppError('PLAN_SCOPE_VIOLATION', { message: `After completion a merge names the executed git_commit node whose commit it integrates; ${nodeId} is a ${outcomeOf(nodeRow)} ${node.sideEffectType} node.`, details: { nodeId, planned: node.sideEffectType } });
  }
  if (node.sideEffectType !== input.type && !mergeAfterCompletion) {
    throw new AppError('PLAN_SCOPE_VIOLATION', { message: `${nodeId} is a ${node.sideEffectType} side effect, not ${input.type}.`, details: { nodeId, planned: node.sideEffectType, requested: input.type } });
  }
  const gate = Object.prototype.hasOwnProperty.call(input.gates.commitGates, node.commitGateId) ? input.gates.commitGates[node.commitGateId] : undefined;
  if (!gate) throw ungated(`${nodeId} names commit gate \`${node.commitGateId}\`, which is not configured (gates.commitGates).`, { reason: 'unknown_commit_gate', nodeId, commitGateId: node.commitGateId });
  const closure = dependencyClosure(row.nodes, nodeId);
  const validators = closure.filter((n) => n.kind === 'validate');
  if (validators.length === 0) throw ungated(`${nodeId} depends on no validate node, so nothing can open its commit gate.`, { reason: 'no_validation', nodeId });
  const progressPlan: ProgressPlan = { nodes: row.nodes.map((n) => ({ nodeId: n.nodeId, kind: n.kind, mapsToNodeIds: n.mapsToNodeIds ?? [] })) };
  const state: ExecutionState = { outcomes: Object.fromEntries(row.nodes.map((n) => [n.nodeId, outcomeOf(n)])) };
  const pendingValidations = validators.filter((n) => outcomeOf(n) !== 'succeeded').map((n) => ({ nodeId: n.nodeId, outcome: outcomeOf(n) }));
  const incomplete = closure.filter((n) => n.kind !== 'validate' && !isNodeComplete(progressPlan, state, n.nodeId)).map((n) => n.nodeId);
  if (pendingValidations.length > 0 || incomplete.length > 0) {
    throw ungated(`Commit gate \`${node.commitGateId}\` of ${nodeId} has not passed: ${pendingValidations.length} validate node(s) not passed, ${incomplete.length} dependency node(s) not complete.`, {
      reason: 'gate_not_passed', nodeId, commitGateId: node.commitGateId, pendingValidations, incompleteNodes: incomplete,
    });
  }
  return {
    workId, state: row.work.state, plan: row.plan, node, outcome: outcomeOf(nodeRow), mergeAfterCompletion,
    commitGate: { id: node.commitGateId, profile: gate.profile, mode: gate.mode }, validatedBy: validators.map((n) => n.nodeId),
  };
}
