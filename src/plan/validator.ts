import { PLAN_CHECKS } from './checks/index.js';
import { checkCompleteness } from './checks/completeness.check.js';
import { snapshotCheck } from './checks/snapshot.check.js';
import type { ValidationContext } from './context.js';
import { enforcePlanRules, type MemoryRuleResult } from './enforcement/plan-rules.enforcer.js';
import { gatherFacts } from './facts/gather-facts.js';
import { PlanIndex } from './plan-index.js';
import { computeProgress, EMPTY_EXECUTION, emptyProgress, type PlanProgress } from './progress/progress.js';
import type { PlanGraph } from './schema/plan-graph.schema.js';
import { sortViolations, type PlanViolation } from './violation.js';

/** The verdict on one submission. */
export interface PlanValidationResult {
  accepted: boolean;
  /** Every reason for rejection, deterministically ordered (empty when accepted). */
  violations: PlanViolation[];
  /** Outcome of every plan rule (memories and graph policies), reported separately. */
  memoryRuleResults: MemoryRuleResult[];
  /** Progress the plan starts with if accepted (nothing executed yet); empty when rejected. */
  progress: PlanProgress;
  /** The parsed plan (schema-valid), or null when the schema already rejected it. */
  plan: PlanGraph | null;
}

/**
 * Judges an untrusted PlanGraph submission. Order: strict schema first (a plan that does not parse
 * gets only schema violations); then one parallel round of fact queries through `context.facts`;
 * then every pure check and the enforcement bundle. The plan is accepted only with zero violations.
 */
export async function validatePlan(submission: unknown, context: ValidationContext): Promise<PlanValidationResult> {
  const { plan, violations: schemaViolations } = checkCompleteness(submission);
  if (plan === null) {
    return { accepted: false, violations: sortViolations(schemaViolations), memoryRuleResults: [], progress: emptyProgress(), plan: null };
  }
  const facts = await gatherFacts(plan, context.facts, context.scopeOracle);
  const input = { plan, index: new PlanIndex(plan), facts, context };
  if (facts.activePack === null) {
    // Without a pack every scope answer is "no"; report the root cause alone.
    return { accepted: false, violations: snapshotCheck.run(input), memoryRuleResults: [], progress: emptyProgress(), plan };
  }
  const found: PlanViolation[] = [];
  for (const check of PLAN_CHECKS) found.push(...check.run(input));
  const rules = enforcePlanRules(input);
  found.push(...rules.violations);
  const violations = sortViolations(found);
  const accepted = violations.length === 0;
  return {
    accepted,
    violations,
    memoryRuleResults: rules.memoryRuleResults,
    progress: accepted ? computeProgress(plan, EMPTY_EXECUTION) : emptyProgress(),
    plan,
  };
}
