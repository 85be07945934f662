import { z } from 'zod';

// Control characters other than tab/newline/CR, and bidi embeddings/overrides/isolates (Trojan Source).
const UNSAFE_TEXT = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]*$/;
const NOT_BLANK = /\S/;

/** Non-blank prose without control or bidi-override characters, at most `max` characters. */
export function text(max: number) {
  return z.string().min(1).max(max).regex(NOT_BLANK, 'must not be blank').regex(UNSAFE_TEXT, 'must not contain control or bidi-override characters');
}

/** Verbatim code or template text (may be multi-line), without control or bidi-override characters. */
export function codeText(max: number) {
  return z.string().min(1).max(max).regex(UNSAFE_TEXT, 'must not contain control or bidi-override characters');
}

/** Identifier of something the plan itself defines (node ids, hook ids, criterion ids). */
export const identifier = z.string().min(1).max(128).regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, 'letters, digits, `.`, `_`, `:`, `-`; starting with a letter or digit');

/** Reference to something outside the plan (a policy, memory, gate, ticket, pack, chain); no whitespace. */
export const reference = z.string().min(1).max(512).regex(/^[^\s\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]+$/, 'no whitespace or control characters');

/**
 * A file path as the planner wrote it. Deliberately loose here: the scope check canonicalises it and
 * answers PLAN_SCOPE_VIOLATION (not a schema error) for traversal, absolute or encoded paths.
 */
export const planPath = z.string().min(1).max(1024);

/** A symbol name (`Class` or `Class.member`): no control, bidi or whitespace characters. */
export const symbolName = z.string().min(1).max(256).regex(/^[^\s\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]+$/, 'a single symbol name without whitespace or control characters');

export const lineNumber = z.number().int().min(1).max(10_000_000);

/** What kind of concern a node addresses; more than one needs a justification. */
export const CONCERNS = ['feature', 'bugfix', 'refactor', 'migration', 'test', 'config', 'docs'] as const;
export const concern = z.enum(CONCERNS);
export type Concern = z.infer<typeof concern>;

export const requirementCitation = z.strictObject({
  sourceType: z.enum(['prompt', 'ticket', 'attachment', 'api_spec', 'doc', 'memory'])
    .describe('where the requirement comes from: the user prompt, a ticket, an attachment, an API spec, a repository doc, or a memory'),
  ref: reference.describe('locator of the source: `originalPrompt`, a ticket key, an attachment artifactId, a spec or doc path (a `#fragment` or `:line` suffix does not make it a different source)'),
  quote: text(2000).describe('the requirement, quoted from the source'),
}).describe('requirement evidence: why this change is wanted');
export type RequirementCitation = z.infer<typeof requirementCitation>;

export const codeEvidence = z.strictObject({
  file: planPath.describe('repo-relative POSIX path of a pack file that shows the code this change builds on'),
  symbol: symbolName.optional()
    .describe('a symbol defined in that file (`Class` or `Class.member`); it must resolve in the snapshot'),
  lineStart: lineNumber.optional().describe('first line of the evidence (1-based)'),
  lineEnd: lineNumber.optional().describe('last line of the evidence (1-based, ≥ lineStart)'),
  observation: text(1000).describe('what this code shows that the change relies on'),
}).describe('code evidence: an anchor in the pack; several refs into one file count as one source');
export type CodeEvidence = z.infer<typeof codeEvidence>;

export const verificationHook = z.strictObject({
  hookId: identifier.describe('id of this hook, unique within its node'),
  type: z.enum(['gate_step', 'recipe']).describe('a configured gate step or an automation recipe'),
  ref: reference.describe('id of the configured gate step or recipe to run (from the schema augmentations)'),
  blocking: z.boolean().describe('true when a failure must stop the plan'),
  acceptanceCriteriaIds: z.array(identifier).max(20).describe('criterionIds from `acceptanceCriteria` this hook proves'),
  description: text(500).describe('what the hook observes and what outcome counts as a pass; not just "run tests"'),
  params: z.record(z.string().min(1).max(64), z.union([z.string().max(1024), z.number(), z.boolean()])).optional()
    .describe('validated parameters for the step or recipe'),
}).describe('an executable verification step');
export type VerificationHook = z.infer<typeof verificationHook>;

export const atomicityBoundary = z.strictObject({
  concerns: z.array(concern).min(1).max(CONCERNS.length).describe('the concern(s) of this node; one is the norm'),
  acceptanceGoal: text(500).describe('the single outcome this node moves toward'),
  outOfScope: z.array(text(300)).max(20).describe('what this node deliberately does not touch (at least one entry)'),
  mixJustification: text(1000).optional().describe('why several concerns must land in one node (required when concerns has more than one entry)'),
}).describe('what the node is and is not about');
export type AtomicityBoundary = z.infer<typeof atomicityBoundary>;

export const editLocation = z.strictObject({
  symbol: symbolName.optional().describe('the symbol being edited (one of targetSymbols)'),
  lineStart: lineNumber.optional().describe('first line of the edited region in the current file'),
  lineEnd: lineNumber.optional().describe('last line of the edited region in the current file'),
  anchorText: codeText(500).optional().describe('a verbatim line from the current file that locates the edit'),
}).describe('where in the file the edit happens; at least one field');

export const editIntent = z.strictObject({
  instruction: text(2000).describe('an imperative, concrete instruction a weak executor can follow without judgement'),
  location: editLocation,
  before: codeText(20_000).optional().describe('exact current text being replaced or deleted'),
  after: codeText(20_000).optional().describe('exact new text (required for create and modify)'),
}).describe('the edit, concrete enough that no guessing is needed');
export type EditIntent = z.infer<typeof editIntent>;

export const requestedEvidence = z.strictObject({
  type: z.enum(['artifact_fetch', 'scope_expand', 'symbol_lookup', 'contract_fetch', 'human_decision']).describe('what kind of enrichment is requested'),
  detail: text(1000).describe('exactly what is missing (name tags, files, symbols or decisions)'),
}).describe('one piece of evidence an escalate node asks for');

export const evidencePolicy = z.strictObject({
  minRequirementSources: z.number().int().min(0).max(20).describe('distinct requirement sources each change node cites'),
  minCodeEvidenceSources: z.number().int().min(0).max(20).describe('distinct code-evidence files each change node cites'),
  minPolicySources: z.number().int().min(0).max(20).describe('distinct policyRefs each change node cites'),
  minDistinctSources: z.number().int().min(1).max(40).describe('distinct sources of any category each change node cites'),
  allowSingleSourceWithGuard: z.boolean().describe('whether a single-source node is allowed with lowEvidenceGuard, uncertaintyNote and requiresHumanReview'),
  lowEvidenceGuardRules: z.array(text(300)).max(20).describe('conditions of the single-source allowance, as stated by the server'),
  distinctSourceDefinition: z.literal('canonical_source')
    .describe('sources are distinct by canonical identity: a repo file (path after canonicalisation, lines ignored) or a source type plus locator (fragment ignored)'),
}).describe('evidence minima the plan was built for; must not be weaker than the server policy');
export type EvidencePolicy = z.infer<typeof evidencePolicy>;
