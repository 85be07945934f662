import { describe, expect, it } from 'vitest';
import { checkPackGates } from '../../../src/retrieval/index.js';
import type { Candidate } from '../../../src/retrieval/rank/candidate.model.js';
import { discriminationOf } from '../../../src/retrieval/rank/discrimination.js';
import type { RankedFile } from '../../../src/retrieval/rank/fusion.rank.js';
import { samplePack } from './pack.fixture.js';

const file = (path: string, score: number): RankedFile => ({
  path, score, contributions: [], reasons: [], lanes: [], roles: [], anchorId: '', entities: [], matchedLexemes: [], excludedMatches: [], snapshotIds: [],
});
const hit = (lane: Candidate['lane'], path: string, rawScore: number): Candidate => ({ id: `${lane}:${path}`, kind: 'file', path, lane, rawScore });

describe('discriminationOf', () => {
  const ranked = Array.from({ length: 12 }, (_, i) => file(`src/app/f${i}/f${i}.component.ts`, 10 - i * 0.5));

  it('measures the lead over the 10th file, the agreeing and available lane groups, and the task words (values by hand)', () => {
    const d = discriminationOf(ranked, [
      hit('content', 'src/app/f0/f0.component.ts', 5), hit('history', 'src/app/f1/f1.component.ts', 1), hit('lexical', 'x/other.ts', 3),
    ], ['f0', 'budget', 'workspace'], ['workspace']);
    // 10th file scores 10 - 9 × 0.5 = 5.5: (10 - 5.5) / 10 = 0.45.
    expect(d.margin).toBe(0.45);
    expect(d.agreeingGroups).toEqual(['text', 'history']);
    expect(d.availableGroups).toBe(3);
    expect(d.unplacedTerms).toEqual(['budget', 'workspace']);
    expect(d.absentTerms).toEqual(['workspace']);
    expect(d.termCoverage).toBe(0.6667);
  });

  it('measures the head against the most the text lanes that found anything can give (values by hand)', () => {
    // content (1) and history (1) found files, fielded and UI text did not: the attainable score is 2, the head has 10 → capped at 1.
    expect(discriminationOf(ranked, [hit('content', 'a.ts', 5), hit('history', 'b.ts', 1)], []).headStrength).toBe(1);
    const weak = [file('src/app/a.ts', 0.9), file('src/app/b.ts', 0.5)];
    expect(discriminationOf(weak, [hit('content', 'a.ts', 5), hit('history', 'b.ts', 1), hit('fielded', 'a.ts', 0)], []).headStrength).toBe(0.45);
    // No text lane ran: nothing to measure against.
    expect(discriminationOf(weak, [hit('lexical', 'a.ts', 3)], []).headStrength).toBeUndefined();
  });

  it('keeps the margin within [0, 1] when penalties push the runner-up below zero', () => {
    const penalised = [...ranked.slice(0, 9), file('src/app/z/z.spec.ts', -0.2)];
    expect(discriminationOf(penalised, [], []).margin).toBe(1);
  });

  it('gives a full margin to a ranking shorter than the runner-up position and full coverage to a task without words', () => {
    const d = discriminationOf(ranked.slice(0, 3), [], []);
    expect(d.margin).toBe(1);
    expect(d.termCoverage).toBe(1);
    expect(d.availableGroups).toBe(0);
  });
});

describe('the evidence_discriminates gate', () => {
  const base = { margin: 0.6, agreeingGroups: ['text', 'history'], availableGroups: 3, head: ['src/app/a.ts'], unplacedTerms: [], absentTerms: [], termCoverage: 1 };
  const gate = (discrimination: typeof base) => checkPackGates(samplePack({ evidence: { ...samplePack().evidence, discrimination } })).gates.find((g) => g.gate === 'evidence_discriminates')!;

  it('passes a head that leads, is agreed on and whose words the code holds', () => {
    expect(gate(base).pass).toBe(true);
  });

  it('fails when most task words are in no file, and names them', () => {
    const g = gate({ ...base, absentTerms: ['kangaroo', 'payroll'], termCoverage: 0.33 });
    expect(g.pass).toBe(false);
    expect(g.reasons[0]).toMatch(/"kangaroo", "payroll"/);
  });

  it('fails on a tie with the 10th file, and on a single agreeing group when two could agree', () => {
    expect(gate({ ...base, margin: 0.05 }).pass).toBe(false);
    expect(gate({ ...base, agreeingGroups: ['text'] }).pass).toBe(false);
    // A repository whose only group is the text lanes cannot be asked for two.
    expect(gate({ ...base, agreeingGroups: ['text'], availableGroups: 1 }).pass).toBe(true);
  });

  it('fails a head that leads only because nothing matched better, and judges packs without headStrength as before', () => {
    const weak = gate({ ...base, headStrength: 0.3 } as typeof base);
    expect(weak.pass).toBe(false);
    expect(weak.reasons[0]).toMatch(/30% of the score .* nothing matched better/);
    expect(gate({ ...base, headStrength: 0.8 } as typeof base).pass).toBe(true);
    expect(gate(base).pass).toBe(true);
  });
});
