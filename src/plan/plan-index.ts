import type { ChangeNode, EscalateNode, PlanNode, SideEffectNode, ValidateNode } from './schema/nodes.schema.js';
import type { PlanGraph } from './schema/plan-graph.schema.js';

/** A node with its position in `plan.nodes` (positions make JSON paths). */
export interface Indexed<N extends PlanNode = PlanNode> {
  node: N;
  index: number;
}

/**
 * Read-only lookups over a schema-valid plan that several checks share: nodes by id (first
 * occurrence wins; duplicates are the structure check's business), nodes by kind, transitive
 * dependencies (cycle-safe) and which validate nodes map to which nodes.
 */
export class PlanIndex {
  readonly byId = new Map<string, Indexed>();
  readonly changes: Indexed<ChangeNode>[] = [];
  readonly validates: Indexed<ValidateNode>[] = [];
  readonly escalates: Indexed<EscalateNode>[] = [];
  readonly sideEffects: Indexed<SideEffectNode>[] = [];
  private readonly ancestorCache = new Map<string, ReadonlySet<string>>();
  private readonly validatorsOf = new Map<string, Indexed<ValidateNode>[]>();

  constructor(readonly plan: PlanGraph) {
    plan.nodes.forEach((node, index) => {
      if (!this.byId.has(node.nodeId)) this.byId.set(node.nodeId, { node, index });
      if (node.kind === 'change') this.changes.push({ node, index });
      else if (node.kind === 'validate') this.validates.push({ node, index });
      else if (node.kind === 'escalate') this.escalates.push({ node, index });
      else this.sideEffects.push({ node, index });
    });
    for (const v of this.validates) {
      for (const target of new Set(v.node.mapsToNodeIds)) this.validatorsOf.set(target, [...(this.validatorsOf.get(target) ?? []), v]);
    }
  }

  /** Every nodeId `nodeId` depends on, directly or transitively (never itself unless cyclic). */
  ancestors(nodeId: string): ReadonlySet<string> {
    const cached = this.ancestorCache.get(nodeId);
    if (cached) return cached;
    const seen = new Set<string>();
    const stack = [...(this.byId.get(nodeId)?.node.dependsOn ?? [])];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      for (const dep of this.byId.get(id)?.node.dependsOn ?? []) stack.push(dep);
    }
    this.ancestorCache.set(nodeId, seen);
    return seen;
  }

  /** True when one of the two nodes (transitively) depends on the other. */
  ordered(a: string, b: string): boolean {
    return this.ancestors(a).has(b) || this.ancestors(b).has(a);
  }

  /** The validate nodes whose mapsToNodeIds include `nodeId`. */
  validatorsFor(nodeId: string): readonly Indexed<ValidateNode>[] {
    return this.validatorsOf.get(nodeId) ?? [];
  }

  /** Escalate nodes `nodeId` depends on, directly or transitively. */
  escalatesBefore(nodeId: string): Indexed<EscalateNode>[] {
    const before = this.ancestors(nodeId);
    return this.escalates.filter((e) => before.has(e.node.nodeId));
  }
}
