import { availableParallelism, loadavg } from 'node:os';
import { Command } from 'commander';
import { wholeAtLeast } from '../cli-args.js';
import { startDashboardServer } from '../../src/dashboard/index.js';
import { loadQuery } from '../../src/graph/index.js';
import { createLogger } from '../../src/runtime/logger.js';
import { WorkStore } from '../../src/session/index.js';
import { measureEndpoint, measureEventLatency, measureIdleCost } from './measure.js';
import { provisionBenchNeo4j } from './neo4j.js';
import { seedObserverGraph } from './seed.js';
import { agentId, workId } from './seed-data.js';

/**
 * `npm run bench:observer`: the observer console (src/dashboard) against a graph of 100k turns — /metrics
 * latency, commit → SSE event latency, and the CPU 20 idle streams cost the console. Numbers are printed,
 * never asserted. See bench/observer/README.md.
 */
const program = new Command('bench:observer')
  .option('--turns <n>', 'turns seeded into the graph', wholeAtLeast(1), 100_000)
  .option('--works <n>', 'works they belong to', wholeAtLeast(1), 200)
  .option('--days <n>', 'days the turns are spread over, up to now (/metrics reads the last 24 h by default)', wholeAtLeast(1), 7)
  .option('--batch <n>', 'turns written per transaction while seeding', wholeAtLeast(1), 5_000)
  .option('--requests <n>', 'timed requests per endpoint', wholeAtLeast(1), 50)
  .option('--warmup <n>', 'untimed requests per endpoint first', wholeAtLeast(0), 5)
  .option('--events <n>', 'turns committed while a stream listens', wholeAtLeast(1), 30)
  .option('--clients <n>', 'idle event streams', wholeAtLeast(1), 20)
  .option('--idle-seconds <s>', 'how long their CPU cost is measured', wholeAtLeast(1), 30)
  .option('--instance <name>', 'the benchmark\'s own local Neo4j instance (unless NEO4J_URI is set)', process.env.GRAPHGATE_NEO4J_INSTANCE ?? 'observe-bench')
  .option('--keep', 'keep the seeded namespace (to PROFILE the console\'s queries on it); its repoId is printed')
  .option('--stop-db', 'stop the instance at the end if this run started it (default: leave it warm for the next run)')
  .option('--json', 'print the results as one JSON object')
  .parse();
const o = program.opts<{ turns: number; works: number; days: number; batch: number; requests: number; warmup: number; events: number; clients: number; idleSeconds: number; instance: string; keep?: boolean; stopDb?: boolean; json?: boolean }>();

const deleteNamespace = loadQuery<{ repoId: string }, { deleted: number }>('test-support/delete-namespace.cypher');
const status = (line: string): void => void process.stderr.write(`[observer-bench] ${line}\n`);
const log = createLogger('warn');
const repoId = `bench-observer-${process.pid}`;
const works = Math.min(o.works, o.turns);

const db = await provisionBenchNeo4j(o.instance, log);
status(`Neo4j: ${db.describe}`);
const { graph } = db;
let server: Awaited<ReturnType<typeof startDashboardServer>> | undefined;
try {
  await graph.write(deleteNamespace, { repoId }, { timeoutMs: 300_000 });
  status(`seeding ${o.turns} turns of ${works} works over ${o.days} days into ${repoId}…`);
  const seeded = await seedObserverGraph(graph, { repoId, turns: o.turns, works, days: o.days, now: Date.now() }, o.batch, (n) => {
    if (n % 20_000 < o.batch) status(`  ${n} turns`);
  });
  server = await startDashboardServer({ graph, repoId, port: 0, host: '127.0.0.1', log });
  status(`console at ${server.url}; timing the page's reads…`);
  // Other work on the machine inflates every latency below: the load average is printed with them.
  const loadBefore = loadavg()[0]!;
  const endpoints: Record<string, Awaited<ReturnType<typeof measureEndpoint>>> = {};
  // /metrics as the page asks for it (no parameters: the last 24 h), then the page's other first reads.
  for (const path of ['metrics', 'turn?limit=100', 'worktrees', 'errors']) endpoints[`/${path}`] = await measureEndpoint(server.url, path, o.requests, o.warmup);
  status('committing turns while a stream listens…');
  const target = { workId: workId(repoId, works - 1), agentId: agentId(repoId, works - 1, 0), runSessionId: `run-${repoId}-${works - 1}` };
  const events = await measureEventLatency(server.url, new WorkStore({ graph, repoId }), target, o.events);
  status(`${o.clients} idle streams for ${o.idleSeconds} s…`);
  const idle = await measureIdleCost(server.url, o.clients, o.idleSeconds, db.serverPid);
  const load = { cores: availableParallelism(), before: Math.round(loadBefore * 100) / 100, after: Math.round(loadavg()[0]! * 100) / 100 };
  const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  const metrics = endpoints['/metrics']!;
  const goals = {
    metricsP95: { goal: '< 100 ms', holds: metrics.p95 < 100 },
    eventLatency: { goal: '< 1000 ms (p95)', holds: events.p95 < 1000 },
    idleCpu: { goal: '< 5 % of one core', holds: idle.serverPercent < 5 },
  };
  const reproduce = `npm run bench:observer -- --turns ${o.turns} --works ${o.works} --days ${o.days} --requests ${o.requests} --events ${o.events} --clients ${o.clients} --idle-seconds ${o.idleSeconds}`;
  if (o.json) {
    process.stdout.write(`${JSON.stringify({ options: o, neo4j: db.describe, seeded, endpoints, events, idle, peakRssMb, load, goals, reproduce }, null, 2)}\n`);
  } else {
    const verdict = (g: { goal: string; holds: boolean }): string => `goal ${g.goal}: ${g.holds ? 'holds' : 'MISSED'}`;
    const ms = (p: { p50: number; p95: number; max: number }): string => `p50 ${String(p.p50).padStart(7)} ms   p95 ${String(p.p95).padStart(7)} ms   max ${String(p.max).padStart(7)} ms`;
    const lines = [
      `observer console, ${seeded.turns} turns of ${seeded.works} works (${seeded.agents} agents) over ${o.days} days; ${db.describe}`,
      `seeding              ${(seeded.ms / 1000).toFixed(1)} s (${Math.round(seeded.turns / (seeded.ms / 1000))} turns/s, ${o.batch} per transaction)`,
      ...Object.entries(endpoints).map(([path, r]) => `${`GET ${path}`.padEnd(21)}${ms(r)}   ${r.bytes} bytes${path === '/metrics' ? `   ${verdict(goals.metricsP95)}` : ''}`),
      `  (${o.requests} requests each after ${o.warmup} warm-ups, one at a time)`,
      `commit → SSE event   ${ms(events)}   ${events.n} turns by WorkStore.commit   ${verdict(goals.eventLatency)}`,
      `${`${o.clients} idle streams`.padEnd(21)}console ${idle.serverPercent} % of one core (${idle.baselinePercent} % with none open)   ${verdict(goals.idleCpu)}`,
      `  Neo4j meanwhile ${idle.neo4jPercent === null ? 'not measured (NEO4J_URI)' : `${idle.neo4jPercent} % of one core`}; over ${idle.seconds} s, clients in a child process; they received ${idle.clientBytes} bytes`,
      `machine              ${load.cores} cores, 1-min load average ${load.before} before the timings, ${load.after} after`,
      `peak RSS             ${peakRssMb} MB (this process: seeding, the console, the latency clients)`,
      `reproduce: ${reproduce}   (NEO4J_URI to use another server, else --instance ${o.instance})`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
} finally {
  await server?.close().catch(() => undefined);
  if (o.keep) status(`kept namespace ${repoId}`);
  else await graph.write(deleteNamespace, { repoId }, { timeoutMs: 300_000 }).catch((error: unknown) => status(`namespace ${repoId} not deleted: ${String(error)}`));
  await db.release(Boolean(o.stopDb));
}
