import { describe, expect, it } from 'vitest';
import { summariseGroup, type HistoryTaskResult } from '../../../src/eval/history/history-report.js';
import { bootstrapMeanInterval, comparePaired, seededRandom } from '../../../src/eval/history/paired.js';
import { scoreRanking, summariseRanking, summariseVerdicts } from '../../../src/eval/history/rank-metrics.js';

describe('ranking metrics (by hand)', () => {
  const filler = (n: number, from = 0): string[] => Array.from({ length: n }, (_, i) => `f${from + i}.ts`);

  it('first expected file at rank 3 of 2 expected, the second at rank 12', () => {
    const ranked = ['x.ts', 'y.ts', 'a.ts', ...filler(8), 'b.ts', ...filler(20, 100)];
    // a at 3, b at 12: acc1 no, acc5 yes, acc10 yes; recall@10 = 1/2, recall@25 = 2/2; MRR = 1/3.
    expect(scoreRanking(ranked, ['a.ts', 'b.ts'])).toEqual({
      acc1: false, acc5: true, acc10: true, recall10: 0.5, recall25: 1, all25: true, mrr: 1 / 3, firstHit: 3,
    });
  });

  it('nothing in the first 25 is a miss everywhere, even when the file comes later', () => {
    const ranked = [...filler(25), 'a.ts'];
    expect(scoreRanking(ranked, ['a.ts'])).toEqual({ acc1: false, acc5: false, acc10: false, recall10: 0, recall25: 0, all25: false, mrr: 0, firstHit: null });
    expect(scoreRanking([], ['a.ts']).mrr).toBe(0);
  });

  it('rank 1 of three expected, one outside the list; duplicates count once', () => {
    const m = scoreRanking(['a.ts', 'a.ts', 'x.ts', 'b.ts'], ['a.ts', 'b.ts', 'c.ts']);
    // list is a, x, b: a at 1, b at 3 → recall 2/3, all25 no, MRR 1.
    expect(m).toMatchObject({ acc1: true, acc5: true, recall10: 2 / 3, recall25: 2 / 3, all25: false, mrr: 1, firstHit: 1 });
    expect(() => scoreRanking(['a.ts'], [])).toThrow();
  });

  it('means over tasks', () => {
    const a = scoreRanking(['a.ts'], ['a.ts']); // acc1 1, mrr 1
    const b = scoreRanking(['x.ts', 'y.ts', 'b.ts'], ['b.ts', 'c.ts']); // acc5 1, recall 0.5, mrr 1/3
    const c = scoreRanking(['x.ts'], ['c.ts']); // all 0
    expect(summariseRanking([a, b, c])).toEqual({ tasks: 3, acc1: 0.3333, acc5: 0.6667, acc10: 0.6667, recall10: 0.5, recall25: 0.5, all25: 0.3333, mrr: 0.4444 });
  });

  it('false confidence over ok packs, right-but-insufficient over insufficient packs', () => {
    const hit1 = scoreRanking(['a.ts'], ['a.ts']);
    const hit7 = scoreRanking([...filler(6), 'a.ts'], ['a.ts']);
    const miss = scoreRanking(['x.ts'], ['a.ts']);
    const v = summariseVerdicts([
      { outcome: 'ok', metrics: hit1 }, { outcome: 'ok', metrics: miss }, { outcome: 'ok', metrics: hit7 }, { outcome: 'ok', metrics: miss },
      { outcome: 'pack_insufficient', metrics: hit1 }, { outcome: 'pack_insufficient', metrics: hit7 },
    ]);
    expect(v).toEqual({ okPacks: 4, insufficientPacks: 2, falseConfidence: 0.5, rightButInsufficient: 0.5 });
    expect(summariseVerdicts([{ outcome: 'ok', metrics: hit1 }])).toMatchObject({ rightButInsufficient: null });
  });
});

describe('paired comparison and bootstrap', () => {
  it('counts wins, losses, ties and the mean difference', () => {
    const c = comparePaired([true, true, false, false, true], [false, true, true, false, false]);
    expect(c).toMatchObject({ tasks: 5, wins: 2, losses: 1, ties: 2, difference: 0.2 });
    expect(() => comparePaired([true], [])).toThrow();
  });

  it('is deterministic for a seed, brackets the mean, and collapses when every difference is equal', () => {
    const diffs = [1, 0, 0, -1, 1, 1, 0, 1, 0, 0, 1, -1];
    const a = bootstrapMeanInterval(diffs, 1000, 7);
    expect(bootstrapMeanInterval(diffs, 1000, 7)).toEqual(a);
    const mean = diffs.reduce((s, d) => s + d, 0) / diffs.length;
    expect(a![0]).toBeLessThanOrEqual(mean);
    expect(a![1]).toBeGreaterThanOrEqual(mean);
    expect(bootstrapMeanInterval([1, 1, 1], 200, 1)).toEqual([1, 1]);
    expect(bootstrapMeanInterval([], 200, 1)).toBeNull();
  });

  it('uses a seeded PRNG in [0, 1)', () => {
    const r1 = seededRandom(42);
    const r2 = seededRandom(42);
    const xs = Array.from({ length: 100 }, () => r1());
    expect(xs).toEqual(Array.from({ length: 100 }, () => r2()));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('bootstrap of one task resamples that task only', () => {
    expect(bootstrapMeanInterval([-1], 50, 3)).toEqual([-1, -1]);
  });
});

describe('group summary', () => {
  const task = (id: string, gg: string[], bm: string[], extra: Partial<HistoryTaskResult> = {}): HistoryTaskResult => ({
    id, sha: id, parent: 'p', date: 'd', subject: 's', ticketKey: null, prompt: 's', repeatsEarlierSubject: false, specOnly: false, changedFiles: 1,
    expected: ['a.ts'], expectedNotIngested: [], status: 'scored',
    graphgate: { top: gg, metrics: scoreRanking(gg, ['a.ts']), outcome: 'ok', packSize: gg.length, packMs: 10 },
    bm25: { top: bm, metrics: scoreRanking(bm, ['a.ts']), queryMs: 1 },
    timings: { checkoutMs: 0, ingestMs: 0, parsedFiles: 0, graphCommits: 0, corpusFiles: 0, bm25Sync: null, totalMs: 0 },
    ...extra,
  });

  it('scores lanes when present (a lane missing from a task counts as empty) and leaves out skipped tasks', () => {
    const laneHit = { top: ['a.ts'], metrics: scoreRanking(['a.ts'], ['a.ts']) };
    const g = summariseGroup([
      task('1', ['a.ts'], ['x.ts'], { lanes: { content: laneHit } }),
      task('2', ['x.ts'], ['a.ts']),
      { ...task('3', [], []), status: 'skipped', graphgate: undefined, bm25: undefined },
    ]);
    expect(g.tasks).toBe(2);
    expect(g.graphgateVsBm25).toMatchObject({ wins: 1, losses: 1, difference: 0 });
    expect(g.lanes.content).toMatchObject({ acc5: 0.5, vsBm25: { wins: 1, losses: 1 } });
    expect(g.graphgate.verdicts).toMatchObject({ okPacks: 2, falseConfidence: 0.5 });
  });
});
