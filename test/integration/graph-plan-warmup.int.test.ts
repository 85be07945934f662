import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AppError } from '../../src/errors/index.js';
import { Graph } from '../../src/graph/graph.js';
import { loadQuery } from '../../src/graph/query-registry.js';
import type { Logger } from '../../src/runtime/logger.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { until } from '../support/until.js';

const ping = loadQuery<Record<string, never>, { ok: number }>('test-support/ping.cypher');
const readTurns = loadQuery<{ repoId: string; workId: string }, Record<string, unknown>>('test-support/read-turns.cypher');

/** Collects info lines: the Graph reports a warm-up there. */
function recordingLogger(lines: Array<{ msg: string; fields?: Record<string, unknown> }>): Logger {
  return { debug() {}, info: (msg, fields) => void lines.push({ msg, ...(fields ? { fields } : {}) }), warn() {}, error() {} };
}

describe('query plans after a reconnect (real Neo4j behind a TCP proxy)', () => {
  let proxy: TcpProxy;
  let graph: Graph;
  let repoId: string;
  const lines: Array<{ msg: string; fields?: Record<string, unknown> }> = [];

  beforeAll(async () => {
    repoId = testNamespace('warmup');
    proxy = await TcpProxy.start(inject('neo4j').uri);
    graph = new Graph({ connection: { ...inject('neo4j'), uri: proxy.uri() }, log: recordingLogger(lines), breakerOpenMs: 300 });
  });
  afterAll(async () => {
    await graph?.close();
    await proxy?.close();
    const direct = openTestGraph();
    await cleanNamespace(direct, repoId);
    await direct.close();
  });

  it('after a connection failure and a success, EXPLAINs every query the process ran (with typed parameters) in the background', async () => {
    await graph.read(ping, {});
    await graph.read(readTurns, { repoId, workId: 'work-none' });
    expect(lines.filter((l) => l.msg.includes('warmed'))).toEqual([]);

    await proxy.cut();
    const failed = await graph.read(ping, {}).then(() => null, (e: unknown) => e);
    expect((failed as AppError).code).toBe('GRAPH_UNAVAILABLE');
    await proxy.restore();
    expect(await until(() => graph.read(ping, {}).then(() => true, () => false), 10_000)).toBe(true);

    expect(await until(async () => lines.some((l) => l.msg === 'query plans warmed after reconnecting'), 15_000)).toBe(true);
    const warmed = lines.filter((l) => l.msg === 'query plans warmed after reconnecting');
    expect(warmed).toHaveLength(1);
    // Both queries this Graph ran were planned again (a plan that failed to compile would be missing).
    expect(warmed[0]!.fields).toEqual({ planned: 2 });
  }, 60_000);
});
