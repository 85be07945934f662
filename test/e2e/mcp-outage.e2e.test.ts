import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TurnResponseSchema, type TurnResponse } from '../../src/controller/envelope.schema.js';
import type { Graph } from '../../src/graph/graph.js';
import { WorkStore } from '../../src/session/index.js';
import { makeFixtureRepo, readTurns, writeFixtureFacts, type FixtureRepo } from '../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';
import { connectClient } from '../support/mcp-process.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { until } from '../support/until.js';

describe('graphgate mcp during a Neo4j outage (real process, real client, the graph cut by a TCP proxy)', () => {
  let graph: Graph;
  let repoId: string;
  let repo: FixtureRepo;
  let proxy: TcpProxy;
  const clients: Client[] = [];

  const call = async (client: Client, args: Record<string, unknown>): Promise<{ envelope: TurnResponse; ms: number }> => {
    const started = performance.now();
    const result = await client.callTool({ name: 'controller_turn', arguments: args });
    return { envelope: TurnResponseSchema.parse(result.structuredContent), ms: performance.now() - started };
  };
  const start = async () => {
    const env = { NEO4J_URI: proxy.uri() };
    const { client, transport } = await connectClient(repo.root, repoId, env);
    clients.push(client);
    return { client, pid: transport.pid! };
  };

  beforeAll(async () => {
    graph = openTestGraph();
    repoId = testNamespace('e2e-outage');
    repo = makeFixtureRepo();
    await writeFixtureFacts(graph, repoId);
    proxy = await TcpProxy.start(inject('neo4j').uri);
  });
  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    await proxy?.close();
    await cleanNamespace(graph, repoId);
    repo?.dispose();
    await graph.close();
  });

  it('answers every turn fast and retryably, and after kill -9 and a restart every answered turn is in the graph once', async () => {
    const first = await start();
    const init = await call(first.client, { verb: 'initialize_work', originalPrompt: 'Rename the user list' });
    expect(init.envelope.outcome).toBe('ok');
    const { workId, agentId } = init.envelope;
    const store = new WorkStore({ graph, repoId });
    const before = (await store.load(workId!, null))!.work;
    const turnsBefore = (await graph.read(readTurns, { repoId, workId: workId! }))[0]!.turns.length;

    await proxy.cut();
    const answered: TurnResponse[] = [];
    for (const [verb, args] of [
      ['read_file_lines', { filePath: 'src/app/users/user.service.ts' }],
      ['submit_execution_plan', { planGraph: { nodes: [] } }],
      ['signal_task_complete', { summary: 'done' }],
    ] as const) {
      const { envelope, ms } = await call(first.client, { verb, workId, agentId, args });
      expect(envelope.deny?.code).toBe('GRAPH_UNAVAILABLE');
      expect(envelope.deny?.retryable).toBe(true);
      expect(ms).toBeLessThan(4_000);
      answered.push(envelope);
    }

    // The process dies with the turns only in its spool; the next one writes them once the graph is back.
    process.kill(first.pid, 'SIGKILL');
    await proxy.restore();
    const second = await start();
    const next = await call(second.client, { verb: 'read_file_lines', workId, agentId, args: { filePath: 'src/app/users/user.service.ts' } });
    expect(next.envelope.outcome).toBe('ok');
    const expected = turnsBefore + answered.length + 1;
    const count = async () => (await graph.read(readTurns, { repoId, workId: workId! }))[0]!.turns.length;
    expect(await until(async () => (await count()) === expected, 20_000)).toBe(true);
    const [row] = await graph.read(readTurns, { repoId, workId: workId! });
    for (const r of answered) expect(row!.turns.filter((t) => t.id === r.traceRef)).toHaveLength(1);
    const after = (await store.load(workId!, null))!.work;
    expect({ state: after.state, version: after.version }).toEqual({ state: before.state, version: before.version });
  });
});
