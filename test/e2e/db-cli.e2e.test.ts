import { execFile } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Graph } from '../../src/graph/graph.js';
import { loadQuery } from '../../src/graph/query-registry.js';
import { packageRoot } from '../../src/runtime/package-root.js';
import { silentLogger } from '../../src/runtime/logger.js';

const run = promisify(execFile);
const cli = join(packageRoot(), 'dist', 'src', 'cli', 'main.js');
const instance = 'fault-test';
const ping = loadQuery<Record<string, never>, { ok: number }>('test-support/ping.cypher');

/** Runs the built CLI against graphgate's own local server (never a NEO4J_URI one). */
async function graphgate(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, NEO4J_URI: '' };
  try {
    const { stdout, stderr } = await run('node', [cli, ...args], { env, timeout: 240_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

async function status(): Promise<Record<string, unknown>> {
  const result = await graphgate('db', 'status', '--instance', instance, '--json');
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

// A dedicated instance, because this file stops and restarts its server mid-test.
describe('graphgate db (local managed Neo4j)', () => {
  let password = '';
  beforeAll(async () => {
    await graphgate('db', 'stop', '--instance', instance);
  });
  afterAll(async () => {
    await graphgate('db', 'stop', '--instance', instance);
  });

  it('reports a stopped server accurately', async () => {
    const s = await status();
    expect(s).toMatchObject({ running: false, pid: null, boltUri: null, browserUrl: null, username: 'neo4j' });
  });

  it('stop is a no-op when stopped', async () => {
    const result = await graphgate('db', 'stop', '--instance', instance, '--json');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ wasRunning: false });
  });

  it('starts, then reports everything a client needs to connect', async () => {
    const result = await graphgate('db', 'start', '--instance', instance, '--json');
    expect(result.code, result.stderr).toBe(0);
    const s = await status();
    expect(s.running).toBe(true);
    expect(s.boltUri).toMatch(/^bolt:\/\/127\.0\.0\.1:\d+$/);
    expect(s.browserUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/browser\/$/);
    const passwordFile = String(s.passwordFile);
    expect(statSync(passwordFile).mode & 0o777).toBe(0o600);
    const withPassword = JSON.parse((await graphgate('db', 'status', '--instance', instance, '--json', '--show-password')).stdout) as { password: string };
    password = withPassword.password;
    expect(password.length).toBeGreaterThan(16);
    const browser = await fetch(String(s.browserUrl));
    expect(browser.status).toBe(200);
  });

  it('start is a no-op when running', async () => {
    const before = await status();
    const result = await graphgate('db', 'start', '--instance', instance, '--json');
    expect(JSON.parse(result.stdout)).toMatchObject({ alreadyRunning: true, pid: before.pid });
  });

  it('rejects wrong credentials with GRAPH_AUTH_FAILED', async () => {
    const s = await status();
    const graph = new Graph({ connection: { uri: String(s.boltUri), username: 'neo4j', password: 'wrong', source: 'env' }, log: silentLogger });
    await expect(graph.read(ping, {})).rejects.toMatchObject({ code: 'GRAPH_AUTH_FAILED' });
    await graph.close();
  });

  it('fails fast and clearly while Neo4j is down, and recovers after a restart without a new driver', async () => {
    const s = await status();
    const graph = new Graph({ connection: { uri: String(s.boltUri), username: 'neo4j', password, source: 'local' }, log: silentLogger });
    try {
      expect(await graph.read(ping, {})).toEqual([{ ok: 1 }]);
      await graphgate('db', 'stop', '--instance', instance);
      const began = Date.now();
      const error = await graph.read(ping, {}).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'GRAPH_UNAVAILABLE', retryable: true });
      expect((error as Error).message).toContain('graphgate db start');
      expect(Date.now() - began).toBeLessThan(30_000);
      const restarted = await graphgate('db', 'start', '--instance', instance, '--json');
      expect(restarted.code, restarted.stderr).toBe(0);
      expect(await graph.read(ping, {})).toEqual([{ ok: 1 }]);
    } finally {
      await graph.close();
    }
  });

  it('refuses an explicitly configured port that is taken, leaving nothing half-started', async () => {
    await graphgate('db', 'stop', '--instance', instance);
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const env = { ...process.env, NEO4J_URI: '', GRAPHGATE_NEO4J_BOLT_PORT: String(port) };
      const result = await run('node', [cli, 'db', 'start', '--instance', instance], { env }).catch((e: { code: number; stderr: string }) => e);
      expect((result as { code: number }).code).toBe(1);
      expect((result as { stderr: string }).stderr).toContain(`Port ${port}`);
      expect((result as { stderr: string }).stderr).toContain('PORT_IN_USE');
      expect((await status()).running).toBe(false);
    } finally {
      blocker.close();
    }
  });

  it('refuses JVM options that would change what starts, leaving nothing started', async () => {
    const env = { ...process.env, NEO4J_URI: '', GRAPHGATE_NEO4J_JVM_OPTIONS: '-XX:+UseG1GC -cp /tmp' };
    const result = await run('node', [cli, 'db', 'start', '--instance', instance], { env }).catch((e: { code: number; stderr: string }) => e);
    expect((result as { code: number }).code).toBe(1);
    expect((result as { stderr: string }).stderr).toContain('INVALID_CONFIG');
    expect((result as { stderr: string }).stderr).toContain('"-cp"');
    expect((await status()).running).toBe(false);
  });

  it('passes GRAPHGATE_NEO4J_JVM_OPTIONS to the server JVM, after its own flags', async () => {
    const env = { ...process.env, NEO4J_URI: '', GRAPHGATE_NEO4J_JVM_OPTIONS: ' -XX:TieredStopAtLevel=1  -Dgraphgate.e2e=jvm-options ' };
    await run('node', [cli, 'db', 'start', '--instance', instance], { env, timeout: 240_000 });
    const s = await status();
    expect(s.running).toBe(true);
    const args = readFileSync(`/proc/${String(s.pid)}/cmdline`, 'utf8').split('\0');
    expect(args).toContain('-XX:TieredStopAtLevel=1');
    expect(args.indexOf('-Dgraphgate.e2e=jvm-options')).toBeGreaterThan(args.indexOf('-XX:+UseG1GC'));
    expect(args.indexOf('-Dgraphgate.e2e=jvm-options')).toBeLessThan(args.indexOf('-cp'));
  });

  it('wipe deletes the data and keeps the instance usable', async () => {
    const started = await graphgate('db', 'start', '--instance', instance);
    expect(started.code, started.stderr).toBe(0);
    const wiped = await graphgate('db', 'wipe', '--instance', instance, '--yes');
    expect(wiped.code, wiped.stderr).toBe(0);
    expect(wiped.stdout).toContain('restarted');
    const s = await status();
    expect(s.running).toBe(true);
    expect(existsSync(String(s.passwordFile))).toBe(true);
  });
});
