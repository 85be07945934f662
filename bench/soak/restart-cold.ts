import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Command, Option } from 'commander';
import { numberAtLeast, wholeAtLeast } from '../cli-args.js';
import { percentile } from '../../src/eval/metrics.js';
import { connectionFromEnv, Graph, loadQuery, warmPlans, type ConnectionInfo } from '../../src/graph/index.js';
import { defaultShapeFile, readShapes, requiredParams, sampleParams, warmOrder, type StatementShape } from '../../src/graph/statement-shapes.js';
import { silentLogger } from '../../src/runtime/logger.js';
import { provisionNeo4j } from './neo4j.js';

/**
 * The floor under the soak's post-restart window: how long the statements of one plan submission take on a
 * Neo4j that has just been restarted, when K processes send them at once, against the same statements warm.
 *
 * Each round restarts `--instance` (`graphgate db stop` and `db start`, as the soak's db fault does), then K
 * child processes each run SUBMIT_PATH in order, every statement in a transaction that is rolled back, with
 * values of its recorded shape that match nothing (the plan warm-up's replay, graph/warm-plans.ts): what a
 * just-started server spends is planning and running cold code, not reading data. Then each child runs the
 * list once more, warm. `--warm-up` also starts the plan warm-up beside them, as the first MCP server back
 * does. JVM flags to try go in `GRAPHGATE_NEO4J_JVM_OPTIONS`, which `db start` reads. See bench/soak/README.md.
 */

/**
 * The statements a lease retry of `submit_execution_plan` ran right after the soak's db restart, in order
 * (server debug log, bench/soak/README.md session 53): the restart check, the work, the deferred turn log,
 * the kept plan, the four lease checks, the waiting plan and the turn's own log.
 */
export const SUBMIT_PATH = [
  'graph/server-started-at', 'session/read-work', 'session/log-deferred-turns', 'plan/read-stored-plan',
  'execution/lock-plan-overlaps', 'execution/lock-find-holders', 'execution/lock-waiting-ahead', 'execution/lock-hold-stats',
  'plan/store-waiting-plan', 'session/commit-turn', 'session/stamp-turn-seq',
] as const;

export type WarmUpMode = 'none' | 'recorded' | 'turn-first';

/** The warm-up's order: as an MCP server plans after a restart, or with the submission's statements first. */
export function warmUpOrder(shapes: readonly StatementShape[], mode: WarmUpMode): StatementShape[] {
  if (mode === 'none') return [];
  const ordered = warmOrder(shapes);
  if (mode === 'recorded') return ordered;
  const path = new Set<string>(SUBMIT_PATH);
  return [...ordered.filter((s) => path.has(s.query)), ...ordered.filter((s) => !path.has(s.query))];
}

/** Each statement's most common recorded shape; throws naming the statements never recorded on this machine. */
export function pathShapes(shapes: readonly StatementShape[]): StatementShape[] {
  const ordered = warmOrder(shapes);
  const missing: string[] = [];
  const found = SUBMIT_PATH.map((query) => {
    const shape = ordered.find((s) => s.query === query);
    // A statement without parameters needs no recorded shape.
    if (!shape && requiredParams(loadQuery(`${query}.cypher`).text).size > 0) missing.push(query);
    return shape ?? { query, params: {}, processes: 0 };
  });
  if (missing.length > 0) throw new Error(`no recorded shape for ${missing.join(', ')}: run the soak once on this machine first (it records them)`);
  return found;
}

interface ChildResult { coldMs: number[]; warmMs: number[]; failed: string[] }

/** One agent: the path cold, then warm. */
async function child(): Promise<void> {
  const connection = connectionFromEnv();
  if (!connection) throw new Error('child: no NEO4J_URI');
  const graph = new Graph({ connection, log: silentLogger });
  const shapes = pathShapes(readShapes(process.env.GRAPHGATE_RESTART_COLD_SHAPES!));
  const result: ChildResult = { coldMs: [], warmMs: [], failed: [] };
  try {
    for (const pass of [result.coldMs, result.warmMs]) {
      for (const shape of shapes) {
        const began = performance.now();
        try {
          await graph.runRolledBack(loadQuery(`${shape.query}.cypher`), sampleParams(shape.params), 60_000);
        } catch (error) {
          // A run-time failure on the sample values still planned the statement; its time counts.
          if (pass === result.coldMs) result.failed.push(`${shape.query}: ${(error as Error).message}`.slice(0, 200));
        }
        pass.push(Math.round(performance.now() - began));
      }
    }
  } finally {
    await graph.close();
  }
  process.send!(result);
}

function runChild(connection: ConnectionInfo, shapeFile: string): Promise<ChildResult> {
  const env = {
    ...process.env, NEO4J_URI: connection.uri, NEO4J_USERNAME: connection.username, NEO4J_PASSWORD: connection.password,
    ...(connection.database ? { NEO4J_DATABASE: connection.database } : {}), GRAPHGATE_RESTART_COLD_SHAPES: shapeFile,
  };
  return new Promise((resolvePromise, reject) => {
    const proc = fork(fileURLToPath(import.meta.url), ['--child'], { env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let result: ChildResult | undefined;
    proc.on('message', (m) => { result = m as ChildResult; });
    proc.on('error', reject);
    proc.on('exit', (code) => (result ? resolvePromise(result) : reject(new Error(`child exited ${code} without a result`))));
  });
}

const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);
const ms = (n: number): string => `${Math.round(n).toLocaleString('en-US')} ms`;

async function main(): Promise<void> {
  const opts = new Command('restart-cold')
    .option('--instance <name>', 'the local instance to restart (never "default" or "test")', 'soak')
    .option('--agents <k>', 'processes sending the submission at once after each restart', wholeAtLeast(1), 6)
    .option('--rounds <n>', 'restarts', wholeAtLeast(1), 3)
    .addOption(new Option('--warm-up <mode>', 'the plan warm-up beside them').choices(['none', 'recorded', 'turn-first']).default('none'))
    .option('--delay-s <s>', 'seconds to wait after `db start` returns before the agents send', numberAtLeast(0), 0)
    .option('--shapes <file>', 'recorded statement shapes (default: this machine\'s store)')
    .parse()
    .opts<{ instance: string; agents: number; rounds: number; warmUp: WarmUpMode; delayS: number; shapes?: string }>();
  const shapeFile = opts.shapes ?? defaultShapeFile();
  if (!shapeFile) throw new Error('no statement-shape store (GRAPHGATE_STATEMENT_SHAPES is off): pass --shapes <file>');
  const recorded = readShapes(shapeFile);
  pathShapes(recorded);
  if (connectionFromEnv()) throw new Error('restart-cold restarts a local instance: unset NEO4J_URI');
  const db = await provisionNeo4j(opts.instance, true);
  const jvm = process.env.GRAPHGATE_NEO4J_JVM_OPTIONS ?? '';
  console.log(`restart-cold: ${db.describe}, ${opts.agents} agent(s), ${opts.rounds} round(s), warm-up ${opts.warmUp}${opts.delayS ? `, sent ${opts.delayS} s after the start` : ''}${jvm ? `, JVM options "${jvm}"` : ''}`);
  const coldTotals: number[] = [];
  const warmTotals: number[] = [];
  const perStatement: number[][] = SUBMIT_PATH.map(() => []);
  try {
    for (let round = 1; round <= opts.rounds; round += 1) {
      await db.control!.stop();
      await db.control!.start();
      if (opts.delayS > 0) await new Promise((done) => setTimeout(done, opts.delayS * 1000));
      const graph = new Graph({ connection: db.connection, log: silentLogger });
      const warming = opts.warmUp === 'none' ? Promise.resolve(null) : warmPlans(graph, { log: silentLogger }, warmUpOrder(recorded, opts.warmUp));
      const results = await Promise.all(Array.from({ length: opts.agents }, () => runChild(db.connection, shapeFile)));
      const warm = await warming;
      await graph.close();
      const cold = results.map((r) => sum(r.coldMs));
      coldTotals.push(...cold);
      warmTotals.push(...results.map((r) => sum(r.warmMs)));
      results.forEach((r) => r.coldMs.forEach((t, i) => perStatement[i]!.push(t)));
      const failed = [...new Set(results.flatMap((r) => r.failed))];
      console.log(`round ${round}: cold submission ${ms(Math.min(...cold))}–${ms(Math.max(...cold))}, warm ${ms(percentile(results.map((r) => sum(r.warmMs)), 50))}` +
        `${warm ? `; warm-up ${warm.warmed} shape(s) in ${(warm.ms / 1000).toFixed(1)} s` : ''}${failed.length ? `; failed on the sample values: ${failed.join('; ')}` : ''}`);
    }
  } finally {
    await db.release(false);
  }
  console.log(`\nsubmission's ${SUBMIT_PATH.length} statements, ${coldTotals.length} agent run(s): cold p50 ${ms(percentile(coldTotals, 50))}, max ${ms(Math.max(...coldTotals))}; warm p50 ${ms(percentile(warmTotals, 50))}`);
  console.log('cold, per statement, p50 / max:');
  SUBMIT_PATH.forEach((query, i) => console.log(`  ${query.padEnd(30)} ${ms(percentile(perStatement[i]!, 50)).padStart(9)} / ${ms(Math.max(...perStatement[i]!))}`));
  const flags = [`--instance ${opts.instance}`, `--agents ${opts.agents}`, `--rounds ${opts.rounds}`, `--warm-up ${opts.warmUp}`, ...(opts.delayS ? [`--delay-s ${opts.delayS}`] : []), ...(opts.shapes ? [`--shapes ${opts.shapes}`] : [])];
  console.log(`\nreproduce: ${jvm ? `GRAPHGATE_NEO4J_JVM_OPTIONS="${jvm}" ` : ''}node dist/bench/soak/restart-cold.js ${flags.join(' ')}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  (process.argv.includes('--child') ? child() : main()).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
