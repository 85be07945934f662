import type { ContextPack, ContextSignature } from '../../../src/retrieval/index.js';

export const SIGNATURE: ContextSignature = {
  hasJira: false, hasSwagger: false, mentionsAgGrid: false, touchesShadowDom: false, crossesFederationBoundary: false,
  migrationAdpDetected: false, contractAnchorPresent: true, testConfidenceLevel: 1, taskTypeGuess: 'ui_feature',
};

/** A small, ready pack; tests override parts of it. */
export function samplePack(over: Partial<ContextPack> = {}): ContextPack {
  return {
    header: { schemaVersion: '2.0.0', workId: 'work-1', repoId: 'repo-1', repoSnapshotId: 'snap-1', contextPackId: 'pack-1', version: 1, supersedes: null },
    taskSpec: { originalPrompt: 'Add a status column', quotedConstraints: [], acceptanceCriteria: ['status is shown'], conflicts: [], lexemes: [] },
    strategy: {
      strategyId: 'ui_aggrid_feature', approach: 'follow the flow', reasons: ['rule 4 (default) selected ui_aggrid_feature'], signature: SIGNATURE,
      baseSignature: SIGNATURE, overrides: [], escalationGuidance: [], suggestedSplits: ['a', 'b'], requiredProofChains: [],
    },
    policies: [{ id: 'no_adp', severity: 'hard', rule: 'No new adp-* usage', appliesTo: [] }],
    recipes: { recipes: [], examples: [{ id: 'ex1', kind: 'preferred', path: 'src/app/orders/orders-table.component.html', tag: 'sdf-table' }] },
    anchors: {
      entrypoints: [{ id: 'c1', kind: 'component', name: 'OrdersComponent', path: 'src/app/orders/orders.component.ts', score: 0.9, reasons: ['symbol lane'] }],
      definitions: [{ id: 'd1', kind: 'symbol', name: 'OrderDto', path: 'src/app/orders/order.model.ts', score: 0.7, reasons: ['definition'] }],
      proofChains: [],
    },
    evidence: {
      files: [
        { path: 'src/app/orders/orders.component.ts', score: 0.9, reasons: ['entrypoint'], contributions: [{ name: 'lane:symbol', value: 0.9, detail: 'x' }], lanes: ['symbol'], anchorId: 'src/app/orders' },
        { path: 'src/app/orders/order.model.ts', score: 0.7, reasons: ['definition'], contributions: [{ name: 'lane:symbol', value: 0.7, detail: 'y' }], lanes: ['symbol'], anchorId: 'src/app/orders' },
      ],
      symbols: [],
      snippets: [],
    },
    validationPlan: { hooks: [{ id: 'tsc', kind: 'typecheck', command: 'npx tsc --noEmit', covers: ['src/app/orders/orders.component.ts'], confidence: 'medium' }], fallbackChain: [] },
    missingness: { missingAnchors: [], conflicts: [], recommendedDeltas: [], cut: [] },
    memories: { anchorsQueried: ['src/app/orders'], records: [] },
    outcome: 'ready',
    ...over,
  };
}
