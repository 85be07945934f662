import { AppError } from '../errors/index.js';
import type { Logger } from '../runtime/logger.js';
import { Graph, type ConnectionInfo } from './graph.js';
import { LocalNeo4j, type StartResult } from './local-neo4j/index.js';
import { warmQueryPlans, type WarmupResult } from './plan-warmup.js';
import { migrateSchema } from './schema-migrator.js';

export interface ResolveOptions {
  log: Logger;
  /** Start the local managed Neo4j when it is not running (default true). */
  autoStart?: boolean;
  /** Local instance name (`default`, or `test` for the test suite). */
  instance?: string;
}

/** Credentials from NEO4J_URI / NEO4J_USERNAME / NEO4J_PASSWORD, when NEO4J_URI is set. */
export function connectionFromEnv(env: NodeJS.ProcessEnv = process.env): ConnectionInfo | undefined {
  if (!env.NEO4J_URI) return undefined;
  return {
    uri: env.NEO4J_URI,
    username: env.NEO4J_USERNAME ?? env.NEO4J_USER ?? 'neo4j',
    password: env.NEO4J_PASSWORD ?? '',
    database: env.NEO4J_DATABASE || undefined,
    source: 'env',
  };
}

/**
 * Resolves where Neo4j is: NEO4J_URI if set, else graphgate's local managed server (started on
 * demand unless autoStart is false). Test containers are chosen by the test setup, which then
 * passes their URI through NEO4J_URI.
 */
export async function resolveConnection(options: ResolveOptions): Promise<ConnectionInfo> {
  const fromEnv = connectionFromEnv();
  if (fromEnv) return fromEnv;
  const local = new LocalNeo4j({ log: options.log, instance: options.instance });
  let status = await local.status();
  if (!status.running) {
    if (options.autoStart === false) {
      throw new AppError('GRAPH_UNAVAILABLE', {
        message: 'The local Neo4j is not running. Start it with `graphgate db start`, or set NEO4J_URI to use another server.',
      });
    }
    status = (await startLocalNeo4j(local, options.log)).status;
  }
  return { uri: status.boltUri ?? '', username: status.username, password: await local.password(), source: 'local' };
}

/** How long a start may spend re-planning recorded queries (GRAPHGATE_PLAN_WARMUP_MS; 0 switches it off). */
export function planWarmupBudgetMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.GRAPHGATE_PLAN_WARMUP_MS ?? 20_000);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/**
 * Starts the local server; when this call started it, re-plans the query shapes processes recorded
 * (plan-warmup.ts) before anyone else uses it, within the budget. A warm-up that fails leaves a
 * working server: queries are then planned on their first run, as without it.
 */
export async function startLocalNeo4j(local: LocalNeo4j, log: Logger, budgetMs = planWarmupBudgetMs()): Promise<StartResult & { warmup?: WarmupResult }> {
  const result = await local.start();
  if (result.alreadyRunning || budgetMs <= 0) return result;
  const connection: ConnectionInfo = { uri: result.status.boltUri ?? '', username: result.status.username, password: await local.password(), source: 'local' };
  const graph = new Graph({ connection, log });
  try {
    return { ...result, warmup: await warmQueryPlans(graph, { budgetMs, log }) };
  } catch (error) {
    log.warn('query plans not warmed after the start', { cause: String((error as Error).message ?? error) });
    return result;
  } finally {
    await graph.close();
  }
}

/** Resolves the connection, opens the process's one driver, checks connectivity and applies the schema. */
export async function openGraph(options: ResolveOptions & { migrate?: boolean }): Promise<Graph> {
  const connection = await resolveConnection(options);
  const graph = new Graph({ connection, log: options.log, txTimeoutMs: Number(process.env.GRAPHGATE_TX_TIMEOUT_MS ?? 30_000) });
  try {
    await graph.serverInfo();
    if (options.migrate !== false) await migrateSchema(graph);
    return graph;
  } catch (error) {
    await graph.close();
    throw error;
  }
}
