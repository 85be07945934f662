import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { best, endpointMatchScore, parseSelector, routeMatchScore, selectorMatches } from '../../../ingest/write/ref-match.js';
import { refKey, targetKeys } from '../../../ingest/write/ref-keys.js';
import { fileVariants } from '../../../ingest/write/ref-resolver.js';

describe('selectors', () => {
  it('parses lists, attribute selectors and element+attribute selectors', () => {
    expect(parseSelector('app-a, app-b')).toEqual([{ element: 'app-a', attrs: [] }, { element: 'app-b', attrs: [] }]);
    expect(parseSelector('[appHighlight]')).toEqual([{ element: undefined, attrs: ['apphighlight'] }]);
    expect(parseSelector('button[sdf-btn], input[type=text]:not(.x)')).toEqual([{ element: 'button', attrs: ['sdf-btn'] }, { element: 'input', attrs: ['type'] }]);
  });

  it('matches an occurrence by element and required attributes', () => {
    const [occurrence] = parseSelector('button[sdf-btn][disabled]');
    expect(selectorMatches(parseSelector('button[sdf-btn]')[0]!, occurrence!)).toBe(true);
    expect(selectorMatches(parseSelector('[disabled]')[0]!, occurrence!)).toBe(true);
    expect(selectorMatches(parseSelector('a[sdf-btn]')[0]!, occurrence!)).toBe(false);
    expect(selectorMatches(parseSelector('app-x')[0]!, parseSelector('app-x')[0]!)).toBe(true);
  });
});

describe('route matching', () => {
  it('matches parameters and prefers literal segments', () => {
    expect(routeMatchScore('/orders/:id', '/orders/123')).toBe(4);
    expect(routeMatchScore('/orders/new', '/orders/new')).toBe(5);
    expect(routeMatchScore('/orders/:id', '/orders')).toBeUndefined();
    expect(routeMatchScore('/orders', '/orders/1')).toBeUndefined();
    expect(routeMatchScore('**', '/anything/else')).toBe(0);
    expect(routeMatchScore('orders/:id', '/orders/7?tab=2#x')).toBe(4);
    expect(best([{ item: 'param', score: routeMatchScore('/orders/:id', '/orders/new') }, { item: 'literal', score: routeMatchScore('/orders/new', '/orders/new') }])).toEqual(['literal']);
  });

  it('always matches a path against itself', () => {
    const seg = fc.stringMatching(/^[a-z0-9:-]{1,8}$/);
    fc.assert(fc.property(fc.array(seg, { maxLength: 6 }), (segs) => routeMatchScore(`/${segs.join('/')}`, `/${segs.join('/')}`) !== undefined));
  });
});

describe('endpoint matching', () => {
  it('matches templates, base-path prefixes and interpolations', () => {
    expect(endpointMatchScore('/orders/{id}', '/orders/42')).toBe(4);
    expect(endpointMatchScore('/orders/{id}', '/api/v1/orders/42')).toBe(3);
    expect(endpointMatchScore('/orders/{id}', 'https://x.example/api/orders/${id}')).toBe(3);
    expect(endpointMatchScore('/orders/{id}', '/customers/42')).toBeUndefined();
  });
});

describe('reference keys', () => {
  it('agree between a reference and the node that satisfies it', () => {
    expect(targetKeys(['Symbol', 'Component'], { selector: 'app-a, [appB]', name: 'A' })).toEqual(['selector:app-a', 'selector:[appb]', 'symbol:A']);
    expect(refKey({ kind: 'selector', selector: 'app-a' })).toBe('selector:app-a');
    expect(refKey({ kind: 'contractTag', tag: 'SDF-Table' })).toBe(targetKeys(['ContractComponent'], { tag: 'sdf-table' })[0]);
    expect(targetKeys(['File'], { path: 'src/x/index.ts' })).toEqual(['file:src/x/index.ts', 'file:src/x/index', 'file:src/x']);
    expect(refKey({ kind: 'routePath', path: '/a' })).toBe(targetKeys(['Route'], {})[0]);
  });

  it('tries file variants most literal first', () => {
    expect(fileVariants('./src/x')).toEqual(['src/x', 'src/x.ts', 'src/x.tsx', 'src/x.js', 'src/x.mjs', 'src/x/index.ts', 'src/x/index.js', 'src/x.d.ts']);
  });
});
