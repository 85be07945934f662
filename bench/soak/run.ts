import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { wholeAtLeast } from '../cli-args.js';
import { LOG_LEVELS } from '../../src/runtime/logger.js';
import { provisionNeo4j } from './neo4j.js';
import { formatReport } from './report.js';
import { runSoak } from './runner.js';

/**
 * `npm run soak -- --agents K --faults kill,db,hostile`: K `graphgate mcp` processes run the whole agent
 * loop on one git copy of the fixture, with faults, on the soak's own Neo4j; then invariants by Cypher
 * and git. Exit code 1 when an invariant fails. See bench/soak/README.md.
 */
const FAULTS = ['kill', 'db', 'hostile'] as const;
const faultList = (raw: string): string[] => {
  const list = raw.split(',').map((f) => f.trim()).filter(Boolean);
  const unknown = list.filter((f) => !(FAULTS as readonly string[]).includes(f));
  if (unknown.length) throw new InvalidArgumentError(`unknown fault(s) ${unknown.join(', ')}; use ${FAULTS.join(',')}`);
  return list;
};

const program = new Command('soak')
  .option('--agents <k>', 'MCP processes running the agent loop at once', wholeAtLeast(1), 1)
  .option('--faults <list>', `comma-separated faults: ${FAULTS.join(', ')}`, faultList, [] as string[])
  .option('--policy <policy>', 'locks.overlapPolicy of the fixture copy (reject or block)', 'reject')
  .option('--lease-seconds <s>', 'locks.leaseSeconds of the fixture copy', wholeAtLeast(10), 900)
  .option('--gate-niceness <n>', 'gates.niceness of the fixture copy (default: the product default, 10)', wholeAtLeast(0))
  .option('--seed <n>', 'seed of kill timing and backoff jitter', wholeAtLeast(0), Math.floor(Math.random() * 1_000_000))
  .option('--deadline-s <s>', 'bound on the agents\' phase (default 120 + 60 per agent, + 100 × the longest think)', wholeAtLeast(10))
  .option('--think-ms <min-max>', 'each agent pauses a random [min, max] ms before each call, as a model thinking between turns (default 0-0: back to back)', '0-0')
  .option('--reads <n>', 'rounds of the four read verbs each agent makes before planning: more samples for the read p95s (default 1)', wholeAtLeast(1), 1)
  .option('--kill-mode <mode>', 'timer: SIGKILL a few ms into the patch; failpoint: GRAPHGATE_FAILPOINT=patch:after-write', 'timer')
  .option('--kill-delay-ms <min-max>', 'timer mode: SIGKILL this many ms after sending the patch', '30-600')
  .option('--failpoint <name>', 'failpoint mode: patch:before-write, patch:after-write, patch:after-reingest or patch:after-mark', 'patch:after-write')
  .option('--kills <n>', 'how many agents the kill fault hits (the first to patch)', wholeAtLeast(1), 1)
  .option('--resume-timeout-s <s>', 'how long the killed work may take to resume before it is reported wedged', wholeAtLeast(1), 60)
  .option('--outage-s <s>', 'how long the db fault keeps the server down', wholeAtLeast(0), 5)
  .option('--instance <name>', 'the soak\'s own local Neo4j instance', process.env.GRAPHGATE_NEO4J_INSTANCE ?? 'soak')
  .option('--allow-db-restart', 'with NEO4J_URI: allow the db fault to stop/start --instance (it must be that server)')
  .option('--keep', 'keep the graph namespace and the fixture copy')
  .option('--stop-db', 'stop the soak\'s instance at the end if this run started it (default: leave it warm for the next run)')
  .option('--json <file>', 'write the raw report as JSON')
  .option('--warm-plans', 'after the fixture\'s ingest, plan the recorded statement shapes (as `graphgate ingest --warm-plans`)')
  .option('--ballast <repoPath>', 'ingest this repository into the soak\'s database first and keep it there, as a team\'s database holds its code (repeatable)', (v: string, prev: string[] = []) => [...prev, v])
  .option('--cpu-prof-dir <dir>', 'each MCP process writes a V8 CPU profile into <dir> when it exits (summarise: node dist/bench/soak/profile-summary.js <dir>)')
  .option('--log-level <level>', 'GRAPHGATE_LOG_LEVEL of the MCP processes (debug logs every query and turn with its ms)', 'warn')
  .parse();

const o = program.opts<{ agents: number; faults: string[]; policy: string; leaseSeconds: number; gateNiceness?: number; seed: number; deadlineS?: number; killMode: string; killDelayMs: string; thinkMs: string; reads: number; failpoint: string; kills: number; resumeTimeoutS: number; outageS: number; instance: string; allowDbRestart?: boolean; keep?: boolean; stopDb?: boolean; json?: string; logLevel: string; warmPlans?: boolean; ballast?: string[]; cpuProfDir?: string }>();
if (o.policy !== 'reject' && o.policy !== 'block') program.error('--policy must be reject or block');
if (o.killMode !== 'timer' && o.killMode !== 'failpoint') program.error('--kill-mode must be timer or failpoint');
const delay = /^(\d+)-(\d+)$/.exec(o.killDelayMs);
if (!delay || Number(delay[1]) > Number(delay[2])) program.error('--kill-delay-ms must be <min>-<max>, e.g. 100-1500');
const think = /^(\d+)-(\d+)$/.exec(o.thinkMs);
if (!think || Number(think[1]) > Number(think[2])) program.error('--think-ms must be <min>-<max>, e.g. 1000-3000');
const thinkMs: [number, number] = [Number(think![1]), Number(think![2])];
if (!(LOG_LEVELS as string[]).includes(o.logLevel)) program.error(`--log-level must be one of ${LOG_LEVELS.join(', ')}`);
if (!/^patch:[a-z-]+$/.test(o.failpoint)) program.error('--failpoint must name a patch:* point');
const log = (line: string) => process.stderr.write(`[soak] ${line}\n`);
if (o.cpuProfDir) mkdirSync(o.cpuProfDir, { recursive: true });

const database = await provisionNeo4j(o.instance, Boolean(o.allowDbRestart));
log(`Neo4j: ${database.describe}`);
const faults = { kill: o.faults.includes('kill'), db: o.faults.includes('db'), hostile: o.faults.includes('hostile') };
if (faults.db && !database.control) {
  log('db fault skipped: NEO4J_URI is set and --allow-db-restart was not given');
  faults.db = false;
}
let exitCode = 1;
try {
  const report = await runSoak(database.connection, {
    agents: o.agents, faults, policy: o.policy as 'reject' | 'block', leaseSeconds: o.leaseSeconds, gateNiceness: o.gateNiceness, seed: o.seed,
    deadlineMs: (o.deadlineS ?? 120 + 60 * o.agents + Math.ceil((100 * thinkMs[1]) / 1000)) * 1000, thinkMs, readRounds: o.reads, killMode: o.killMode as 'timer' | 'failpoint', kills: o.kills, killDelayMs: [Number(delay![1]), Number(delay![2])], failpoint: o.failpoint,
    resumeTimeoutMs: o.resumeTimeoutS * 1000, outagePauseMs: o.outageS * 1000, dbControl: database.control,
    repoId: `soak-${process.pid}-${Date.now().toString(36)}`, keep: Boolean(o.keep), logLevel: o.logLevel, warmPlans: o.warmPlans === true, ballast: o.ballast ?? [], log,
    ...(o.cpuProfDir ? { cpuProfDir: resolve(o.cpuProfDir) } : {}),
  });
  process.stdout.write(`${formatReport(report)}\n`);
  if (o.json) writeFileSync(o.json, `${JSON.stringify(report, null, 2)}\n`);
  exitCode = report.ok ? 0 : 1;
} finally {
  await database.release(Boolean(o.stopDb)).catch((error: unknown) => log(`could not stop the soak's Neo4j: ${String(error)}`));
}
process.exit(exitCode);
