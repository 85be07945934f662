import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { connectionFromEnv, SHARED_INSTANCES, type ConnectionInfo } from '../../src/graph/index.js';
import { MAIN } from './client.js';
import type { DbControl } from './faults.js';

const run = promisify(execFile);

export interface SoakDatabase {
  connection: ConnectionInfo;
  /** null when the soak may not restart the server (someone else's NEO4J_URI). */
  control: DbControl | null;
  describe: string;
  /** With stop: stops what the soak started itself (never an instance that already ran). */
  release(stop: boolean): Promise<void>;
}

/** `graphgate db <verb> --instance <name> --json`, as a person would run it. */
async function db(instance: string, ...args: string[]): Promise<Record<string, unknown>> {
  if (SHARED_INSTANCES.has(instance)) throw new Error(`the soak never touches the "${instance}" Neo4j instance`);
  const { stdout } = await run(process.execPath, [MAIN, 'db', ...args, '--instance', instance, '--json'], {
    env: { ...process.env, GRAPHGATE_NEO4J_INSTANCE: instance }, timeout: 300_000, maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}

function control(instance: string): DbControl {
  return { stop: async () => void (await db(instance, 'stop')), start: async () => void (await db(instance, 'start')) };
}

/**
 * The soak's Neo4j: NEO4J_URI when the user set it (restarted only with allowRestart, through the named
 * local instance it must then be), else its own local instance (`soak` by default), started on demand.
 */
export async function provisionNeo4j(instance: string, allowRestart: boolean): Promise<SoakDatabase> {
  if (SHARED_INSTANCES.has(instance)) throw new Error(`--instance ${instance}: the soak runs on its own instance, never "default" or "test"`);
  const fromEnv = connectionFromEnv();
  if (fromEnv) {
    return { connection: fromEnv, control: allowRestart ? control(instance) : null, describe: `NEO4J_URI ${fromEnv.uri}`, release: async () => undefined };
  }
  const started = await db(instance, 'start');
  const status = await db(instance, 'status', '--show-password');
  const connection: ConnectionInfo = { uri: String(status.boltUri), username: String(status.username), password: String(status.password), source: 'local' };
  return {
    connection, control: control(instance), describe: `local instance "${instance}" at ${connection.uri}${started.alreadyRunning ? '' : ` (started in ${Number(started.startMs) / 1000} s)`}`,
    release: async (stop) => {
      if (stop && !started.alreadyRunning) await db(instance, 'stop');
    },
  };
}
