import { z } from 'zod';
import { RUN_STATES } from './states.js';

/** The schema version of the response (sent with the identity fields: first turn, new agent, `describe: true`). */
export const SCHEMA_VERSION = '2.0.0';

export const SuggestedActionSchema = z.object({
  verb: z.string(),
  reason: z.string(),
  args: z.record(z.string(), z.unknown()).optional(),
  retryAfterMs: z.number().int().nonnegative().optional(),
});
export type SuggestedAction = z.infer<typeof SuggestedActionSchema>;

export const VerbDescriptorSchema = z.object({
  description: z.string(),
  whenToUse: z.string(),
  requiredArgs: z.array(z.string()),
  optionalArgs: z.array(z.string()),
});
export type VerbDescriptor = z.infer<typeof VerbDescriptorSchema>;

export const ProblemSchema = z.object({ path: z.string(), message: z.string(), code: z.string().optional() });

/** A refusal, said once: no separate reasons array, no second copy of the problems in `details`. */
export const DenySchema = z.object({
  code: z.string(),
  message: z.string(),
  retryable: z.boolean(),
  requiresHuman: z.boolean().optional().describe('present (true) only when a person must act'),
  problems: z.array(ProblemSchema).optional().describe('every invalid field or violation; absent when none'),
  suggestedNextActions: z.array(SuggestedActionSchema),
  details: z.record(z.string(), z.unknown()),
});
export type Deny = z.infer<typeof DenySchema>;

export const ProgressSchema = z.object({
  totalNodes: z.number(),
  completedNodes: z.number(),
  remainingNodes: z.number(),
  pendingValidations: z.array(z.object({ nodeId: z.string(), status: z.string() })).optional().describe('absent when none'),
});
export type Progress = z.infer<typeof ProgressSchema>;

export const BudgetSchema = z.object({
  used: z.number().describe('tokens this work has used'),
  limit: z.number().describe('tokens after which only initialize_work, escalate and signal_task_complete run'),
  blocked: z.literal(true).optional().describe('present once the limit is reached'),
});
export type Budget = z.infer<typeof BudgetSchema>;

export const KnowledgeStrategySchema = z.object({ strategyId: z.string(), contextSignature: z.record(z.string(), z.unknown()).optional(), reasons: z.array(z.string()) });
export const SubAgentHintsSchema = z.object({ recommended: z.boolean(), splits: z.array(z.string()) });

/**
 * The `controller_turn` result (seed 000 "Response Envelope", extended by 001; made small by issue 16).
 * Also the tool's outputSchema. Always: workId, state, outcome, result, budget, traceRef. Everything
 * else is sent only when it is new to the agent (see envelope.ts); an absent field means unchanged.
 */
export const TurnResponseSchema = z.object({
  workId: z.string().nullable(),
  state: z.enum(RUN_STATES),
  outcome: z.enum(['ok', 'denied', 'pack_insufficient']),
  result: z.record(z.string(), z.unknown()),
  budget: BudgetSchema,
  traceRef: z.string(),
  runSessionId: z.string().nullable().optional().describe('first turn, a newly assigned agent, or describe: true'),
  agentId: z.string().nullable().optional().describe('first turn, a newly assigned agent, or describe: true'),
  scope: z.object({ worktreeRoot: z.string(), scratchRoot: z.string().nullable() }).optional(),
  schemaVersion: z.literal(SCHEMA_VERSION).optional(),
  originalPrompt: z.string().nullable().optional().describe('only with describe: true'),
  capabilities: z.array(z.string()).optional().describe('the verbs allowed now; absent when unchanged since your last call'),
  verbDescriptions: z.record(z.string(), VerbDescriptorSchema).optional(),
  deny: DenySchema.optional(),
  suggestedAction: SuggestedActionSchema.optional(),
  knowledgeStrategy: KnowledgeStrategySchema.optional().describe('when this turn selected it, or describe: true'),
  subAgentHints: SubAgentHintsSchema.optional().describe('only when splitting the work is recommended'),
  progress: ProgressSchema.optional().describe('when this turn changed the plan progress, or describe: true'),
  contextPack: z.object({ id: z.string(), ref: z.string(), hash: z.string(), fileCount: z.number(), symbolCount: z.number() }).optional()
    .describe('the current pack: when this turn built it, on the first turn, or describe: true'),
});
export type TurnResponse = z.infer<typeof TurnResponseSchema>;
