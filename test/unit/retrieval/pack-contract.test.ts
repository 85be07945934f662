import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, checkPackGates, contentHash, contextPackSchema, normalizePack, sha256Hex, type ContextPack } from '../../../src/retrieval/index.js';
import { samplePack, SIGNATURE } from './pack.fixture.js';

describe('contextPackSchema', () => {
  it('accepts the ten sections and rejects unknown fields', () => {
    const pack = samplePack();
    expect(contextPackSchema.parse(pack)).toEqual(pack);
    expect(contextPackSchema.safeParse({ ...pack, extra: 1 }).success).toBe(false);
    const { memories: _m, ...withoutMemories } = pack;
    expect(contextPackSchema.safeParse(withoutMemories).success).toBe(false);
  });
});

describe('canonicalJson', () => {
  it('sorts keys in code-unit order at every depth, integer-like keys included', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null }, 10: 'x', 2: 'y', A: -0, u: undefined })).toBe(
      '{"10":"x","2":"y","A":0,"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
  });

  it('pretty-prints the same structure', () => {
    expect(canonicalJson({ b: [1], a: {} }, 2)).toBe('{\n  "a": {},\n  "b": [\n    1\n  ]\n}');
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY], [10n], [() => 1]])('rejects %s', (v) => {
    expect(() => canonicalJson({ v })).toThrow(TypeError);
  });

  it('rejects cycles but accepts shared references', () => {
    const shared = { x: 1 };
    expect(canonicalJson({ a: shared, b: shared })).toBe('{"a":{"x":1},"b":{"x":1}}');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(/cycle/);
  });

  it('hashes the same content identically whatever the key order', () => {
    const entries = fc.array(fc.tuple(fc.string({ maxLength: 6 }), fc.oneof(fc.integer(), fc.string({ unit: 'binary', maxLength: 10 }), fc.boolean())), { maxLength: 10 });
    fc.assert(fc.property(entries, (pairs) => {
      const a = Object.fromEntries(pairs);
      const b = Object.fromEntries([...Object.entries(a)].reverse());
      expect(contentHash(b)).toBe(contentHash(a));
      expect(JSON.parse(canonicalJson(a))).toEqual(JSON.parse(JSON.stringify(a)));
    }));
  });

  it('hashes UTF-8 bytes', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(contentHash({})).toBe(`sha256:${sha256Hex('{}')}`);
  });
});

describe('normalizePack', () => {
  it('gives the same hash for the same content listed in another order', () => {
    const pack = samplePack();
    const shuffled = samplePack({
      evidence: { ...pack.evidence, files: [...pack.evidence.files].reverse() },
      policies: [{ id: 'z', severity: 'soft', rule: 'r', appliesTo: ['b', 'a'] }, ...pack.policies],
    });
    const again = samplePack({ policies: [...pack.policies, { id: 'z', severity: 'soft', rule: 'r', appliesTo: ['a', 'b'] }] });
    expect(contentHash(normalizePack(shuffled))).toBe(contentHash(normalizePack(again)));
  });
});

describe('checkPackGates', () => {
  const failing = (pack: ContextPack): string[] => checkPackGates(pack).gates.filter((g) => !g.pass).map((g) => g.gate);

  it('passes a complete pack', () => {
    expect(checkPackGates(samplePack())).toMatchObject({ ready: true });
  });

  it.each<[string, () => ContextPack, string[]]>([
    ['no snapshot', () => samplePack({ header: { ...samplePack().header, repoSnapshotId: '' } }), ['snapshot_purity']],
    ['a fact from another snapshot', () => {
      const p = samplePack();
      return samplePack({ evidence: { ...p.evidence, files: [{ ...(p.evidence.files[0] as ContextPack['evidence']['files'][number]), snapshotId: 'snap-0' }] } });
    }, ['snapshot_purity']],
    ['no definition, declared', () => samplePack({
      anchors: { ...samplePack().anchors, definitions: [] },
      missingness: { ...samplePack().missingness, missingAnchors: [{ anchorType: 'definition', requiredBy: 'anchor invariant', whyRequired: 'x', attemptedSources: ['symbol'], confidence: 0.2 }] },
    }), ['anchors_present']],
    ['no definition, undeclared', () => samplePack({ anchors: { ...samplePack().anchors, definitions: [] } }), ['anchors_present', 'missingness_present']],
    ['federation without a chain', () => samplePack({
      strategy: { ...samplePack().strategy, signature: { ...SIGNATURE, crossesFederationBoundary: true }, requiredProofChains: ['federation'] },
    }), ['federation_proof', 'missingness_present']],
    ['an ambiguous federation chain', () => samplePack({
      strategy: { ...samplePack().strategy, signature: { ...SIGNATURE, crossesFederationBoundary: true }, requiredProofChains: ['federation'] },
      anchors: { ...samplePack().anchors, proofChains: [{ chainType: 'federation', status: 'ambiguous', hops: [], missing: [{ hop: 'Remote Expose', reason: 'two remotes' }] }] },
      missingness: { ...samplePack().missingness, missingAnchors: [{ anchorType: 'federation', requiredBy: 'signature', whyRequired: 'x', attemptedSources: [], confidence: 0.5 }] },
    }), ['federation_proof']],
    ['a UI flow with an explicit unknown origin', () => samplePack({
      strategy: { ...samplePack().strategy, signature: { ...SIGNATURE, mentionsAgGrid: true }, requiredProofChains: ['aggrid_origin'] },
      anchors: { ...samplePack().anchors, proofChains: [{ chainType: 'aggrid_origin', status: 'origin_unknown', hops: [], missing: [{ hop: 'NavTrigger', reason: 'ORIGIN_UNKNOWN' }] }] },
    }), []],
    ['an adp preferred example', () => samplePack({ recipes: { recipes: [], examples: [{ id: 'e', kind: 'preferred', path: 'src/app/x/adp-table.html' }] } }), ['examples_exclude_adp']],
    ['an adp anti-example', () => samplePack({ recipes: { recipes: [], examples: [{ id: 'e', kind: 'anti', path: 'x.html', tag: 'adp-table' }] } }), []],
    ['no validation plan', () => samplePack({ validationPlan: { hooks: [], fallbackChain: [] } }), ['validation_plan_present']],
    ['only a fallback chain', () => samplePack({ validationPlan: { hooks: [], fallbackChain: ['manual review of the screen'] } }), []],
    ['memories not queried for an anchor', () => samplePack({ memories: { anchorsQueried: [], records: [] } }), ['memory_rules_loaded']],
  ])('%s', (_label, make, expected) => {
    expect(failing(make())).toEqual(expected);
  });
});
