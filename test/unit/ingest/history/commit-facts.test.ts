import { describe, expect, it } from 'vitest';
import {
  capText, commitProps, escapeControls, extractTickets, identifierParts, MAX_BODY_CHARS, MAX_STORED_FILES, MAX_SUBJECT_CHARS, type RawCommit,
} from '../../../../ingest/history/commit-facts.js';

const raw = (over: Partial<RawCommit> = {}): RawCommit => ({ sha: 'a'.repeat(40), time: 1_700_000_000, subject: 's', body: '', files: [], fileCount: 0, ...over });

describe('escapeControls', () => {
  it('stores bidi overrides, isolates and zero-width characters as visible \\u escapes', () => {
    expect(escapeControls('admin\u202E gnp.exe', false)).toBe('admin\\u202E gnp.exe');
    expect(escapeControls('a\u2066b\u2069c\u200Bd\uFEFF', false)).toBe('a\\u2066b\\u2069c\\u200Bd\\uFEFF');
  });

  it('escapes C0/C1 controls and DEL; a body keeps its newlines and tabs, a subject does not', () => {
    expect(escapeControls('x\u0000y\u001Bz\u007F\u0085', true)).toBe('x\\u0000y\\u001Bz\\u007F\\u0085');
    expect(escapeControls('line1\r\nline2\tend', true)).toBe('line1\nline2\tend');
    expect(escapeControls('line1\nline2\t', false)).toBe('line1\\u000Aline2\\u0009');
  });

  it('escapes lone surrogates and keeps pairs (emoji)', () => {
    expect(escapeControls('a\uD800b', false)).toBe('a\\uD800b');
    expect(escapeControls('ok 🎉', false)).toBe('ok 🎉');
  });
});

describe('capText', () => {
  it('never splits a surrogate pair', () => {
    expect(capText('ab🎉', 3)).toBe('ab');
    expect(capText('abc', 5)).toBe('abc');
  });
});

describe('extractTickets', () => {
  it('finds keys anywhere, uppercased, distinct, in order', () => {
    expect(extractTickets('[PROJ-12] fix legend (see abc-7, PROJ-12 and X2Y-0042)')).toEqual(['PROJ-12', 'ABC-7', 'X2Y-42']);
  });

  it('ignores standards, versions and words glued to other text', () => {
    expect(extractTickets('UTF-8 and ES-2015, SHA-256, ISO-8601, node_x-1, foo-bar-12, v-1, 1A-2')).toEqual([]);
  });

  it('is bounded', () => {
    expect(extractTickets(Array.from({ length: 50 }, (_, i) => `AB-${i + 1}`).join(' '))).toHaveLength(20);
  });
});

describe('identifierParts', () => {
  it('splits compound identifiers and paths, leaves plain words to the analyzer', () => {
    expect(identifierParts('Fix OrderDetailComponent in order-detail.component.ts now').split(' ').sort()).toEqual(['component', 'detail', 'order', 'ts']);
    expect(identifierParts('fix(legend): plain words only')).toBe('');
  });
});

describe('commitProps', () => {
  it('builds the node properties: id, escaped text, tickets, capped lists, real file count', () => {
    const files = Array.from({ length: 150 }, (_, i) => `src/f${i}.ts`);
    const p = commitProps('repo-1', raw({ subject: '  ABC-123 Fix legend\u202E ', body: 'Body text\n\nRefs: def-9\n\n', files, fileCount: 150 }));
    expect(p).toMatchObject({ id: `repo-1:commit:${'a'.repeat(40)}`, repoId: 'repo-1', subject: 'ABC-123 Fix legend\\u202E', body: 'Body text\n\nRefs: def-9', fileCount: 150, tickets: ['ABC-123', 'DEF-9'] });
    expect(p.files).toHaveLength(MAX_STORED_FILES);
  });

  it('caps subject and body', () => {
    const p = commitProps('r', raw({ subject: 'x'.repeat(5_000), body: 'y'.repeat(50_000) }));
    expect(p.subject).toHaveLength(MAX_SUBJECT_CHARS);
    expect(p.body).toHaveLength(MAX_BODY_CHARS);
  });

  it('accepts an empty subject and body', () => {
    expect(commitProps('r', raw({ subject: '', body: '' }))).toMatchObject({ subject: '', body: '', tickets: [], searchText: '' });
  });
});
