import type { ValidationContext } from '../context.js';
import { resolvedPath, type PathResolution, type ResolvedFacts } from '../facts/gather-facts.js';
import type { PlanIndex } from '../plan-index.js';
import type { ChangeNode } from '../schema/nodes.schema.js';
import type { PlanGraph } from '../schema/plan-graph.schema.js';
import type { PlanViolation } from '../violation.js';

/** What every semantic check receives: a schema-valid plan, its index, resolved facts and the context. */
export interface CheckInput {
  plan: PlanGraph;
  index: PlanIndex;
  facts: ResolvedFacts;
  context: ValidationContext;
}

/**
 * One family of rules. `id` is the validator name the schema augmentations list, so a planner sees
 * exactly which checks will judge it. Checks are pure and synchronous: all I/O happened in gatherFacts.
 */
export interface PlanCheck {
  id: string;
  /** One line for the planner: what this check rejects. */
  summary: string;
  run(input: CheckInput): PlanViolation[];
}

/** The resolved target path of a change node. */
export function targetOf(facts: ResolvedFacts, node: ChangeNode): PathResolution {
  return resolvedPath(facts, node.targetFile, node.operation === 'create' ? 'create' : 'existing');
}

/** The canonical target of a change node when it resolved, else null (scope reports the failure). */
export function targetPathOf(facts: ResolvedFacts, node: ChangeNode): string | null {
  const target = targetOf(facts, node);
  return target.ok ? target.path : null;
}
