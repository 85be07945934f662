import { describe, expect, it } from 'vitest';
import { specUrlsOf, ticketKeysOf, toPackChain } from '../../../src/retrieval/assemble/index.js';
import { blockedCommandsOf, chainGaps, escalationPlanOf, validationPlanOf } from '../../../src/retrieval/assemble/pack-sections.js';
import { kindOfLabels, pathShape, scopeApplies, scopeBase, symbolTerms } from '../../../src/retrieval/lanes/index.js';
import { buildLexemes } from '../../../src/retrieval/lexemes/index.js';
import { makeChain, toHop } from '../../../src/retrieval/proof-chains/proof-chain.model.js';
import { computeContextSignature } from '../../../src/retrieval/signature/index.js';

describe('lane helpers', () => {
  it.each([
    [['Symbol', 'Component', 'CellRenderer', 'Fact'], 'cell_renderer'], [['Symbol', 'Component', 'Fact'], 'component'], [['Route', 'Fact'], 'route'],
    [['Symbol', 'Service', 'Fact'], 'service'], [['Endpoint', 'Fact'], 'endpoint'], [['Symbol', 'Fact'], 'symbol'], [['Ref', 'Fact'], 'file'],
  ])('maps labels %j to kind %s', (labels, kind) => expect(kindOfLabels(labels)).toBe(kind));

  it('shapes route and endpoint paths with parameters as {}', () => {
    expect(pathShape('/api/orders/{id}/status')).toEqual(['', 'api', 'orders', '{}', 'status']);
    expect(pathShape('orders/:id?tab=1')).toEqual(['', 'orders', '{}']);
    expect(pathShape('/Orders/42/')).toEqual(['', 'orders', '{}']);
  });

  it('derives symbol-lane terms from structured lexemes only, with escaped-safe name tokens', () => {
    const t = symbolTerms(buildLexemes({ agentLexemes: ['OrderDetailComponent', '<sdf-table>', '/orders/:id', 'src/app/order.dto.ts', 'grid'] }));
    expect(t.names).toContain('orderdetailcomponent');
    expect(t.nameQuery).toMatch(/^[a-z0-9* OR]+$/);
    expect(t.selectors).toContain('sdf-table');
    expect(t.routePaths).toContain('/orders/:id');
    expect(t.routeShapes).toContainEqual(['', 'orders', ':']);
    expect(t.fileNames).toContain('order.dto.ts');
    expect(t.names).not.toContain('grid');
  });

  it('scopes records to folders in play: unscoped applies everywhere, a scope covers its subtree, globs match', () => {
    expect(scopeApplies([], ['a/b'])).toBe(true);
    expect(scopeApplies(['src/app/orders'], ['src/app/orders/detail'])).toBe(true);
    expect(scopeApplies(['src/app/orders/**'], ['src/app/orders'])).toBe(true);
    expect(scopeApplies(['src/app/orders'], ['src/app/orders-evil'])).toBe(false);
    expect(scopeApplies(['repo-1:anchor:src/app'], ['src/app/x'])).toBe(true);
    expect(scopeBase('repo-1:anchor:.')).toBe('.');
  });
});

describe('artifact references', () => {
  it('finds ticket keys and OpenAPI URLs, bounded', () => {
    expect(ticketKeysOf(buildLexemes({ prompt: 'see ORD-42 and ord-7' })).length).toBeGreaterThan(0);
    expect(specUrlsOf(['spec at https://h/openapi.yaml, and https://h/page.html', 'ftp://x/swagger.json'])).toEqual(['https://h/openapi.yaml']);
  });
});

describe('pack sections', () => {
  const sig = computeContextSignature({ prompt: 'the orders grid', lexemes: [] }).signature;

  it('maps proof-chain service chains to pack chains, gaps explicit', () => {
    const hop = toHop('Table', { id: 't1', name: 'Grid', path: 'a.html', line: 3, labels: ['GridTable'] }, null);
    const unknown = makeChain('aggrid-origin', [hop], 'ORIGIN_UNKNOWN', { hop: 'NavTrigger', code: 'ORIGIN_UNKNOWN', reason: 'string-built URL', expression: 'url + id', candidates: [] });
    expect(toPackChain('aggrid_origin', unknown)).toEqual({
      chainType: 'aggrid_origin', status: 'origin_unknown', hops: [{ label: 'Table', id: 't1', name: 'Grid', path: 'a.html', line: 3 }],
      missing: [{ hop: 'NavTrigger', reason: 'ORIGIN_UNKNOWN: string-built URL (url + id)' }],
    });
    const ambiguous = makeChain('federation', [], 'AMBIGUOUS', { hop: 'RemoteExpose', code: 'FEDERATION_AMBIGUOUS', reason: 'two remotes', expression: null, candidates: [] });
    expect(toPackChain('federation', ambiguous).status).toBe('ambiguous');
  });

  it('declares missing required chains; an explicit unknown ag-Grid origin satisfies the rule, a partial federation does not', () => {
    const gaps = chainGaps([
      { chainType: 'aggrid_origin', status: 'origin_unknown', hops: [], missing: [] },
      { chainType: 'federation', status: 'partial', hops: [], missing: [] },
    ], ['aggrid_origin', 'federation'], ['lexical']);
    expect(gaps.map((g) => g.anchorType)).toEqual(['federation']);
  });

  it('plans one escalate step per missing anchor type and blocks planning only on an insufficient pack', () => {
    const missing = [{ anchorType: 'entrypoint' as const, requiredBy: 'r', whyRequired: 'w', attemptedSources: [], confidence: 0.7 }];
    expect(escalationPlanOf([...missing, ...missing])).toEqual([expect.objectContaining({ verb: 'escalate', args: expect.objectContaining({ type: 'scope_expand' }) })]);
    expect(blockedCommandsOf('ready', missing)).toEqual([]);
    expect(blockedCommandsOf('pack_insufficient', missing).map((b) => b.verb)).toContain('submit_execution_plan');
  });

  it('grades validation hooks, downgrading unit tests when Shadow DOM is touched', () => {
    const tests = [{ id: 't', path: 'x.spec.ts', framework: 'jasmine', covers: 'c', confidence: 'high' as const, why: '' }];
    const candidates = [{ id: 'c', kind: 'component' as const, path: 'x.ts', lane: 'closure' as const, rawScore: 1 }];
    expect(validationPlanOf(tests, candidates, sig, []).hooks).toEqual([{ id: 't', kind: 'unit', covers: ['x.spec.ts', 'x.ts'], confidence: 'high' }]);
    expect(validationPlanOf(tests, candidates, { ...sig, touchesShadowDom: true }, []).hooks[0]?.confidence).toBe('medium');
  });
});
