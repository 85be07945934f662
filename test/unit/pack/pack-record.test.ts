import { describe, expect, it } from 'vitest';
import { packFileRecords, parseStoredProofChains, proofChainsJson, STORED_HOPS, STORED_REASONS_PER_FILE, STORED_TEXT_CHARS } from '../../../src/pack/pack-record.js';

describe('pack records kept in the graph', () => {
  it('gives each path once, sorted, with the evidence\'s rank, score, lanes and first reasons (null rank outside the evidence)', () => {
    const evidence = [
      { path: 'b.ts', score: 0.91234567, reasons: ['r1', 'r2', 'r3', 'r4', 'r5'], lanes: ['lexical'] },
      { path: 'a.ts', score: 0.5, reasons: ['x'.repeat(1000)], lanes: ['content', 'closure'] },
    ];
    const rows = packFileRecords(['c.ts', 'b.ts', 'a.ts', 'b.ts'], evidence);
    expect(rows.map((r) => [r.path, r.rank, r.score])).toEqual([['a.ts', 2, 0.5], ['b.ts', 1, 0.912346], ['c.ts', null, null]]);
    expect(rows[1]!.reasons).toHaveLength(STORED_REASONS_PER_FILE);
    expect(rows[0]!.reasons[0]).toHaveLength(STORED_TEXT_CHARS);
    expect(rows[0]!.reasons[0]!.endsWith('…')).toBe(true);
    expect(rows[2]).toEqual({ path: 'c.ts', rank: null, score: null, reasons: [], lanes: [] });
  });

  it('stores proof chains bounded and reads them back; anything else reads as none', () => {
    const hops = Array.from({ length: STORED_HOPS + 3 }, (_, i) => ({ label: 'Route', id: `r${i}`, name: `<b>${i}</b>`, path: 'a.ts', line: i }));
    const json = proofChainsJson([{ chainType: 'aggrid_origin', status: 'complete', hops, missing: [{ hop: 'Service', reason: 'none' }] }]);
    const [chain] = parseStoredProofChains(json);
    expect(chain).toMatchObject({ chainType: 'aggrid_origin', status: 'complete', hopsOmitted: 3, missing: [{ hop: 'Service', reason: 'none' }], candidates: [] });
    expect(chain!.hops).toHaveLength(STORED_HOPS);
    expect(chain!.hops[0]).toEqual({ label: 'Route', id: 'r0', name: '<b>0</b>', path: 'a.ts', line: 0 });
    expect(proofChainsJson([])).toBeNull();
    for (const bad of [null, '', 'not json', '{"a":1}', '[{"chainType":1}]']) expect(parseStoredProofChains(bad)).toEqual([]);
  });
});
