import { z } from 'zod';
import { concern } from '../schema/fields.schema.js';
import { NODE_KINDS } from '../schema/nodes.schema.js';

/**
 * The plan_rule shape shared by memories and (ephemeral) graph policies. Conditions are declarative
 * data — never code or regular expressions — so a rule learned from friction or written by a person
 * is evaluated the same deterministic way as a curated policy.
 */
export const ruleCondition = z.strictObject({
  nodeKind: z.enum(NODE_KINDS).optional().describe('kind of node the rule looks at (default: change)'),
  targetGlob: z.string().min(1).max(256).optional().describe('picomatch glob on the canonical targetFile'),
  introducesTagPrefix: z.string().min(2).max(64).optional().describe('the edit opens more tags with this prefix than it removes (e.g. `adp-`)'),
  touchesTagPrefix: z.string().min(2).max(64).optional().describe('the edit text contains a tag with this prefix'),
  concern: concern.optional().describe('the node declares this concern'),
  operation: z.enum(['create', 'modify', 'delete']).optional().describe('the change operation'),
  textIncludes: z.string().min(2).max(200).optional().describe('case-insensitive substring of the instruction or new text'),
}).describe('all given conditions must hold; an empty condition matches every node of the kind');
export type RuleCondition = z.infer<typeof ruleCondition>;

export const requiredStep = z.strictObject({
  kind: z.enum(NODE_KINDS).describe('kind of node the plan must contain'),
  targetGlob: z.string().min(1).max(256).optional().describe('for change steps: glob on targetFile'),
  hookRef: z.string().min(1).max(200).optional().describe('for validate steps: a gate step or recipe one of its hooks must run'),
  textIncludes: z.string().min(2).max(200).optional().describe('case-insensitive substring of the node text (instruction, successCriteria, requested evidence)'),
  description: z.string().min(1).max(300).describe('the step, in words, for the fix hint'),
}).describe('a node the plan must contain when the condition matches');
export type RequiredStep = z.infer<typeof requiredStep>;

export const planRuleBody = z.strictObject({
  condition: ruleCondition,
  requiredSteps: z.array(requiredStep).max(10).describe('steps required when the condition matches; empty means the condition itself is denied'),
  denyCode: z.string().min(1).max(64).describe('rejection code reported when the rule is not satisfied'),
}).describe('a plan rule');
export type PlanRuleBody = z.infer<typeof planRuleBody>;

/** Where a plan rule came from. */
export type PlanRuleSource = 'memory' | 'graph_policy';

/** A plan rule ready for evaluation (memories and graph policies normalised to one shape). */
export interface PlanRule {
  /** `memory:<id>` or `policy:<id>`; reported as memoryId in memoryRuleResults. */
  ruleId: string;
  source: PlanRuleSource;
  body: PlanRuleBody;
  /** Domain anchors the rule applies to; empty applies everywhere. */
  domainAnchorIds: readonly string[];
  /**
   * Anchors where a prose-derived policy is GROUNDED_BY a usage. Undefined for rules that need no
   * grounding (curated policies, memories); a prose rule denies only on nodes inside these anchors.
   */
  groundedAnchorIds?: readonly string[];
  /** Soft policies never deny. */
  advisoryOnly: boolean;
  /** One line shown in results and messages. */
  statement: string;
}
