import { z } from 'zod';
import { lexemeSchema } from '../lexemes/lexeme.model.js';
import { CANDIDATE_KINDS, LANES } from '../rank/candidate.model.js';
import { contextSignatureSchema } from '../signature/context-signature.js';
import { PROOF_CHAIN_TYPES, STRATEGY_IDS } from '../strategy/strategy.model.js';

const text = z.string().max(4000);
const id = z.string().min(1).max(1000);
const path = z.string().min(1).max(1000);
const line = z.number().int().min(0);
const score = z.number().finite();

/** 1. Header: identity of the pack and the snapshot it was built from. */
export const packHeaderSchema = z.strictObject({
  schemaVersion: z.string().min(1),
  workId: id,
  repoId: id,
  repoSnapshotId: z.string().max(200),
  contextPackId: id,
  version: z.number().int().min(1),
  supersedes: id.nullable(),
  createdAt: z.string().max(40).optional(),
});

/** 2. TaskSpec: the request as given, its quoted constraints, normalised acceptance criteria and conflicts. */
export const taskSpecSchema = z.strictObject({
  originalPrompt: z.string().max(200_000),
  quotedConstraints: z.array(text),
  acceptanceCriteria: z.array(text),
  conflicts: z.array(z.strictObject({ between: z.array(text).min(2), description: text })),
  lexemes: z.array(lexemeSchema),
  jira: z.strictObject({ key: z.string().max(40), summary: text.optional(), issueType: z.string().max(100).optional(), url: text.optional() }).optional(),
});

const overrideSchema = z.strictObject({
  source: z.enum(['memory', 'policy']),
  sourceId: id,
  feature: z.string(),
  from: z.union([z.boolean(), z.number(), z.string()]),
  to: z.union([z.boolean(), z.number(), z.string()]),
  reason: text,
});

/** 3. Active strategy with the signature (after overrides) and the reasons it was chosen. */
export const packStrategySchema = z.strictObject({
  strategyId: z.enum(STRATEGY_IDS),
  approach: text,
  reasons: z.array(text),
  signature: contextSignatureSchema,
  baseSignature: contextSignatureSchema,
  overrides: z.array(overrideSchema),
  escalationGuidance: z.array(text),
  suggestedSplits: z.array(z.string().max(200)),
  requiredProofChains: z.array(z.enum(PROOF_CHAIN_TYPES)),
});

/** 4. Active policies, hard and soft. */
export const packPolicySchema = z.strictObject({
  id,
  severity: z.enum(['hard', 'soft']),
  rule: text,
  appliesTo: z.array(z.string().max(300)),
  rejectionCode: z.string().max(80).optional(),
});

/** 5. Allowed recipes and examples (sdf preferred; adp only as anti-examples). */
export const packRecipesSchema = z.strictObject({
  recipes: z.array(z.strictObject({ id, name: z.string().max(200), kind: z.enum(['codemod', 'workflow']), purpose: text })),
  examples: z.array(z.strictObject({
    id,
    kind: z.enum(['preferred', 'anti', 'deprecated']),
    path,
    startLine: line.optional(),
    endLine: line.optional(),
    tag: z.string().max(200).optional(),
    lastVerifiedSnapshot: z.string().max(200).optional(),
  })),
});

export const anchorRefSchema = z.strictObject({
  id,
  kind: z.enum(CANDIDATE_KINDS),
  name: z.string().max(500).optional(),
  path,
  line: line.optional(),
  score,
  reasons: z.array(text),
  snapshotId: z.string().max(200).optional(),
});

export const proofHopSchema = z.strictObject({
  label: z.string().max(100),
  id: id.nullable(),
  name: z.string().max(500).optional(),
  path: path.optional(),
  line: line.optional(),
});

export const proofChainSchema = z.strictObject({
  chainType: z.enum(PROOF_CHAIN_TYPES),
  status: z.enum(['complete', 'partial', 'origin_unknown', 'ambiguous']),
  hops: z.array(proofHopSchema),
  missing: z.array(z.strictObject({ hop: z.string().max(100), reason: text })),
  candidates: z.array(proofHopSchema).optional(),
});

/** 6. Anchors: entrypoints, definitions and the proof chains. */
export const packAnchorsSchema = z.strictObject({
  entrypoints: z.array(anchorRefSchema),
  definitions: z.array(anchorRefSchema),
  proofChains: z.array(proofChainSchema),
});

const contributionSchema = z.strictObject({ name: z.string().max(100), value: score, detail: text });

/** 7. Evidence: ranked files with explained scores, symbols, and snippets with refs. */
export const packEvidenceSchema = z.strictObject({
  files: z.array(z.strictObject({
    path,
    score,
    reasons: z.array(text),
    contributions: z.array(contributionSchema),
    lanes: z.array(z.enum(LANES)),
    anchorId: z.string().max(1000).optional(),
    bytes: z.number().int().min(0).optional(),
    sha256: z.string().max(80).optional(),
    snapshotId: z.string().max(200).optional(),
  })),
  symbols: z.array(z.strictObject({ id, name: z.string().max(500), kind: z.string().max(60), path, line: line.optional() })),
  snippets: z.array(z.strictObject({ ref: z.string().max(1100), path, startLine: line, endLine: line, reason: text, text: z.string().max(20_000).optional() })),
  /** How the head of the ranking stands out (src/retrieval/rank/discrimination.ts); judged by the evidence_discriminates gate. */
  discrimination: z.strictObject({
    margin: z.number().min(0).max(1),
    agreeingGroups: z.array(z.string().max(40)).max(10),
    availableGroups: z.number().int().min(0).max(10),
    head: z.array(path).max(10),
    unplacedTerms: z.array(z.string().max(200)).max(12),
    absentTerms: z.array(z.string().max(200)).max(12),
    termCoverage: z.number().min(0).max(1),
    headStrength: z.number().min(0).max(1).optional(),
  }).optional(),
});

/** 8. Validation plan: hooks with confidence and the fallback chain. */
export const validationPlanSchema = z.strictObject({
  hooks: z.array(z.strictObject({
    id,
    kind: z.enum(['unit', 'e2e', 'typecheck', 'lint', 'build', 'contract', 'manual']),
    command: z.string().max(1000).optional(),
    covers: z.array(path),
    confidence: z.enum(['high', 'medium', 'low']),
  })),
  fallbackChain: z.array(text),
});

/** 9. Missingness and conflicts: explicit gaps, what was cut, and the deltas that would close them. */
export const missingnessSchema = z.strictObject({
  missingAnchors: z.array(z.strictObject({
    anchorType: z.enum(['entrypoint', 'definition', 'aggrid_origin', 'federation']),
    requiredBy: text,
    whyRequired: text,
    attemptedSources: z.array(z.string().max(200)),
    confidence: z.number().min(0).max(1),
  })),
  conflicts: z.array(z.strictObject({ between: z.array(text).min(2), description: text })),
  recommendedDeltas: z.array(z.strictObject({ type: z.string().max(60), detail: text })),
  cut: z.array(z.strictObject({ path, score, reason: z.string().max(60) })),
});

/** 10. Active memories matching the domain anchors in play, and which anchors were queried. */
export const packMemoriesSchema = z.strictObject({
  anchorsQueried: z.array(z.string().max(1000)),
  records: z.array(z.strictObject({
    id,
    enforcementType: z.enum(['few_shot', 'plan_rule', 'strategy_signal', 'informational']),
    state: z.string().max(40),
    domainAnchorIds: z.array(z.string().max(1000)),
    summary: text,
  })),
});

/** An attachment recorded for the work (001 §12), referenced by plans through `artifactRefs`. */
export const packAttachmentSchema = z.strictObject({
  artifactId: id,
  type: z.enum(['screenshot', 'document', 'log', 'other']),
  source: z.enum(['inbox', 'agent']),
  /** Repo-relative path of the stored copy, or the agent's opaque reference when nothing was stored. */
  ref: z.string().min(1).max(2048),
  caption: z.string().max(500).optional(),
  sha256: z.string().max(80).optional(),
  bytes: z.number().int().min(0).optional(),
  status: z.enum(['stored', 'reference_only', 'rejected']),
  reason: text.optional(),
});
