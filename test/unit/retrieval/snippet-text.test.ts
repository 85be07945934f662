import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SNIPPET_TEXT_BUDGET, snippetText, withSnippetText } from '../../../src/retrieval/assemble/snippet-text.js';

const lines = Array.from({ length: 100 }, (_, i) => `line ${i + 1}`);
const hex = (text: string): string => createHash('sha256').update(text).digest('hex');
const snippet = (path: string, startLine: number, endLine: number) => ({ ref: `${path}#L${startLine}-L${endLine}`, path, startLine, endLine, reason: 'anchor' });

describe('snippetText', () => {
  it('shows the ref with a few numbered context lines', () => {
    expect(snippetText(lines, 10, 11).split('\n')).toEqual([' 8| line 8', ' 9| line 9', '10| line 10', '11| line 11', '12| line 12', '13| line 13']);
    expect(snippetText(lines, 1, 1).split('\n')[0]).toBe('1| line 1');
  });

  it('shows the head of a long ref and says how many lines follow', () => {
    const text = snippetText(lines, 10, 90);
    expect(text.split('\n')).toHaveLength(2 + DEFAULT_SNIPPET_TEXT_BUDGET.maxRefLines + 2 + 1);
    expect(text).toContain('(51 more lines to 90)');
  });

  it('caps characters on a line boundary and says where to read on', () => {
    const wide = Array.from({ length: 50 }, () => 'x'.repeat(500));
    const text = snippetText(wide, 1, 50);
    expect(text.length).toBeLessThanOrEqual(DEFAULT_SNIPPET_TEXT_BUDGET.maxChars + 80);
    expect(text).toContain('read_file_lines from line');
    expect(text.split('\n')[0]!.length).toBeLessThanOrEqual(DEFAULT_SNIPPET_TEXT_BUDGET.maxLineChars + 4);
  });

  it('redacts secrets', () => {
    const text = snippetText(['const apiKey = "sk-live-1234567890";', 'password: hunter2hunter2'], 1, 2);
    expect(text).not.toContain('sk-live-1234567890');
    expect(text).not.toContain('hunter2hunter2');
    expect(text).toContain('***');
  });
});

describe('withSnippetText on disk', () => {
  let root: string;
  let outside: string;
  const body = lines.join('\n');
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'gg-snippet-'));
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, 'src', 'a.ts'), body);
    writeFileSync(join(root, 'src', 'changed.ts'), 'changed since ingestion');
    outside = mkdtempSync(join(tmpdir(), 'gg-snippet-out-'));
    writeFileSync(join(outside, 'secret.ts'), body);
    symlinkSync(join(outside, 'secret.ts'), join(root, 'src', 'link.ts'));
  });
  afterAll(() => [root, outside].forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('adds text only where the bytes match the recorded hash and the file is inside the root', async () => {
    const hashes = new Map([['src/a.ts', hex(body)], ['src/changed.ts', hex('what the graph saw')], ['src/link.ts', hex(body)]]);
    const out = await withSnippetText(root, [snippet('src/a.ts', 3, 4), snippet('src/changed.ts', 1, 1), snippet('src/link.ts', 1, 1), snippet('src/none.ts', 1, 1)], hashes);
    expect(out[0]!.text).toBe(snippetText(lines, 3, 4));
    expect(out.slice(1).map((s) => s.text)).toEqual([undefined, undefined, undefined]);
    expect(out.map((s) => s.ref)).toEqual(['src/a.ts#L3-L4', 'src/changed.ts#L1-L1', 'src/link.ts#L1-L1', 'src/none.ts#L1-L1']);
  });

  it('leaves refs alone without a root (dry runs)', async () => {
    const out = await withSnippetText('', [snippet('src/a.ts', 1, 1)], new Map([['src/a.ts', hex(body)]]));
    expect(out[0]!.text).toBeUndefined();
  });
});
