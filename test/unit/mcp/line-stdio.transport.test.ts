import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { jsonDepth, LineStdioTransport } from '../../../src/mcp/line-stdio.transport.js';

function harness(maxLineBytes = 1024, maxDepth = 16) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const out: string[] = [];
  stdout.on('data', (c: Buffer) => out.push(...c.toString('utf8').split('\n').filter(Boolean)));
  const transport = new LineStdioTransport({ stdin, stdout, maxLineBytes, maxDepth });
  const messages: unknown[] = [];
  let closed = false;
  transport.onmessage = (m) => messages.push(m);
  transport.onclose = () => (closed = true);
  return { stdin, out, messages, transport, isClosed: () => closed };
}

const tick = () => new Promise((r) => setImmediate(r));
const ping = (id: number) => `${JSON.stringify({ jsonrpc: '2.0', id, method: 'ping' })}\n`;

describe('LineStdioTransport', () => {
  it('answers a garbage line with -32700 and still delivers the next request', async () => {
    const h = harness();
    await h.transport.start();
    h.stdin.write('not json {\n');
    h.stdin.write(ping(1));
    await tick();
    expect(JSON.parse(h.out[0]!)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
    expect(h.messages).toEqual([{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
  });

  it('answers JSON that is not JSON-RPC with -32600, keeping the id when it has one', async () => {
    const h = harness();
    await h.transport.start();
    h.stdin.write('{"id":7,"hello":1}\n[1,2]\n"str"\n');
    await tick();
    expect(h.out.map((l) => JSON.parse(l))).toEqual([
      { jsonrpc: '2.0', id: 7, error: { code: -32600, message: 'Invalid Request' } },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } },
      { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid Request' } },
    ]);
  });

  it('discards an over-long line as it streams (bounded memory) and recovers', async () => {
    const h = harness(1024);
    await h.transport.start();
    for (let i = 0; i < 50; i++) h.stdin.write('x'.repeat(1000));
    h.stdin.write(`\n${ping(2)}`);
    await tick();
    expect(JSON.parse(h.out[0]!).error).toEqual({ code: -32600, message: 'Invalid Request: message too large' });
    expect(h.messages).toEqual([{ jsonrpc: '2.0', id: 2, method: 'ping' }]);
  });

  it('refuses nesting deeper than the limit before parsing', async () => {
    const h = harness(1 << 20, 16);
    await h.transport.start();
    h.stdin.write(`{"jsonrpc":"2.0","id":3,"method":"ping","params":${'['.repeat(100_000)}${']'.repeat(100_000)}}\n`);
    h.stdin.write(ping(4));
    await tick();
    expect(JSON.parse(h.out[0]!).error.message).toBe('Invalid Request: nesting too deep');
    expect(h.messages).toHaveLength(1);
  });

  it('reassembles a message split across chunks, and accepts CRLF', async () => {
    const h = harness();
    await h.transport.start();
    const line = ping(5).replace('\n', '\r\n');
    h.stdin.write(line.slice(0, 10));
    h.stdin.write(line.slice(10));
    await tick();
    expect(h.messages).toEqual([{ jsonrpc: '2.0', id: 5, method: 'ping' }]);
  });

  it('closes when stdin ends', async () => {
    const h = harness();
    await h.transport.start();
    h.stdin.end();
    await tick();
    expect(h.isClosed()).toBe(true);
  });

  it('measures depth ignoring brackets inside strings', () => {
    expect(jsonDepth('{"a":"[[[[{{{{","b":[1,[2]]}')).toBe(3);
    expect(jsonDepth('"\\"[["')).toBe(0);
  });
});
