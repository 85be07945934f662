import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, isLoopbackHostHeader } from '../../../src/dashboard/host-guard.js';
import { parseLastEventId, parseQuery, TurnQuery } from '../../../src/dashboard/params.js';

describe('isLoopbackHostHeader (DNS rebinding)', () => {
  it.each(['localhost', 'LOCALHOST', 'localhost:8722', '127.0.0.1', '127.0.0.1:8722', '127.1.2.3:1', '[::1]', '[::1]:8722'])('accepts %j', (host) => {
    expect(isLoopbackHostHeader(host)).toBe(true);
  });

  it.each([
    undefined, '', 'evil.example', 'evil.example:8722', 'localhost.evil.example', '127.0.0.1.evil.example', 'evil.localhost',
    '127.0.0.256', '127.0.0', '[::2]', '::1', 'localhost:', 'localhost:99999', 'localhost:80:80', 'user@localhost', '0.0.0.0', '10.0.0.1',
  ])('refuses %j', (host) => {
    expect(isLoopbackHostHeader(host)).toBe(false);
  });
});

describe('isLoopbackAddress (bind address)', () => {
  it('accepts only loopback addresses', () => {
    expect(['127.0.0.1', 'localhost', '::1', '127.0.0.2'].map(isLoopbackAddress)).toEqual([true, true, true, true]);
    expect(['0.0.0.0', '::', '192.168.1.2', 'example.com'].map(isLoopbackAddress)).toEqual([false, false, false, false]);
  });
});

describe('dashboard query parameters', () => {
  it('applies defaults and converts numbers', () => {
    expect(parseQuery(TurnQuery, new URLSearchParams(''))).toEqual({ limit: 50 });
    expect(parseQuery(TurnQuery, new URLSearchParams('limit=7&workId=work-1&agentId=agent-2'))).toEqual({ limit: 7, workId: 'work-1', agentId: 'agent-2' });
  });

  it.each(['limit=0', 'limit=501', 'limit=2.5', 'limit=', 'limit=%20', 'workId=', 'workId=a%20b', 'workId=%E2%80%AEx', 'other=1', 'limit=1&limit=1'])('refuses %j with INVALID_ARGS', (query) => {
    expect(() => parseQuery(TurnQuery, new URLSearchParams(query))).toThrow(expect.objectContaining({ code: 'INVALID_ARGS' }));
  });

  it('reads Last-Event-ID as a seq', () => {
    expect(parseLastEventId(undefined)).toBeUndefined();
    expect(parseLastEventId('')).toBeUndefined();
    expect(parseLastEventId('42')).toEqual({ seq: 42 });
    expect(parseLastEventId('42.3')).toEqual({ seq: 42, k: 3 });
    for (const bad of ['-1', 'abc', '1.0', '1.', '1.1000', '1.5.2', '9999999999', ['1', '2']]) {
      expect(() => parseLastEventId(bad as string)).toThrow(expect.objectContaining({ code: 'INVALID_ARGS' }));
    }
  });
});
