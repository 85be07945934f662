import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { percentile } from '../../src/eval/metrics.js';
import { mintId, type WorkStore } from '../../src/session/index.js';
import { procCpuMs } from '../proc-cpu.js';
import { openSse, type SseEvent } from './sse-client.js';

export interface Percentiles {
  n: number;
  p50: number;
  p95: number;
  max: number;
}

/** Nearest-rank p50/p95/max (the eval's `percentile`), to 0.1 ms. */
export function percentiles(samples: number[]): Percentiles {
  const q = (p: number): number => Math.round(percentile(samples, p) * 10) / 10;
  return { n: samples.length, p50: q(50), p95: q(95), max: q(100) };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** GET `path` `requests` times after `warmup` untimed ones, one at a time, as one open page would. */
export async function measureEndpoint(baseUrl: string, path: string, requests: number, warmup: number): Promise<Percentiles & { bytes: number }> {
  const get = async (): Promise<number> => {
    const res = await fetch(new URL(path, baseUrl));
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${Buffer.from(body).toString('utf8').slice(0, 300)}`);
    return body.byteLength;
  };
  for (let i = 0; i < warmup; i++) await get();
  const samples: number[] = [];
  let bytes = 0;
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    bytes = await get();
    samples.push(performance.now() - started);
  }
  return { ...percentiles(samples), bytes };
}

/**
 * Commit → event: one open stream, then `events` turns committed through WorkStore.commit (the
 * controller's path), each timed from the commit resolving to the stream delivering it. Commits are
 * spaced by a random 0–600 ms so they land at every phase of the server's poll.
 */
export async function measureEventLatency(baseUrl: string, store: WorkStore, target: { workId: string; agentId: string; runSessionId: string }, events: number): Promise<Percentiles> {
  const arrived = new Map<string, number>();
  const waiting = new Map<string, (at: number) => void>();
  const stream = openSse(baseUrl, (event: SseEvent) => {
    if (event.event !== 'turn') return;
    const id = (JSON.parse(event.data) as { id: string }).id;
    arrived.set(id, event.receivedAt);
    waiting.get(id)?.(event.receivedAt);
  });
  try {
    await stream.connected;
    const samples: number[] = [];
    for (let k = 0; k < events; k++) {
      await sleep(Math.random() * 600);
      const id = mintId('trace');
      const received = new Promise<number>((resolve, reject) => {
        waiting.set(id, resolve);
        setTimeout(() => reject(new Error(`turn ${id} did not reach the event stream within 10 s`)), 10_000).unref();
      });
      await store.commit({
        workId: target.workId, agentId: target.agentId, tokens: 120, transition: null, friction: [],
        turn: {
          id, runSessionId: target.runSessionId, verb: 'read_file_lines', outcome: 'ok', denyCodes: [], latencyMs: 11,
          stateBefore: 'PLANNING', stateAfter: 'PLANNING', traceMeta: null, files: ['projects/app-0/src/feature-0/x.component.ts'], memoryRules: [],
        },
      });
      const committed = performance.now();
      // The stream can see the turn before the commit's answer reaches this process: that counts as 0.
      samples.push(Math.max(0, (arrived.get(id) ?? (await received)) - committed));
      waiting.delete(id);
    }
    return percentiles(samples);
  } finally {
    stream.close();
  }
}

export interface IdleCost {
  clients: number;
  seconds: number;
  /** The console's process (this one) while the clients only listen: % of one core. */
  serverPercent: number;
  /** The same with no client open, for comparison. */
  baselinePercent: number;
  /** The local Neo4j's process over the same window (the streams' polls), % of one core; null with NEO4J_URI. */
  neo4jPercent: number | null;
  /** What the clients received while open: their first line, then keep-alives only when idle. */
  clientBytes: number;
}

/** CPU of this process (and of Neo4j) over `seconds`, as % of one core. */
async function cpuOver(seconds: number, neo4jPid: number | null): Promise<{ self: number; neo4j: number | null }> {
  const cpu = process.cpuUsage();
  const neo4jBefore = neo4jPid === null ? 0 : procCpuMs(neo4jPid);
  const started = performance.now();
  await sleep(seconds * 1000);
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return {
    self: Math.round(((used.user + used.system) / 1000 / wallMs) * 1000) / 10,
    neo4j: neo4jPid === null ? null : Math.round(((procCpuMs(neo4jPid) - neo4jBefore) / wallMs) * 1000) / 10,
  };
}

/**
 * Idle cost of open pages: `clients` streams opened by a child process (so their parsing is not
 * counted), then this process's CPU — the console's, nothing else runs here meanwhile — over `seconds`.
 */
export async function measureIdleCost(baseUrl: string, clients: number, seconds: number, neo4jPid: number | null): Promise<IdleCost> {
  // The phases before leave garbage and closing sockets behind: let them settle before the baseline.
  await sleep(2_000);
  const baseline = await cpuOver(Math.min(10, seconds), null);
  const script = fileURLToPath(new URL('./idle-clients.js', import.meta.url));
  const child = spawn(process.execPath, [script, baseUrl, String(clients)], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  try {
    const deadline = Date.now() + 30_000;
    while (!out.includes('ready\n')) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the SSE clients did not connect: ${out}`);
      await sleep(50);
    }
    // Let the streams' first polls and the child's start-up pass before timing.
    await sleep(2_000);
    const cpu = await cpuOver(seconds, neo4jPid);
    const exited = once(child, 'exit');
    child.stdin.end();
    await exited;
    const summary = JSON.parse(out.trim().split('\n').pop() ?? '{}') as { bytes?: number };
    return { clients, seconds, serverPercent: cpu.self, baselinePercent: baseline.self, neo4jPercent: cpu.neo4j, clientBytes: summary.bytes ?? 0 };
  } finally {
    if (child.exitCode === null) child.kill();
  }
}
