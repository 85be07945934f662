import { resolvedPath } from '../facts/gather-facts.js';
import type { ChangeNode } from '../schema/nodes.schema.js';
import type { EvidencePolicy } from '../schema/fields.schema.js';
import { citationIdentity, policyIdentity } from '../text/source-identity.js';
import { jsonPath, nodePath, violation, type PlanViolation } from '../violation.js';
import type { CheckInput, PlanCheck } from './check.js';

const CODE = 'PLAN_EVIDENCE_INSUFFICIENT';

const MINIMA = ['minRequirementSources', 'minCodeEvidenceSources', 'minPolicySources', 'minDistinctSources'] as const;

/** Distinct-source counts of one change node (see text/source-identity.ts for the definition). */
export interface SourceCounts {
  requirement: number;
  code: number;
  policy: number;
  total: number;
}

/**
 * Counts a node's distinct sources. Code evidence counts only when its file resolved and is in the
 * pack, and is identified by the resolved path, so spellings, line ranges and symlinks of one file
 * are one source.
 */
export function countSources(node: ChangeNode, input: Pick<CheckInput, 'facts'>): SourceCounts {
  const requirement = new Set(node.citations.map(citationIdentity).filter((id): id is string => id !== null));
  const code = new Set<string>();
  for (const evidence of node.codeEvidence) {
    const file = resolvedPath(input.facts, evidence.file, 'existing');
    if (file.ok && input.facts.packFiles.has(file.path)) code.add(`file:${file.path}`);
  }
  const policy = new Set(node.policyRefs.map(policyIdentity));
  return { requirement: requirement.size, code: code.size, policy: policy.size, total: new Set([...requirement, ...code]).size };
}

/** The minima actually applied: the server policy, raised where the plan declared stricter ones. */
export function effectivePolicy(server: EvidencePolicy, declared: EvidencePolicy): EvidencePolicy {
  return {
    ...server,
    minRequirementSources: Math.max(server.minRequirementSources, declared.minRequirementSources),
    minCodeEvidenceSources: Math.max(server.minCodeEvidenceSources, declared.minCodeEvidenceSources),
    minPolicySources: Math.max(server.minPolicySources, declared.minPolicySources),
    minDistinctSources: Math.max(server.minDistinctSources, declared.minDistinctSources),
    allowSingleSourceWithGuard: server.allowSingleSourceWithGuard && declared.allowSingleSourceWithGuard,
  };
}

function guardPath(node: ChangeNode, i: number, policy: EvidencePolicy, counts: SourceCounts): PlanViolation[] {
  const id = node.nodeId;
  if (!policy.allowSingleSourceWithGuard) {
    return [violation(CODE, nodePath(i, 'lowEvidenceGuard'), 'The evidence policy does not allow the single-source path.', 'Cite enough distinct requirement and code sources to meet the minima.', id)];
  }
  const out: PlanViolation[] = [];
  if (counts.total < 1) out.push(violation(CODE, nodePath(i, 'citations'), 'The single-source path still needs one source.', 'Cite at least one requirement or code source.', id));
  if (node.uncertaintyNote === undefined) out.push(violation(CODE, nodePath(i, 'uncertaintyNote'), 'The single-source path needs an uncertaintyNote.', 'Explain in uncertaintyNote what the missing evidence could change.', id));
  if (node.requiresHumanReview !== true) out.push(violation(CODE, nodePath(i, 'requiresHumanReview'), 'The single-source path needs requiresHumanReview: true.', 'Set requiresHumanReview to true.', id));
  return out;
}

function minimaPath(node: ChangeNode, i: number, policy: EvidencePolicy, counts: SourceCounts): PlanViolation[] {
  const id = node.nodeId;
  const guard = policy.allowSingleSourceWithGuard ? ' (or take the single-source path: lowEvidenceGuard, uncertaintyNote, requiresHumanReview)' : '';
  const out: PlanViolation[] = [];
  if (counts.requirement < policy.minRequirementSources) {
    out.push(violation(CODE, nodePath(i, 'citations'), `${counts.requirement} distinct requirement source(s); at least ${policy.minRequirementSources} required.`, `Cite the requirement from another distinct source (prompt, ticket, spec, doc)${guard}.`, id));
  }
  if (counts.code < policy.minCodeEvidenceSources) {
    out.push(violation(CODE, nodePath(i, 'codeEvidence'), `${counts.code} distinct code-evidence file(s) in the pack; at least ${policy.minCodeEvidenceSources} required. Several refs into one file count once.`, `Add evidence from another pack file${guard}.`, id));
  }
  if (counts.policy < policy.minPolicySources) {
    out.push(violation(CODE, nodePath(i, 'policyRefs'), `${counts.policy} policy reference(s); at least ${policy.minPolicySources} required.`, 'Cite the policies of the pack that govern this change.', id));
  }
  if (out.length === 0 && counts.total < policy.minDistinctSources) {
    out.push(violation(CODE, nodePath(i), `${counts.total} distinct source(s) across requirement and code evidence; at least ${policy.minDistinctSources} required.`, `Add a source from a different file or origin${guard}.`, id));
  }
  return out;
}

/**
 * Evidence policy: each change node meets the category minima with distinct sources, or takes the
 * single-source path (allowed by policy, with lowEvidenceGuard, uncertaintyNote and requiresHumanReview).
 * The plan's declared policy may be stricter than the server's, never weaker.
 */
export const evidenceCheck: PlanCheck = {
  id: 'evidence_policy',
  summary: 'each change meets the evidence minima with distinct sources, or takes the guarded single-source path',
  run(input: CheckInput): PlanViolation[] {
    const { plan, index, context } = input;
    const server = context.evidencePolicy;
    const declared = plan.evidencePolicy;
    const out: PlanViolation[] = [];
    for (const key of MINIMA) {
      if (declared[key] < server[key]) {
        out.push(violation(CODE, jsonPath(['evidencePolicy', key]), `The plan declares ${key} = ${declared[key]}, below the server's ${server[key]}.`, `Set evidencePolicy.${key} to at least ${server[key]}.`));
      }
    }
    if (declared.allowSingleSourceWithGuard && !server.allowSingleSourceWithGuard) {
      out.push(violation(CODE, jsonPath(['evidencePolicy', 'allowSingleSourceWithGuard']), 'The server does not allow the single-source path.', 'Set evidencePolicy.allowSingleSourceWithGuard to false.'));
    }
    const policy = effectivePolicy(server, declared);
    for (const { node, index: i } of index.changes) {
      const counts = countSources(node, input);
      out.push(...(node.lowEvidenceGuard === true ? guardPath(node, i, policy, counts) : minimaPath(node, i, policy, counts)));
    }
    return out;
  },
};
