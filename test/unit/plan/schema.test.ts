import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EVIDENCE_POLICY, describeObligations, planGraph, planGraphJsonSchema, requiredFieldsByKind, VALIDATOR_IDS,
} from '../../../src/plan/index.js';
import { goldenBundle } from './support/golden.js';
import { goldenPlan } from './support/golden-plan.js';

type Json = Record<string, unknown>;

// Walks the JSON Schema and yields every object property with its path.
function* properties(schema: unknown, path = '$'): Generator<[string, Json]> {
  if (schema === null || typeof schema !== 'object') return;
  const node = schema as Json;
  for (const [key, value] of Object.entries((node.properties as Json | undefined) ?? {})) {
    yield [`${path}.${key}`, value as Json];
    yield* properties(value, `${path}.${key}`);
  }
  for (const key of ['items', 'additionalProperties']) if (typeof node[key] === 'object') yield* properties(node[key], `${path}[]`);
  for (const key of ['oneOf', 'anyOf', 'allOf']) for (const [i, branch] of ((node[key] as unknown[] | undefined) ?? []).entries()) yield* properties(branch, `${path}<${i}>`);
}

function* objects(schema: unknown): Generator<Json> {
  if (schema === null || typeof schema !== 'object') return;
  const node = schema as Json;
  if (node.type === 'object' && node.properties) yield node;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const v of value) yield* objects(v);
    else if (typeof value === 'object') yield* objects(value);
  }
}

const doc = planGraphJsonSchema({ evidencePolicy: { ...DEFAULT_EVIDENCE_POLICY, minCodeEvidenceSources: 2 }, enforcementObligations: ['cite MigrationRules'] });

describe('planGraphJsonSchema', () => {
  it('describes every field', () => {
    const all = [...properties(doc.jsonSchema)];
    expect(all.map(([path]) => path)).toContain('$.nodes[]<0>.editIntent.location.anchorText');
    const undocumented = all.filter(([, p]) => typeof p.description !== 'string' || p.description.length === 0).map(([path]) => path);
    expect(undocumented).toEqual([]);
  });

  it('is strict: every object rejects unknown keys', () => {
    const open = [...objects(doc.jsonSchema)].filter((o) => o.additionalProperties !== false);
    expect(open).toEqual([]);
  });

  it('lists the four node kinds, the validators and the required fields read from the zod schema', () => {
    expect(doc.expectedNodeKinds).toEqual(['change', 'validate', 'escalate', 'side_effect']);
    expect(doc.validators).toEqual([...VALIDATOR_IDS]);
    expect(doc.validators).toEqual(expect.arrayContaining(['completeness', 'evidence_policy', 'migration_rule_citation', 'component_contract_check', 'plan_rules']));
    const required = requiredFieldsByKind();
    expect(required.change).toEqual(expect.arrayContaining(['nodeId', 'kind', 'dependsOn', 'atomicityBoundary', 'expectedFailureSignatures', 'correctionCandidateOnFail', 'operation', 'targetFile', 'targetSymbols', 'whyThisFile', 'editIntent', 'citations', 'codeEvidence', 'policyRefs', 'verificationHooks', 'escalateIf']));
    expect(required.validate).toEqual(expect.arrayContaining(['verificationHooks', 'mapsToNodeIds', 'successCriteria']));
    expect(required.escalate).toEqual(expect.arrayContaining(['requestedEvidence', 'blockingReasons']));
    expect(required.escalate).not.toContain('proposedNextStrategyId');
    expect(required.side_effect).toEqual(expect.arrayContaining(['sideEffectType', 'sideEffectPayloadRef', 'commitGateId']));
    expect(required.envelope).toEqual(expect.arrayContaining(['workId', 'agentId', 'runSessionId', 'repoSnapshotId', 'worktreeRoot', 'contextPackRef', 'contextPackHash', 'policyVersionSet', 'scopeAllowlistRef', 'knowledgeStrategyId', 'knowledgeStrategyReasons', 'evidencePolicy', 'planFingerprint', 'sourceTraceRefs', 'schemaVersion', 'nodes']));
  });

  it('carries the server evidence minima into the schema itself', () => {
    const evidence = ((doc.jsonSchema.properties as Json).evidencePolicy as Json).properties as Record<string, Json>;
    expect(evidence.minCodeEvidenceSources?.minimum).toBe(2);
    expect(doc.evidencePolicy.minCodeEvidenceSources).toBe(2);
    expect(doc.enforcementObligations).toEqual(['cite MigrationRules']);
  });

  it('accepts the golden plan with the same zod schema the JSON Schema came from', () => {
    expect(planGraph.safeParse(goldenPlan()).success).toBe(true);
  });
});

describe('describeObligations', () => {
  it('states MigrationRule, policy, attachment and contract obligations as data', () => {
    const lines = describeObligations(goldenBundle(), [{ artifactId: 'att-001', ref: 'x.png' }]);
    expect(lines).toEqual(expect.arrayContaining([
      'A change touching adp-alert must cite MigrationRule mr-adp-alert in policyRefs and use sdf-alert.',
      'Policy no_adp (denies): "No new adp-* component usage".',
      'Policy sdf_alert_unit_checked (denies only where grounded by a usage in the same domain anchor): "sdf-alert changes keep the orders unit suite green".',
      'Learned rule memory:mem-001 applies in anchor:src/app/orders.',
      'Citations from attachments (att-001) must list the artifactId in artifactRefs.',
    ]));
  });
});
