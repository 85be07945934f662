import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Graph } from '../../src/graph/graph.js';
import { makeFixtureRepo, writeFixtureFacts, type FixtureRepo } from '../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';
import { initializeLine, spawnRaw, type RawServer } from '../support/mcp-process.js';

const call = (id: number, args: unknown) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'controller_turn', arguments: args } });
const byId = (id: number) => (m: Record<string, unknown>) => m.id === id;

/** Transport-level hostile input against the spawned server (SECURITY.md "Transport"). */
describe('graphgate mcp: hostile transport input', () => {
  let graph: Graph;
  let repoId: string;
  let repo: FixtureRepo;
  let server: RawServer;

  beforeAll(async () => {
    graph = openTestGraph();
    repoId = testNamespace('e2e-hostile');
    repo = makeFixtureRepo();
    await writeFixtureFacts(graph, repoId);
    server = spawnRaw(repo.root, repoId);
    server.send(initializeLine(1, '2025-11-25'));
    await server.next(byId(1));
    server.send('{"jsonrpc":"2.0","method":"notifications/initialized"}');
  });
  afterAll(async () => {
    server.child.kill('SIGKILL');
    await cleanNamespace(graph, repoId);
    repo?.dispose();
    await graph.close();
  });

  it.each([
    ['2025-11-25', '2025-11-25'],
    ['2025-06-18', '2025-06-18'],
    ['2099-01-01', '2025-11-25'],
  ])('negotiates protocol %s as %s', async (asked, expected) => {
    const raw = spawnRaw(repo.root, repoId);
    raw.send(initializeLine(1, asked));
    const reply = (await raw.next(byId(1))) as { result: { protocolVersion: string } };
    expect(reply.result.protocolVersion).toBe(expected);
    raw.child.stdin.end();
    expect(await raw.exited).toBe(0);
  });

  it('answers a garbage line with -32700, then the valid request', async () => {
    server.send('this is not json');
    server.send('{"jsonrpc":"2.0","id":2,"method":"ping"}');
    expect(await server.next(byId(2))).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
    expect(server.lines.some((l) => JSON.parse(l).error?.code === -32700)).toBe(true);
  });

  it('answers an unknown method with -32601', async () => {
    server.send('{"jsonrpc":"2.0","id":3,"method":"tools/destroy"}');
    expect(((await server.next(byId(3))) as { error: { code: number } }).error.code).toBe(-32601);
  });

  it('survives a 10 MB line and deeply nested JSON, and keeps answering', async () => {
    server.send(`{"jsonrpc":"2.0","id":4,"method":"ping","params":{"pad":"${'x'.repeat(10 * 1024 * 1024)}"}}`);
    server.send(`{"jsonrpc":"2.0","id":5,"method":"ping","params":${'['.repeat(200_000)}${']'.repeat(200_000)}}`);
    server.send('{"jsonrpc":"2.0","id":6,"method":"ping"}');
    expect(await server.next(byId(6), 30_000)).toEqual({ jsonrpc: '2.0', id: 6, result: {} });
    const errors = server.lines.map((l) => JSON.parse(l)).filter((m) => m.error?.code === -32600).map((m) => m.error.message);
    expect(errors).toEqual(expect.arrayContaining(['Invalid Request: message too large', 'Invalid Request: nesting too deep']));
  });

  it('returns structured denies for hostile tool arguments', async () => {
    const cases: unknown[] = [
      { verb: 'initialize_work', originalPrompt: 'x'.repeat(20_001) },
      { verb: 'initialize_work', originalPrompt: null },
      { verb: ['initialize_work'] },
      { verb: 'initialize_work\u0000' },
      { verb: 'initialize_work', workId: '../../etc' },
      { verb: 'initialize_work', args: { lexemes: ['\u202e\u200b'] } },
      { verb: 'initialize_work', args: { lexemes: Array.from({ length: 5000 }, () => 'a') } },
      { verb: 'read_file_lines', workId: 'work-0000000000000000', args: { filePath: '\ud800' } },
      { verb: 'write_scratch_file', args: { relativePath: 'a', content: 'x'.repeat(2 * 1024 * 1024) } },
    ];
    for (const [i, args] of cases.entries()) {
      const id = 100 + i;
      server.send(call(id, args));
      const reply = (await server.next(byId(id))) as { result: { isError: boolean; structuredContent: { deny: { code: string } } } };
      expect(reply.result.isError, JSON.stringify(args).slice(0, 80)).toBe(true);
      expect(reply.result.structuredContent.deny.code).toMatch(/^(INVALID_ARGS|ILLEGAL_TRANSITION|NOT_FOUND)$/);
    }
  });

  it('writes nothing but JSON-RPC to stdout', () => {
    for (const line of server.lines) expect(JSON.parse(line).jsonrpc).toBe('2.0');
  });

  it('exits cleanly on stdin EOF and on SIGTERM', async () => {
    const a = spawnRaw(repo.root, repoId);
    a.send(initializeLine(1, '2025-11-25'));
    await a.next(byId(1));
    a.send(call(2, { verb: 'initialize_work', originalPrompt: 'user list' }));
    await a.next(byId(2));
    a.child.stdin.end();
    expect(await a.exited).toBe(0);
    const b = spawnRaw(repo.root, repoId);
    b.send(initializeLine(1, '2025-11-25'));
    await b.next(byId(1));
    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);
  });
});
