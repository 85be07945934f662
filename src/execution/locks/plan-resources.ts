import { canonicalRepoPath } from '../../paths/index.js';
import { sideEffectResourceKey } from '../../plan/facts/index.js';
import type { PlanGraph } from '../../plan/schema/plan-graph.schema.js';
import { fileResource, symbolResource } from './lock-service.js';

/**
 * The resources each node of an accepted plan reserves: a change node its target file and symbols,
 * a side_effect node its payload (`side_effect:<type>:<payloadRef>`, the key the validator checks).
 * Feed the result to `LockService.acquireAll` and the files to `checkPlanOverlap` at acceptance.
 */
export function planNodeResources(plan: Pick<PlanGraph, 'nodes'>): Array<{ nodeId: string; resources: string[] }> {
  const out: Array<{ nodeId: string; resources: string[] }> = [];
  for (const node of plan.nodes) {
    if (node.kind === 'change') {
      const file = canonicalRepoPath(node.targetFile);
      if (!file.ok) continue;
      out.push({ nodeId: node.nodeId, resources: [fileResource(file.path), ...node.targetSymbols.map((s) => symbolResource(file.path, s))] });
    } else if (node.kind === 'side_effect') {
      out.push({ nodeId: node.nodeId, resources: [sideEffectResourceKey(node.sideEffectType, node.sideEffectPayloadRef)] });
    }
  }
  return out;
}

/** The files an accepted plan targets (for `checkPlanOverlap`). */
export function planTargetFiles(plan: Pick<PlanGraph, 'nodes'>): string[] {
  return [...new Set(planNodeResources(plan).flatMap((n) => n.resources).filter((r) => r.startsWith('file:')).map((r) => r.slice('file:'.length)))].sort();
}
