import type { PlanGraph } from '../../src/plan/schema/plan-graph.schema.js';

const GRID_TEMPLATE = 'projects/host/src/app/orders/orders-list/orders-list.component.html';
// Pack files the bench plan edits (none API-bound, so no contract anchor is needed).
const TARGETS = [
  'projects/host/src/app/orders/orders-list/orders-list.component.ts',
  'projects/host/src/app/orders/orders-list/order-columns.ts',
  'projects/host/src/app/orders/renderers/order-edit-renderer.component.ts',
  'projects/host/src/app/orders/renderers/status-renderer.component.ts',
  'projects/host/src/app/orders/renderers/order-link-renderer.component.ts',
  'projects/host/src/app/orders/grid/column-helpers.ts',
];
const CHANGES = 25;

function build(envelope: Record<string, unknown>): PlanGraph {
  const chain = `chain:aggrid:${GRID_TEMPLATE}:3`;
  const common = { expectedFailureSignatures: ['TS2322'], correctionCandidateOnFail: 'Re-read the file at the given line and apply the edit again.' };
  const boundary = (i: number) => ({ concerns: ['feature' as const], acceptanceGoal: `Grid step ${i} is in place.`, outOfScope: ['routing'] });
  const nodes: PlanGraph['nodes'] = [];
  for (let i = 1; i <= CHANGES; i += 1) {
    const file = TARGETS[i % TARGETS.length] as string;
    nodes.push({
      kind: 'change', nodeId: `c-${i}`, dependsOn: i === 1 ? [] : [`c-${i - 1}`], ...common, atomicityBoundary: boundary(i),
      operation: 'modify', targetFile: file, targetSymbols: [], whyThisFile: `Step ${i} of the grid change lives in this file.`,
      editIntent: { instruction: `Replace the first line with the two lines given in after (step ${i}).`, location: { lineStart: 1, lineEnd: 1 }, before: `// step ${i}`, after: `// step ${i}\n// step ${i} done` },
      citations: [{ sourceType: 'prompt', ref: 'originalPrompt', quote: `Grid change step ${i}.` }],
      codeEvidence: [{ file, lineStart: 1, lineEnd: 5, observation: 'The imports the step builds on.' }],
      policyRefs: [],
      verificationHooks: [{ hookId: 'h', type: 'gate_step', ref: 'unit', blocking: true, acceptanceCriteriaIds: ['ac-1'], description: `The grid spec asserts step ${i} renders its column.` }],
      escalateIf: ['the first line differs from before'],
    });
  }
  for (let i = 1; i < CHANGES; i += 1) {
    const maps = i === CHANGES - 1 ? [`c-${i}`, `c-${CHANGES}`] : [`c-${i}`];
    nodes.push({
      kind: 'validate', nodeId: `v-${i}`, dependsOn: maps, ...common, atomicityBoundary: boundary(i),
      verificationHooks: [{ hookId: 'h', type: 'gate_step', ref: 'unit', blocking: true, acceptanceCriteriaIds: ['ac-1'], description: `The grid spec asserts step ${i} renders its column.` }],
      mapsToNodeIds: maps, successCriteria: 'The grid spec passes.',
    });
  }
  nodes.push({ kind: 'side_effect', nodeId: 'se-commit', dependsOn: [`v-${CHANGES - 1}`], ...common, atomicityBoundary: boundary(0), sideEffectType: 'git_commit', sideEffectPayloadRef: 'scratch:commit.md', commitGateId: 'commit-fast' });
  return {
    schemaVersion: '2.0.0', ...(envelope as Pick<PlanGraph, 'workId' | 'worktreeRoot' | 'repoSnapshotId' | 'contextPackRef' | 'contextPackHash' | 'scopeAllowlistRef' | 'policyVersionSet'>),
    agentId: 'agent-bench', runSessionId: 'run-bench', knowledgeStrategyId: 'ui_aggrid_feature',
    knowledgeStrategyReasons: [{ reason: 'A grid change.', evidenceRefs: [chain] }],
    evidencePolicy: { minRequirementSources: 1, minCodeEvidenceSources: 1, minPolicySources: 0, minDistinctSources: 2, allowSingleSourceWithGuard: true, lowEvidenceGuardRules: [], distinctSourceDefinition: 'canonical_source' },
    planFingerprint: 'bench-50', sourceTraceRefs: [], acceptanceCriteria: [{ criterionId: 'ac-1', statement: 'Every grid step renders its column.' }],
    proofRefs: [chain], nodes,
  };
}

/** The 50-node plan the benchmark validates (25 chained changes, 24 validate nodes, 1 side effect). */
export const benchPlan = {
  packFiles: () => ({ files: [...TARGETS, GRID_TEMPLATE, 'projects/host/src/app/orders/orders.service.ts', 'api/orders.openapi.yaml'] }),
  build,
};
