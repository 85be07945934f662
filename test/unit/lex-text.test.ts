import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lexText, lexTokens } from '../../src/text/lex-text.js';

describe('lexTokens', () => {
  it('splits camelCase, PascalCase, kebab, snake and paths, keeping the whole word too', () => {
    expect(lexTokens('UserListComponent')).toEqual(['userlistcomponent', 'user', 'list', 'component']);
    expect(lexTokens('src/app/order-detail/order_detail.service.ts')).toEqual(
      expect.arrayContaining(['src', 'app', 'order-detail', 'order', 'detail', 'order_detail', 'service', 'ts']),
    );
    expect(lexTokens('<sdf-data-table>')).toEqual(['sdf-data-table', 'sdf', 'data', 'table']);
  });

  it('splits acronyms and digits sensibly', () => {
    expect(lexTokens('HTTPClientV2')).toEqual(['httpclientv2', 'http', 'client', 'v', '2']);
  });

  it('always returns lowercase tokens without separators', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (s) => {
        for (const t of lexTokens(s)) {
          expect(t).toBe(t.toLowerCase());
          expect(t).not.toMatch(/[\s/.]/);
          expect(t.length).toBeGreaterThan(0);
        }
      }),
    );
  });
});

describe('lexText', () => {
  it('joins the unique tokens of all parts', () => {
    expect(lexText('OrderGrid', null, 'order-grid')).toBe('ordergrid order grid order-grid');
  });
});
