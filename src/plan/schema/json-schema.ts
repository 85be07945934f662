import { z } from 'zod';
import { VALIDATOR_IDS, VALIDATOR_SUMMARIES } from '../checks/index.js';
import type { EvidencePolicy } from './fields.schema.js';
import { NODE_KINDS, NODE_SCHEMAS, type NodeKind } from './nodes.schema.js';
import { PLAN_SCHEMA_VERSIONS, planGraph } from './plan-graph.schema.js';

/** What the pack adds to the bare schema: what this work's plan will be judged by. */
export interface PlanSchemaAugmentations {
  evidencePolicy: EvidencePolicy;
  /** Obligations in words (MigrationRule citations, attachment refs, hard policies). */
  enforcementObligations: readonly string[];
  /** Node kinds this work expects (default: all four). */
  expectedNodeKinds?: readonly NodeKind[];
  /** Gate steps, recipes and commit gates hooks and side effects may name. */
  verificationTargets?: { gateSteps: readonly string[]; recipes: readonly string[]; commitGates: readonly string[] };
  strategyId?: string;
  /** Envelope values the server will compare (workId, worktreeRoot, snapshot, pack ref/hash, allowlist, policy versions). */
  envelope?: Record<string, unknown>;
  /** Ids the plan may cite: proof chains, contract anchors, policies, MigrationRules, memories, attachments. */
  citableRefs?: Record<string, readonly string[]>;
}

/** The planGraphSchema `initialize_work` returns: the augmentations plus the JSON Schema itself. */
export interface PlanGraphSchemaDocument {
  schemaVersion: string;
  validators: string[];
  validatorSummaries: Record<string, string>;
  expectedNodeKinds: NodeKind[];
  requiredFields: Record<'envelope' | NodeKind, string[]>;
  evidencePolicy: EvidencePolicy;
  enforcementObligations: string[];
  verificationTargets: { gateSteps: string[]; recipes: string[]; commitGates: string[] };
  strategyId?: string;
  envelope?: Record<string, unknown>;
  citableRefs?: Record<string, string[]>;
  jsonSchema: Record<string, unknown>;
}

function requiredOf(schema: { shape: Record<string, z.ZodType> }): string[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => (field as unknown as { def: { type: string } }).def.type !== 'optional')
    .map(([key]) => key);
}

/** Required fields per kind and of the envelope, read from the zod schemas (one source of truth). */
export function requiredFieldsByKind(): Record<'envelope' | NodeKind, string[]> {
  return {
    envelope: requiredOf(planGraph).filter((k) => k !== 'nodes').concat('nodes'),
    change: requiredOf(NODE_SCHEMAS.change),
    validate: requiredOf(NODE_SCHEMAS.validate),
    escalate: requiredOf(NODE_SCHEMAS.escalate),
    side_effect: requiredOf(NODE_SCHEMAS.side_effect),
  };
}

// Raises the JSON Schema minima of evidencePolicy to the server's, so the given schema already says it.
function applyEvidenceMinima(json: Record<string, unknown>, policy: EvidencePolicy): void {
  const props = (json.properties as Record<string, { properties?: Record<string, Record<string, unknown>> }> | undefined)?.evidencePolicy?.properties;
  if (!props) return;
  for (const key of ['minRequirementSources', 'minCodeEvidenceSources', 'minPolicySources', 'minDistinctSources'] as const) {
    const field = props[key];
    if (field) field.minimum = policy[key];
  }
  if (!policy.allowSingleSourceWithGuard && props.allowSingleSourceWithGuard) props.allowSingleSourceWithGuard.const = false;
}

/**
 * The JSON Schema of the PlanGraph (generated from the same zod schema the validator parses with)
 * and the pack's augmentations: active validators, expected node kinds, required fields, evidence
 * policy and enforcement obligations.
 */
export function planGraphJsonSchema(augmentations: PlanSchemaAugmentations): PlanGraphSchemaDocument {
  const jsonSchema = z.toJSONSchema(planGraph, { target: 'draft-2020-12', io: 'input' }) as Record<string, unknown>;
  applyEvidenceMinima(jsonSchema, augmentations.evidencePolicy);
  const targets = augmentations.verificationTargets;
  return {
    schemaVersion: PLAN_SCHEMA_VERSIONS[PLAN_SCHEMA_VERSIONS.length - 1] as string,
    validators: [...VALIDATOR_IDS],
    validatorSummaries: { ...VALIDATOR_SUMMARIES },
    expectedNodeKinds: [...(augmentations.expectedNodeKinds ?? NODE_KINDS)],
    requiredFields: requiredFieldsByKind(),
    evidencePolicy: { ...augmentations.evidencePolicy },
    enforcementObligations: [...augmentations.enforcementObligations],
    verificationTargets: { gateSteps: [...(targets?.gateSteps ?? [])], recipes: [...(targets?.recipes ?? [])], commitGates: [...(targets?.commitGates ?? [])] },
    ...(augmentations.strategyId ? { strategyId: augmentations.strategyId } : {}),
    ...(augmentations.envelope ? { envelope: { ...augmentations.envelope } } : {}),
    ...(augmentations.citableRefs ? { citableRefs: Object.fromEntries(Object.entries(augmentations.citableRefs).map(([k, v]) => [k, [...v]])) } : {}),
    jsonSchema,
  };
}
