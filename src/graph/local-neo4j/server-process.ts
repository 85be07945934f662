import { execFile, spawn } from 'node:child_process';
import { existsSync, openSync, closeSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import neo4j from 'neo4j-driver';
import { AppError } from '../../errors/index.js';
import type { Logger } from '../../runtime/logger.js';
import type { LocalLayout } from './layout.js';
import { findJava, type JavaInfo } from './prerequisites.js';
import { readSettings, type InstanceSettings } from './server-config.js';

const run = promisify(execFile);

/** True when `pid` is a live Neo4j server process of this instance (guards against pid reuse). */
export function isOurServer(pid: number, layout: LocalLayout): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const procCmdline = `/proc/${pid}/cmdline`;
  if (existsSync(procCmdline)) {
    const cmd = readFileSync(procCmdline, 'utf8');
    return cmd.includes('CommunityEntryPoint') && cmd.includes(layout.confDir);
  }
  return true;
}

/** The pid recorded for this instance, if that process is still our server. */
export async function runningPid(layout: LocalLayout): Promise<number | undefined> {
  if (!existsSync(layout.pidFile)) return undefined;
  const pid = Number((await readFile(layout.pidFile, 'utf8')).trim());
  if (Number.isInteger(pid) && pid > 0 && isOurServer(pid, layout)) return pid;
  await rm(layout.pidFile, { force: true });
  return undefined;
}

/** Sets the initial password in the instance's auth store; only effective before the first start. */
export async function setInitialPassword(layout: LocalLayout, java: JavaInfo, password: string): Promise<void> {
  // `--`: a password file written before passwords were hex may begin with '-', which the tool would read as an option.
  await run(java.executable, ['-cp', join(layout.libDir, '*'), 'org.neo4j.cli.AdminTool', 'dbms', 'set-initial-password', '--', password], {
    env: { ...process.env, NEO4J_HOME: layout.instanceDir, NEO4J_CONF: layout.confDir },
    timeout: 120_000,
  });
}

function jvmArgs(layout: LocalLayout, settings: InstanceSettings): string[] {
  return [
    `-Xms${settings.heapInitial}`, `-Xmx${settings.heapMax}`,
    '-XX:+UseG1GC', '-XX:-OmitStackTraceInFastThrow', '-XX:+DisableExplicitGC',
    '-Djdk.nio.maxCachedBufferSize=1024', '-Dio.netty.tryReflectionSetAccessible=true',
    '-Dlog4j2.disable.jmx=true', '-Dfile.encoding=UTF-8',
    '--add-opens=java.base/java.nio=ALL-UNNAMED', '--add-opens=java.base/java.io=ALL-UNNAMED',
    '--add-opens=java.base/sun.nio.ch=ALL-UNNAMED', '--add-opens=java.base/java.lang=ALL-UNNAMED',
    // The user's flags (GRAPHGATE_NEO4J_JVM_OPTIONS) after ours: for a repeated -XX flag, the last one wins.
    ...(settings.jvmOptions ?? []),
    // Like the distribution's launcher, plugins are on the class path too (APOC registers extensions).
    '-cp', `${join(layout.libDir, '*')}:${join(layout.pluginsDir, '*')}`,
    'org.neo4j.server.CommunityEntryPoint', `--home-dir=${layout.instanceDir}`, `--config-dir=${layout.confDir}`,
  ];
}

/** Starts the server process detached (it outlives the CLI) and records its pid. */
export async function spawnServer(layout: LocalLayout, java: JavaInfo): Promise<number> {
  const settings = await readSettings(layout);
  if (!settings) throw new AppError('PROVISION_FAILED', { message: 'instance settings missing; run `graphgate db start` again' });
  await mkdir(layout.logsDir, { recursive: true });
  await mkdir(layout.runDir, { recursive: true });
  const out = openSync(layout.consoleLog, 'a');
  try {
    const child = spawn(java.executable, jvmArgs(layout, settings), {
      cwd: layout.instanceDir,
      detached: true,
      stdio: ['ignore', out, out],
      env: { ...process.env, NEO4J_HOME: layout.instanceDir, NEO4J_CONF: layout.confDir },
    });
    if (!child.pid) throw new AppError('PROVISION_FAILED', { message: `could not start ${java.executable}` });
    child.unref();
    await writeFile(layout.pidFile, String(child.pid));
    return child.pid;
  } finally {
    closeSync(out);
  }
}

/** The most telling lines of a failed start: the last ERROR and its root cause, not a stack dump. */
function startupFailure(layout: LocalLayout): string {
  const lines = [layout.consoleLog, join(layout.logsDir, 'neo4j.log')]
    .filter((f) => existsSync(f))
    .flatMap((f) => readFileSync(f, 'utf8').split('\n'));
  const errors = lines.filter((l) => / ERROR /.test(l)).slice(-1);
  const causes = lines.filter((l) => l.startsWith('Caused by:')).slice(-1);
  const summary = [...errors, ...causes].map((l) => l.trim()).join(' — ');
  return summary || 'no error in the logs';
}

/** Waits until Bolt accepts an authenticated connection, or the process dies, or time runs out. */
export async function waitForBolt(layout: LocalLayout, pid: number, boltUri: string, password: string, timeoutMs: number, log: Logger): Promise<string> {
  const driver = neo4j.driver(boltUri, neo4j.auth.basic('neo4j', password), { connectionTimeout: 2000, logging: undefined });
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      if (!isOurServer(pid, layout)) {
        throw new AppError('PROVISION_FAILED', {
          message: `Neo4j exited during start-up: ${startupFailure(layout)} (full logs in ${layout.logsDir})`,
        });
      }
      try {
        const info = await driver.getServerInfo();
        return info.agent ?? 'Neo4j';
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        if (code.includes('Unauthorized')) {
          throw new AppError('GRAPH_AUTH_FAILED', {
            message: `Neo4j rejected the password in ${layout.passwordFile}. Run \`graphgate db wipe\` to reset this local instance.`,
          });
        }
      }
      if (Date.now() > deadline) throw new AppError('TIMEOUT', { message: `Neo4j did not accept Bolt connections within ${Math.round(timeoutMs / 1000)} s (see ${layout.logsDir})` });
      log.debug('waiting for Bolt', { boltUri });
      await sleep(500);
    }
  } finally {
    await driver.close();
  }
}

/**
 * Waits until the HTTP connector (Neo4j Browser) answers too: it can open a moment after Bolt, and a
 * start prints the Browser URL. graphgate itself needs only Bolt, so a connector that stays closed is
 * reported, not fatal.
 */
export async function waitForHttp(url: string, timeoutMs: number, log: Logger): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url, { signal: AbortSignal.timeout(2000) });
      return true;
    } catch {
      if (Date.now() > deadline) {
        log.warn('Neo4j Browser did not answer after the start', { url });
        return false;
      }
      await sleep(200);
    }
  }
}

/** Sends SIGTERM, waits for a clean exit, then SIGKILL. */
export async function terminate(pid: number, layout: LocalLayout, graceMs = 60_000): Promise<void> {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + graceMs;
  while (isOurServer(pid, layout) && Date.now() < deadline) await sleep(200);
  if (isOurServer(pid, layout)) {
    process.kill(pid, 'SIGKILL');
    while (isOurServer(pid, layout)) await sleep(100);
  }
}

export { findJava };
