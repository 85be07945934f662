import { describe, expect, it } from 'vitest';
import { growPack, type ContextPack } from '../../../src/retrieval/index.js';
import { samplePack } from './pack.fixture.js';

describe('growPack', () => {
  const prev = samplePack({
    anchors: { ...samplePack().anchors, proofChains: [{ chainType: 'aggrid_origin', status: 'partial', hops: [], missing: [{ hop: 'NavTrigger', reason: 'not found' }] }] },
    missingness: { ...samplePack().missingness, cut: [{ path: 'src/app/orders/orders.service.ts', score: 0.04, reason: 'below_min_score' }] },
  });
  const next: ContextPack = samplePack({
    header: { ...samplePack().header, contextPackId: 'pack-2' },
    evidence: {
      files: [{ path: 'src/app/orders/orders.service.ts', score: 0.6, reasons: ['escalation: scope_expand'], contributions: [], lanes: ['symbol'], anchorId: 'src/app/orders' }],
      symbols: [{ id: 'sym:OrdersService', name: 'OrdersService', kind: 'class', path: 'src/app/orders/orders.service.ts' }],
      snippets: [],
    },
    anchors: { entrypoints: [], definitions: [], proofChains: [{ chainType: 'aggrid_origin', status: 'complete', hops: [{ label: 'Table', id: 't1' }], missing: [] }] },
    policies: [],
  });

  it('never drops what the previous pack held, and adds the new items', () => {
    const { pack, delta } = growPack(prev, next);
    expect(pack.evidence.files.map((f) => f.path)).toEqual(['src/app/orders/orders.component.ts', 'src/app/orders/order.model.ts', 'src/app/orders/orders.service.ts']);
    expect(pack.anchors.entrypoints.map((a) => a.id)).toEqual(['c1']);
    expect(pack.policies.map((p) => p.id)).toEqual(['no_adp']);
    expect(pack.missingness.cut).toEqual([]);
    expect(pack.header).toMatchObject({ contextPackId: 'pack-2', version: 2, supersedes: 'pack-1' });
    expect(delta).toEqual({
      addedFiles: ['src/app/orders/orders.service.ts'], addedSymbols: ['sym:OrdersService'], addedAnchors: [], addedPolicies: [],
      addedMemories: [], addedExamples: [], improvedChains: ['aggrid_origin: partial → complete'], strategyChanged: false,
    });
  });

  it('keeps a better proof chain over a worse newer one', () => {
    const { pack, delta } = growPack(growPack(prev, next).pack, { ...next, anchors: { ...next.anchors, proofChains: [{ chainType: 'aggrid_origin', status: 'ambiguous', hops: [], missing: [] }] } });
    expect(pack.anchors.proofChains.map((c) => c.status)).toEqual(['complete']);
    expect(delta.improvedChains).toEqual([]);
    expect(pack.header.version).toBe(3);
  });
});
