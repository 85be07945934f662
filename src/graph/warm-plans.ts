import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Integer } from 'neo4j-driver';
import { packageRoot } from '../runtime/package-root.js';
import { newHolderId } from '../runtime/process-liveness.js';
import type { Logger } from '../runtime/logger.js';
import { serverStartTime } from './first-use-gate.js';
import type { Graph } from './graph.js';
import { loadQuery } from './query-registry.js';
import { defaultShapeFile, fitsText, readShapes, requiredParams, sampleParams, warmOrder, type StatementShape } from './statement-shapes.js';
import { int } from './values.js';

const claimPlanWarmUp = loadQuery<{ serverStartedAt: Integer; owner: string }, { claimed: boolean }>('graph/claim-plan-warm-up.cypher');

export interface WarmPlansOptions {
  log: Logger;
  /** The recorded shapes (default: this machine's store; null warms nothing). */
  file?: string | null;
  /** Stop starting statements after this long (default 60 s). */
  budgetMs?: number;
  /** Per-statement transaction timeout (default 5 s). */
  statementTimeoutMs?: number;
  /** Statements planned at once (default 2: planning is the server's CPU work). */
  concurrency?: number;
}

const WARM_CONCURRENCY = 2;

export interface WarmPlansReport {
  /** Shapes in the store. */
  shapes: number;
  /** Planned and run (rolled back). */
  warmed: number;
  /** Refused by the server: a parameter this build's statement no longer takes, a timeout, or a run-time error on the sample values (a fulltext query, a label made from a value), whose plan is cached all the same. */
  failed: number;
  /** Not tried: the statement is no longer in the registry, or the budget ran out. */
  skipped: number;
  /** Not tried: recorded for an older text of the statement (a parameter it now needs is missing). */
  stale: number;
  ms: number;
}

/**
 * Has the server plan every statement shape this machine's processes ran before, each in a
 * transaction that is rolled back and with values that match nothing.
 *
 * Why: a plan costs the server tens of ms to over a second the first time (more on a server whose JIT
 * is cold), it is cached per text and parameter shape (statement-shapes.ts), and concurrent first
 * uses each plan it again. After an ingest moves the label counts past the replan threshold, eight agents' first
 * turns planned the same statements side by side (bench/soak/README.md). One pass here pays that
 * once, before agents ask.
 */
export async function warmPlans(graph: Graph, options: WarmPlansOptions, recorded?: StatementShape[]): Promise<WarmPlansReport> {
  const started = performance.now();
  const shapes = recorded ?? shapesOf(options);
  const budgetMs = options.budgetMs ?? 60_000;
  const report: WarmPlansReport = { shapes: shapes.length, warmed: 0, failed: 0, skipped: 0, stale: 0, ms: 0 };
  const requiredByQuery = new Map<string, Set<string>>();
  let next = 0;
  let unreachable = false;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < shapes.length; i = next++) {
      const shape = shapes[i]!;
      const cypherFile = `${shape.query}.cypher`;
      if (unreachable || performance.now() - started > budgetMs || !/^[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(shape.query) || !existsSync(join(packageRoot(), 'cypher', cypherFile))) {
        report.skipped += 1;
        continue;
      }
      const query = loadQuery(cypherFile);
      // A statement has several shapes: read its parameters once.
      let required = requiredByQuery.get(query.name);
      if (!required) requiredByQuery.set(query.name, (required = requiredParams(query.text)));
      if (!fitsText(shape, required)) {
        report.stale += 1;
        continue;
      }
      try {
        await graph.runRolledBack(query, sampleParams(shape.params), options.statementTimeoutMs ?? 5_000);
        report.warmed += 1;
      } catch (error) {
        // The plan is cached even when the statement then fails at run time; an unreachable server ends the pass.
        report.failed += 1;
        if ((error as { code?: string }).code === 'GRAPH_UNAVAILABLE') unreachable = true;
        options.log.debug('plan warm-up: statement failed', { query: shape.query, cause: String((error as Error).message ?? error) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? WARM_CONCURRENCY) }, worker));
  report.ms = Math.round(performance.now() - started);
  return report;
}

function shapesOf(options: WarmPlansOptions): StatementShape[] {
  const file = options.file === undefined ? defaultShapeFile() : options.file;
  return file ? warmOrder(readShapes(file)) : [];
}

/**
 * The warm-up once per server start, by the first process that asks (an MCP server asks after its
 * first ingest and when the graph answers again after an outage): a restarted server has an empty
 * plan cache and a cold JIT, and K agents' first turns then each plan every statement side by side
 * (in one K=8 run all eight first `initialize_work` timed out). The server's JVM start time tells a
 * restart; a `PlanWarmUp` node records who claimed it. Null when another process has, nothing is
 * recorded, or the server does not say when it started (`dbms.queryJmx` refused). A claimer that
 * dies mid-way leaves the rest to the agents. Never throws: the warm-up only ever saves time.
 */
export async function warmPlansOncePerServerStart(graph: Graph, options: WarmPlansOptions): Promise<WarmPlansReport | null> {
  try {
    const shapes = shapesOf(options);
    if (shapes.length === 0) return null;
    const startedAt = await serverStartTime(graph);
    if (startedAt === null) return null;
    const [claim] = await graph.write(claimPlanWarmUp, { serverStartedAt: int(startedAt), owner: newHolderId() });
    if (!claim?.claimed) return null;
    const report = await warmPlans(graph, options, shapes);
    options.log.info('planned the recorded statement shapes after a server start', { ...report });
    return report;
  } catch (error) {
    options.log.debug('plan warm-up after a server start not run', { cause: String((error as Error).message ?? error) });
    return null;
  }
}

/**
 * Whether an ingest changed enough of the graph that the server will plan its statements again: a
 * repository's first ingest, or a run that rewrote at least a tenth of its files (the server replans
 * a cached plan once the counts it was made on moved past a threshold that decays to 10 %).
 */
export function ingestMovesPlans(run: { mode: string; wrote: boolean; files: { seen: number; parsed: number; deleted: number } }): boolean {
  if (!run.wrote) return false;
  if (run.mode === 'full') return true;
  return run.files.parsed + run.files.deleted >= Math.max(50, run.files.seen / 10);
}
