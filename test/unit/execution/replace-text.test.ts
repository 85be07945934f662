import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../../src/execution/artifacts/redact-secrets.js';
import { CodemodRegistry } from '../../../src/execution/codemods/codemod-registry.js';
import { applyEdits } from '../../../src/execution/patches/apply-edits.js';
import { summariseDiff } from '../../../src/execution/patches/diff-summary.js';
import { nearestWindow, replaceText } from '../../../src/execution/patches/replace-text.js';

const FILE = ['a();', '  b(1);', 'c();', '  b(1);', 'd();'].join('\n');

describe('replace_text matching', () => {
  it('replaces a unique match and reports its lines, leaving every other byte alone', () => {
    const out = replaceText(FILE, { oldText: 'c();\n  b(1);', newText: 'c2();\n  b(2);' });
    expect(out).toEqual({ ok: true, text: ['a();', '  b(1);', 'c2();', '  b(2);', 'd();'].join('\n'), startLine: 3, endLine: 4 });
  });

  it('denies an ambiguous match with every match line, and accepts a declared occurrence or line range', () => {
    expect(replaceText(FILE, { oldText: 'b(1)', newText: 'x' })).toMatchObject({ ok: false, reason: 'ambiguous', matches: 2, matchLines: [2, 4] });
    expect(replaceText(FILE, { oldText: 'b(1)', newText: 'x', occurrence: 2 })).toMatchObject({ ok: true, startLine: 4 });
    expect(replaceText(FILE, { oldText: 'b(1)', newText: 'x', lineRange: { start: 1, end: 3 } })).toMatchObject({ ok: true, startLine: 2 });
    expect(replaceText(FILE, { oldText: 'b(1)', newText: 'x', occurrence: 3 })).toMatchObject({ ok: false, reason: 'occurrence_out_of_range', matches: 2 });
    expect(replaceText(FILE, { oldText: 'a();', newText: 'x', lineRange: { start: 2, end: 5 } })).toMatchObject({ ok: false, reason: 'not_found' });
  });

  it('shows the nearest window when the text does not occur (whitespace drift)', () => {
    const out = replaceText(FILE, { oldText: 'c();\n b(1 );', newText: 'x' });
    expect(out).toMatchObject({ ok: false, reason: 'not_found', matches: 0, nearest: { startLine: 3, endLine: 4, text: 'c();\n  b(1);' } });
    expect(nearestWindow('', 'x')).toMatchObject({ startLine: 1 });
  });

  it('applies edits in order and denies the whole patch on the first failing edit', async () => {
    const registry = new CodemodRegistry();
    const out = await applyEdits(FILE, 'f.ts', [{ type: 'replace_text', oldText: 'a();', newText: 'A();' }, { type: 'replace_text', oldText: 'A();\n', newText: '' }], registry);
    expect(out.text.startsWith('  b(1);')).toBe(true);
    expect(out.reports.map((r) => r.startLine)).toEqual([1, 1]);
    await expect(applyEdits(FILE, 'f.ts', [{ type: 'replace_text', oldText: 'zzz', newText: '' }], registry)).rejects.toThrow(/does not occur in f.ts.*Nearest match/);
  });
});

describe('diff summary and redaction', () => {
  it('summarises a change as one hunk', () => {
    expect(summariseDiff('f', 'a\nb\nc', 'a\nB\nB2\nc')).toMatchObject({ linesRemoved: 1, linesAdded: 2, hunk: { startLine: 2, removed: ['b'], added: ['B', 'B2'] } });
  });

  it('redacts passwords, tokens, keys and credentials in URLs', () => {
    const text = [
      'password=hunter22', '"apiKey": "abcd1234"', 'Authorization: Bearer abc.def.ghi', 'https://user:s3cret@host/x',
      'ghp_0123456789abcdefghijABCDEFGHIJ', 'AKIAABCDEFGHIJKLMNOP', 'plain text stays',
    ].join('\n');
    const out = redactSecrets(text, ['literal-secret']);
    for (const secret of ['hunter22', 'abcd1234', 'abc.def.ghi', 's3cret', 'ghp_0123456789', 'AKIAABCDEFGHIJKLMNOP']) expect(out).not.toContain(secret);
    expect(out).toContain('plain text stays');
    expect(redactSecrets('x literal-secret y', ['literal-secret'])).toBe('x *** y');
  });
});
