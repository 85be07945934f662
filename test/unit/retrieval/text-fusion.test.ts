import { describe, expect, it } from 'vitest';
import type { Candidate } from '../../../src/retrieval/rank/candidate.model.js';
import { fuseTextLanes, siblingKey } from '../../../src/retrieval/rank/text-fusion.js';
import { promptTerms, repoScopedQuery } from '../../../src/retrieval/text/prompt-terms.js';

const hit = (lane: Candidate['lane'], path: string, rawScore: number): Candidate => ({ id: `${lane}:${path}`, kind: 'file', path, lane, rawScore });

describe('fuseTextLanes', () => {
  const config = { weights: { content: 1, history: 0.5 }, siblingFactor: 0.4 };

  it('min-max normalises each lane, weighs and sums (values by hand)', () => {
    const fused = fuseTextLanes([
      hit('content', 'a/x.ts', 10), hit('content', 'a/y.ts', 6), hit('content', 'b/z.ts', 2),
      hit('history', 'a/y.ts', 0.3), hit('history', 'b/z.ts', 0.1),
    ], config);
    // content: x = 1, y = (6-2)/8 = 0.5, z = 0; history: y = 1, z = 0.
    expect(fused.get('a/x.ts')?.score).toBe(1);
    expect(fused.get('a/y.ts')?.score).toBe(1);
    expect(fused.get('b/z.ts')?.score).toBe(0);
    expect(fused.get('a/y.ts')?.lanes).toEqual({ content: 0.5, history: 1 });
  });

  it('gives each file a share of its best sibling (same folder, same name but the last extension)', () => {
    const fused = fuseTextLanes([hit('content', 'a/x.component.html', 8), hit('content', 'a/x.component.ts', 4), hit('content', 'b/x.component.ts', 0)], config);
    // html = 1, ts = 0.5, b/ts = 0: a/x.component.ts gains 0.4 × 1; b/x.component.ts is in another folder.
    expect(fused.get('a/x.component.ts')).toEqual({ score: 0.9, lanes: { content: 0.5 }, sibling: { path: 'a/x.component.html', value: 0.4 } });
    expect(fused.get('a/x.component.html')?.score).toBe(1.2);
    expect(fused.get('b/x.component.ts')?.score).toBe(0);
  });

  it('is independent of candidate order and ignores lanes without weight', () => {
    const hits = [hit('content', 'a/x.ts', 3), hit('fielded', 'a/q.ts', 9), hit('content', 'a/y.ts', 1), hit('history', 'a/x.ts', 2)];
    const a = fuseTextLanes(hits, config);
    const b = fuseTextLanes([...hits].reverse(), config);
    expect([...a.entries()].sort()).toEqual([...b.entries()].sort());
    expect(a.has('a/q.ts')).toBe(false);
  });

  it('siblingKey drops only the last extension', () => {
    expect(siblingKey('src/a/x.component.ts')).toBe('src/a/x.component');
    expect(siblingKey('src/.eslintrc')).toBe('src/.eslintrc');
  });
});

describe('promptTerms and repoScopedQuery', () => {
  it('keeps the words that say where, drops stop words, task vocabulary, numbers and duplicates', () => {
    expect(promptTerms('Fix: the legend overlaps the chart when there are several pages (#123) legend')).toEqual(['legend', 'overlaps', 'chart', 'several', 'pages']);
    expect(promptTerms('Update WorkspaceList budget_state')).toEqual(['workspacelist', 'workspace', 'list', 'budget', 'state']);
  });

  it('builds a repo-scoped, escaped query, fielded when asked', () => {
    expect(repoScopedQuery('ftRepo', '912', ['legend', 'a:b'])).toBe('+ftRepo:912 +((legend a\\:b))');
    expect(repoScopedQuery('ftRepo', '912', ['x'], [{ field: 'ftName', boost: 3 }, { field: 'ftText', boost: 1.2 }])).toBe('+ftRepo:912 +(ftName:(x)^3 ftText:(x)^1.2)');
    expect(repoScopedQuery('ftRepo', '912', [])).toBe('');
  });
});
