import { z } from 'zod';
import type { ContextSignature } from '../signature/context-signature.js';

/** The four mandatory strategy classes (002 §8.4). */
export const STRATEGY_IDS = ['migration_adp_to_sdf', 'debug_symptom_trace', 'api_contract_feature', 'ui_aggrid_feature'] as const;
export type StrategyId = (typeof STRATEGY_IDS)[number];

export const PROOF_CHAIN_TYPES = ['aggrid_origin', 'federation'] as const;
export type ProofChainType = (typeof PROOF_CHAIN_TYPES)[number];

/** A `strategy_signal` memory as the override layer needs it (a subset of the memory record). */
export const strategySignalMemorySchema = z.object({
  id: z.string().min(1),
  enforcementType: z.string().optional(),
  state: z.string(),
  domainAnchorIds: z.array(z.string()).default([]),
  updatedAt: z.string().optional(),
  strategySignal: z.object({ featureFlag: z.string().min(1), value: z.unknown(), reason: z.string().optional() }).loose(),
});
export type StrategySignalMemory = z.input<typeof strategySignalMemorySchema>;

/** A policy-plane signal: a named one (`no_adp`) or a direct feature setting. */
export const policySignalSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('no_adp'), id: z.string().min(1), severity: z.enum(['hard', 'soft']) }),
  z.object({
    kind: z.literal('feature'), id: z.string().min(1), severity: z.enum(['hard', 'soft']), feature: z.string().min(1), value: z.unknown(), reason: z.string().optional(),
    /** The strategy_signal memory this policy was promoted from: while the signal applies, it applies in the memory's place. */
    fromMemory: z.string().min(1).optional(),
  }),
]);
export type PolicySignal = z.infer<typeof policySignalSchema>;

/** An override that changed (or confirmed) a feature, in the order it was applied. */
export interface AppliedOverride {
  source: 'memory' | 'policy';
  sourceId: string;
  feature: keyof ContextSignature;
  from: ContextSignature[keyof ContextSignature];
  to: ContextSignature[keyof ContextSignature];
  reason: string;
}

/** An override that was not applied, and why (inactive, out of scope, unknown feature, bad value). */
export interface IgnoredOverride {
  source: 'memory' | 'policy';
  sourceId: string;
  why: string;
}

/** What a strategy asks of the planner: a doctrine, written for this project. */
export interface StrategyDoctrine {
  approach: string;
  checkpoints: string[];
  escalationGuidance: string[];
  suggestedSplits: string[];
}

/** The final strategy with everything that led to it. */
export interface StrategyDecision {
  strategyId: StrategyId;
  rule: { priority: number; condition: string };
  reasons: string[];
  baseSignature: ContextSignature;
  signature: ContextSignature;
  overrides: AppliedOverride[];
  ignoredOverrides: IgnoredOverride[];
  approach: string;
  checkpoints: string[];
  escalationGuidance: string[];
  suggestedSplits: string[];
  requiredProofChains: ProofChainType[];
  subAgentHints: { recommended: boolean; suggestedSplits: string[] };
}
