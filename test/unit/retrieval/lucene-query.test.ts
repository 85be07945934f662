import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildLexemes, buildLuceneQuery, escapeLucene, lexemeQueryTerms, LUCENE_SPECIALS } from '../../../src/retrieval/index.js';

/** Returns the first special character not preceded by an escaping backslash, or null. */
function firstUnescaped(s: string): string | null {
  for (let i = 0; i < s.length; i++) {
    const c = s[i] as string;
    if (c === '\\') {
      i += 1;
      continue;
    }
    if (LUCENE_SPECIALS.includes(c)) return c;
  }
  return null;
}

/** Parses `clause (' OR ' clause)*` where clause is `term^b` or `"term term"^b`; returns the terms or throws. */
function parseQuery(q: string): string[] {
  if (q === '') return [];
  return q.split(' OR ').flatMap((clause) => {
    const m = /^(?:"([^"]+)"|([^\s"]+))\^(\d+(?:\.\d+)?)$/.exec(clause);
    if (!m) throw new Error(`bad clause ${JSON.stringify(clause)}`);
    const words = (m[1] ?? m[2] ?? '').split(' ');
    for (const w of words) if (firstUnescaped(w) !== null || w === '' || ['AND', 'OR', 'NOT', 'TO'].includes(w)) throw new Error(`unsafe word ${JSON.stringify(w)}`);
    return words;
  });
}

describe('escapeLucene', () => {
  it.each([
    ['a+b', 'a\\+b'],
    ['a && b || !c', 'a \\&\\& b \\|\\| \\!c'],
    ['(x) {y} [z]', '\\(x\\) \\{y\\} \\[z\\]'],
    ['^"~*?:\\/', '\\^\\"\\~\\*\\?\\:\\\\\\/'],
    ['/api/orders/{id}', '\\/api\\/orders\\/\\{id\\}'],
    ['a\u0000b\tc', 'a b c'],
    ['x AND y', 'x and y'],
  ])('%j → %j', (raw, expected) => {
    expect(escapeLucene(raw)).toBe(expected);
  });

  it('leaves no special character unescaped, for any string', () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.stringMatching(/^[+\-&|!(){}[\]^"~*?:\\/ a]*$/)), (s) => {
      expect(firstUnescaped(escapeLucene(s))).toBeNull();
    }), { numRuns: 500 });
  });
});

describe('buildLuceneQuery', () => {
  it('builds an OR of boosted tokens and phrases, heaviest first', () => {
    expect(buildLuceneQuery([{ text: 'sdf-table', boost: 1 }, { text: 'OrderService', boost: 0.5 }, { text: 'grid', boost: 0.2 }]))
      .toBe('"sdf table"^1 OR "order service"^0.5 OR sdf^0.25 OR table^0.25 OR grid^0.2 OR order^0.125 OR service^0.125');
  });

  it('uses the same tokens as ingestion for a path or endpoint', () => {
    expect(buildLuceneQuery([{ text: '/api/orders/{id}', boost: 1 }], { maxClauses: 10, maxLength: 1000, partFactor: 0 })).toBe('"api orders id"^1');
  });

  it('keeps single letters and numbers only inside phrases', () => {
    expect(buildLuceneQuery([{ text: '/api/v1/orders', boost: 1 }])).toBe('"api v 1 orders"^1 OR api^0.25 OR orders^0.25');
  });

  it('drops non-positive and non-finite boosts and unsearchable terms', () => {
    expect(buildLuceneQuery([{ text: 'a', boost: 0 }, { text: 'b', boost: Number.NaN }, { text: '+++', boost: 1 }, { text: 'c', boost: -1 }])).toBe('');
  });

  it('keeps the highest boost of a duplicated clause', () => {
    expect(buildLuceneQuery([{ text: 'grid', boost: 0.2 }, { text: 'GRID', boost: 0.7 }])).toBe('grid^0.7');
  });

  it('respects the clause and length bounds', () => {
    const terms = Array.from({ length: 500 }, (_, i) => ({ text: `term${i}`, boost: 1 }));
    const q = buildLuceneQuery(terms, { maxClauses: 20, maxLength: 150, partFactor: 0.25 });
    expect(q.length).toBeLessThanOrEqual(150);
    expect(q.split(' OR ').length).toBeLessThanOrEqual(20);
  });

  it('always yields a well-formed query with only escaped specials, for any input', () => {
    const term = fc.record({ text: fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 60 })), boost: fc.double({ noNaN: false }) });
    fc.assert(fc.property(fc.array(term, { maxLength: 30 }), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 2000 }), (terms, maxClauses, maxLength) => {
      const q = buildLuceneQuery(terms, { maxClauses, maxLength, partFactor: 0.3 });
      expect(q.length).toBeLessThanOrEqual(maxLength);
      expect(() => parseQuery(q)).not.toThrow();
    }), { numRuns: 300 });
  });

  it('searches positive lexemes and their variants, never negative ones', () => {
    const lexemes = buildLexemes({ prompt: 'Update OrderDetailComponent without legacy' });
    const terms = lexemeQueryTerms(lexemes);
    expect(terms.map((t) => t.text)).toContain('orderdetailcomponent');
    expect(terms.map((t) => t.text)).toContain('order-detail');
    expect(terms.map((t) => t.text)).not.toContain('legacy');
  });
});
