import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildLexemes, lexemeSchema, type Lexeme } from '../../../src/retrieval/index.js';

const brief = (lx: readonly Lexeme[]): string[] => lx.map((l) => `${l.polarity === 'negative' ? '-' : ''}${l.kind}:${l.norm}`);

describe('buildLexemes from a prompt', () => {
  it.each<[string, string[]]>([
    ['Migrate <adp-data-table> to sdf-table', ['SELECTOR_TAG:adp-data-table', 'SELECTOR_TAG:sdf-table']],
    ['See PROJ-42 for GET /api/orders/{id}', ['ENDPOINT_PATH:/api/orders/{id}', 'TICKET_KEY:proj-42']],
    ['The API lets us create customers (POST /customers); add the call', ['ENDPOINT_PATH:/customers']],
    ['[DELETE /api/x/{id}] fails', ['ENDPOINT_PATH:/api/x/{id}']],
    ['Open src/app/orders/order-list.component.ts', ['FILE_PATH:src/app/orders/order-list.component.ts']],
    ['The /orders/:id route crashes', ['ROUTE_SEGMENT:/orders/:id']],
    ['Rename OrderDetailComponent and loadOrders()', ['SYMBOL:orderdetailcomponent', 'SYMBOL:loadorders']],
    ['Toggle ENABLE_NEW_GRID', ['CONFIG_FLAG:enable_new_grid']],
    ['Add a "Status" column', ['GRID_FIELD:status']],
    ['The "Save order" button is disabled', ['UI_LABEL:save order']],
    ['It logs "Cannot read properties of undefined"', ['ERROR_STRING:cannot read properties of undefined']],
  ])('%s', (prompt, expected) => {
    const got = brief(buildLexemes({ prompt }));
    for (const e of expected) expect(got).toContain(e);
  });

  it.each<[string, string]>([
    ["Update the grid but don't touch adp-button", '-SELECTOR_TAG:adp-button'],
    ['Change the orders page, not the invoices page', '-DOMAIN_NOUN:invoices'],
    ['Refactor the grid -legacy', '-DOMAIN_NOUN:legacy'],
    ['Ship it without the LegacyGridComponent', '-SYMBOL:legacygridcomponent'],
    ['Do not modify src/app/core/auth.service.ts', '-FILE_PATH:src/app/core/auth.service.ts'],
    ['Fix orders excluding reports or exports', '-DOMAIN_NOUN:exports'],
  ])('marks the excluded term in %s', (prompt, expected) => {
    expect(brief(buildLexemes({ prompt }))).toContain(expected);
  });

  it('drops possessives and reads "X route" but not "route X" as a route', () => {
    const got = brief(buildLexemes({ prompt: "The customer's orders route loads slowly" }));
    expect(got).toEqual(expect.arrayContaining(['DOMAIN_NOUN:customer', 'ROUTE_SEGMENT:/orders', 'DOMAIN_NOUN:loads']));
  });

  it('does not read an auxiliary "not" as an exclusion', () => {
    const got = brief(buildLexemes({ prompt: 'The grid does not refresh orders' }));
    expect(got).toContain('DOMAIN_NOUN:refresh');
    expect(got.filter((g) => g.startsWith('-'))).toEqual([]);
  });

  it('stops an exclusion at the end of the clause', () => {
    const got = brief(buildLexemes({ prompt: 'Without touching invoices. Then update sdf-table' }));
    expect(got).toContain('-DOMAIN_NOUN:invoices');
    expect(got).toContain('SELECTOR_TAG:sdf-table');
  });

  it('keeps utility classes with a near-zero boost', () => {
    const lx = buildLexemes({ prompt: 'Style the card with p-4 text-sm flex and sdf-card' });
    const boost = (norm: string): number | undefined => lx.find((l) => l.norm === norm)?.boost;
    expect(boost('p-4')).toBeLessThan(0.05);
    expect(boost('text-sm')).toBeLessThan(0.05);
    expect(boost('flex')).toBeLessThan(0.05);
    expect(boost('sdf-card')).toBeGreaterThan(0.5);
  });
});

describe('buildLexemes merging', () => {
  it('merges agent lexemes with extracted ones; an agent term is vouched for', () => {
    const lx = buildLexemes({ prompt: 'grid is slow', agentLexemes: ['grid', { raw: 'OrderService', kind: 'SYMBOL' }, '-mock'] });
    expect(lx.find((l) => l.norm === 'grid')).toMatchObject({ source: 'agent', confidence: 0.8, boost: 0.4, polarity: 'positive' });
    expect(lx.find((l) => l.norm === 'orderservice')).toMatchObject({ kind: 'SYMBOL', source: 'agent', boost: 0.9 });
    expect(lx.find((l) => l.norm === 'mock')).toMatchObject({ polarity: 'negative' });
  });

  it('lets an explicit exclusion win over a mention of the same term', () => {
    const lx = buildLexemes({ prompt: 'Replace adp-button in the toolbar', agentLexemes: [{ raw: 'adp-button', polarity: 'negative' }] });
    expect(lx.find((l) => l.norm === 'adp-button')?.polarity).toBe('negative');
  });

  it('expands aliases into variants and adds their false friends as negative lexemes', () => {
    const lx = buildLexemes({ prompt: 'Fix the purchase list', aliases: [{ term: 'order', aliases: ['purchase', 'po'], negative: ['ordering'] }] });
    expect(lx.find((l) => l.norm === 'purchase')?.variants).toEqual(expect.arrayContaining(['order', 'po']));
    expect(lx.find((l) => l.norm === 'ordering')).toMatchObject({ polarity: 'negative', source: 'alias' });
  });

  it('takes Jira summary, labels and key', () => {
    const lx = buildLexemes({ jira: { key: 'SHOP-7', summary: 'Orders grid shows wrong total', labels: ['billing'] } });
    expect(brief(lx)).toEqual(expect.arrayContaining(['TICKET_KEY:shop-7', 'DOMAIN_NOUN:billing', 'DOMAIN_NOUN:total']));
    expect(lx.every((l) => l.source === 'jira')).toBe(true);
  });

  it('returns schema-valid lexemes, positive first, heaviest first', () => {
    const lx = buildLexemes({ prompt: 'Migrate <adp-data-table> in src/app/x.ts, not legacy, for PROJ-1' });
    for (const l of lx) expect(lexemeSchema.parse(l)).toEqual(l);
    const firstNegative = lx.findIndex((l) => l.polarity === 'negative');
    expect(lx.slice(0, firstNegative).map((l) => l.boost)).toEqual([...lx.slice(0, firstNegative).map((l) => l.boost)].sort((a, b) => b - a));
  });
});

const nasty = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.constantFrom('\u0000', '\uD800', '\uDC00x\uD800', '\u202Eevil\u202C', '\u200B<sdf-\u200Dtable>', '"unterminated', "'", '<', '</>', '-', '--', '-x', 'not', 'without'),
  fc.array(fc.constantFrom('not ', 'without ', "don't touch ", '<adp-x>', ' sdf-y', '"', "'", '/api/', '{id}', 'A-1', ' ', '\n', '-z', 'Foo', 'p-4'), { maxLength: 60 }).map((a) => a.join('')),
);

describe('buildLexemes properties', { timeout: 60_000 }, () => {
  it('never throws and always returns schema-valid lexemes', () => {
    fc.assert(fc.property(nasty, fc.array(nasty, { maxLength: 5 }), (prompt, agent) => {
      const lx = buildLexemes({ prompt, agentLexemes: agent.filter((a) => a.length > 0 && a.length <= 200) });
      for (const l of lx) lexemeSchema.parse(l);
    }), { numRuns: 300 });
  });

  it('is deterministic and independent of the order of agent lexemes and aliases', () => {
    const words = fc.constantFrom('grid', 'OrderService', '-mock', '<sdf-table>', '/orders', 'PROJ-9', 'status', 'Orders', 'p-4');
    fc.assert(fc.property(fc.string({ maxLength: 120 }), fc.array(words, { maxLength: 8 }), (prompt, agent) => {
      const aliases = [{ term: 'grid', aliases: ['table'] }, { term: 'orders', aliases: ['purchases'], negative: ['legacy'] }];
      const a = buildLexemes({ prompt, agentLexemes: agent, aliases });
      const b = buildLexemes({ prompt, agentLexemes: [...agent].reverse(), aliases: [...aliases].reverse() });
      expect(b).toEqual(a);
    }), { numRuns: 200 });
  });

  // Time is bounded by the scan limit (maxPromptChars); the test timeout is the only clock here.
  it('handles a 100 KB prompt and caps the lexeme count', () => {
    const big = `${'Fix OrderDetailComponent in src/app/orders/x.ts "quoted text" not legacy <adp-x> '.repeat(1300)}${'z'.repeat(20_000)}`;
    const lx = buildLexemes({ prompt: big });
    expect(lx.length).toBeLessThanOrEqual(64);
    expect(lx.find((l) => l.norm === 'orderdetailcomponent')).toBeDefined();
  });
});
