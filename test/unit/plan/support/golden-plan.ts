import type { PlanGraph } from '../../../../src/plan/index.js';
import { HTML, REMOTE, TS } from './golden.js';

const common = (outOfScope: string[]) => ({
  expectedFailureSignatures: ['NG0303: Can\'t bind to'],
  correctionCandidateOnFail: 'Re-read the contract of the element and fix the binding name.',
  atomicityBoundary: { concerns: ['migration' as const], acceptanceGoal: 'The stale-data warning uses the SDF alert.', outOfScope },
});

/**
 * The golden plan: migrate the orders grid's stale-data adp-alert to sdf-alert (host) and align the
 * remote order-detail severity (remote, API-bound), validate both, then comment on the ticket.
 */
export function goldenPlan(): PlanGraph {
  return {
    schemaVersion: '2.0.0',
    workId: 'work-1',
    agentId: 'agent-1',
    runSessionId: 'run-1',
    repoSnapshotId: 'snap-1',
    worktreeRoot: '/repo',
    contextPackRef: '.ai/tmp/work/work-1/context-pack.json',
    contextPackHash: 'sha256:0f1e',
    policyVersionSet: { no_adp: '3' },
    scopeAllowlistRef: 'pack-1#files',
    knowledgeStrategyId: 'migration_adp_to_sdf',
    knowledgeStrategyReasons: [{ reason: 'The template uses adp-alert and the no_adp policy applies.', evidenceRefs: [HTML, 'no_adp'] }],
    evidencePolicy: { minRequirementSources: 1, minCodeEvidenceSources: 1, minPolicySources: 0, minDistinctSources: 2, allowSingleSourceWithGuard: true, lowEvidenceGuardRules: [], distinctSourceDefinition: 'canonical_source' },
    planFingerprint: 'plan-orders-alert-v1',
    sourceTraceRefs: ['trace-1'],
    acceptanceCriteria: [
      { criterionId: 'ac-1', statement: 'The orders grid shows the stale-data warning as an sdf-alert with severity warning.' },
      { criterionId: 'ac-2', statement: 'Order detail uses the warning severity of the SDF alert.' },
    ],
    proofRefs: ['chain:aggrid:orders', 'chain:fed:order-detail'],
    nodes: [
      {
        kind: 'change',
        nodeId: 'c-orders-alert',
        dependsOn: [],
        ...common(['column definitions', 'cell renderers']),
        operation: 'modify',
        targetFile: HTML,
        targetSymbols: [],
        whyThisFile: 'The stale-data adp-alert of the orders grid is on lines 3-5 of this template.',
        editIntent: {
          instruction: 'Replace the adp-alert element on lines 3-5 with the sdf-alert element given in after, mapping type to severity and message to heading.',
          location: { lineStart: 3, lineEnd: 5, anchorText: '<adp-alert type="warning" [message]="staleMessage">' },
          before: '<adp-alert type="warning" [message]="staleMessage">\n</adp-alert>',
          after: '<sdf-alert severity="warning" [heading]="staleMessage" class="stale">\n</sdf-alert>',
        },
        citations: [
          { sourceType: 'prompt', ref: 'originalPrompt', quote: 'Move the orders stale-data warning to the SDF alert.' },
          { sourceType: 'attachment', ref: 'att-001', quote: 'Screenshot: warning banner above the orders grid.' },
        ],
        codeEvidence: [
          { file: HTML, lineStart: 3, lineEnd: 5, observation: 'The adp-alert with type and message bindings.' },
          { file: TS, symbol: 'OrdersTableComponent', observation: 'staleMessage is a property of the component.' },
        ],
        policyRefs: ['mr-adp-alert', 'no_adp'],
        verificationHooks: [{ hookId: 'h-e2e', type: 'gate_step', ref: 'e2e-shadow', blocking: true, acceptanceCriteriaIds: ['ac-1'], description: 'Open /orders and assert the sdf-alert shadow root renders the warning heading.' }],
        escalateIf: ['sdf-alert has no heading prop in the contract'],
        artifactRefs: ['att-001'],
      },
      {
        kind: 'change',
        nodeId: 'c-detail-severity',
        dependsOn: [],
        ...common(['order detail template', 'routing']),
        operation: 'modify',
        targetFile: REMOTE,
        targetSymbols: ['OrderDetailComponent.alertSeverity'],
        whyThisFile: 'The remote order detail keeps the alert severity used with the order endpoint data.',
        editIntent: {
          instruction: 'Change the alertSeverity property declaration to the SDF severity type with the value warning, exactly as in after.',
          location: { symbol: 'OrderDetailComponent.alertSeverity' },
          before: "alertSeverity: AdpAlertType = 'warn';",
          after: "alertSeverity: SdfAlertSeverity = 'warning';",
        },
        citations: [{ sourceType: 'ticket', ref: 'ORD-42', quote: 'Use the SDF severity names in order detail.' }],
        codeEvidence: [{ file: REMOTE, symbol: 'OrderDetailComponent', observation: 'alertSeverity is read by the template and set from the order response.' }],
        policyRefs: [],
        verificationHooks: [{ hookId: 'h-unit', type: 'gate_step', ref: 'unit-remote', blocking: true, acceptanceCriteriaIds: ['ac-2'], description: 'The order-detail spec asserts alertSeverity equals warning after load.' }],
        escalateIf: ['SdfAlertSeverity is not exported by the design system'],
        contractRefs: ['endpoint:get-order-by-id'],
      },
      {
        kind: 'validate',
        nodeId: 'v-orders',
        dependsOn: ['c-orders-alert'],
        ...common(['remote application']),
        verificationHooks: [
          { hookId: 'h-e2e', type: 'gate_step', ref: 'e2e-shadow', blocking: true, acceptanceCriteriaIds: ['ac-1'], description: 'The orders page renders sdf-alert with severity warning inside its shadow root.' },
          { hookId: 'h-unit', type: 'gate_step', ref: 'unit-orders', blocking: true, acceptanceCriteriaIds: ['ac-1'], description: 'The orders-table spec finds one sdf-alert and no adp-alert.' },
        ],
        mapsToNodeIds: ['c-orders-alert'],
        successCriteria: 'Both hooks pass.',
      },
      {
        kind: 'validate',
        nodeId: 'v-detail',
        dependsOn: ['c-detail-severity'],
        ...common(['host application']),
        verificationHooks: [{ hookId: 'h-unit', type: 'gate_step', ref: 'unit-remote', blocking: true, acceptanceCriteriaIds: ['ac-2'], description: 'The order-detail spec passes with severity warning.' }],
        mapsToNodeIds: ['c-detail-severity'],
        successCriteria: 'The order-detail spec passes.',
      },
      {
        kind: 'side_effect',
        nodeId: 'se-jira',
        dependsOn: ['v-orders', 'v-detail'],
        ...common(['code changes']),
        sideEffectType: 'jira_comment',
        sideEffectPayloadRef: 'scratch:jira-comment.md',
        commitGateId: 'gate-jira',
      },
    ],
  };
}
