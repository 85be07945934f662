import { randomBytes } from 'node:crypto';
import { canonicalRepoPath } from '../paths/index.js';
import { int, type GraphTx } from '../graph/index.js';
import { persistPlan } from './plan.queries.js';
import type { PlanGraph } from './schema/plan-graph.schema.js';

/** A fresh plan id: `plan-<hex>`. */
export function mintPlanId(): string {
  return `plan-${randomBytes(8).toString('hex')}`;
}

/** The rows persist-plan.cypher writes for an accepted plan (pure: unit-testable). */
export function planRows(planId: string, plan: PlanGraph) {
  const { nodes, ...envelope } = plan;
  const nodeId = (id: string): string => `${planId}:${id}`;
  const rows = nodes.map((node, ordinal) => {
    const target = node.kind === 'change' ? canonicalRepoPath(node.targetFile) : null;
    const targetFile = target?.ok ? target.path : null;
    const props: Record<string, unknown> = {
      nodeId: node.nodeId, kind: node.kind, ordinal, dependsOn: [...node.dependsOn], nodeJson: JSON.stringify(node),
      ...(node.kind === 'validate' ? { mapsToNodeIds: [...node.mapsToNodeIds] } : {}),
      ...(node.kind === 'change' ? { operation: node.operation, targetFile, targetSymbols: [...node.targetSymbols] } : {}),
      ...(node.kind === 'side_effect' ? { sideEffectType: node.sideEffectType, commitGateId: node.commitGateId } : {}),
    };
    const symbolRefs = node.kind === 'change' && node.operation !== 'create' && targetFile !== null
      ? node.targetSymbols.map((name) => ({ file: targetFile, name }))
      : [];
    return { id: nodeId(node.nodeId), props, targetFile: node.kind === 'change' && node.operation !== 'create' ? targetFile : null, symbolRefs };
  });
  const edges = nodes.flatMap((node) => [...new Set(node.dependsOn)].map((dep) => ({ from: nodeId(node.nodeId), to: nodeId(dep) })));
  const props = {
    fingerprint: plan.planFingerprint, schemaVersion: plan.schemaVersion, strategyId: plan.knowledgeStrategyId, agentId: plan.agentId,
    runSessionId: plan.runSessionId, contextPackRef: plan.contextPackRef, contextPackHash: plan.contextPackHash, repoSnapshotId: plan.repoSnapshotId,
    nodeCount: nodes.length, envelopeJson: JSON.stringify(envelope),
  };
  return { plan: { id: planId, props }, nodes: rows, edges, totalNodes: nodes.length };
}

/**
 * Writes an accepted plan inside the caller's transaction (the turn commit, so the plan and the
 * PLAN_ACCEPTED transition land together or not at all).
 */
export async function writeAcceptedPlan(tx: GraphTx, input: { repoId: string; workId: string; planId: string; plan: PlanGraph }): Promise<void> {
  const rows = planRows(input.planId, input.plan);
  // Nodes and edges inside the plan map: a plan of 3 nodes and one of 30 share one plan of this (large) statement.
  await tx.run(persistPlan, { repoId: input.repoId, workId: input.workId, plan: { ...rows.plan, nodes: rows.nodes, edges: rows.edges }, totalNodes: int(rows.totalNodes) });
}
