import { describe, expect, it } from 'vitest';
import { LogRecordSplitter, parseLogRecord, type LogCommit } from '../../../src/eval/history/commit-log.js';
import { classifyCommit, mineTasks, normaliseSubfolder } from '../../../src/eval/history/mine-tasks.js';
import { buildPrompt, normaliseSubject, splitTicketKey } from '../../../src/eval/history/prompt.js';

const sha = (n: number): string => n.toString(16).padStart(40, '0');
const commit = (n: number, subject: string, changes: Array<[string, string]>, extra: Partial<LogCommit> = {}): LogCommit => ({
  sha: sha(n), parents: [sha(n - 1)], date: '2024-01-01T00:00:00Z', subject, body: '',
  changes: changes.map(([status, path]) => ({ status, path })), ...extra,
});
const M = (path: string): [string, string] => ['M', path];

describe('git log records', () => {
  it('parses header fields, a multi-line body and name-status lines', () => {
    const record = `${sha(2)}\x1f${sha(1)}\x1f2024-02-03T04:05:06+00:00\x1fFix the grid\x1fLine one\n\nLine two\n\x1f\n\nM\tsrc/a.ts\nA\tsrc/b.ts\nD\tsrc/c.html\n`;
    expect(parseLogRecord(record)).toEqual({
      sha: sha(2), parents: [sha(1)], date: '2024-02-03T04:05:06+00:00', subject: 'Fix the grid', body: 'Line one\n\nLine two',
      changes: [{ status: 'M', path: 'src/a.ts' }, { status: 'A', path: 'src/b.ts' }, { status: 'D', path: 'src/c.html' }],
    });
    expect(parseLogRecord('')).toBeUndefined();
  });

  it('splits a stream into records whatever the chunk boundaries', () => {
    const text = [2, 3, 4].map((n) => `\x1e${sha(n)}\x1f${sha(n - 1)}\x1fd\x1fsubject ${n}\x1f\x1f\n\nM\tf${n}.ts\n`).join('');
    for (const size of [1, 7, 50, text.length]) {
      const splitter = new LogRecordSplitter();
      const got: LogCommit[] = [];
      for (let i = 0; i < text.length; i += size) got.push(...splitter.push(text.slice(i, i + size)));
      got.push(...splitter.end());
      expect(got.map((c) => c.subject)).toEqual(['subject 2', 'subject 3', 'subject 4']);
      expect(got[2]!.changes).toEqual([{ status: 'M', path: 'f4.ts' }]);
    }
  });
});

describe('ticket keys and prompts', () => {
  it.each([
    ['ABC-123: Fix the grid', 'ABC-123', 'Fix the grid'],
    ['[ABC-123] Fix the grid', 'ABC-123', 'Fix the grid'],
    ['(PROJ_X-7): Fix the grid', 'PROJ_X-7', 'Fix the grid'],
    ['ABC-123 - Fix the grid', 'ABC-123', 'Fix the grid'],
    ['WEB-172 Fix the grid', 'WEB-172', 'Fix the grid'],
    ['#123 Fix the grid', '#123', 'Fix the grid'],
    ['[#45]: Fix the grid', '#45', 'Fix the grid'],
    ['Fix the grid (#7696)', null, 'Fix the grid (#7696)'],
    ['fix(ABC-1): Fix the grid', null, 'fix(ABC-1): Fix the grid'],
    ['ABC-123', null, 'ABC-123'],
  ])('%s', (subject, key, rest) => {
    expect(splitTicketKey(subject)).toEqual({ ticketKey: key, rest });
  });

  it('keeps the key in the prompt unless asked, and drops tool trailers from the body', () => {
    const body = 'Explain why.\n\nSigned-off-by: A <a@x>\nCo-authored-by: B <b@x>\n(cherry picked from commit 0123abc)';
    expect(buildPrompt('ABC-1: Fix the grid', body)).toBe('ABC-1: Fix the grid\n\nExplain why.');
    expect(buildPrompt('ABC-1: Fix the grid', body, { stripKey: true })).toBe('Fix the grid\n\nExplain why.');
    expect(buildPrompt('Fix the grid', '')).toBe('Fix the grid');
  });

  it('normalises subjects for the repeat check (key, PR number, case, spaces)', () => {
    expect(normaliseSubject('ABC-9: Update  Translations (#44)')).toBe('update translations');
    expect(normaliseSubject('update translations')).toBe('update translations');
  });
});

describe('classifying commits', () => {
  const ok = (c: LogCommit) => {
    const r = classifyCommit(c);
    if (!r.ok) throw new Error(`skipped: ${r.reason}`);
    return r.task;
  };
  const reason = (c: LogCommit, options = {}) => {
    const r = classifyCommit(c, options);
    return r.ok ? 'ok' : r.reason;
  };

  it('answers with the modified .ts/.html files only (not added, deleted, .d.ts, other kinds)', () => {
    const task = ok(commit(5, 'ABC-7: Show the order date in the grid', [M('src/b.html'), M('src/a.ts'), ['A', 'src/new.ts'], ['D', 'src/old.ts'], M('src/types.d.ts'), M('src/x.scss'), M('README.md')], { body: 'Body text.' }));
    expect(task).toMatchObject({ id: sha(5).slice(0, 12), sha: sha(5), parent: sha(4), ticketKey: 'ABC-7', expected: ['src/a.ts', 'src/b.html'], specOnly: false, changedFiles: 7 });
    expect(task.prompt).toBe('ABC-7: Show the order date in the grid\n\nBody text.');
  });

  it('keeps spec files out of the answer unless they are all the commit changed', () => {
    expect(ok(commit(5, 'Fix the order total rounding', [M('src/a.ts'), M('src/a.spec.ts')])).expected).toEqual(['src/a.ts']);
    expect(ok(commit(5, 'Fix the flaky order test', [M('src/a.spec.ts'), M('src/b.test.ts')]))).toMatchObject({ expected: ['src/a.spec.ts', 'src/b.test.ts'], specOnly: true });
  });

  it.each([
    ['merge', commit(5, 'Merge the grid work', [M('a.ts')], { parents: [sha(4), sha(3)] })],
    ['merge', commit(5, "Merge branch 'dev' into main", [M('a.ts')])],
    ['merge', commit(5, 'WEB-1 Merging all changes from main branch into dev', [M('a.ts')])],
    ['root-commit', commit(5, 'Initial import of the app', [M('a.ts')], { parents: [] })],
    ['revert', commit(5, 'Revert "Show the order date"', [M('a.ts')])],
    ['revert', commit(5, 'ABC-1: revert: show the order date', [M('a.ts')])],
    ['release-or-bump', commit(5, 'chore(release): 1.4.0', [M('a.ts')])],
    ['release-or-bump', commit(5, 'chore(deps): update angular monorepo', [M('a.ts')])],
    ['release-or-bump', commit(5, 'Bump lodash from 4.17.20 to 4.17.21', [M('a.ts')])],
    ['release-or-bump', commit(5, 'v1.2.3', [M('a.ts')])],
    ['release-or-bump', commit(5, 'Release version 2.0.1 today', [M('a.ts')])],
    ['release-or-bump', commit(5, 'Update dependencies to latest', [M('a.ts')])],
    ['format-or-lint', commit(5, 'Run prettier on all files', [M('a.ts')])],
    ['format-or-lint', commit(5, 'Fix eslint warnings in orders', [M('a.ts')])],
    ['format-or-lint', commit(5, 'Format code of the orders module', [M('a.ts')])],
    ['short-subject', commit(5, 'ABC-1: wip', [M('a.ts')])],
    ['short-subject', commit(5, 'fixes', [M('a.ts')])],
    ['huge', commit(5, 'Rename every order field', Array.from({ length: 61 }, (_, i) => M(`f${i}.json`)))],
    ['huge', commit(5, 'Rename every order field', Array.from({ length: 21 }, (_, i) => M(`f${i}.ts`)))],
    ['no-answer-files', commit(5, 'Document the order module', [M('README.md'), ['A', 'src/new.ts']])],
  ])('skips %s: %s', (expected, c) => {
    expect(reason(c)).toBe(expected);
  });

  it('does not take a date format or a version word for a sweep or a release', () => {
    expect(reason(commit(5, 'Fix the date format in the orders grid', [M('a.ts')]))).toBe('ok');
    expect(reason(commit(5, 'Show the app version in the footer', [M('a.ts')]))).toBe('ok');
    expect(reason(commit(5, 'Merge two columns into one', [M('a.ts')]))).toBe('ok');
  });

  it('restricts to a subfolder: answers relative to it, commits touching source elsewhere skipped', () => {
    const inside = commit(5, 'Fix the orders grid sorting', [M('frontend/src/a.ts'), M('backend/Main.java')]);
    expect(classifyCommit(inside, { subfolder: 'frontend/' })).toMatchObject({ ok: true, task: { expected: ['src/a.ts'] } });
    expect(reason(commit(5, 'Fix the orders grid sorting', [M('frontend/src/a.ts'), M('tools/x.ts')]), { subfolder: 'frontend' })).toBe('outside-subfolder');
    expect(normaliseSubfolder('./frontend/')).toBe('frontend');
    expect(normaliseSubfolder('.')).toBeUndefined();
    expect(() => normaliseSubfolder('../x')).toThrow();
  });
});

describe('selecting tasks', () => {
  it('takes the newest N qualifying commits and returns them oldest first, counting skips', () => {
    const newestFirst = [
      commit(9, 'Fix the order total rounding', [M('a.ts')]),
      commit(8, 'chore(release): 1.0.0', [M('a.ts')]),
      commit(7, 'Show the order date in the grid', [M('b.ts')]),
      commit(6, 'Add a customer filter to orders', [M('c.ts')]),
      commit(5, 'Add a status column to orders', [M('d.ts')]),
    ];
    const result = mineTasks(newestFirst, 2);
    expect(result.tasks.map((t) => t.sha)).toEqual([sha(7), sha(9)]);
    expect(result).toMatchObject({ scanned: 3, skipped: { 'release-or-bump': 1 } });
    expect(mineTasks(newestFirst, 10).tasks.map((t) => t.sha)).toEqual([sha(5), sha(6), sha(7), sha(9)]);
  });
});
