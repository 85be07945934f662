import { z } from 'zod';
import { RUN_STATES } from './states.js';

/** The schema version every response carries. */
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

export const DenySchema = z.object({
  code: z.string(),
  message: z.string(),
  retryable: z.boolean(),
  requiresHuman: z.boolean(),
  suggestedNextActions: z.array(SuggestedActionSchema),
  details: z.record(z.string(), z.unknown()),
});
export type Deny = z.infer<typeof DenySchema>;

export const ProgressSchema = z.object({
  totalNodes: z.number(),
  completedNodes: z.number(),
  remainingNodes: z.number(),
  pendingValidations: z.array(z.object({ nodeId: z.string(), status: z.string() })),
});
export type Progress = z.infer<typeof ProgressSchema>;

/** The `controller_turn` result (seed 000 "Response Envelope", extended by 001). Also the tool's outputSchema. */
export const TurnResponseSchema = z.object({
  runSessionId: z.string().nullable(),
  workId: z.string().nullable(),
  agentId: z.string().nullable(),
  state: z.enum(RUN_STATES),
  outcome: z.enum(['ok', 'denied', 'pack_insufficient']),
  capabilities: z.array(z.string()),
  verbDescriptions: z.record(z.string(), VerbDescriptorSchema).optional(),
  scope: z.object({ worktreeRoot: z.string(), scratchRoot: z.string().nullable() }),
  originalPrompt: z.string().nullable(),
  result: z.record(z.string(), z.unknown()),
  denyReasons: z.array(z.string()),
  deny: DenySchema.optional(),
  suggestedAction: SuggestedActionSchema.optional(),
  knowledgeStrategy: z.object({ strategyId: z.string(), contextSignature: z.record(z.string(), z.unknown()).optional(), reasons: z.array(z.string()) }),
  budgetStatus: z.object({ maxTokens: z.number(), usedTokens: z.number(), thresholdTokens: z.number(), blocked: z.boolean() }),
  traceRef: z.string(),
  schemaVersion: z.literal(SCHEMA_VERSION),
  subAgentHints: z.object({ recommended: z.boolean(), splits: z.array(z.string()) }),
  progress: ProgressSchema,
  contextPack: z.object({ id: z.string(), ref: z.string(), hash: z.string(), fileCount: z.number(), symbolCount: z.number() }).nullable(),
});
export type TurnResponse = z.infer<typeof TurnResponseSchema>;
