import { z } from 'zod';
import { planRuleBody } from '../../src/plan/enforcement/plan-rule.schema.js';
import { planDoctrineSeed } from '../../src/plan/schema/doctrine.schema.js';
import { canonicalFeature, coerceFeatureValue } from '../../src/retrieval/strategy/signature-overrides.js';

/** Seed row types and the graph label each becomes. */
export const SEED_TYPES = {
  policy: 'Policy',
  strategy: 'Strategy',
  recipe: 'Recipe',
  lexeme_alias: 'LexemeAlias',
  migration_rule: 'MigrationRule',
  example_ref: 'ExampleRef',
  ui_intent: 'UIIntent',
  component_intent: 'ComponentIntent',
  macro_constraint: 'MacroConstraint',
  validation_profile: 'ValidationProfile',
  escalation_trigger: 'EscalationTrigger',
} as const;
export type SeedType = keyof typeof SEED_TYPES;

const text = z.string().trim().min(1).max(4000);
const name = z.string().regex(/^[a-z][a-z0-9_.-]{0,79}$/, 'lowercase identifier (a-z, 0-9, _ . -)');
const tag = z.string().regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)+$/, 'custom element tag like "sdf-table"');
const list = z.array(text).max(200);
// Friction memories' ids embed anchor ids (`…:anchor:src/app/orders`), so any printable text is allowed.
const memoryId = z.string().min(1).max(600).regex(/^[^\p{Cc}\p{Cf}\s](?:[^\p{Cc}\p{Cf}]*[^\p{Cc}\p{Cf}\s])?$/u, 'memory id: printable text without control characters or outer spaces');
const shotText = z.string().trim().min(1).max(8000);

/** A few-shot example as a promoted `few_shot` memory carries it (camelCase, like the memory payload). */
export const fewShotSeed = z.strictObject({
  instruction: shotText.optional(),
  before: shotText.optional(),
  after: shotText.optional(),
  antiPattern: shotText.optional(),
  whyWrong: shotText.optional(),
}).refine((s) => Object.values(s).some((v) => v !== undefined), 'a few-shot needs at least one of instruction, before, after, antiPattern, whyWrong');

/**
 * A signature override as a promoted `strategy_signal` memory carries it (camelCase, like the memory
 * payload): the feature must be one the strategy override layer knows and the value one it accepts,
 * so a row that ingests is a row that applies.
 */
export const strategySignalSeed = z.strictObject({
  featureFlag: z.string().min(1).max(80),
  value: z.union([z.boolean(), z.number().int(), z.string().min(1).max(40)]),
  reason: z.string().trim().min(1).max(4000).optional(),
}).superRefine((s, ctx) => {
  const feature = canonicalFeature(s.featureFlag);
  if (!feature) ctx.addIssue({ code: 'custom', path: ['featureFlag'], message: `unknown signature feature "${s.featureFlag}"` });
  else if (coerceFeatureValue(feature, s.value) === null) ctx.addIssue({ code: 'custom', path: ['value'], message: `${JSON.stringify(s.value)} is not a valid value for ${feature}` });
});

/** Fields every seed row has: identity, version and provenance, plus optional scoping. */
const base = {
  id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,119}$/, 'id: letters, digits, . _ : - (max 120)'),
  version: z.number().int().min(1),
  updated_at: z.iso.datetime({ offset: true }),
  updated_by: text.max(200),
  /** Domain anchor path globs (`src/app/orders/**`); absent = applies to the whole repo. */
  applies_to: z.array(z.string().min(1).max(300)).max(100).optional(),
  description: text.optional(),
  status: z.enum(['active', 'retired']).optional(),
};

const row = <T extends SeedType, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.object({ ...base, type: z.literal(type), ...shape }).strict();

export const seedRowSchema = z.discriminatedUnion('type', [
  row('policy', {
    severity: z.enum(['hard', 'soft']),
    rule: text,
    check: name.optional(),
    params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])).optional(),
    rejection_code: z.string().regex(/^[A-Z][A-Z_]+$/).optional(),
    /** A plan rule the validator enforces (the same shape as a plan_rule memory's; stored as `planRuleJson`). */
    plan_rule: planRuleBody.optional(),
    /** A signature override the strategy selection applies as a policy signal (stored as `strategySignalJson`). */
    strategy_signal: strategySignalSeed.optional(),
    /** The memory this row was promoted from (`graphgate memory promote`). */
    from_memory: memoryId.optional(),
  }),
  row('strategy', {
    name,
    priority: z.number().int().min(0),
    triggers: list,
    checkpoints: list,
    preferred_recipes: z.array(name).optional(),
    validation_profile: name.optional(),
    escalation_triggers: z.array(name).optional(),
    /** What plan validation checks the node sequence against (stored as `planDoctrineJson`). */
    plan_doctrine: planDoctrineSeed.optional(),
  }),
  row('recipe', {
    name,
    kind: z.enum(['codemod', 'workflow']),
    purpose: text,
    params: z.record(z.string(), z.object({ type: z.enum(['string', 'number', 'boolean', 'string[]']), required: z.boolean(), description: text.optional() }).strict()).optional(),
    steps: list.optional(),
  }),
  row('lexeme_alias', { term: text.max(200), aliases: list, domain: text.max(200).optional(), negative: list.optional() }),
  row('migration_rule', {
    from_tag: tag,
    to_tag: tag.nullable(),
    /** The seeds' statuses; `confirmed` is accepted as a synonym of `approved`. */
    status: z.enum(['approved', 'confirmed', 'candidate', 'unknown', 'no_analog']),
    prop_mappings: z.record(z.string(), z.string()).optional(),
    required_wrappers: z.array(z.string()).optional(),
    constraints: z.array(text).optional(),
    notes: text.optional(),
  }),
  row('example_ref', {
    kind: z.enum(['preferred', 'anti', 'deprecated']),
    /** A code location; a row promoted from a few_shot memory may carry `few_shot` instead. */
    file: z.string().min(1).max(500).optional(),
    start_line: z.number().int().min(1).optional(),
    end_line: z.number().int().min(1).optional(),
    tag: tag.optional(),
    last_verified_snapshot: z.string().max(100).optional(),
    /** The before/after example trace_symbol_graph shows in the row's scope (stored as `fewShotJson`). */
    few_shot: fewShotSeed.optional(),
    from_memory: memoryId.optional(),
  }),
  row('ui_intent', { name, signals: list.optional() }),
  row('component_intent', { tag, intent: name.optional(), when: list, when_not: list }),
  row('macro_constraint', { if_contains: text, then_not: text, message: text, severity: z.enum(['hard', 'soft']).optional() }),
  row('validation_profile', { name, required_checks: list, confidence_rules: list.optional(), min_confidence: z.number().min(0).max(1).optional() }),
  row('escalation_trigger', { name, condition: text, action: text.optional(), codes: z.array(z.string().regex(/^[A-Z][A-Z_]+$/)).optional() }),
]).superRefine((row, ctx) => {
  if (row.type === 'example_ref' && row.file === undefined && row.few_shot === undefined) {
    ctx.addIssue({ code: 'custom', path: ['file'], message: 'an example_ref needs a file or a few_shot' });
  }
});

export type SeedRow = z.infer<typeof seedRowSchema>;
