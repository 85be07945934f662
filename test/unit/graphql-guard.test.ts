import { buildSchema, parse, print, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { graphqlConfigFromEnv, isLoopback, resolveGraphqlConfig } from '../../src/graphql/config.js';
import { bearerMatches } from '../../src/graphql/operation-guard.js';
import { queryLimitsRule } from '../../src/graphql/query-limits.js';
import { buildFactSchema, loadTypeDefs, withoutSchemaDirective } from '../../src/graphql/schema.js';

const TOKEN = 'a-long-enough-token-123';

describe('bearerMatches', () => {
  it('accepts exactly the configured token', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer  ${TOKEN}`, TOKEN)).toBe(true);
  });
  it.each([null, undefined, '', TOKEN, `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `Bearer ${TOKEN} extra`, 'Bearer '])(
    'rejects %j',
    (header) => {
      expect(bearerMatches(header, TOKEN)).toBe(false);
    },
  );
});

describe('GraphQL configuration', () => {
  it('is read-only on loopback by default', () => {
    expect(resolveGraphqlConfig({}, '127.0.0.1')).toMatchObject({ mutations: false, token: undefined });
  });
  it('refuses mutations without a token, a short token, and a public host without a token', () => {
    expect(() => resolveGraphqlConfig({ mutations: true }, '127.0.0.1')).toThrow(expect.objectContaining({ code: 'INVALID_CONFIG' }));
    expect(() => resolveGraphqlConfig({ mutations: true, token: 'short' }, '127.0.0.1')).toThrow(/at least 16/);
    expect(() => resolveGraphqlConfig({}, '0.0.0.0')).toThrow(expect.objectContaining({ code: 'INVALID_CONFIG' }));
    expect(resolveGraphqlConfig({ token: TOKEN }, '0.0.0.0').token).toBe(TOKEN);
  });
  it('reads the environment and rejects an unknown flag value', () => {
    expect(graphqlConfigFromEnv({ GRAPHGATE_GRAPHQL_MUTATIONS: '1', GRAPHGATE_GRAPHQL_TOKEN: TOKEN })).toEqual({ mutations: true, token: TOKEN });
    expect(graphqlConfigFromEnv({})).toEqual({ mutations: false, token: undefined });
    expect(() => graphqlConfigFromEnv({ GRAPHGATE_GRAPHQL_MUTATIONS: 'yes' })).toThrow(expect.objectContaining({ code: 'INVALID_CONFIG' }));
  });
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['localhost', true],
    ['::1', true],
    ['0.0.0.0', false],
    ['192.168.1.5', false],
    ['127.0.0.1.attacker.example', false],
  ])('isLoopback(%s) is %s', (host, expected) => {
    expect(isLoopback(host)).toBe(expected);
  });
});

describe('queryLimitsRule', () => {
  const schema = buildSchema('type Query { node: Node } type Node { next: Node, name: String }');
  const check = (query: string, maxDepth = 3, maxFields = 10): string[] =>
    validate(schema, parse(query), [queryLimitsRule({ maxDepth, maxFields })]).map((e) => String(e.extensions.code));

  it('accepts an operation at the depth limit and rejects one level more', () => {
    expect(check('{ node { next { name } } }')).toEqual([]);
    expect(check('{ node { next { next { name } } } }')).toEqual(['QUERY_TOO_DEEP']);
  });
  it('expands fragments, inline fragments and spreads alike', () => {
    expect(check('{ node { ...F } } fragment F on Node { next { next { name } } }')).toEqual(['QUERY_TOO_DEEP']);
    expect(check('{ node { ... on Node { next { next { name } } } } }')).toEqual(['QUERY_TOO_DEEP']);
  });
  it('counts every field, each spread of a fragment again', () => {
    expect(check('{ a: node { name } b: node { name } }', 3, 4)).toEqual([]);
    expect(check('{ a: node { ...F } b: node { ...F } c: node { ...F } } fragment F on Node { name next { name } }', 3, 8)).toEqual(['QUERY_TOO_COMPLEX']);
  });
  it('terminates on cyclic fragments (graphql reports the cycle itself)', () => {
    const doc = parse('{ node { ...A } } fragment A on Node { next { ...B } } fragment B on Node { next { ...A } }');
    expect(() => validate(schema, doc, [queryLimitsRule({ maxDepth: 3, maxFields: 10 })])).not.toThrow();
  });
  it('does not count introspection ofType wrappers', () => {
    expect(check('{ __type(name: "Node") { fields { type { ofType { ofType { ofType { name } } } } } } }', 4)).toEqual([]);
  });
});

// Building the full schema takes a while on a busy 2-core machine.
describe('fact-plane schema', { timeout: 30_000 }, () => {
  it('is read-only as written: no Mutation type', async () => {
    const schema = await buildFactSchema({ driver: undefined as never, mutations: false });
    expect(schema.getMutationType()).toBeUndefined();
    expect(Object.keys(schema.getQueryType()?.getFields() ?? {})).toEqual(expect.arrayContaining(['files', 'symbols', 'components', 'routes', 'gridTables']));
  });
  it('generates mutations only when the schema-level @mutation directive is lifted', async () => {
    const schema = await buildFactSchema({ driver: undefined as never, mutations: true });
    expect(Object.keys(schema.getMutationType()?.getFields() ?? {})).toEqual(expect.arrayContaining(['createFiles', 'deleteFiles', 'updateFiles']));
  });
  it('withoutSchemaDirective removes only that directive', () => {
    const [doc] = loadTypeDefs();
    const lifted = print(withoutSchemaDirective(doc!, 'mutation'));
    expect(print(doc!)).toContain('extend schema @mutation(operations: [])');
    expect(lifted).not.toContain('extend schema');
    expect(lifted).toContain('type File @node');
  });
});
