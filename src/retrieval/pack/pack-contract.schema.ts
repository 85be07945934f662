import { z } from 'zod';
import { compareText } from '../shared/stable-order.js';
import {
  missingnessSchema, packAttachmentSchema, packAnchorsSchema, packEvidenceSchema, packHeaderSchema, packMemoriesSchema, packPolicySchema, packRecipesSchema,
  packStrategySchema, taskSpecSchema, validationPlanSchema,
} from './pack-sections.schema.js';

export const PACK_SCHEMA_VERSION = '2.0.0';

export const GATE_IDS = [
  'snapshot_purity', 'anchors_present', 'federation_proof', 'ui_origin_chain', 'examples_exclude_adp', 'validation_plan_present',
  'missingness_present', 'memory_rules_loaded', 'evidence_discriminates',
] as const;
export type GateId = (typeof GATE_IDS)[number];

export const gateResultSchema = z.strictObject({ gate: z.enum(GATE_IDS), pass: z.boolean(), reasons: z.array(z.string().max(4000)) });
export type GateResult = z.infer<typeof gateResultSchema>;

/** The ContextPack: the ten sections of 002 §7.1, the outcome, and the pack-ready gate results. */
export const contextPackSchema = z.strictObject({
  header: packHeaderSchema,
  taskSpec: taskSpecSchema,
  strategy: packStrategySchema,
  policies: z.array(packPolicySchema),
  recipes: packRecipesSchema,
  anchors: packAnchorsSchema,
  evidence: packEvidenceSchema,
  validationPlan: validationPlanSchema,
  missingness: missingnessSchema,
  memories: packMemoriesSchema,
  outcome: z.enum(['ready', 'pack_insufficient']),
  gates: z.array(gateResultSchema).optional(),
  /** Attachments of the work (001 §12): inbox files and the agent's `args.attachments[]`, stored under the work folder. */
  attachments: z.array(packAttachmentSchema).optional(),
});
export type ContextPack = z.infer<typeof contextPackSchema>;

const byId = <T extends { id: string }>(a: T, b: T): number => compareText(a.id, b.id);
const byScoreThenPath = <T extends { score: number; path: string }>(a: T, b: T): number => b.score - a.score || compareText(a.path, b.path);

/**
 * Puts every set-like array of a pack in its canonical order (ids ascending; scored lists by score
 * then path; path lists ascending), so two packs with the same content serialise identically.
 * Ordered content (proof-chain hops, reasons, contributions, lexemes, fallback chains) is kept as is.
 */
export function normalizePack(pack: ContextPack): ContextPack {
  const sortText = (xs: readonly string[]): string[] => [...new Set(xs)].sort(compareText);
  return {
    ...pack,
    policies: [...pack.policies].sort(byId).map((p) => ({ ...p, appliesTo: sortText(p.appliesTo) })),
    recipes: { recipes: [...pack.recipes.recipes].sort(byId), examples: [...pack.recipes.examples].sort(byId) },
    anchors: {
      entrypoints: [...pack.anchors.entrypoints].sort((a, b) => byScoreThenPath(a, b) || byId(a, b)),
      definitions: [...pack.anchors.definitions].sort((a, b) => byScoreThenPath(a, b) || byId(a, b)),
      proofChains: [...pack.anchors.proofChains].sort((a, b) => compareText(a.chainType, b.chainType) || compareText(a.hops[0]?.id ?? '', b.hops[0]?.id ?? '')),
    },
    evidence: {
      files: [...pack.evidence.files].sort(byScoreThenPath),
      symbols: [...pack.evidence.symbols].sort((a, b) => compareText(a.path, b.path) || (a.line ?? 0) - (b.line ?? 0) || byId(a, b)),
      snippets: [...pack.evidence.snippets].sort((a, b) => compareText(a.path, b.path) || a.startLine - b.startLine || compareText(a.ref, b.ref)),
      ...(pack.evidence.discrimination ? { discrimination: pack.evidence.discrimination } : {}),
    },
    validationPlan: { ...pack.validationPlan, hooks: [...pack.validationPlan.hooks].sort(byId).map((h) => ({ ...h, covers: sortText(h.covers) })) },
    missingness: {
      ...pack.missingness,
      missingAnchors: [...pack.missingness.missingAnchors].sort((a, b) => compareText(a.anchorType, b.anchorType) || compareText(a.requiredBy, b.requiredBy)),
      cut: [...pack.missingness.cut].sort(byScoreThenPath),
    },
    memories: { anchorsQueried: sortText(pack.memories.anchorsQueried), records: [...pack.memories.records].sort(byId) },
    ...(pack.attachments ? { attachments: [...pack.attachments].sort((a, b) => compareText(a.artifactId, b.artifactId)) } : {}),
  };
}
