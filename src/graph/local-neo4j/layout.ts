import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** The Neo4j version graphgate provisions; keep in step with neo4j-server.pom.xml. */
export const NEO4J_VERSION = '5.26.19';

/** Where a distribution and one named server instance live on disk. */
export interface LocalLayout {
  /** Cache root (GRAPHGATE_HOME, default ~/.cache/graphgate). */
  home: string;
  /** Shared, read-only jars for one Neo4j version. */
  distDir: string;
  libDir: string;
  pluginsDir: string;
  manifestFile: string;
  /** Per-instance state: config, data, logs, pid, password. */
  instanceName: string;
  instanceDir: string;
  confDir: string;
  dataDir: string;
  logsDir: string;
  runDir: string;
  pidFile: string;
  passwordFile: string;
  stateFile: string;
  consoleLog: string;
}

/** The instances people (`default`) and the test suite (`test`) use: benchmarks never start, stop or restart them. */
export const SHARED_INSTANCES: ReadonlySet<string> = new Set(['default', 'test']);

/** graphgate's cache root: GRAPHGATE_HOME, default ~/.cache/graphgate (servers, the ingest's stat cache). */
export function graphgateHome(): string {
  return resolve(process.env.GRAPHGATE_HOME ?? join(homedir(), '.cache', 'graphgate'));
}

/** Computes the on-disk layout for an instance (`default` for people, `test` for the test suite). */
export function localLayout(instanceName = process.env.GRAPHGATE_NEO4J_INSTANCE ?? 'default'): LocalLayout {
  if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(instanceName)) {
    throw new Error(`invalid instance name "${instanceName}" (use lowercase letters, digits and dashes)`);
  }
  const home = graphgateHome();
  const distDir = join(home, 'neo4j', 'dist', NEO4J_VERSION);
  const instanceDir = join(home, 'neo4j', 'instances', instanceName);
  return {
    home,
    distDir,
    libDir: join(distDir, 'lib'),
    pluginsDir: join(distDir, 'plugins'),
    manifestFile: join(distDir, 'manifest.json'),
    instanceName,
    instanceDir,
    confDir: join(instanceDir, 'conf'),
    dataDir: join(instanceDir, 'data'),
    logsDir: join(instanceDir, 'logs'),
    runDir: join(instanceDir, 'run'),
    pidFile: join(instanceDir, 'run', 'neo4j.pid'),
    passwordFile: join(instanceDir, 'password'),
    stateFile: join(instanceDir, 'instance.json'),
    consoleLog: join(instanceDir, 'logs', 'console.log'),
  };
}
