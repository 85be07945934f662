import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runIngest } from '../../src/cli/ingest-run.js';
import { daemonEndpoint } from '../../src/daemon/endpoint.js';
import { startIngestDaemon } from '../../src/daemon/server.js';
import type { Graph } from '../../src/graph/graph.js';
import { silentLogger } from '../../src/runtime/logger.js';
import { pidAlive } from '../../src/runtime/process-liveness.js';
import { packageRoot } from '../../src/runtime/package-root.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';
import { MINI_FILES, removeWorkspace, writeFile, writeWorkspace } from '../support/mini-workspace.js';
import { TcpProxy } from '../support/tcp-proxy.js';

const run = promisify(execFile);
const cli = join(packageRoot(), 'dist', 'src', 'cli', 'main.js');

interface Result { code: number; stdout: string; stderr: string; ms: number }
interface IngestJson { repoId: string; files: { parsed: number }; facts: Record<string, number>; totals: Record<string, number>; daemon?: { pid: number } }

// `graphgate ingest` hands its run to `graphgate daemon` (built CLI, real processes, real Neo4j behind a proxy that can be cut).
describe('graphgate daemon (built CLI, real Neo4j)', () => {
  let graph: Graph;
  let proxy: TcpProxy;
  let home: string;
  let viaDaemon: string;
  let inProcess: string;
  const ns = { daemon: testNamespace('daemon-a'), local: testNamespace('daemon-b') };
  const pids: number[] = [];

  const gg = (...args: string[]): Promise<Result> => ggWith({}, ...args);
  async function ggWith(extra: Record<string, string>, ...args: string[]): Promise<Result> {
    const neo4j = inject('neo4j');
    // GRAPHGATE_DAEMON=off (the suite's setting, vitest.config.ts) unless a test asks: no ingest starts a daemon on its own.
    const env = {
      ...process.env, GRAPHGATE_HOME: home, NEO4J_URI: proxy.uri(), NEO4J_USERNAME: neo4j.username, NEO4J_PASSWORD: neo4j.password,
      GRAPHGATE_LOG_LEVEL: '', GRAPHGATE_STATEMENT_SHAPES: 'off', GRAPHGATE_DAEMON: 'off', ...extra,
    };
    const started = performance.now();
    try {
      const { stdout, stderr } = await run('node', [cli, ...args], { env, timeout: 90_000 });
      return { code: 0, stdout, stderr, ms: performance.now() - started };
    } catch (error) {
      const e = error as { code?: number; stdout?: string; stderr?: string };
      return { code: typeof e.code === 'number' ? e.code : 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '', ms: performance.now() - started };
    }
  }
  const ingest = async (root: string, repoId: string, ...flags: string[]): Promise<IngestJson> => {
    const r = await gg('ingest', root, '--repo-id', repoId, '--json', ...flags);
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as IngestJson;
  };
  const start = async (): Promise<number> => {
    const r = await gg('daemon', 'start', '--json');
    expect(r.code, r.stderr).toBe(0);
    const { pid } = JSON.parse(r.stdout) as { pid: number };
    pids.push(pid);
    return pid;
  };

  beforeAll(async () => {
    graph = openTestGraph();
    proxy = await TcpProxy.start(inject('neo4j').uri);
    home = mkdtempSync(join(tmpdir(), 'gg-dh-'));
    viaDaemon = writeWorkspace(MINI_FILES, 'gg-daemon-a-');
    inProcess = writeWorkspace(MINI_FILES, 'gg-daemon-b-');
  });
  afterAll(async () => {
    await gg('daemon', 'stop');
    for (const pid of pids) if (pidAlive(pid)) process.kill(pid, 'SIGKILL');
    await proxy?.close();
    for (const repoId of Object.values(ns)) await cleanNamespace(graph, repoId);
    await graph?.close();
    for (const root of [viaDaemon, inProcess]) removeWorkspace(root);
    rmSync(home, { recursive: true, force: true });
  });

  it('writes the same facts through the daemon as in the CLI\'s own process, first ingest and after an edit', async () => {
    const pid = await start();
    const again = await gg('daemon', 'start', '--json');
    expect(JSON.parse(again.stdout)).toMatchObject({ pid, alreadyRunning: true });

    const a = await ingest(viaDaemon, ns.daemon);
    const b = await ingest(inProcess, ns.local, '--no-daemon');
    expect(a.daemon?.pid).toBe(pid);
    expect(b.daemon).toBeUndefined();
    expect(a.totals).toEqual(b.totals);
    expect(a.facts).toEqual(b.facts);

    const edit = "@Component({\n  selector: 'app-order-row',\n})\nexport class OrderRowComponent {}\nexport class OrderTotals {}\n";
    for (const root of [viaDaemon, inProcess]) writeFile(root, 'src/app/orders/order-row.component.ts', edit);
    const a2 = await ingest(viaDaemon, ns.daemon);
    const b2 = await ingest(inProcess, ns.local, '--no-daemon');
    expect(a2.files.parsed).toBe(b2.files.parsed);
    expect(a2.totals).toEqual(b2.totals);
    expect(a2.totals).not.toEqual(a.totals);

    const status = JSON.parse((await gg('daemon', 'status', '--json')).stdout) as { running: boolean; served: number };
    expect(status).toMatchObject({ running: true, served: 2 });
  });

  it('prints the ingest\'s own error for a bad path, as the CLI does without a daemon', async () => {
    const missing = join(home, 'no-such-repo');
    const [handed, local] = [await gg('ingest', missing), await gg('ingest', missing, '--no-daemon')];
    expect(handed.code).toBe(1);
    expect(handed.stderr).toBe(local.stderr);
    expect(handed.stderr).toContain('[PATH_REJECTED]');
  });

  it('fails fast with GRAPH_UNAVAILABLE while Neo4j is unreachable, and serves again once it is back', async () => {
    await proxy.cut();
    try {
      const down = await gg('ingest', viaDaemon, '--repo-id', ns.daemon, '--json');
      expect(down.code).toBe(1);
      expect(down.stderr).toContain('[GRAPH_UNAVAILABLE]');
      expect(down.ms).toBeLessThan(20_000);
    } finally {
      await proxy.restore();
    }
    writeFile(viaDaemon, 'src/app/shared/order.service.ts', 'export class OrderService { total = 0; }\n');
    const back = await ingest(viaDaemon, ns.daemon);
    expect(back.daemon?.pid).toBe(pids[0]);
    expect(back.files.parsed).toBeGreaterThan(0);
  });

  it('after a kill -9 the CLI ingests in its own process, and a new daemon replaces the stale socket', async () => {
    const [pid] = pids;
    process.kill(pid!, 'SIGKILL');
    const socket = (JSON.parse((await gg('daemon', 'status', '--json')).stdout) as { running: boolean }).running;
    expect(socket).toBe(false);
    const alone = await ingest(viaDaemon, ns.daemon);
    expect(alone.daemon).toBeUndefined();
    const next = await start();
    expect(next).not.toBe(pid);
    expect((await ingest(viaDaemon, ns.daemon)).daemon?.pid).toBe(next);
  });

  it('ingests in its own process, and says why, when the daemon runs another build', async () => {
    await gg('daemon', 'stop');
    const neo4j = inject('neo4j');
    const endpoint = daemonEndpoint({ GRAPHGATE_HOME: home, NEO4J_URI: proxy.uri(), NEO4J_USERNAME: neo4j.username });
    let served = 0;
    const older = await startIngestDaemon({
      graph, endpoint, log: silentLogger, idleMs: 0, build: '0.0.9+1',
      ingest: async (job) => ((served += 1), { ...(await runIngest(graph, silentLogger, { root: job.root, settings: job.settings, warmPlans: false })) }),
    });
    try {
      writeFile(viaDaemon, 'src/app/shared/order.service.ts', 'export class OrderService { total = 1; }\n');
      const r = await gg('ingest', viaDaemon, '--repo-id', ns.daemon, '--json');
      expect(r.code, r.stderr).toBe(0);
      expect((JSON.parse(r.stdout) as IngestJson).daemon).toBeUndefined();
      expect(r.stderr).toContain('the ingest daemon runs another build');
      expect(served).toBe(0);
      // Its status still answers, so `daemon stop` stops it.
      expect(JSON.parse((await gg('daemon', 'status', '--json')).stdout)).toMatchObject({ running: true, build: '0.0.9+1' });
    } finally {
      await older.close();
    }
    pids.push(await start());
  });

  it('after an ingest no daemon answered, starts one for the next run, unless GRAPHGATE_DAEMON=off or in CI', async () => {
    await gg('daemon', 'stop');
    const running = async (): Promise<{ running: boolean; pid?: number }> => JSON.parse((await gg('daemon', 'status', '--json')).stdout) as { running: boolean; pid?: number };
    const ingestWith = (extra: Record<string, string>) => ggWith(extra, 'ingest', viaDaemon, '--repo-id', ns.daemon, '--json');
    for (const extra of [{ GRAPHGATE_DAEMON: 'off', CI: '' }, { GRAPHGATE_DAEMON: '', CI: 'true' }, { GRAPHGATE_DAEMON: '', CI: '' }]) {
      const r = await ggWith(extra, 'ingest', viaDaemon, '--repo-id', ns.daemon, '--json', '--no-daemon');
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toContain('started an ingest daemon');
    }
    for (const extra of [{ GRAPHGATE_DAEMON: 'off', CI: '' }, { GRAPHGATE_DAEMON: '', CI: 'true' }]) {
      const r = await ingestWith(extra);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).not.toContain('started an ingest daemon');
    }
    expect((await running()).running).toBe(false);

    writeFile(viaDaemon, 'src/app/shared/order.service.ts', 'export class OrderService { total = 2; }\n');
    const first = await ingestWith({ GRAPHGATE_DAEMON: '', CI: '' });
    expect(first.code, first.stderr).toBe(0);
    expect((JSON.parse(first.stdout) as IngestJson).daemon).toBeUndefined();
    const pid = Number(/started an ingest daemon \(pid (\d+)\)/.exec(first.stderr)?.[1]);
    expect(pid).toBeGreaterThan(0);
    pids.push(pid);
    const deadline = Date.now() + 60_000;
    while (!(await running()).running && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await running()).toMatchObject({ running: true, pid });
    // GRAPHGATE_DAEMON=off starts none; a running one still takes the run.
    writeFile(viaDaemon, 'src/app/shared/order.service.ts', 'export class OrderService { total = 3; }\n');
    const next = await ingest(viaDaemon, ns.daemon);
    expect(next.daemon?.pid).toBe(pid);
    expect(next.files.parsed).toBe(1);
  });

  it('stops on request: the socket is gone and the process has exited', async () => {
    const stopped = await gg('daemon', 'stop', '--json');
    expect(JSON.parse(stopped.stdout)).toMatchObject({ wasRunning: true, pid: pids.at(-1) });
    expect(existsSync(join(home, 'daemon'))).toBe(true);
    const sockets = (await run('find', [join(home, 'daemon'), '-type', 's'])).stdout.trim();
    expect(sockets).toBe('');
    const deadline = Date.now() + 10_000;
    while (pidAlive(pids.at(-1)!) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(pidAlive(pids.at(-1)!)).toBe(false);
    expect(JSON.parse((await gg('daemon', 'stop', '--json')).stdout)).toMatchObject({ wasRunning: false });
  });
});
