import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../../runtime/logger.js';
import { ensureDistribution } from './distribution.js';
import { withDirLock } from './file-lock.js';
import { NEO4J_VERSION, localLayout, type LocalLayout } from './layout.js';
import { chooseSettings, ensurePassword, readSettings, writeServerConfig } from './server-config.js';
import { findJava, runningPid, setInitialPassword, spawnServer, terminate, waitForBolt, waitForHttp } from './server-process.js';

/** What a client on this machine needs to connect, as printed by `graphgate db status --json`. */
export interface LocalStatus {
  instance: string;
  running: boolean;
  pid: number | null;
  version: string;
  boltUri: string | null;
  httpUrl: string | null;
  browserUrl: string | null;
  username: string;
  passwordFile: string;
  home: string;
  logsDir: string;
}

export interface StartResult {
  status: LocalStatus;
  alreadyRunning: boolean;
  fetched: boolean;
  startMs: number;
  serverAgent?: string;
}

export interface LocalNeo4jOptions {
  log: Logger;
  instance?: string;
  /** How long to wait for Bolt after spawning. */
  readyTimeoutMs?: number;
}

/** How long a start waits for the Browser's HTTP connector once Bolt answers. */
const HTTP_READY_MS = 30_000;

/** Manages one graphgate-provisioned Neo4j Community server: fetch, configure, start, stop, wipe. */
export class LocalNeo4j {
  readonly layout: LocalLayout;
  private readonly log: Logger;
  private readonly readyTimeoutMs: number;

  constructor(options: LocalNeo4jOptions) {
    this.layout = localLayout(options.instance);
    this.log = options.log;
    this.readyTimeoutMs = options.readyTimeoutMs ?? Number(process.env.GRAPHGATE_NEO4J_START_TIMEOUT_MS ?? 180_000);
  }

  async status(): Promise<LocalStatus> {
    const pid = await runningPid(this.layout);
    const settings = await readSettings(this.layout);
    const up = pid !== undefined && settings !== undefined;
    return {
      instance: this.layout.instanceName,
      running: up,
      pid: pid ?? null,
      version: NEO4J_VERSION,
      boltUri: up ? `bolt://127.0.0.1:${settings.boltPort}` : null,
      httpUrl: up ? `http://127.0.0.1:${settings.httpPort}` : null,
      browserUrl: up ? `http://127.0.0.1:${settings.httpPort}/browser/` : null,
      username: 'neo4j',
      passwordFile: this.layout.passwordFile,
      home: this.layout.instanceDir,
      logsDir: this.layout.logsDir,
    };
  }

  /** The generated password (creating it if needed). */
  async password(): Promise<string> {
    return (await ensurePassword(this.layout)).password;
  }

  /** Starts the server unless it already runs; fetches the jars the first time. Idempotent. */
  async start(): Promise<StartResult> {
    const began = Date.now();
    return withDirLock(join(this.layout.home, `neo4j-${this.layout.instanceName}.lock`), this.readyTimeoutMs + 20 * 60_000, async () => {
      const current = await this.status();
      if (current.running) return { status: current, alreadyRunning: true, fetched: false, startMs: 0 };
      const java = await findJava();
      const { fetched } = await ensureDistribution(this.layout, this.log);
      const settings = await chooseSettings(this.layout);
      await writeServerConfig(this.layout, settings);
      const { password } = await ensurePassword(this.layout);
      if (!existsSync(join(this.layout.dataDir, 'dbms', 'auth.ini'))) await setInitialPassword(this.layout, java, password);
      const pid = await spawnServer(this.layout, java);
      this.log.info('starting Neo4j', { pid, boltPort: settings.boltPort, httpPort: settings.httpPort });
      let serverAgent: string;
      try {
        serverAgent = await waitForBolt(this.layout, pid, `bolt://127.0.0.1:${settings.boltPort}`, password, this.readyTimeoutMs, this.log);
        await waitForHttp(`http://127.0.0.1:${settings.httpPort}/`, HTTP_READY_MS, this.log);
      } catch (error) {
        // Leave nothing half-started behind.
        await terminate(pid, this.layout, 10_000);
        await rm(this.layout.pidFile, { force: true });
        throw error;
      }
      return { status: await this.status(), alreadyRunning: false, fetched, startMs: Date.now() - began, serverAgent };
    });
  }

  /** Stops the server if it runs. Idempotent. */
  async stop(): Promise<{ wasRunning: boolean }> {
    const pid = await runningPid(this.layout);
    if (pid === undefined) return { wasRunning: false };
    await terminate(pid, this.layout);
    await rm(this.layout.pidFile, { force: true });
    return { wasRunning: true };
  }

  /** Deletes all data of this instance (keeping its password), restarting it if it was running. */
  async wipe(): Promise<{ restarted: boolean }> {
    const { wasRunning } = await this.stop();
    await rm(this.layout.dataDir, { recursive: true, force: true });
    if (wasRunning) await this.start();
    return { restarted: wasRunning };
  }
}
