import { describe, expect, it } from 'vitest';
import { textMemo } from '../../src/runtime/text-memo.js';

describe('textMemo', () => {
  it('computes again only when a key’s text changed, and keeps at most `limit` keys (least recently used out)', () => {
    const memo = textMemo<string>(2);
    const calls: string[] = [];
    const upper = (text: string): string => (calls.push(text), text.toUpperCase());
    expect(memo('a', 'x', upper)).toBe('X');
    expect(memo('a', 'x', upper)).toBe('X');
    expect(memo('a', 'y', upper)).toBe('Y'); // same key, new text
    expect(memo('b', 'y', upper)).toBe('Y'); // same text, another key
    expect(calls).toEqual(['x', 'y', 'y']);
    memo('a', 'y', upper); // a is now the most recently used
    memo('c', 'z', upper); // over the limit: b goes
    expect(calls).toEqual(['x', 'y', 'y', 'z']);
    memo('a', 'y', upper);
    memo('b', 'y', upper);
    expect(calls).toEqual(['x', 'y', 'y', 'z', 'y']);
  });
});
