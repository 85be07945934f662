import { AppError } from '../errors/index.js';
import type { Logger } from '../runtime/logger.js';
import { Graph, type ConnectionInfo } from './graph.js';
import { LocalNeo4j } from './local-neo4j/index.js';
import { migrateSchema } from './schema-migrator.js';
import { defaultShapeFile, ShapeRecorder } from './statement-shapes.js';

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
    status = (await local.start()).status;
  }
  return { uri: status.boltUri ?? '', username: status.username, password: await local.password(), source: 'local' };
}

/**
 * Resolves the connection, opens the process's one driver, checks connectivity and applies the schema.
 * `recordShapes`: note the statements this process runs for later plan warm-ups (statement-shapes.ts).
 */
export async function openGraph(options: ResolveOptions & { migrate?: boolean; recordShapes?: boolean }): Promise<Graph> {
  const connection = await resolveConnection(options);
  const shapeFile = options.recordShapes ? defaultShapeFile() : null;
  const graph = new Graph({
    connection, log: options.log, txTimeoutMs: Number(process.env.GRAPHGATE_TX_TIMEOUT_MS ?? 30_000),
    ...(shapeFile ? { shapes: new ShapeRecorder(shapeFile) } : {}),
  });
  try {
    await graph.serverInfo();
    if (options.migrate !== false) await migrateSchema(graph);
    return graph;
  } catch (error) {
    await graph.close();
    throw error;
  }
}
