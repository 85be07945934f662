import { mkdtempSync, rmSync, statSync, existsSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIngest } from '../../src/cli/ingest-run.js';
import { askDaemon } from '../../src/daemon/client.js';
import type { DaemonEndpoint } from '../../src/daemon/endpoint.js';
import { buildId, MAX_REQUEST_BYTES, type DaemonAnswer } from '../../src/daemon/protocol.js';
import { startIngestDaemon, type IngestDaemon } from '../../src/daemon/server.js';
import type { Graph } from '../../src/graph/graph.js';
import { silentLogger } from '../../src/runtime/logger.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';
import { MINI_FILES, removeWorkspace, writeWorkspace } from '../support/mini-workspace.js';

/** Sends raw bytes to the daemon's socket and gives every answer line it wrote before closing. */
function rawExchange(socketPath: string, payload: string): Promise<DaemonAnswer[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    let text = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(payload));
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as DaemonAnswer)));
  });
}

// The ingest daemon's server, in this process, on the suite's real Neo4j: what a hostile or broken client gets.
describe('ingest daemon server (real Neo4j)', () => {
  let graph: Graph;
  let dir: string;
  let root: string;
  let endpoint: DaemonEndpoint;
  let daemon: IngestDaemon;
  const repoId = testNamespace('daemon-server');

  beforeAll(async () => {
    graph = openTestGraph();
    dir = mkdtempSync(join(tmpdir(), 'gg-daemon-'));
    root = writeWorkspace(MINI_FILES, 'gg-daemon-ws-');
    endpoint = { socketPath: join(dir, 'd', 'x.sock'), logPath: join(dir, 'd', 'x.log') };
    daemon = await startIngestDaemon({
      graph, endpoint, log: silentLogger, idleMs: 0, requestTimeoutMs: 300,
      ingest: (job, send) => runIngest(graph, silentLogger, { root: job.root, settings: job.settings, warmPlans: job.warmPlans, onProgress: (progress) => send({ type: 'progress', progress }) }),
    });
  });
  afterAll(async () => {
    await daemon?.close();
    await cleanNamespace(graph, repoId);
    await graph?.close();
    removeWorkspace(root);
    rmSync(dir, { recursive: true, force: true });
  });

  it('listens on a socket only its user can open, in a folder only its user can list', () => {
    expect(statSync(endpoint.socketPath).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'd')).mode & 0o777).toBe(0o700);
  });

  it('runs an ingest and streams its progress before the result', async () => {
    const progress: string[] = [];
    const answer = await askDaemon(endpoint, { op: 'ingest', root, settings: { repoId }, warmPlans: false, progress: true }, (a) => progress.push(a.progress.phase));
    expect(answer?.type).toBe('result');
    const value = (answer as Extract<DaemonAnswer, { type: 'result' }>).value as { repoId: string; files: { parsed: number } };
    expect(value.repoId).toBe(repoId);
    expect(value.files.parsed).toBeGreaterThan(3);
    expect(progress).toContain('parse');
    expect(daemon.status().served).toBe(1);
  });

  it('refuses malformed requests with a code and keeps serving', async () => {
    const build = buildId();
    const cases: Array<[string, RegExp]> = [
      ['not json\n', /one line of JSON/],
      [`${JSON.stringify({ v: 1, build, op: 'ingest', root: 'relative/path', settings: {}, warmPlans: false, progress: false })}\n`, /root must be an absolute path/],
      [`${JSON.stringify({ v: 1, build, op: 'ingest', root, settings: { repoId, evil: true }, warmPlans: false, progress: false })}\n`, /settings/],
      [`${JSON.stringify({ v: 1, build, op: 'drop-database' })}\n`, /Invalid daemon request/],
      [`${JSON.stringify({ v: 99, build, op: 'status' })}\n`, /Invalid daemon request/],
      ['x'.repeat(MAX_REQUEST_BYTES + 10), /at most/],
    ];
    for (const [payload, message] of cases) {
      const answers = await rawExchange(endpoint.socketPath, payload);
      expect(answers).toHaveLength(1);
      expect(answers[0]).toMatchObject({ type: 'error', error: { code: 'INVALID_ARGS' } });
      expect((answers[0] as Extract<DaemonAnswer, { type: 'error' }>).error.message).toMatch(message);
    }
    expect((await askDaemon(endpoint, { op: 'status' }))?.type).toBe('status');
  });

  it('hangs up on a client that connects and sends no request line', async () => {
    const started = performance.now();
    const answers = await rawExchange(endpoint.socketPath, '{"v": 1, "op": "sta');
    expect(answers).toEqual([]);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect((await askDaemon(endpoint, { op: 'status' }))?.type).toBe('status');
  });

  it('answers an ingest of a missing folder with the ingest\'s own error, not a crash', async () => {
    const answer = await askDaemon(endpoint, { op: 'ingest', root: join(dir, 'no-such-repo'), settings: { repoId }, warmPlans: false, progress: false });
    expect(answer).toMatchObject({ type: 'error' });
    expect((answer as Extract<DaemonAnswer, { type: 'error' }>).error.code).not.toBe('INTERNAL');
    expect((await askDaemon(endpoint, { op: 'status' }))?.type).toBe('status');
  });

  it('tells a client of another build to ingest itself, but still answers its status', async () => {
    const ingest = await rawExchange(endpoint.socketPath, `${JSON.stringify({ v: 1, build: 'another-build', op: 'ingest', root, settings: { repoId }, warmPlans: false, progress: false })}\n`);
    expect(ingest).toEqual([{ type: 'build-mismatch', build: buildId() }]);
    const status = await rawExchange(endpoint.socketPath, `${JSON.stringify({ v: 1, build: 'another-build', op: 'status' })}\n`);
    expect(status[0]?.type).toBe('status');
  });

  it('refuses a second daemon on the same socket and a socket path too long to bind, and a client finds none once it stopped', async () => {
    await expect(startIngestDaemon({ graph, endpoint, log: silentLogger, idleMs: 0, ingest: async () => ({}) })).rejects.toMatchObject({ code: 'PORT_IN_USE' });
    const long = { ...endpoint, socketPath: join(dir, 'x'.repeat(120), 'd.sock') };
    await expect(startIngestDaemon({ graph, endpoint: long, log: silentLogger, idleMs: 0, ingest: async () => ({}) })).rejects.toMatchObject({ code: 'INVALID_CONFIG' });
    const idle = { ...endpoint, socketPath: join(dir, 'd', 'idle.sock') };
    const short = await startIngestDaemon({ graph, endpoint: idle, log: silentLogger, idleMs: 150, ingest: async () => ({}) });
    await short.stopped;
    expect(existsSync(idle.socketPath)).toBe(false);
    expect(await askDaemon(idle, { op: 'status' })).toBeNull();
  });
});
