import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { graphgateHome } from '../graph/local-neo4j/layout.js';

/** Where the ingest daemon of one Neo4j target listens, and where it logs. */
export interface DaemonEndpoint {
  socketPath: string;
  logPath: string;
}

/** Unix socket paths are limited to 107 bytes on Linux (104 on macOS): longer ones cannot be bound. */
export const MAX_SOCKET_PATH = 100;

/**
 * One daemon per Neo4j target (`local:<instance>`, or the URI, user and database from NEO4J_*), so a
 * CLI run and the daemon it hands over to always write to the same graph: the key is what `openGraph`
 * would connect to, read from the environment without loading the driver.
 */
export function daemonEndpoint(env: NodeJS.ProcessEnv = process.env): DaemonEndpoint {
  const target = env.NEO4J_URI
    ? `${env.NEO4J_URI}|${env.NEO4J_USERNAME ?? env.NEO4J_USER ?? 'neo4j'}|${env.NEO4J_DATABASE ?? ''}`
    : `local:${env.GRAPHGATE_NEO4J_INSTANCE ?? 'default'}`;
  const name = createHash('sha256').update(target).digest('hex').slice(0, 16);
  const dir = join(env.GRAPHGATE_HOME ? resolve(env.GRAPHGATE_HOME) : graphgateHome(), 'daemon');
  return { socketPath: join(dir, `${name}.sock`), logPath: join(dir, `${name}.log`) };
}
