import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { daemonEndpoint } from './endpoint.js';

/** Minutes without a request after which a daemon stops (`--idle-minutes`). */
export const DEFAULT_IDLE_MINUTES = 180;

/**
 * Starts `graphgate daemon run` detached, logging to the endpoint's log (started afresh past 1 MB).
 * Returns the child at once: the caller waits for it to answer, or leaves it to come up on its own.
 */
export function spawnDaemon(idleMinutes: number, env: NodeJS.ProcessEnv = process.env): ReturnType<typeof spawn> {
  const { logPath } = daemonEndpoint(env);
  mkdirSync(dirname(logPath), { recursive: true, mode: 0o700 });
  const logFd = openSync(logPath, sizeOf(logPath) > 1_000_000 ? 'w' : 'a', 0o600);
  try {
    const main = fileURLToPath(new URL('../cli/main.js', import.meta.url));
    const child = spawn(process.execPath, [main, 'daemon', 'run', '--idle-minutes', String(idleMinutes)], { detached: true, stdio: ['ignore', logFd, logFd], env });
    child.unref();
    return child;
  } finally {
    closeSync(logFd);
  }
}

/**
 * Whether `graphgate ingest` starts a daemon when none answered, as Nx starts its daemon on first
 * use: yes unless GRAPHGATE_DAEMON=off (or false/0), or in CI (CI set and not "false"), where a
 * run is a fresh machine's only one and a process left behind helps no one.
 */
export function autoStartWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  const setting = (env.GRAPHGATE_DAEMON ?? '').trim().toLowerCase();
  if (setting === 'off' || setting === 'false' || setting === '0') return false;
  if (setting === 'on' || setting === 'true' || setting === '1') return true;
  const ci = (env.CI ?? '').trim().toLowerCase();
  return ci === '' || ci === 'false' || ci === '0';
}

function sizeOf(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
