import { z } from 'zod';
import {
  atomicityBoundary, codeEvidence, editIntent, identifier, planPath, reference, requestedEvidence, requirementCitation, symbolName, text, verificationHook,
} from './fields.schema.js';

/** The four node kinds, in the order the schema lists them. */
export const NODE_KINDS = ['change', 'validate', 'escalate', 'side_effect'] as const;
export type NodeKind = (typeof NODE_KINDS)[number];

// Fields every node carries (002 §10.2 common fields).
const common = {
  nodeId: identifier.describe('unique id of this node within the plan'),
  dependsOn: z.array(identifier).max(50).describe('nodeIds that must complete before this node starts'),
  atomicityBoundary,
  expectedFailureSignatures: z.array(text(300)).max(20).describe('error messages or symptoms that mean this node failed'),
  correctionCandidateOnFail: text(1000).describe('what to try next if this node fails'),
};

const targetSymbol = symbolName.describe('a symbol name (`Class` or `Class.member`); no wildcards');

export const changeNode = z.strictObject({
  kind: z.literal('change').describe('a file mutation'),
  ...common,
  operation: z.enum(['create', 'modify', 'delete']).describe('create adds a file or new symbols; modify and delete act on existing code'),
  targetFile: planPath.describe('repo-relative POSIX path of the one file this node edits; must be in the context pack (create: in a pack folder)'),
  targetSymbols: z.array(targetSymbol).max(50).describe('symbols edited; each must exist in the snapshot unless operation is create'),
  whyThisFile: text(1000).describe('why this file, with reference to the evidence'),
  editIntent,
  citations: z.array(requirementCitation).max(30).describe('requirement evidence for this change'),
  codeEvidence: z.array(codeEvidence).max(30).describe('code anchors in the pack this change relies on'),
  policyRefs: z.array(reference).max(30).describe('ids of policies, MigrationRules (`migrationRule.id`) and memories this change follows'),
  verificationHooks: z.array(verificationHook).max(20).describe('hooks that verify this change; at least one blocking'),
  escalateIf: z.array(text(300)).max(20).describe('conditions under which the executor must stop and escalate instead of improvising'),
  artifactRefs: z.array(reference).max(20).optional().describe('artifactIds of attachments the citations rely on'),
  contractRefs: z.array(reference).max(20).optional().describe('ids of API contract anchors (endpoints, schemas) in the pack; required for API work'),
  lowEvidenceGuard: z.boolean().optional().describe('true to take the single-source path (with uncertaintyNote and requiresHumanReview)'),
  uncertaintyNote: text(1000).optional().describe('what is uncertain about this change and why'),
  requiresHumanReview: z.boolean().optional().describe('true when a person must review the change before it counts as done'),
}).describe('change node: one cohesive edit to one file');

export const validateNode = z.strictObject({
  kind: z.literal('validate').describe('a verification step'),
  ...common,
  verificationHooks: z.array(verificationHook).max(20).describe('hooks to run; at least one blocking'),
  mapsToNodeIds: z.array(identifier).min(1).max(50).describe('nodeIds this step validates; it must depend on each of them'),
  successCriteria: text(1000).describe('the observable outcome that counts as a pass'),
}).describe('validate node: proves that the nodes it maps to did what they claim');

export const escalateNode = z.strictObject({
  kind: z.literal('escalate').describe('a request for evidence'),
  ...common,
  requestedEvidence: z.array(requestedEvidence).min(1).max(20).describe('what the pack is missing'),
  blockingReasons: z.array(text(500)).min(1).max(20).describe('why the dependent nodes cannot proceed without it'),
  proposedNextStrategyId: reference.optional().describe('strategy to switch to if the evidence confirms the need'),
}).describe('escalate node: stops guessing and asks for evidence');

export const sideEffectNode = z.strictObject({
  kind: z.literal('side_effect').describe('an external action'),
  ...common,
  sideEffectType: z.enum(['jira_comment', 'jira_transition', 'git_commit', 'git_push', 'pull_request', 'notification', 'review_bundle', 'merge', 'other'])
    .describe('what kind of external action'),
  sideEffectPayloadRef: reference.describe('reference to the prepared payload (a scratch file or artifact)'),
  commitGateId: identifier.describe('id of the configured commit gate that must pass first; without one the node is EXEC_UNGATED_SIDE_EFFECT'),
}).describe('side_effect node: an external action behind a commit gate, after validation');

export const planNode = z.discriminatedUnion('kind', [changeNode, validateNode, escalateNode, sideEffectNode]).describe('a plan node');

export type ChangeNode = z.infer<typeof changeNode>;
export type ValidateNode = z.infer<typeof validateNode>;
export type EscalateNode = z.infer<typeof escalateNode>;
export type SideEffectNode = z.infer<typeof sideEffectNode>;
export type PlanNode = z.infer<typeof planNode>;

/** The zod schema of each node kind (for field descriptions and required-field lists). */
export const NODE_SCHEMAS = { change: changeNode, validate: validateNode, escalate: escalateNode, side_effect: sideEffectNode } as const;
