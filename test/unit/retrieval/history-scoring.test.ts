import { describe, expect, it } from 'vitest';
import type { Lexeme } from '../../../src/retrieval/lexemes/lexeme.model.js';
import { historyQueryWords, promptTickets, scoreHistoryFiles } from '../../../src/retrieval/lanes/history-scoring.js';
import type { HistoryCommitRow } from '../../../src/retrieval/lanes/history.queries.js';
import { commitQuery } from '../../../src/retrieval/lanes/history.lane.js';

const row = (over: Partial<HistoryCommitRow> & { paths?: string[] }): HistoryCommitRow => {
  const { paths = ['a.ts'], ...rest } = over;
  return { sha: 'a'.repeat(40), subject: 'Legend overlap', body: '', score: 1, ticket: false, tickets: [], fileCount: paths.length, rank: 0, files: paths.map((p) => ({ id: `r:file:${p}`, path: p })), ...rest };
};

const lexeme = (raw: string, kind: Lexeme['kind'] = 'DOMAIN_NOUN'): Lexeme => ({ raw, norm: raw.toLowerCase(), kind, source: 'prompt', confidence: 1, polarity: 'positive', boost: 0.5, variants: [] });

describe('historyQueryWords', () => {
  it('keeps the words, drops stop-words, task and commit vocabulary, numbers and ticket keys', () => {
    expect(historyQueryWords('ABC-1234: Fix the legend overlap bug in the PieChart, revert #42', [])).toEqual(['legend', 'overlap', 'piechart', 'pie', 'chart']);
  });

  it('falls back to the positive lexemes without a prompt', () => {
    expect(historyQueryWords(undefined, [lexeme('OrderDetail'), lexeme('ABC-1', 'TICKET_KEY')])).toEqual(['orderdetail', 'order', 'detail']);
    expect(historyQueryWords('  ', [])).toEqual([]);
  });
});

describe('promptTickets', () => {
  it('takes uppercase keys from the prompt and TICKET_KEY lexemes, normalised', () => {
    expect(promptTickets('see ABC-0042 and abc-7 (not a key in prose) and UTF-8', [lexeme('proj-9', 'TICKET_KEY')])).toEqual(['ABC-42', 'PROJ-9', 'UTF-8']);
  });
});

describe('commitQuery', () => {
  it('requires the repo key without scoring it and escapes every word', () => {
    expect(commitQuery('9123', ['legend', 'a:b', 'NOT'])).toBe('+ftRepo:9123^0 +(legend a\\:b not)');
    expect(commitQuery('9123', [])).toBe('');
  });
});

describe('scoreHistoryFiles', () => {
  it('scores Σ commit score × 1/√(files) × exp(−rank/1000) per file', () => {
    const files = scoreHistoryFiles([
      row({ sha: '1'.repeat(40), score: 2, paths: ['a.ts', 'b.ts', 'c.ts', 'd.ts'] }),
      row({ sha: '2'.repeat(40), score: 3, rank: 1000, paths: ['a.ts'] }),
    ], ['legend'], []);
    expect(files.find((f) => f.path === 'a.ts')?.score).toBeCloseTo(1 + 3 * Math.exp(-1), 6);
    expect(files.find((f) => f.path === 'b.ts')?.score).toBeCloseTo(1, 6);
    expect(files.map((f) => f.path)).toEqual(['a.ts', 'b.ts', 'c.ts', 'd.ts']);
  });

  it('explains with the matched words and the strongest commit', () => {
    const [file] = scoreHistoryFiles([row({ sha: 'abcdef0'.padEnd(40, '0'), subject: 'Legends overlapping the chart', score: 2 })], ['legend', 'overlap', 'axis'], []);
    expect(file?.reasons).toEqual(["changed by 1 past commit matching 'legend overlap' (e.g. abcdef0 'Legends overlapping the chart')"]);
  });

  it('puts the files of ticket commits above every text-only file', () => {
    const files = scoreHistoryFiles([
      row({ sha: '1'.repeat(40), score: 50, paths: ['text.ts'] }),
      row({ sha: '2'.repeat(40), score: 0, ticket: true, tickets: ['ABC-1'], subject: 'ABC-1 tweak', rank: 4000, paths: ['t1.ts', 't2.ts', 't3.ts'] }),
    ], ['legend'], ['ABC-1']);
    expect(files.map((f) => f.path)).toEqual(['t1.ts', 't2.ts', 't3.ts', 'text.ts']);
    expect(files[0]?.reasons[0]).toContain('of ticket ABC-1');
  });

  it('is deterministic and drops files without score', () => {
    const rows = [row({ sha: '1'.repeat(40), score: 0, paths: ['z.ts'] }), row({ sha: '2'.repeat(40), score: 1, paths: ['b.ts', 'a.ts'] })];
    expect(scoreHistoryFiles(rows, [], []).map((f) => f.path)).toEqual(['a.ts', 'b.ts']);
    expect(scoreHistoryFiles([...rows].reverse(), [], [])).toEqual(scoreHistoryFiles(rows, [], []));
  });
});
