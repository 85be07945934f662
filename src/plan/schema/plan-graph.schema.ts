import { z } from 'zod';
import { evidencePolicy, identifier, reference, text } from './fields.schema.js';
import { planNode } from './nodes.schema.js';

/** PlanGraph schema versions this validator accepts. */
export const PLAN_SCHEMA_VERSIONS = ['2.0.0'] as const;

/** Upper bound on nodes in one plan (bounded work per validation). */
export const MAX_PLAN_NODES = 200;

export const planGraph = z.strictObject({
  schemaVersion: z.enum(PLAN_SCHEMA_VERSIONS).describe('PlanGraph schema version'),
  workId: reference.describe('the work this plan belongs to'),
  agentId: reference.describe('the agent submitting the plan'),
  runSessionId: reference.describe('the run session the plan was built in'),
  repoSnapshotId: reference.describe('snapshot of the repository the plan was built against; must match the active pack'),
  worktreeRoot: z.string().min(1).max(4096).describe('the worktree root the work runs in, exactly as initialize_work returned it'),
  contextPackRef: reference.describe('ref of the active context pack'),
  contextPackHash: reference.describe('hash of the active context pack (`sha256:…`)'),
  policyVersionSet: z.record(reference, reference).describe('policy id → version the plan was built against'),
  scopeAllowlistRef: reference.describe('ref of the scope allowlist (the active pack\'s file list)'),
  knowledgeStrategyId: reference.describe('the strategy the plan follows (the one initialize_work selected)'),
  knowledgeStrategyReasons: z.array(z.strictObject({
    reason: text(500).describe('why this strategy fits'),
    evidenceRefs: z.array(reference).min(1).max(10).describe('pack files, citations or policies that support the reason'),
  }).describe('one reason for the strategy')).min(1).max(10).describe('evidence-backed reasons for the strategy'),
  evidencePolicy,
  planFingerprint: reference.describe('an id the planner gives this version of the plan'),
  sourceTraceRefs: z.array(reference).max(50).describe('trace refs of the turns whose results the plan uses'),
  acceptanceCriteria: z.array(z.strictObject({
    criterionId: identifier.describe('id that verification hooks reference'),
    statement: text(1000).describe('one observable acceptance criterion of the task'),
  }).describe('one acceptance criterion')).min(1).max(50).describe('the acceptance criteria the verification hooks map to'),
  proofRefs: z.array(reference).max(20).optional().describe('ids of proof chains in the pack (federation, ag-Grid origin) the plan relies on'),
  originUnknown: z.strictObject({
    escalateNodeId: identifier.describe('the escalate node that asks for the missing origin evidence'),
    reason: text(500).describe('why the ag-Grid origin chain cannot be completed'),
  }).optional().describe('explicit ORIGIN_UNKNOWN declaration for a table flow without an origin chain'),
  strategyDeviationReason: text(1000).optional().describe('why the plan departs from the strategy doctrine'),
  strategyDeviationEvidence: z.array(reference).max(10).optional().describe('evidence refs supporting the deviation'),
  nodes: z.array(planNode).min(1).max(MAX_PLAN_NODES).describe('the plan nodes'),
}).describe('PlanGraph: the plan a strong model submits and the validator judges');

export type PlanGraph = z.infer<typeof planGraph>;

/** Envelope field names (everything except the nodes). */
export const ENVELOPE_FIELDS = Object.keys(planGraph.shape).filter((k) => k !== 'nodes');
