import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildLexemes, checkPackGates, computeContextSignature, rankFiles, selectAnchors, selectStrategy, selectWithinBudget, summarizePack,
  type Candidate, type ContextPack,
} from '../../../src/retrieval/index.js';
import { samplePack, SIGNATURE } from './pack.fixture.js';

/** Strings that break naive text handling: NUL, lone surrogates, bidi overrides, zero-width joiners, huge runs. */
const hostile = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom('\u0000', '\uD800', '\uDFFF', '\u202Eabc\u202C', 'a\u200Db', '\uFEFF', '../../etc/passwd', '*', '"', '\\', ''),
  fc.integer({ min: 1, max: 3 }).map((n) => 'x/'.repeat(n * 20_000)),
);

// Generous timeout: these runs push 100 KB strings through everything on a shared 2-core machine.
describe('the retrieval core never throws on hostile text', { timeout: 60_000 }, () => {
  it('ranks candidates with arbitrary paths, names and matches', () => {
    const cand = fc.record({ id: hostile, path: hostile, name: hostile, matched: fc.array(hostile, { maxLength: 3 }), reasons: fc.array(hostile, { maxLength: 2 }) })
      .map((x): Candidate => ({ ...x, kind: 'component', lane: 'lexical', rawScore: 1 }));
    fc.assert(fc.property(fc.array(cand, { maxLength: 6 }), hostile, (cands, prompt) => {
      const ranked = rankFiles(cands, buildLexemes({ prompt }));
      selectAnchors(selectWithinBudget(ranked).selected, { maxPerRole: 3, lanesSearched: ['lexical'] });
      for (const f of ranked) for (const r of f.reasons) expect(r.length).toBeLessThanOrEqual(240);
    }), { numRuns: 60 });
  });

  it('selects a strategy from memories and policies with arbitrary fields', () => {
    const memory = fc.record({ id: hostile, state: hostile, domainAnchorIds: fc.array(hostile, { maxLength: 2 }), strategySignal: fc.record({ featureFlag: hostile, value: fc.anything() }) });
    const policy = fc.record({ kind: fc.constantFrom('no_adp', 'feature', 'other'), id: hostile, severity: fc.constantFrom('hard', 'soft', 'x'), feature: hostile, value: fc.anything() });
    fc.assert(fc.property(fc.array(memory, { maxLength: 4 }), fc.array(policy, { maxLength: 3 }), fc.array(hostile, { maxLength: 3 }), (memories, policies, anchors) => {
      const d = selectStrategy({ base: SIGNATURE, memories, policies: policies as never, anchorsInPlay: anchors, legacyInScope: true });
      expect(d.overrides.length + d.ignoredOverrides.length).toBe(memories.length + policies.length);
    }), { numRuns: 100 });
  });

  it('computes a signature for arbitrary Jira fields', () => {
    fc.assert(fc.property(hostile, hostile, fc.array(hostile, { maxLength: 3 }), (summary, description, labels) => {
      const jira = { summary, description, labels };
      computeContextSignature({ prompt: summary, lexemes: buildLexemes({ jira }), jira, graph: { testConfidence: Number.NaN } });
    }), { numRuns: 60 });
  });

  it('gates and summarises packs holding arbitrary text', () => {
    fc.assert(fc.property(hostile, hostile, (a, b) => {
      const base = samplePack();
      const pack: ContextPack = {
        ...base,
        strategy: { ...base.strategy, approach: a, reasons: [b] },
        evidence: { ...base.evidence, files: [{ path: a || 'x', score: 0.5, reasons: [b], contributions: [], lanes: ['lexical'], anchorId: b }] },
      };
      checkPackGates(pack);
      const s = summarizePack(pack, { ref: a, hash: b, maxTokens: 1024 });
      expect(JSON.stringify(s).length).toBeLessThanOrEqual(4096);
    }), { numRuns: 60 });
  });
});
