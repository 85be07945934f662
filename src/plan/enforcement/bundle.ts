import { isRejectionCode } from '../violation.js';
import { planRuleBody, type PlanRule } from './plan-rule.schema.js';

/** A memory record as far as plan validation needs it (the memory plane owns the full record). */
export interface MemoryRuleRecord {
  id: string;
  enforcementType: 'few_shot' | 'plan_rule' | 'strategy_signal' | 'informational';
  state: 'pending' | 'provisional' | 'approved' | 'rejected' | 'expired' | 'retired';
  domainAnchorIds: readonly string[];
  /** Untrusted until parsed: a plan rule (see plan-rule.schema.ts). */
  planRule?: unknown;
  /** When a provisional memory stops being enforced (ISO-8601). */
  expiresAt?: string | null;
  note?: string;
}

/** A Policy node of the graph, with where it applies and where it is grounded. */
export interface GraphPolicyRule {
  id: string;
  version?: string;
  kind: 'hard' | 'soft';
  /** curated: seed JSONL written by maintainers; prose: derived from documentation text. */
  derivedFrom: 'curated' | 'prose';
  statement: string;
  /** APPLIES_TO anchors; empty applies everywhere. */
  domainAnchorIds: readonly string[];
  /** Anchors of the usages the policy is GROUNDED_BY. */
  groundedAnchorIds: readonly string[];
  /**
   * Untrusted until parsed: a plan rule (see plan-rule.schema.ts). `null` for a policy that has no
   * plan-rule form (a dedicated check enforces it, or it is advisory prose); it is reported as skipped.
   */
  rule: unknown;
  /** The memory this policy was promoted from: while the policy is current, it enforces in the memory's place. */
  fromMemory?: string;
}

export type MigrationStatus = 'approved' | 'candidate' | 'unknown' | 'no_analog';

export interface MigrationRuleFact {
  id: string;
  fromTag: string;
  toTag: string | null;
  status: MigrationStatus;
  /** adp attribute → sdf prop. */
  propMappings: Readonly<Record<string, string>>;
  /** For no_analog: the policy that describes the fallback (custom wrapper or native element). */
  fallbackPolicyId: string | null;
}

/** Everything the enforcement step checks a plan against (001 §14); contracts come via PlanFacts. */
export interface EnforcementBundle {
  activeMemories: readonly MemoryRuleRecord[];
  graphPolicyRules: readonly GraphPolicyRule[];
  migrationRules: readonly MigrationRuleFact[];
  /** false when memory.enablePlanRuleMutation is off: plan_rule memories are skipped (`switched_off`), not enforced. */
  memoryPlanRules?: boolean;
}

export const EMPTY_BUNDLE: EnforcementBundle = { activeMemories: [], graphPolicyRules: [], migrationRules: [] };

/** A rule that could not be turned into a PlanRule, and why (reported, never silently dropped). */
export interface SkippedRule {
  ruleId: string;
  reason: 'malformed' | 'expired' | 'not_enforced_state' | 'unknown_deny_code' | 'not_a_plan_rule' | 'promoted' | 'switched_off';
}

/** True when a provisional memory's expiry has passed at `now`. */
export function isExpiredProvisional(memory: MemoryRuleRecord, now: Date): boolean {
  if (memory.state === 'expired') return true;
  if (memory.state !== 'provisional' || !memory.expiresAt) return false;
  const at = Date.parse(memory.expiresAt);
  return Number.isFinite(at) && at <= now.getTime();
}

/**
 * Normalises plan_rule memories and graph policies into PlanRules (graph policies are ephemeral:
 * derived per validation, never stored as memories). Only approved and unexpired provisional
 * memories are enforced; a memory promoted to a current plan-rule policy is enforced through that
 * policy alone (one source, never two denials); everything left out is listed in `skipped`.
 */
export function buildPlanRules(bundle: EnforcementBundle, now: Date): { rules: PlanRule[]; skipped: SkippedRule[] } {
  const rules: PlanRule[] = [];
  const skipped: SkippedRule[] = [];
  // Only a policy that can enforce takes the memory's place; a broken one leaves the memory enforcing.
  const promoted = new Set(bundle.graphPolicyRules.filter((p) => {
    const parsed = p.fromMemory ? planRuleBody.safeParse(p.rule) : null;
    return parsed?.success === true && isRejectionCode(parsed.data.denyCode);
  }).map((p) => p.fromMemory));
  for (const memory of bundle.activeMemories) {
    if (memory.enforcementType !== 'plan_rule') continue;
    const ruleId = `memory:${memory.id}`;
    if (bundle.memoryPlanRules === false) {
      skipped.push({ ruleId, reason: 'switched_off' });
      continue;
    }
    if (promoted.has(memory.id)) {
      skipped.push({ ruleId, reason: 'promoted' });
      continue;
    }
    if (isExpiredProvisional(memory, now)) {
      skipped.push({ ruleId, reason: 'expired' });
      continue;
    }
    if (memory.state !== 'approved' && memory.state !== 'provisional') {
      skipped.push({ ruleId, reason: 'not_enforced_state' });
      continue;
    }
    const parsed = planRuleBody.safeParse(memory.planRule);
    if (!parsed.success) skipped.push({ ruleId, reason: 'malformed' });
    else if (!isRejectionCode(parsed.data.denyCode)) skipped.push({ ruleId, reason: 'unknown_deny_code' });
    else {
      rules.push({
        ruleId, source: 'memory', body: parsed.data, domainAnchorIds: memory.domainAnchorIds, advisoryOnly: false,
        statement: memory.note ?? `learned rule ${memory.id}`,
      });
    }
  }
  for (const policy of bundle.graphPolicyRules) {
    const ruleId = `policy:${policy.id}`;
    if (policy.rule === null) {
      skipped.push({ ruleId, reason: 'not_a_plan_rule' });
      continue;
    }
    const parsed = planRuleBody.safeParse(policy.rule);
    if (!parsed.success) skipped.push({ ruleId, reason: 'malformed' });
    else if (!isRejectionCode(parsed.data.denyCode)) skipped.push({ ruleId, reason: 'unknown_deny_code' });
    else {
      rules.push({
        ruleId, source: 'graph_policy', body: parsed.data, domainAnchorIds: policy.domainAnchorIds,
        ...(policy.derivedFrom === 'prose' ? { groundedAnchorIds: policy.groundedAnchorIds } : {}),
        advisoryOnly: policy.kind === 'soft', statement: policy.statement,
      });
    }
  }
  rules.sort((a, b) => (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0));
  return { rules, skipped };
}

/** The hard `no_adp` policy as a plan rule: a change node must not open new `adp-*` tags. */
export const NO_ADP_RULE = {
  condition: { nodeKind: 'change', introducesTagPrefix: 'adp-' },
  requiredSteps: [],
  denyCode: 'PLAN_POLICY_VIOLATION',
} as const;
