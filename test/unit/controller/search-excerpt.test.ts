import { describe, expect, it } from 'vitest';
import { findLiteral, matchExcerpt } from '../../../src/controller/verbs/search-codebase-text.verb.js';

describe('search_codebase_text match excerpts', () => {
  it('keeps a short line whole, without its indentation', () => {
    expect(matchExcerpt('    return fmt(a);  ', 12)).toBe('return fmt(a);');
  });

  it('cuts a long line to 160 characters around the first hit, marking both cuts', () => {
    const line = `${'a'.repeat(300)}NEEDLE${'b'.repeat(300)}`;
    const [col] = findLiteral(line, 'needle', { caseSensitive: false, wholeWord: false });
    expect(col).toBe(301);
    const excerpt = matchExcerpt(line, col as number);
    expect(excerpt.startsWith('…')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt).toContain('NEEDLE');
    expect(excerpt.length).toBe(162);
  });

  it('does not mark a cut at the start when the hit is near it', () => {
    const line = `NEEDLE${'x'.repeat(400)}`;
    const excerpt = matchExcerpt(line, 1);
    expect(excerpt.startsWith('NEEDLE')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
  });
});
