import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CITATION_LEGEND, LANES, parseCitation, summarizePack, type ContextPack } from '../../../src/retrieval/index.js';
import { samplePack } from './pack.fixture.js';

type PackFile = ContextPack['evidence']['files'][number];
const file = (path: string, score: number, lanes: PackFile['lanes'] = ['symbol']): PackFile => ({ path, score, reasons: ['r'], contributions: [], lanes });
const numbered = (from: number, to: number): string => Array.from({ length: to - from + 1 }, (_, i) => `${from + i}| line ${from + i}`).join('\n');

describe('pack citations', () => {
  const pack = samplePack({
    anchors: {
      entrypoints: [{ id: 'c1', kind: 'component', name: 'OrdersComponent', path: 'src/app/orders/orders.component.ts', line: 14, score: 0.9, reasons: [] }],
      definitions: [{ id: 'd1', kind: 'symbol', name: 'OrderDto', path: 'src/app/orders/order.model.ts', line: 3, score: 0.7, reasons: [] }],
      proofChains: [{ chainType: 'aggrid_origin', status: 'complete', hops: [
        { label: 'Table', id: 't', name: 'ordersGrid', path: 'src/app/orders/orders.component.html', line: 2 },
        { label: 'Component', id: 'c1', name: 'OrdersComponent', path: 'src/app/orders/orders.component.ts', line: 14 },
      ], missing: [] }],
    },
    evidence: {
      files: [
        file('src/app/orders/orders.component.ts', 0.8349, ['symbol', 'content', 'closure']),
        file('src/app/orders/order.model.ts', 0.7),
        file('src/app/orders/orders.service.ts', 0.5, ['content']),
        file('src/app/orders/orders.component.html', 0.41, ['uitext']),
        file('src/app/my orders/notes.md', 1e-4, []),
      ],
      symbols: [{ id: 's1', name: 'OrdersService', kind: 'class', path: 'src/app/orders/orders.service.ts', line: 9 }],
      snippets: [{ ref: 'src/app/orders/orders.component.ts#L12-L40', path: 'src/app/orders/orders.component.ts', startLine: 12, endLine: 40, reason: 'anchor', text: numbered(10, 42) }],
    },
  });
  const s = summarizePack(pack, { ref: '.ai/tmp/work/work-1/context-pack.json', hash: 'sha256:0' });

  it('cites each file once, best first, as path:start-end codes score [symbol]', () => {
    expect(s.contextPack.files).toEqual([
      'src/app/orders/orders.component.ts:12-40 EPstc 0.83 OrdersComponent', // snippet holding the entrypoint's line
      'src/app/orders/order.model.ts:3 Ds 0.7 OrderDto', // the anchor's line, no snippet
      'src/app/orders/orders.service.ts:9 t 0.5 OrdersService', // the first symbol's line
      'src/app/orders/orders.component.html:2 Pu 0.41', // a proof-chain hop's line
      'src/app/my orders/notes.md - 0', // no line known: the whole file; no role, no lane
    ]);
    expect(s.contextPack.legend).toBe(CITATION_LEGEND);
  });

  it('reads back with parseCitation, spaces in paths included', () => {
    expect(s.contextPack.files.map(parseCitation)).toEqual([
      { path: 'src/app/orders/orders.component.ts', start: 12, end: 40, codes: 'EPstc', score: 0.83, name: 'OrdersComponent' },
      { path: 'src/app/orders/order.model.ts', start: 3, end: 3, codes: 'Ds', score: 0.7, name: 'OrderDto' },
      { path: 'src/app/orders/orders.service.ts', start: 9, end: 9, codes: 't', score: 0.5, name: 'OrdersService' },
      { path: 'src/app/orders/orders.component.html', start: 2, end: 2, codes: 'Pu', score: 0.41 },
      { path: 'src/app/my orders/notes.md', codes: '-', score: 0 },
    ]);
    expect(parseCitation('not a citation')).toBeNull();
  });

  it('shows snippets keyed by their lines, proof chains as hop strings, and where the rest is', () => {
    expect(s.contextPack.snippets).toEqual({ 'src/app/orders/orders.component.ts:12-40': numbered(10, 42) });
    expect(s.contextPack.chains).toEqual([{ type: 'aggrid_origin', status: 'complete', hops: ['Table ordersGrid src/app/orders/orders.component.html:2', 'Component OrdersComponent src/app/orders/orders.component.ts:14'] }]);
    expect(s.contextPack.policies).toEqual(['no_adp hard: No new adp-* usage']);
    expect(s.contextPack.more).toEqual({ uri: 'graphgate://work/work-1/pack', verb: 'read_resource', omitted: { files: 0, snippets: 0, symbols: 1, chains: 0, hops: 0, policies: 0, memories: 0, cut: 0 } });
    expect(s.strategy).toEqual({ strategyId: 'ui_aggrid_feature', approach: 'follow the flow', suggestedSplits: ['a', 'b'] });
    expect(s).not.toHaveProperty('missingAnchors');
    expect(s.contextPack).not.toHaveProperty('gatesFailed');
  });

  it('names the missing anchors, the escalation plan and the failing gates of an insufficient pack', () => {
    const bad = samplePack({
      outcome: 'pack_insufficient',
      gates: [{ gate: 'anchors_present', pass: false, reasons: ['0 entrypoint anchor(s)'] }, { gate: 'snapshot_purity', pass: true, reasons: ['ok'] }],
      missingness: { ...samplePack().missingness, missingAnchors: [{ anchorType: 'entrypoint', requiredBy: 'x', whyRequired: 'no route or component matched', attemptedSources: [], confidence: 0.2 }] },
    });
    const r = summarizePack(bad, {
      ref: 'p', hash: 'h', escalationPlan: [{ verb: 'escalate', args: { need: 'the route', type: 'scope_expand', requestedEvidence: [{ type: 'scope_expand', detail: 'name it' }] } }],
      blockedCommands: [{ verb: 'submit_execution_plan', reason: 'pack insufficient' }],
    });
    expect(r.missingAnchors).toEqual(['entrypoint: no route or component matched']);
    expect(r.escalationPlan).toEqual([{ verb: 'escalate', args: { need: 'the route', type: 'scope_expand', requestedEvidence: [{ type: 'scope_expand', detail: 'name it' }] } }]);
    expect(r.blockedCommands).toEqual([{ verb: 'submit_execution_plan', reason: 'pack insufficient' }]);
    expect(r.contextPack.gatesFailed).toEqual(['anchors_present: 0 entrypoint anchor(s)']);
  });
});

/** A seeded pack of `files` files (normalised order: score descending) with long paths, reasons, snippets, chains and rules. */
const packArb = fc.record({
  files: fc.integer({ min: 0, max: 500 }),
  pathLength: fc.integer({ min: 5, max: 1000 }),
  textLength: fc.integer({ min: 0, max: 20_000 }),
  snippets: fc.integer({ min: 0, max: 60 }),
  hops: fc.integer({ min: 0, max: 80 }),
  rules: fc.integer({ min: 0, max: 60 }),
  insufficient: fc.boolean(),
  seed: fc.integer({ min: 1, max: 1_000_000 }),
}).map((g) => {
  const p = samplePack();
  const path = (i: number): string => `src/${'deep folder/'.repeat(Math.ceil(g.pathLength / 12)).slice(0, Math.max(0, g.pathLength - 20))}f${(i * g.seed) % 9973}-${i}.ts`;
  const files = Array.from({ length: g.files }, (_, i) => ({
    path: path(i), score: 2 - (i * 1.7) / (g.files + 1), reasons: [`reason ${'x'.repeat(g.textLength % 4000)}`], contributions: [],
    lanes: LANES.filter((_, j) => (i + j + g.seed) % 3 !== 0),
  }));
  const long = 'y'.repeat(Math.min(4000, g.textLength));
  return samplePack({
    outcome: g.insufficient ? 'pack_insufficient' : 'ready',
    gates: [{ gate: 'evidence_discriminates', pass: !g.insufficient, reasons: [long, long] }],
    strategy: { ...p.strategy, approach: long, escalationGuidance: Array.from({ length: 10 }, () => long), suggestedSplits: ['s'.repeat(200)] },
    policies: Array.from({ length: g.rules }, (_, i) => ({ id: `policy-${i}-${'p'.repeat(g.pathLength % 900)}`, severity: 'hard' as const, rule: long, appliesTo: [] })),
    memories: { anchorsQueried: [], records: Array.from({ length: g.rules }, (_, i) => ({ id: `m${i}`, enforcementType: 'plan_rule' as const, state: 'approved', domainAnchorIds: [], summary: long })) },
    anchors: {
      entrypoints: files.slice(0, 20).map((f, i) => ({ id: `e${i}`, kind: 'component' as const, name: `Component ${i} ${long.slice(0, 400)}`, path: f.path, line: 10 + i, score: f.score, reasons: [] })),
      definitions: [],
      proofChains: Array.from({ length: Math.min(10, g.hops) }, () => ({
        chainType: 'aggrid_origin' as const, status: 'partial' as const,
        hops: Array.from({ length: g.hops }, (_, h) => ({ label: 'Component', id: null, name: long.slice(0, 500), path: path(h), line: h })),
        missing: [{ hop: 'Route', reason: long }],
      })),
    },
    evidence: {
      files, symbols: files.map((f, i) => ({ id: `s${i}`, name: `S${i}`, kind: 'class', path: f.path, line: 10 + i })),
      snippets: files.slice(0, g.snippets).map((f, i) => ({ ref: `${f.path}#L${10 + i}-L${40 + i}`, path: f.path, startLine: 10 + i, endLine: 40 + i, reason: long, text: 'z'.repeat(g.textLength) })),
    },
    missingness: { ...p.missingness, missingAnchors: g.insufficient ? [{ anchorType: 'entrypoint', requiredBy: long, whyRequired: long, attemptedSources: [], confidence: 0.1 }] : [] },
    attachments: Array.from({ length: g.rules % 5 }, (_, i) => ({ artifactId: `att-${i}`, type: 'document' as const, source: 'agent' as const, ref: long || 'r', caption: long.slice(0, 500), status: 'stored' as const })),
  });
});

const plan = (long: string) => Array.from({ length: 8 }, () => ({ verb: 'escalate', args: { need: long, type: 'scope_expand', requestedEvidence: [{ type: 'scope_expand', detail: long }] } }));

describe('summarizePack budget', { timeout: 120_000 }, () => {
  it('never exceeds its budget, whatever the pack size, and keeps the citations ranked', () => {
    fc.assert(fc.property(packArb, fc.integer({ min: 500, max: 12_000 }), (pack, tokens) => {
      const long = pack.strategy.approach;
      const s = summarizePack(pack, { ref: `.ai/tmp/work/${pack.header.workId}/context-pack.json`, hash: `sha256:${'0'.repeat(64)}`, maxTokens: tokens, checkpoints: [long, long], escalationPlan: plan(long), blockedCommands: [{ verb: 'submit_execution_plan', reason: long }] });
      expect(JSON.stringify(s).length).toBeLessThanOrEqual(tokens * 4);
      // A ranked prefix of the pack's files, each once, in rank order.
      const cited = s.contextPack.files.map((c) => parseCitation(c));
      expect(cited.every((c) => c !== null)).toBe(true);
      const expected = pack.evidence.files.slice(0, cited.length);
      cited.forEach((c, i) => {
        const want = expected[i]!.path;
        expect(c!.path.endsWith('…') ? want.startsWith(c!.path.slice(0, -1)) : c!.path === want).toBe(true);
      });
      for (let i = 1; i < cited.length; i++) expect(cited[i]!.score).toBeLessThanOrEqual(cited[i - 1]!.score);
      expect(s.contextPack.more.omitted.files).toBe(pack.evidence.files.length - cited.length);
      expect(s.contextPack.fileCount).toBe(pack.evidence.files.length);
      // Files go last: a file is dropped only once every snippet and every symbol name is gone.
      if (s.contextPack.more.omitted.files > 0) {
        expect(Object.keys(s.contextPack.snippets)).toHaveLength(0);
        expect(cited.every((c) => c!.name === undefined)).toBe(true);
      }
    }), { numRuns: 150, seed: 16 });
  });

  it('holds for the smallest budget with a 500-file pack of 1,000-character paths', () => {
    const pack = fc.sample(packArb.filter((p) => p.evidence.files.length > 400), { numRuns: 1, seed: 7 })[0]!;
    for (const tokens of [500, 501, 777, 1_500, 6_000]) {
      const s = summarizePack(pack, { ref: 'r'.repeat(1000), hash: 'h'.repeat(200), id: 'i'.repeat(1000), maxTokens: tokens, escalationPlan: plan('n'.repeat(4000)) });
      expect(JSON.stringify(s).length).toBeLessThanOrEqual(tokens * 4);
    }
  });

  it('gives up snippets, then snippet text, then reasons, then files, as the budget shrinks', () => {
    const files = Array.from({ length: 40 }, (_, i) => file(`src/app/feature-${i}/feature-${i}.component.ts`, 1 - i / 50, ['symbol', 'content', 'fielded', 'history']));
    const pack = samplePack({
      evidence: {
        files, symbols: files.map((f, i) => ({ id: `s${i}`, name: `Feature${i}Component`, kind: 'class', path: f.path, line: 5 })),
        snippets: files.slice(0, 10).map((f) => ({ ref: `${f.path}#L5-L60`, path: f.path, startLine: 5, endLine: 60, reason: 'anchor', text: numbered(3, 34).padEnd(1_500, '.') })),
      },
    });
    const shapes = [12_000, 4_000, 3_000, 2_500, 2_000, 1_500, 1_000, 700, 500].map((tokens) => {
      const s = summarizePack(pack, { ref: 'p', hash: 'h', maxTokens: tokens });
      const snippets = Object.values(s.contextPack.snippets);
      return { files: s.contextPack.files.length, snippets: snippets.length, text: Math.max(0, ...snippets.map((t) => t.length)), named: s.contextPack.files.filter((c) => parseCitation(c)?.name).length };
    });
    for (let i = 1; i < shapes.length; i++) {
      const [a, b] = [shapes[i - 1]!, shapes[i]!];
      expect(b.files).toBeLessThanOrEqual(a.files);
      expect(b.snippets).toBeLessThanOrEqual(a.snippets);
      if (b.files < 40) expect([b.snippets, b.named]).toEqual([0, 0]);
      if (b.named < a.named) expect(b.snippets).toBe(0);
    }
    expect(shapes[0]).toMatchObject({ files: 40, snippets: 6, named: 40 });
    expect(shapes.at(-1)!.files).toBeLessThan(40);
  });

  it('is deterministic', () => {
    const [pack] = fc.sample(packArb, { numRuns: 1, seed: 3 });
    expect(JSON.stringify(summarizePack(pack!, { ref: 'p', hash: 'h', maxTokens: 900 }))).toBe(JSON.stringify(summarizePack(pack!, { ref: 'p', hash: 'h', maxTokens: 900 })));
  });
});
