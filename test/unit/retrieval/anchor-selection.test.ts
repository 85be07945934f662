import { describe, expect, it } from 'vitest';
import { checkPackGates, evidenceFilesOf, rankFiles, selectAnchors, type Candidate } from '../../../src/retrieval/index.js';
import { samplePack } from './pack.fixture.js';

const candidates: Candidate[] = [
  { id: 'route:/orders', kind: 'route', name: '/orders', path: 'src/app/app.routes.ts', lane: 'symbol', rawScore: 0.9, snapshotId: 's1' },
  { id: 'cmp:Orders', kind: 'component', name: 'OrdersComponent', path: 'src/app/orders/orders.component.ts', lane: 'symbol', rawScore: 1, snapshotId: 's1' },
  { id: 'sym:OrderDto', kind: 'symbol', symbolKind: 'interface', name: 'OrderDto', path: 'src/app/orders/order.model.ts', lane: 'symbol', rawScore: 0.7, snapshotId: 's1', line: 3 },
  { id: 'file:util', kind: 'file', path: 'src/app/orders/util.ts', lane: 'lexical', rawScore: 2, snapshotId: 's0' },
  { id: 'file:util2', kind: 'file', path: 'src/app/orders/util.ts', lane: 'symbol', rawScore: 0.1, snapshotId: 's1' },
];

describe('selectAnchors', () => {
  it('takes the strongest entity of each role from the best files', () => {
    const { entrypoints, definitions, missing } = selectAnchors(rankFiles(candidates, []), { maxPerRole: 1, lanesSearched: ['symbol', 'lexical'] });
    expect(entrypoints.map((a) => [a.id, a.path])).toEqual([['cmp:Orders', 'src/app/orders/orders.component.ts']]);
    expect(definitions.map((a) => [a.id, a.name, a.line])).toEqual([['sym:OrderDto', 'OrderDto', 3]]);
    expect(missing).toEqual([]);
  });

  it('reports a missing role with the lanes that were searched', () => {
    const { missing } = selectAnchors(rankFiles(candidates.filter((c) => c.kind !== 'symbol'), []), { maxPerRole: 3, lanesSearched: ['symbol', 'lexical', 'symbol'] });
    expect(missing).toEqual([{
      anchorType: 'definition', requiredBy: 'anchor invariant (002 §6.5)',
      whyRequired: 'a plan needs the real definition (DTO, interface, service contract) the change depends on',
      attemptedSources: ['lexical lane', 'symbol lane'], confidence: 0.7,
    }]);
  });
});

describe('evidenceFilesOf', () => {
  it('carries scores, contributions and snapshot ids, marking mixed snapshots', () => {
    const files = evidenceFilesOf(rankFiles(candidates, []), new Map([['src/app/app.routes.ts', 'abc']]));
    expect(files.find((f) => f.path === 'src/app/app.routes.ts')).toMatchObject({ sha256: 'abc', snapshotId: 's1', lanes: ['symbol'] });
    expect(files.find((f) => f.path === 'src/app/orders/util.ts')?.snapshotId).toBe('mixed:s0,s1');
    const pack = samplePack({ header: { ...samplePack().header, repoSnapshotId: 's1' }, evidence: { files, symbols: [], snippets: [] }, memories: { anchorsQueried: ['src/app', 'src/app/orders'], records: [] } });
    expect(checkPackGates(pack).gates.find((g) => g.gate === 'snapshot_purity')).toEqual({
      gate: 'snapshot_purity', pass: false, reasons: ['evidence src/app/orders/util.ts is from snapshot mixed:s0,s1'],
    });
  });
});
