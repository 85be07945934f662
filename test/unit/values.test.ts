import neo4j from 'neo4j-driver';
import { describe, expect, it } from 'vitest';
import { toPlain } from '../../src/graph/values.js';
import { mapDriverError } from '../../src/graph/driver-errors.js';

describe('toPlain', () => {
  it('turns safe Integers into numbers and huge ones into strings', () => {
    expect(toPlain({ a: neo4j.int(42), b: [neo4j.int('9007199254740993')] })).toEqual({ a: 42, b: ['9007199254740993'] });
  });

  it('turns temporals into ISO strings', () => {
    expect(toPlain(new neo4j.types.Date(2026, 11, 22))).toBe('2026-11-22');
  });

  it('passes null and plain values through', () => {
    expect(toPlain({ x: null, y: 'z', z: true })).toEqual({ x: null, y: 'z', z: true });
  });
});

describe('mapDriverError', () => {
  const ctx = { query: 'q', uri: 'bolt://127.0.0.1:1' };
  it('maps an unreachable server to GRAPH_UNAVAILABLE naming the fix', () => {
    const error = mapDriverError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ServiceUnavailable' }), ctx);
    expect(error.code).toBe('GRAPH_UNAVAILABLE');
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('graphgate db start');
  });

  it('maps bad credentials to GRAPH_AUTH_FAILED', () => {
    expect(mapDriverError(Object.assign(new Error('x'), { code: 'Neo.ClientError.Security.Unauthorized' }), ctx).code).toBe('GRAPH_AUTH_FAILED');
  });

  it('never copies the server message into a query failure', () => {
    const error = mapDriverError(Object.assign(new Error('secret internals'), { code: 'Neo.ClientError.Statement.SyntaxError' }), ctx);
    expect(error.code).toBe('GRAPH_QUERY_FAILED');
    expect(error.message).not.toContain('secret');
  });
});
