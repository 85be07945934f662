import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { ingestRepository } from '../../ingest/index.js';
import { Graph, ingestMovesPlans, migrateSchema, warmPlans, type ConnectionInfo, type WarmPlansReport } from '../../src/graph/index.js';
import { silentLogger } from '../../src/runtime/logger.js';
import { seededRandom } from '../../src/runtime/seeded-random.js';
import { SoakAgent, type AgentOutcome } from './agent.js';
import { McpAgent } from './client.js';
import { DbFault, KillCoordinator, type DbControl, type DbFaultRecord } from './faults.js';
import { soakFixture } from './fixture.js';
import { checkInvariants, type Invariant } from './invariants.js';
import { Recorder, type StartStats, type VerbStats } from './recorder.js';
import { deleteNamespace, soakOperationStatus } from './soak.queries.js';

export interface SoakOptions {
  agents: number;
  faults: { kill: boolean; db: boolean; hostile: boolean };
  /** `locks.overlapPolicy` of the fixture copy. */
  policy: 'reject' | 'block';
  leaseSeconds: number;
  /** `gates.niceness` of the fixture copy (unset: the product's default). */
  gateNiceness?: number;
  seed: number;
  /** Bound on the agents' phase: past it every agent stops waiting and reports. */
  deadlineMs: number;
  killMode: 'timer' | 'failpoint';
  /** How many agents the kill fault hits (the first ones to patch). */
  kills: number;
  /** timer mode: SIGKILL a random [min, max] ms after the patch is sent. */
  killDelayMs: [number, number];
  /** Each agent's pause before each call, a random [min, max] ms (a model thinking); [0, 0] or absent: back to back. */
  thinkMs?: [number, number];
  /** Rounds of the four read verbs each agent makes before planning (default 1): more samples per verb for the read p95s. */
  readRounds?: number;
  /** failpoint mode: GRAPHGATE_FAILPOINT of the killed process (patch:before-write, patch:after-write, patch:after-reingest, patch:after-mark). */
  failpoint: string;
  /** Bound on the killed work's resume (retries of the same operationId). */
  resumeTimeoutMs: number;
  /** How long the server stays down in the db fault. */
  outagePauseMs: number;
  /** GRAPHGATE_LOG_LEVEL of the MCP processes (default warn; debug logs each query's ms in logDir). */
  logLevel?: string;
  /** After the fixture's ingest, plan the recorded statement shapes as `graphgate ingest --warm-plans` does. */
  warmPlans?: boolean;
  /**
   * Repositories ingested into the soak's database before the run and kept there (`soak-ballast-<name>`),
   * so it holds real data as a team's does: the soak namespace then moves the label counts by a few
   * percent instead of from nothing, and Neo4j keeps its plans (bench/soak/README.md, "Ballast").
   */
  ballast?: string[];
  /** Required for the db fault: stops/starts the soak's own server. */
  dbControl: DbControl | null;
  repoId: string;
  /** Keep the graph namespace and the fixture copy for inspection. */
  keep: boolean;
  /** Each MCP process writes a V8 CPU profile here when it exits (`node --cpu-prof`; a SIGKILLed one writes none). */
  cpuProfDir?: string;
  log: (line: string) => void;
}

export interface SoakReport {
  options: Omit<SoakOptions, 'dbControl' | 'log'>;
  fixtureRoot: string;
  logDir: string;
  ingestMs: number;
  /** The plan warm-up after the ingest (null when off or when the ingest did not move plans). */
  planWarmUp: WarmPlansReport | null;
  /** The ballast repositories: their namespace, files, and what their (usually unchanged) re-ingest did. */
  ballast: Array<{ root: string; repoId: string; files: number; parsed: number; ms: number }>;
  /** Wall time of the agents' phase (first spawn to last agent done). */
  agentPhaseMs: number;
  answeredTurns: number;
  turnsPerSecond: number;
  verbs: VerbStats[];
  /** Process starts (spawn → initialize answered) and each agent's first answer (start + initialize_work). */
  starts: StartStats;
  invariants: Invariant[];
  agents: AgentOutcome[];
  db: DbFaultRecord | null;
  /** Epoch ms of the agents' start: `samples[].at` and the outage windows are absolute. */
  startedAt: number;
  outages: Recorder['outages'];
  /** Every call in completion order (the raw data behind the table). */
  samples: Recorder['samples'];
  ok: boolean;
}

/**
 * The soak: one git copy of the fixture, ingested once; K `graphgate mcp` processes over stdio each
 * running the whole agent loop on the same files, with the chosen faults; then the invariants.
 * The CLI (run.ts) and the e2e test both call this with their own Neo4j connection.
 */
export async function runSoak(connection: ConnectionInfo, options: SoakOptions): Promise<SoakReport> {
  const { log } = options;
  if (options.faults.db && !options.dbControl) throw new Error('the db fault needs a server the soak may restart (its own instance, or --allow-db-restart)');
  const fixture = soakFixture(options.policy, options.leaseSeconds, options.gateNiceness);
  const logDir = realpathSync(mkdtempSync(join(tmpdir(), 'gg-soak-logs-')));
  const repoId = options.repoId;
  log(`fixture ${fixture.root}, repoId ${repoId}, server logs in ${logDir}`);

  let graph = new Graph({ connection, log: silentLogger });
  const ballast: SoakReport['ballast'] = [];
  let ingestStarted = performance.now();
  let planWarmUp: WarmPlansReport | null = null;
  try {
    await migrateSchema(graph);
    for (const root of options.ballast ?? []) {
      const started = performance.now();
      const ballastId = `soak-ballast-${basename(resolve(root)).toLowerCase().replace(/[^a-z0-9-]/g, '-')}`;
      const s = await ingestRepository({ graph, root, log: silentLogger, settings: { repoId: ballastId } });
      ballast.push({ root: s.root, repoId: ballastId, files: s.files.seen, parsed: s.files.parsed, ms: Math.round(performance.now() - started) });
      log(`ballast ${s.root} in ${ballastId}: ${s.files.seen} files (${s.files.parsed} parsed)`);
    }
    ingestStarted = performance.now();
    const summary = await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId } });
    // As `graphgate ingest --warm-plans` does after a run that moved the counts (src/graph/warm-plans.ts).
    if (options.warmPlans === true && ingestMovesPlans(summary)) planWarmUp = await warmPlans(graph, { log: silentLogger });
  } finally {
    await graph.close();
  }
  const ingestMs = Math.round(performance.now() - ingestStarted);
  const warmed = planWarmUp ? `, ${planWarmUp.warmed} statement shape(s) planned in ${(planWarmUp.ms / 1000).toFixed(1)} s` : '';
  log(`ingested in ${(ingestMs / 1000).toFixed(1)} s${warmed}; starting ${options.agents} agent(s)`);

  const rec = new Recorder();
  // Deterministic kill timing and backoff jitter: the seed is in the reproduce command.
  const rng = seededRandom(options.seed);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '',
    NEO4J_URI: connection.uri, NEO4J_USERNAME: connection.username, NEO4J_PASSWORD: connection.password,
    ...(connection.database ? { NEO4J_DATABASE: connection.database } : {}),
    ...(process.env.GRAPHGATE_STATEMENT_SHAPES ? { GRAPHGATE_STATEMENT_SHAPES: process.env.GRAPHGATE_STATEMENT_SHAPES } : {}),
    GRAPHGATE_REPO_ID: repoId, GRAPHGATE_AUTO_START_NEO4J: 'false', GRAPHGATE_LOG_LEVEL: options.logLevel ?? 'warn',
  };
  const nodeArgs = options.cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', options.cpuProfDir] : [];
  const probe = new Graph({ connection, log: silentLogger });
  const claimStatus = async (workId: string, operationId: string) => (await probe.read(soakOperationStatus, { repoId, workId, operationId }))[0]?.status ?? null;
  const kill = options.faults.kill ? new KillCoordinator(options.killMode, options.killDelayMs[0], options.killDelayMs[1], options.resumeTimeoutMs, options.kills, options.failpoint, claimStatus) : null;
  const db = options.faults.db && options.dbControl ? new DbFault(options.dbControl, rec, Math.max(2, options.agents), options.outagePauseMs) : null;
  const works: Array<{ workId: string; agentId: string }> = [];
  const started = performance.now();
  const startedAt = Date.now();
  const deadline = Date.now() + options.deadlineMs;
  const agents = await Promise.all(Array.from({ length: options.agents }, (_, index) => new SoakAgent({
    index, rec, deadline, rng, thinkMs: options.thinkMs ?? [0, 0], readRounds: options.readRounds ?? 1, hostile: options.faults.hostile, kill, works,
    spawn: async (label, extra = {}) => {
      const t = performance.now();
      const proc = await McpAgent.spawn({ root: fixture.root, env: { ...env, ...extra }, logDir, label, nodeArgs });
      rec.recordStart({ agent: index, process: label, ms: performance.now() - t });
      return proc;
    },
    onPatched: () => db?.notePatched(),
  }).run().then((outcome) => {
    log(`agent ${index}: ${outcome.completed ? 'COMPLETED' : `stopped in ${outcome.lastState} (${outcome.error})`} after ${outcome.leaseRefusals} lease refusal(s)`);
    return outcome;
  })));
  await db?.settled();
  await probe.close();
  const agentPhaseMs = Math.round(performance.now() - started);

  graph = new Graph({ connection, log: silentLogger });
  let invariants: Invariant[];
  try {
    invariants = await checkInvariants({ graph, repoId, fixture, agents, rec, hostile: options.faults.hostile });
    if (!options.keep) await graph.write(deleteNamespace, { repoId });
  } finally {
    await graph.close();
    if (!options.keep) fixture.dispose();
  }
  const answeredTurns = rec.answered().length;
  const { dbControl: _db, log: _log, ...reported } = options;
  return {
    options: reported, fixtureRoot: fixture.root, logDir, ingestMs, planWarmUp, ballast, agentPhaseMs, answeredTurns,
    turnsPerSecond: Math.round((answeredTurns / (agentPhaseMs / 1000)) * 10) / 10,
    verbs: rec.verbStats(), starts: rec.startStats(), invariants, agents, db: db?.record ?? null, startedAt, outages: rec.outages, samples: rec.samples, ok: invariants.every((i) => i.ok),
  };
}
