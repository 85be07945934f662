export { buildPlanRules, EMPTY_BUNDLE, isExpiredProvisional, NO_ADP_RULE, type EnforcementBundle, type GraphPolicyRule, type MemoryRuleRecord, type MigrationRuleFact, type MigrationStatus, type SkippedRule } from './bundle.js';
export { describeObligations } from './obligations.js';
export { planRuleBody, requiredStep, ruleCondition, type PlanRule, type PlanRuleBody, type RequiredStep, type RuleCondition } from './plan-rule.schema.js';
export { enforcePlanRules, type MemoryRuleResult } from './plan-rules.enforcer.js';
