import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildLexemes, DEFAULT_RANK_CONFIG, normalizeLaneScores, rankFiles, selectWithinBudget, type Candidate, type RankConfig, type RankedFile,
} from '../../../src/retrieval/index.js';
import { STRUCTURE_RANK_CONFIG, withStructureScale } from '../../../src/retrieval/rank/rank.config.js';

/** A config with every adjustment off and the structure lanes at full weight, so single contributions can be checked in isolation. */
const BARE: RankConfig = {
  ...STRUCTURE_RANK_CONFIG, corroborationBonus: 0, lexemeBoostWeight: 0, kindBonus: {}, definitionSymbolBonus: 0, localityBonus: 0,
  negativePenalty: 0, hubPenalty: 0, sharedFolderPenalty: 0, testFilePenalty: 0, barrelFilePenalty: 0, shallowPenaltyPerLevel: 0,
  nonSourceShare: 0, untestedTaskTestShare: 0,
};
const c = (over: Partial<Candidate> & Pick<Candidate, 'id' | 'path' | 'lane' | 'rawScore'>): Candidate => ({ kind: 'file', ...over });
const byPath = (files: RankedFile[], path: string): RankedFile => files.find((f) => f.path === path) as RankedFile;

describe('normalizeLaneScores', () => {
  it('scales each lane by its own maximum and zeroes bad scores', () => {
    const out = normalizeLaneScores([
      c({ id: 'a', path: 'a.ts', lane: 'lexical', rawScore: 8 }),
      c({ id: 'b', path: 'b.ts', lane: 'lexical', rawScore: 2 }),
      c({ id: 'c', path: 'c.ts', lane: 'symbol', rawScore: 0.5 }),
      c({ id: 'd', path: 'd.ts', lane: 'symbol', rawScore: Number.NaN }),
      c({ id: 'e', path: 'e.ts', lane: 'symbol', rawScore: -3 }),
    ]);
    expect(out.map((x) => [x.id, x.laneScore])).toEqual([['a', 1], ['b', 0.25], ['c', 1], ['d', 0], ['e', 0]]);
  });

  it('keeps the best row of a (lane, id) seen twice', () => {
    const out = normalizeLaneScores([c({ id: 'a', path: 'a.ts', lane: 'lexical', rawScore: 1 }), c({ id: 'a', path: 'a.ts', lane: 'lexical', rawScore: 4 })]);
    expect(out).toHaveLength(1);
    expect(out[0]?.rawScore).toBe(4);
  });
});

describe('the default configuration', () => {
  it('is the structure configuration with its lanes and bonuses scaled, penalties and text fusion kept', () => {
    const scaled = withStructureScale(STRUCTURE_RANK_CONFIG, 0.1);
    expect(scaled.laneWeights.symbol).toBeCloseTo(0.045);
    expect(scaled.laneWeights.content).toBe(0);
    expect(scaled.kindBonus.route).toBeCloseTo(0.015);
    expect(scaled.testFilePenalty).toBe(STRUCTURE_RANK_CONFIG.testFilePenalty);
    expect(scaled.textFusion).toEqual(STRUCTURE_RANK_CONFIG.textFusion);
    expect(DEFAULT_RANK_CONFIG).toEqual(withStructureScale(STRUCTURE_RANK_CONFIG, 0.1));
    expect(DEFAULT_RANK_CONFIG.textWeight).toBeGreaterThan(DEFAULT_RANK_CONFIG.laneWeights.symbol);
  });
});

describe('rankFiles contributions', () => {
  it('weights lanes and adds corroboration', () => {
    const config = { ...BARE, corroborationBonus: 0.1 };
    const files = rankFiles([
      c({ id: 'f1', path: 'src/app/a.ts', lane: 'lexical', rawScore: 10 }),
      c({ id: 's1', path: 'src/app/a.ts', lane: 'symbol', rawScore: 1 }),
      c({ id: 'f2', path: 'src/app/b.ts', lane: 'lexical', rawScore: 5 }),
    ], [], config);
    expect(files.map((f) => [f.path, f.score])).toEqual([['src/app/a.ts', 0.9], ['src/app/b.ts', 0.175]]);
    expect(byPath(files, 'src/app/a.ts').contributions.map((x) => x.name)).toEqual(['lane:lexical', 'lane:symbol', 'corroboration']);
  });

  it('does not count a derived lane (closure) as corroboration, but keeps its lane weight', () => {
    const config = { ...BARE, corroborationBonus: 0.1 };
    const files = rankFiles([
      c({ id: 'f1', path: 'src/app/a.ts', lane: 'lexical', rawScore: 1 }),
      c({ id: 'k1', path: 'src/app/a.ts', lane: 'closure', rawScore: 1 }),
    ], [], config);
    expect(files[0]!.contributions.map((x) => x.name)).toEqual(['lane:lexical', 'lane:closure']);
    const counted = rankFiles([
      c({ id: 'f1', path: 'src/app/a.ts', lane: 'lexical', rawScore: 1 }),
      c({ id: 'k1', path: 'src/app/a.ts', lane: 'closure', rawScore: 1 }),
    ], [], { ...config, derivedLanes: [] });
    expect(counted[0]!.contributions.find((x) => x.name === 'corroboration')?.value).toBe(0.1);
  });

  it('does not treat an Angular core/ folder (singleton services, guards) as a shared utility folder', () => {
    const [file] = rankFiles([c({ id: 'x', lane: 'symbol', rawScore: 1, path: 'src/app/core/auth.guard.ts' })], [], { ...BARE, sharedFolderPenalty: 0.08 });
    expect(file?.contributions.find((x) => x.name === 'shared-folder')).toBeUndefined();
  });

  it.each<[string, Partial<RankConfig>, Partial<Candidate>, string, number]>([
    ['test files', { testFilePenalty: 0.15 }, { path: 'src/app/orders/orders.component.spec.ts' }, 'test-file', -0.15],
    ['barrels', { barrelFilePenalty: 0.1 }, { path: 'src/app/orders/index.ts' }, 'barrel-file', -0.1],
    ['shared folders', { sharedFolderPenalty: 0.08 }, { path: 'src/app/shared/x/y.ts' }, 'shared-folder', -0.08],
    ['top-level files', { shallowPenaltyPerLevel: 0.03 }, { path: 'main.ts' }, 'path-depth', -0.06],
    ['hubs at saturation', { hubPenalty: 0.15 }, { path: 'src/app/x/y.ts', inDegree: 100 }, 'hub-penalty', -0.15],
    ['components', { kindBonus: { component: 0.15 } }, { path: 'src/app/x/y.ts', kind: 'component', name: 'YComponent' }, 'anchor-kind', 0.15],
    ['DTO interfaces', { kindBonus: { symbol: 0.05 }, definitionSymbolBonus: 0.07 }, { path: 'src/app/x/y.ts', kind: 'symbol', symbolKind: 'interface', name: 'OrderDto' }, 'anchor-kind', 0.12],
  ])('applies the %s adjustment', (_label, config, cand, name, value) => {
    const [file] = rankFiles([c({ id: 'x', lane: 'symbol', rawScore: 1, path: 'src/app/x/y.ts', ...cand })], [], { ...BARE, ...config });
    expect(file?.contributions.find((x) => x.name === name)?.value).toBe(value);
  });

  it('does not penalise a hub below the threshold', () => {
    const [file] = rankFiles([c({ id: 'x', lane: 'symbol', rawScore: 1, path: 'src/app/x/y.ts', inDegree: 5 })], [], { ...BARE, hubPenalty: 0.15 });
    expect(file?.contributions.map((x) => x.name)).toEqual(['lane:symbol']);
  });

  it('boosts matched lexemes and penalises excluded ones', () => {
    const lexemes = buildLexemes({ prompt: 'Update <sdf-table> in orders but not legacy' });
    const files = rankFiles([
      c({ id: 'a', path: 'src/app/orders/orders-table.component.ts', lane: 'lexical', rawScore: 1, matched: ['sdf-table'] }),
      c({ id: 'b', path: 'src/app/legacy/orders.component.ts', lane: 'lexical', rawScore: 1 }),
    ], lexemes, { ...BARE, lexemeBoostWeight: 0.1, negativePenalty: 0.5 });
    expect(byPath(files, 'src/app/orders/orders-table.component.ts').matchedLexemes).toEqual(['orders', 'sdf-table']);
    expect(byPath(files, 'src/app/legacy/orders.component.ts').excludedMatches).toEqual(['legacy']);
    expect(byPath(files, 'src/app/legacy/orders.component.ts').contributions.find((x) => x.name === 'polarity-penalty')?.value).toBe(-0.5);
    expect(files[0]?.path).toBe('src/app/orders/orders-table.component.ts');
  });

  it('gives a locality bonus to files sharing the anchor of another top file', () => {
    const files = rankFiles([
      c({ id: 'a', path: 'src/app/orders/a.ts', lane: 'symbol', rawScore: 1, anchorId: 'anchor:orders' }),
      c({ id: 'b', path: 'src/app/orders/b.ts', lane: 'symbol', rawScore: 0.2, anchorId: 'anchor:orders' }),
      c({ id: 'z', path: 'src/app/billing/z.ts', lane: 'symbol', rawScore: 0.3, anchorId: 'anchor:billing' }),
    ], [], { ...BARE, localityBonus: 0.1, localitySeeds: 2 });
    // Seeds are a (0.45) and z (0.135); b shares a's anchor, a itself has no other seed in its anchor.
    expect(files.map((f) => [f.path, f.score])).toEqual([['src/app/orders/a.ts', 0.45], ['src/app/orders/b.ts', 0.19], ['src/app/billing/z.ts', 0.135]]);
    expect(byPath(files, 'src/app/orders/b.ts').contributions.at(-1)).toEqual({ name: 'locality', value: 0.1, detail: 'shares domain anchor anchor:orders with top hit src/app/orders/a.ts' });
  });

  it('breaks score ties by path, in code-unit order', () => {
    const files = rankFiles(['b.ts', 'B.ts', 'a.ts', 'ä.ts'].map((p) => c({ id: p, path: `src/x/${p}`, lane: 'lexical', rawScore: 1 })), [], BARE);
    expect(files.map((f) => f.path)).toEqual(['src/x/B.ts', 'src/x/a.ts', 'src/x/b.ts', 'src/x/ä.ts']);
  });

  it('records roles, lanes and entities, and explains penalties even when reasons are cut', () => {
    const [file] = rankFiles([
      c({ id: 'r', kind: 'route', name: '/orders', path: 'src/app/app.routes.ts', lane: 'symbol', rawScore: 1, reasons: ['route path matches /orders'] }),
      c({ id: 'f', path: 'src/app/app.routes.ts', lane: 'lexical', rawScore: 1, inDegree: 400 }),
    ], [], { ...DEFAULT_RANK_CONFIG, maxReasons: 3 });
    expect(file?.roles).toEqual(['entrypoint']);
    expect(file?.lanes).toEqual(['lexical', 'symbol']);
    // The exact symbol-lane match (weight 0.45) outranks the lexical hit (0.35) of the same file.
    expect(file?.entities.map((e) => e.id)).toEqual(['r', 'f']);
    expect(file?.reasons).toHaveLength(3);
    expect(file?.reasons.at(-1)).toMatch(/^down-weighted: hub/);
  });
});

const paths = ['src/app/orders/a.ts', 'src/app/orders/b.spec.ts', 'src/app/shared/index.ts', 'main.ts', 'libs/ui/grid.ts', 'src/app/billing/z.ts'];
const candidateArb = fc.record({
  id: fc.constantFrom('n1', 'n2', 'n3', 'n4', 'n5'),
  kind: fc.constantFrom('file', 'component', 'route', 'symbol', 'service', 'test'),
  path: fc.constantFrom(...paths),
  lane: fc.constantFrom('lexical', 'symbol', 'policy', 'artifact', 'memory', 'closure'),
  rawScore: fc.double({ min: -1, max: 50, noNaN: true }),
  inDegree: fc.option(fc.integer({ min: 0, max: 500 }), { nil: undefined }),
  matched: fc.option(fc.array(fc.constantFrom('orders', 'grid', 'legacy'), { maxLength: 2 }), { nil: undefined }),
}).map((x) => Object.fromEntries(Object.entries(x).filter(([, v]) => v !== undefined)) as Candidate);

describe('rankFiles properties', { timeout: 60_000 }, () => {
  const lexemes = buildLexemes({ prompt: 'orders grid not legacy' });

  it('is independent of candidate order and each score is the sum of its contributions', () => {
    fc.assert(fc.property(fc.array(candidateArb, { maxLength: 25 }), fc.integer(), (cands, seed) => {
      const shuffled = [...cands].map((x, i) => ({ x, k: (i * 7919 + seed) % 101 })).sort((a, b) => a.k - b.k).map((p) => p.x);
      const a = rankFiles(cands, lexemes);
      expect(rankFiles(shuffled, [...lexemes].reverse())).toEqual(a);
      for (const f of a) expect(f.score).toBeCloseTo(f.contributions.reduce((s, x) => s + x.value, 0), 6);
      for (let i = 1; i < a.length; i++) expect((a[i - 1] as RankedFile).score).toBeGreaterThanOrEqual((a[i] as RankedFile).score);
    }), { numRuns: 200 });
  });

  it('gives each file once', () => {
    fc.assert(fc.property(fc.array(candidateArb, { maxLength: 25 }), (cands) => {
      const files = rankFiles(cands, lexemes).map((f) => f.path);
      expect(new Set(files).size).toBe(files.length);
    }));
  });
});

describe('selectWithinBudget', () => {
  const file = (path: string, score: number, bytes?: number): RankedFile => ({
    path, score, contributions: [], reasons: [], lanes: [], roles: [], anchorId: '.', entities: [], matchedLexemes: [], excludedMatches: [], snapshotIds: [],
    ...(bytes !== undefined ? { bytes } : {}),
  });

  it('cuts by score, bytes and count, letting smaller later files fit', () => {
    const ranked = [file('a', 0.9, 600), file('b', 0.8, 600), file('c', 0.7, 300), file('d', 0.6), file('e', 0.5, 10), file('f', 0.01, 1)];
    const { selected, cut } = selectWithinBudget(ranked, { maxFiles: 3, maxBytes: 1000, minScore: 0.05 });
    expect(selected.map((f) => f.path)).toEqual(['a', 'c', 'd']);
    expect(cut).toEqual([
      { path: 'b', score: 0.8, reason: 'max_bytes' },
      { path: 'e', score: 0.5, reason: 'max_files' },
      { path: 'f', score: 0.01, reason: 'below_min_score' },
    ]);
  });
});
