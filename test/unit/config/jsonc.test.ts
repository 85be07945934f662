import { describe, expect, it } from 'vitest';
import { stripJsonComments } from '../../../src/config/jsonc.js';

describe('config layers with comments', () => {
  it('drops // and /* */ comments outside strings and keeps strings that look like comments', () => {
    const text = '// head\n{\n  "url": "bolt://host//x", /* inline */ "a": "\\"//\\"" // tail\n}\n';
    expect(JSON.parse(stripJsonComments(text))).toEqual({ url: 'bolt://host//x', a: '"//"' });
    expect(stripJsonComments(text)).toHaveLength(text.length);
  });
});
