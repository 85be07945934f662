import { describe, expect, it } from 'vitest';
import { aggregate, chainCarried, percentile, scoreTask } from '../../../src/eval/metrics.js';
import type { EvalTask } from '../../../src/eval/task-file.schema.js';
import type { ProofChain } from '../../../src/retrieval/proof-chains/index.js';

const task: EvalTask = {
  id: 't', class: 'ui_table_flow', prompt: 'p',
  expected: {
    entrypoints: [{ file: 'a.ts' }, { file: 'b.ts' }],
    definitions: [{ file: 'dto.ts' }],
    files: ['a.ts', 'b.ts', 'dto.ts', 'c.html'],
    proofChains: [{ kind: 'aggrid-origin', through: ['B'] }],
  },
};

const hop = (name: string, path: string | null) => ({ role: 'Table' as const, id: name, label: 'X', labels: [], name, path, line: 1, endLine: 1, via: null, details: {} });
const chain: ProofChain = { kind: 'aggrid-origin', key: 'k', status: 'complete', gap: null, hops: [hop('A', 'a.ts'), hop('builtin', null), hop('B', 'b.ts')] };

describe('eval metrics', () => {
  it('scores anchors, recall, chains and sufficiency at file level', () => {
    const m = scoreTask(task, { files: ['a.ts', 'b.ts', 'dto.ts', 'x.ts'], claimedSufficient: true, latencyMs: 12.34 }, [chain]);
    expect(m).toMatchObject({ packSize: 4, anchorRate: 1, anchorHit: true, recall: 0.75, missingFiles: ['c.html'], chainsFound: 1, sufficient: true, latencyMs: 12.3 });
    const partial = scoreTask(task, { files: ['a.ts', 'c.html'], claimedSufficient: true, latencyMs: 1 }, [chain]);
    expect(partial).toMatchObject({ anchorHit: false, definitionHit: false, anchorRate: 0.333, chainsFound: 0, sufficient: false });
  });

  it('scores the head of the ranked pack (recall @5/@10, sufficiency @10) and precision, whatever the pack size', () => {
    const filler = Array.from({ length: 12 }, (_, i) => `f${i}.ts`);
    const late = scoreTask(task, { files: [...filler, 'a.ts', 'b.ts', 'dto.ts', 'c.html'], claimedSufficient: null, latencyMs: 1 }, [chain]);
    expect(late).toMatchObject({ recall: 1, sufficient: true, recallAt5: 0, recallAt10: 0, sufficientAt10: false, precision: 0.25 });
    expect(late.top).toEqual(filler.slice(0, 10));
    const early = scoreTask(task, { files: ['a.ts', 'dto.ts', 'x.ts', 'y.ts', 'z.ts', 'b.ts', 'c.html'], claimedSufficient: null, latencyMs: 1 }, [chain]);
    expect(early).toMatchObject({ recallAt5: 0.5, recallAt10: 1, sufficientAt10: true });
    const o = aggregate([late, early]);
    expect(o).toMatchObject({ recallAt5: 0.25, recallAt10: 0.5, sufficiencyAt10Rate: 0.5 });
  });

  it('carries a chain only when complete, through the named hops, with every located hop in the pack', () => {
    const pack = new Set(['a.ts', 'b.ts']);
    expect(chainCarried(pack, [chain], { kind: 'aggrid-origin', through: ['B'] })).toBe(true);
    expect(chainCarried(pack, [chain], { kind: 'aggrid-origin', through: ['C'] })).toBe(false);
    expect(chainCarried(new Set(['a.ts']), [chain], { kind: 'aggrid-origin' })).toBe(false);
    expect(chainCarried(pack, [{ ...chain, status: 'ORIGIN_UNKNOWN' }], { kind: 'aggrid-origin' })).toBe(false);
  });

  it('aggregates rates, null chain rate without chain tasks, and nearest-rank percentiles', () => {
    const noChains = { ...task, expected: { ...task.expected, proofChains: undefined } };
    const a = scoreTask(noChains, { files: ['a.ts', 'dto.ts'], claimedSufficient: true, latencyMs: 10 }, []);
    const b = scoreTask(noChains, { files: [], claimedSufficient: true, latencyMs: 30 }, []);
    const o = aggregate([a, b]);
    expect(o).toMatchObject({ tasks: 2, anchorHitRate: 0.5, sufficiencyRate: 0.5, falseSufficientRate: 0.5, proofChainFoundRate: null, packSizeMean: 1 });
    expect(o.latencyMs).toEqual({ p50: 10, p95: 30, mean: 20 });
    expect(percentile([5, 1, 3], 50)).toBe(3);
    expect(aggregate([{ ...a, claimedSufficient: null }]).falseSufficientRate).toBeNull();
  });
});
