import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { daemonStatus } from '../../../src/daemon/client.js';
import type { DaemonStatus } from '../../../src/daemon/protocol.js';

const STATUS: DaemonStatus = { pid: 4242, build: 'test', startedAt: '2026-12-06T00:00:00Z', served: 3, neo4j: 'bolt://127.0.0.1:7687', rssMb: 90 };

describe('daemonStatus (graphgate daemon status|start|stop)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'gg-dstatus-'));
  const endpoint = { socketPath: join(dir, 'd.sock'), logPath: join(dir, 'd.log') };
  let server: Server | undefined;
  const listen = (onSocket: (socket: Socket) => void): Promise<void> =>
    new Promise((resolve) => {
      server = createServer(onSocket);
      server.listen(endpoint.socketPath, resolve);
    });
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

  it('gives the status a daemon answers', async () => {
    await listen((socket) => socket.once('data', () => socket.end(`${JSON.stringify({ type: 'status', status: STATUS })}\n`)));
    expect(await daemonStatus(endpoint)).toEqual(STATUS);
  });

  it('is null when no daemon listens', async () => {
    expect(await daemonStatus(endpoint)).toBeNull();
  });

  // A daemon killed with kill -9 just as it accepted the connection: CI saw `daemon status --json` print nothing.
  it('is null when the daemon closes the connection without answering, gracefully or abruptly', async () => {
    await listen((socket) => socket.once('data', () => socket.end()));
    expect(await daemonStatus(endpoint)).toBeNull();
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    await listen((socket) => socket.once('data', () => socket.destroy()));
    expect(await daemonStatus(endpoint)).toBeNull();
  });

  it('still fails on an answer that is not the protocol', async () => {
    await listen((socket) => socket.once('data', () => socket.end('not json\n')));
    await expect(daemonStatus(endpoint)).rejects.toThrow(/not JSON/);
  });
});
