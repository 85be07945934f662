import { nodePath, jsonPath, violation, type PlanViolation } from '../violation.js';
import type { CheckInput, PlanCheck } from './check.js';

const CODE = 'PLAN_MISSING_REQUIRED_FIELDS';

// Strongly connected components (Tarjan), visiting nodes and edges in plan order for determinism.
function cyclicComponents(ids: readonly string[], edges: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (edges.get(v) ?? []).includes(v)) out.push(component);
    }
  };
  for (const id of ids) if (!index.has(id)) visit(id);
  return out;
}

// A concrete cycle through the component, starting at its first node in plan order.
function describeCycle(component: readonly string[], order: ReadonlyMap<string, number>, edges: ReadonlyMap<string, readonly string[]>): string[] {
  const members = new Set(component);
  const start = [...component].sort((a, b) => (order.get(a) as number) - (order.get(b) as number))[0] as string;
  const path: string[] = [start];
  const seen = new Set<string>([start]);
  const walk = (v: string): boolean => {
    const next = (edges.get(v) ?? []).filter((w) => members.has(w)).sort((a, b) => (order.get(a) as number) - (order.get(b) as number));
    if (next.includes(start)) return true;
    for (const w of next) {
      if (seen.has(w)) continue;
      seen.add(w);
      path.push(w);
      if (walk(w)) return true;
      path.pop();
    }
    return false;
  };
  walk(start);
  return [...path, start];
}

/** Structure: unique nodeIds, hook and criterion ids; every reference resolves; no dependency cycles. */
export const structureCheck: PlanCheck = {
  id: 'structure',
  summary: 'nodeIds are unique, dependsOn and mapsToNodeIds resolve, and dependencies form no cycle',
  run({ plan, index }: CheckInput): PlanViolation[] {
    const out: PlanViolation[] = [];
    const seenCriteria = new Set<string>();
    plan.acceptanceCriteria.forEach((c, i) => {
      if (seenCriteria.has(c.criterionId)) out.push(violation(CODE, jsonPath(['acceptanceCriteria', i, 'criterionId']), `Duplicate criterionId \`${c.criterionId}\`.`, 'Give every acceptance criterion its own criterionId.'));
      seenCriteria.add(c.criterionId);
    });
    plan.nodes.forEach((node, i) => {
      if (index.byId.get(node.nodeId)?.index !== i) {
        out.push(violation(CODE, nodePath(i, 'nodeId'), `Duplicate nodeId \`${node.nodeId}\`.`, 'Rename this node so every nodeId is unique.', node.nodeId));
      }
      node.dependsOn.forEach((dep, j) => {
        if (!index.byId.has(dep)) out.push(violation(CODE, nodePath(i, 'dependsOn', j), `Dependency \`${dep}\` is not a node of this plan.`, 'Point dependsOn at an existing nodeId or add the missing node.', node.nodeId));
      });
      if (node.kind === 'validate') {
        node.mapsToNodeIds.forEach((target, j) => {
          const found = index.byId.get(target);
          if (!found) out.push(violation(CODE, nodePath(i, 'mapsToNodeIds', j), `\`${target}\` is not a node of this plan.`, 'Map the validate node to the nodeIds it verifies.', node.nodeId));
          else if (found.node.kind === 'validate') out.push(violation(CODE, nodePath(i, 'mapsToNodeIds', j), `\`${target}\` is a validate node; validate nodes verify change, escalate or side_effect nodes.`, 'Map to the node whose work is being verified.', node.nodeId));
        });
      }
      if ('verificationHooks' in node) {
        const hookIds = new Set<string>();
        node.verificationHooks.forEach((hook, j) => {
          if (hookIds.has(hook.hookId)) out.push(violation(CODE, nodePath(i, 'verificationHooks', j, 'hookId'), `Duplicate hookId \`${hook.hookId}\` in this node.`, 'Give each hook of a node its own hookId.', node.nodeId));
          hookIds.add(hook.hookId);
        });
      }
    });
    const order = new Map([...index.byId.entries()].map(([id, entry]) => [id, entry.index]));
    const edges = new Map([...index.byId.entries()].map(([id, entry]) => [id, entry.node.dependsOn.filter((d) => index.byId.has(d))]));
    const cycles = cyclicComponents([...index.byId.keys()], edges)
      .map((component) => describeCycle(component, order, edges))
      .sort((a, b) => (order.get(a[0] as string) as number) - (order.get(b[0] as string) as number));
    for (const cycle of cycles) {
      const first = cycle[0] as string;
      out.push(violation(CODE, nodePath(order.get(first) as number, 'dependsOn'), `Dependency cycle: ${cycle.join(' → ')}.`, `Break the cycle, e.g. remove \`${first}\` from the dependsOn of \`${cycle[cycle.length - 2]}\`.`, first));
    }
    return out;
  },
};
