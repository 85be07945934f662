import {
  DEFAULT_DOCTRINES, DEFAULT_EVIDENCE_POLICY, NO_ADP_RULE, type EnforcementBundle, type ValidationContext, type VerificationCatalog,
} from '../../../../src/plan/index.js';
import { staticFacts, type FactsData } from './static-facts.js';

export const HTML = 'src/app/orders/orders-table.component.html';
export const TS = 'src/app/orders/orders-table.component.ts';
export const REMOTE = 'projects/remote-orders/src/app/order-detail/order-detail.component.ts';

/** The world the golden plan was built in: the pack's facts, as plain data. */
export function goldenFacts(): FactsData {
  return {
    activePack: { ref: '.ai/tmp/work/work-1/context-pack.json', hash: 'sha256:0f1e', repoSnapshotId: 'snap-1', scopeAllowlistRef: 'pack-1#files', createFolders: ['src/app/orders', 'projects/remote-orders/src/app/order-detail'] },
    packFiles: [
      { path: HTML, domainAnchorIds: ['anchor:src/app/orders', 'anchor:src/app'], federationAppId: 'host', gridTable: true, apiBound: false, extractionFailed: false },
      { path: TS, domainAnchorIds: ['anchor:src/app/orders', 'anchor:src/app'], federationAppId: 'host', gridTable: true, apiBound: false, extractionFailed: false },
      { path: REMOTE, domainAnchorIds: ['anchor:projects/remote-orders'], federationAppId: 'remote-orders', gridTable: false, apiBound: true, extractionFailed: false },
    ],
    symbols: [
      { file: TS, name: 'OrdersTableComponent' },
      { file: TS, name: 'OrdersTableComponent.columnDefs' },
      { file: REMOTE, name: 'OrderDetailComponent' },
      { file: REMOTE, name: 'OrderDetailComponent.alertSeverity' },
    ],
    usages: [{ file: HTML, tag: 'adp-alert', family: 'adp', lineStart: 3, lineEnd: 5, domainAnchorId: 'anchor:src/app/orders' }],
    contracts: [
      { tag: 'sdf-alert', props: ['severity', 'heading', 'dismissible'], events: ['sdfDismiss'] },
      { tag: 'sdf-badge', props: ['tone'], events: null },
    ],
    anchors: {
      proofChains: [
        { id: 'chain:aggrid:orders', kind: 'aggrid_origin', complete: true, files: [TS, HTML] },
        { id: 'chain:fed:order-detail', kind: 'federation', complete: true, files: [TS, REMOTE] },
      ],
      contractAnchors: [{ id: 'endpoint:get-order-by-id', kind: 'endpoint' }],
    },
    reservations: [],
  };
}

export const VERIFICATION: VerificationCatalog = {
  gateSteps: [
    { id: 'unit-orders', piercesShadowDom: false },
    { id: 'unit-remote', piercesShadowDom: false },
    { id: 'e2e-shadow', piercesShadowDom: true },
    { id: 'unit-flaky', piercesShadowDom: false, flaky: true },
  ],
  recipes: [{ id: 'run_targeted_validation', piercesShadowDom: false }],
  commitGates: ['gate-jira'],
};

export function goldenBundle(): EnforcementBundle {
  return {
    activeMemories: [
      {
        id: 'mem-001', enforcementType: 'plan_rule', state: 'approved', domainAnchorIds: ['anchor:src/app/orders'], note: 'orders changes run the orders unit suite',
        planRule: { condition: { nodeKind: 'change', targetGlob: 'src/app/orders/**' }, requiredSteps: [{ kind: 'validate', hookRef: 'unit-orders', description: 'a validate node running unit-orders' }], denyCode: 'PLAN_POLICY_VIOLATION' },
      },
      {
        id: 'mem-002', enforcementType: 'plan_rule', state: 'provisional', domainAnchorIds: [], expiresAt: '2020-01-01T00:00:00Z',
        planRule: { condition: { nodeKind: 'change', textIncludes: 'sdf-table' }, requiredSteps: [], denyCode: 'PLAN_POLICY_VIOLATION' },
      },
    ],
    graphPolicyRules: [
      { id: 'no_adp', version: '3', kind: 'hard', derivedFrom: 'curated', statement: 'No new adp-* component usage', domainAnchorIds: [], groundedAnchorIds: [], rule: NO_ADP_RULE },
      {
        id: 'sdf_alert_unit_checked', version: '1', kind: 'hard', derivedFrom: 'prose', statement: 'sdf-alert changes keep the orders unit suite green',
        domainAnchorIds: [], groundedAnchorIds: ['anchor:src/app/orders'],
        rule: { condition: { nodeKind: 'change', touchesTagPrefix: 'sdf-alert' }, requiredSteps: [{ kind: 'validate', hookRef: 'unit-orders', description: 'a validate node running unit-orders' }], denyCode: 'PLAN_POLICY_VIOLATION' },
      },
    ],
    migrationRules: [
      { id: 'mr-adp-alert', fromTag: 'adp-alert', toTag: 'sdf-alert', status: 'approved', propMappings: { type: 'severity', message: 'heading' }, fallbackPolicyId: null },
    ],
  };
}

/** Everything except facts, as plain data a mutation may edit. */
export interface World {
  facts: FactsData;
  context: Omit<ValidationContext, 'facts'>;
}

export function goldenWorld(): World {
  return {
    facts: goldenFacts(),
    context: {
      work: { workId: 'work-1', worktreeRoot: '/repo' },
      strategy: DEFAULT_DOCTRINES.migration_adp_to_sdf,
      evidencePolicy: DEFAULT_EVIDENCE_POLICY,
      enforcementBundle: goldenBundle(),
      verification: VERIFICATION,
      attachments: [{ artifactId: 'att-001', ref: '.ai/tmp/work/work-1/attachments/orders.png' }],
      now: new Date('2026-03-01T12:00:00Z'),
    },
  };
}

/** A ValidationContext for a world. */
export function contextOf(world: World): ValidationContext {
  return { ...world.context, facts: staticFacts(world.facts) };
}
