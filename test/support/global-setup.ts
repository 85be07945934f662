import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from '../../src/doctor/machine-checks.js';
import { Graph, type ConnectionInfo } from '../../src/graph/graph.js';
import { connectionFromEnv } from '../../src/graph/connect.js';
import { LocalNeo4j } from '../../src/graph/local-neo4j/index.js';
import { migrateSchema } from '../../src/graph/schema-migrator.js';
import { createLogger, silentLogger } from '../../src/runtime/logger.js';
import { deleteAll } from './queries.js';

declare module 'vitest' {
  export interface ProvidedContext {
    neo4j: ConnectionInfo & { version: string; edition: string };
  }
}

let stopAfter: (() => Promise<void>) | undefined;
/** True when this run started (or created) the database, so no other run can be using it. */
let startedFresh = false;

async function containerRuntimeAnswers(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await Promise.race([getContainerRuntimeClient(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 5000))]);
    return true;
  } catch {
    return false;
  }
}

/** NEO4J_URI → a test container when a runtime answers → graphgate's local `test` instance. */
async function provideNeo4j(): Promise<ConnectionInfo> {
  const fromEnv = connectionFromEnv();
  if (fromEnv) return fromEnv;
  if (process.env.GRAPHGATE_TEST_CONTAINERS !== '0' && (await containerRuntimeAnswers())) {
    const { Neo4jContainer } = await import('@testcontainers/neo4j');
    const container = await new Neo4jContainer('neo4j:5.26-community').withApoc().start();
    stopAfter = async () => void (await container.stop());
    startedFresh = true;
    return { uri: container.getBoltUri(), username: container.getUsername(), password: container.getPassword(), source: 'testcontainers' };
  }
  const local = new LocalNeo4j({ log: createLogger('warn'), instance: 'test' });
  const result = await local.start();
  startedFresh = !result.alreadyRunning;
  if (!result.alreadyRunning && process.env.GRAPHGATE_KEEP_NEO4J !== '1') stopAfter = async () => void (await local.stop());
  return { uri: result.status.boltUri ?? '', username: 'neo4j', password: await local.password(), source: 'local' };
}

/** The browser tests need Debian's Chromium: say so before anything starts, not after minutes of tests. */
function requireChromium(): void {
  const path = chromiumPath();
  if (!existsSync(path)) {
    throw new Error(`The browser tests need Chromium at ${path}. Install it: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  }
}

export async function setup(project: TestProject): Promise<void> {
  requireChromium();
  // Plan warm-ups would replay the suite's own statements after every CLI ingest (the warm-up's tests set a file).
  process.env.GRAPHGATE_STATEMENT_SHAPES ??= 'off';
  const connection = await provideNeo4j();
  const graph = new Graph({ connection, log: silentLogger });
  try {
    const info = await graph.serverInfo();
    // Only a database this run started is emptied: never a user's NEO4J_URI server, nor a test
    // server another run is using. Otherwise isolation rests on per-file repoId namespaces.
    if (startedFresh) await graph.write(deleteAll, {});
    await migrateSchema(graph, 'test-setup');
    process.stderr.write(`\n[graphgate tests] Neo4j ${info.version} ${info.edition} via ${connection.source} at ${connection.uri}\n`);
    project.provide('neo4j', { ...connection, version: info.version, edition: info.edition });
  } finally {
    await graph.close();
  }
}

export async function teardown(): Promise<void> {
  await stopAfter?.();
}
