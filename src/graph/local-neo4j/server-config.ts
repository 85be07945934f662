import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { AppError } from '../../errors/index.js';
import type { LocalLayout } from './layout.js';
import { freePort, isPortFree } from './ports.js';

/** Ports and memory settings of one local instance, persisted in instance.json. */
export interface InstanceSettings {
  boltPort: number;
  httpPort: number;
  heapInitial: string;
  heapMax: string;
  pageCache: string;
  txTimeout: string;
  /** Extra JVM flags (`GRAPHGATE_NEO4J_JVM_OPTIONS`); absent in instance.json files written before it existed. */
  jvmOptions?: string[];
}

const DEFAULT_PORTS: Record<string, { bolt: number; http: number }> = {
  default: { bolt: 7687, http: 7474 },
  test: { bolt: 17687, http: 17474 },
};

function envPort(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new AppError('INVALID_CONFIG', { message: `${name} must be a port number (1-65535), got "${raw}"` });
  }
  return port;
}

async function pickPort(explicit: number | undefined, previous: number | undefined, preferred: number | undefined, envName: string): Promise<number> {
  if (explicit !== undefined) {
    if (await isPortFree(explicit)) return explicit;
    throw new AppError('PORT_IN_USE', {
      message: `Port ${explicit} (from ${envName}) is already in use on 127.0.0.1. Stop what holds it ` +
        `(\`ss -ltnp | grep :${explicit}\`) or choose another port.`,
      details: { port: explicit },
    });
  }
  for (const candidate of [previous, preferred]) {
    if (candidate !== undefined && (await isPortFree(candidate))) return candidate;
  }
  return freePort();
}

/** Launch options the server's own command line sets: a flag given twice would change what starts. */
const LAUNCH_OPTIONS = new Set(['-cp', '-classpath', '--class-path', '-jar', '-m', '--module', '-p', '--module-path']);

/**
 * Parses `GRAPHGATE_NEO4J_JVM_OPTIONS`: whitespace-separated JVM flags (e.g. `-XX:TieredStopAtLevel=1`),
 * added after graphgate's own, so a later `-XX` flag wins. The server is started as `java …` directly, so
 * `server.jvm.additional` in neo4j.conf (rewritten on every start anyway) never reaches it; this is the way.
 * Heap sizes have their own variables, and flags that change the class path or the entry point are refused.
 */
export function parseJvmOptions(raw: string | undefined): string[] {
  const flags = (raw ?? '').split(/\s+/).filter((f) => f !== '');
  for (const flag of flags) {
    const problem = !flag.startsWith('-') ? 'is not a flag (flags start with "-")'
      : /^-Xm[sx]/.test(flag) ? 'sets the heap: use GRAPHGATE_NEO4J_HEAP_INITIAL / GRAPHGATE_NEO4J_HEAP_MAX'
        : LAUNCH_OPTIONS.has(flag.split('=')[0]!) ? 'would change what the server starts' : undefined;
    if (problem) {
      throw new AppError('INVALID_CONFIG', { message: `GRAPHGATE_NEO4J_JVM_OPTIONS: "${flag}" ${problem}`, details: { flag } });
    }
  }
  return flags;
}

/** Reads the saved settings of an instance, if any. */
export async function readSettings(layout: LocalLayout): Promise<InstanceSettings | undefined> {
  if (!existsSync(layout.stateFile)) return undefined;
  try {
    return JSON.parse(await readFile(layout.stateFile, 'utf8')) as InstanceSettings;
  } catch {
    return undefined;
  }
}

/**
 * Chooses ports (explicit env ports must be free; otherwise the previous or default ports, else a free
 * one) and memory sizes for a 2-core/24 GB machine, and saves them.
 */
export async function chooseSettings(layout: LocalLayout): Promise<InstanceSettings> {
  const previous = await readSettings(layout);
  // Other instances (e.g. a test's own) take whatever port is free rather than the well-known ones.
  const defaults = DEFAULT_PORTS[layout.instanceName];
  const boltPort = await pickPort(envPort('GRAPHGATE_NEO4J_BOLT_PORT'), previous?.boltPort, defaults?.bolt, 'GRAPHGATE_NEO4J_BOLT_PORT');
  let httpPort = await pickPort(envPort('GRAPHGATE_NEO4J_HTTP_PORT'), previous?.httpPort, defaults?.http, 'GRAPHGATE_NEO4J_HTTP_PORT');
  while (httpPort === boltPort) httpPort = await freePort();
  const settings: InstanceSettings = {
    boltPort,
    httpPort,
    heapInitial: process.env.GRAPHGATE_NEO4J_HEAP_INITIAL ?? '512m',
    heapMax: process.env.GRAPHGATE_NEO4J_HEAP_MAX ?? '2g',
    pageCache: process.env.GRAPHGATE_NEO4J_PAGECACHE ?? '1g',
    txTimeout: process.env.GRAPHGATE_NEO4J_TX_TIMEOUT ?? '120s',
    jvmOptions: parseJvmOptions(process.env.GRAPHGATE_NEO4J_JVM_OPTIONS),
  };
  await mkdir(layout.instanceDir, { recursive: true });
  await writeFile(layout.stateFile, `${JSON.stringify(settings, null, 2)}\n`);
  return settings;
}

/** Writes neo4j.conf: loopback only, chosen ports, memory, a finite transaction timeout, APOC allowed. */
export async function writeServerConfig(layout: LocalLayout, s: InstanceSettings): Promise<void> {
  await mkdir(layout.confDir, { recursive: true });
  const lines = [
    '# Written by graphgate on every start; edit instance.json or the GRAPHGATE_NEO4J_* variables instead.',
    'server.default_listen_address=127.0.0.1',
    'server.default_advertised_address=127.0.0.1',
    `server.bolt.listen_address=127.0.0.1:${s.boltPort}`,
    `server.bolt.advertised_address=127.0.0.1:${s.boltPort}`,
    `server.http.listen_address=127.0.0.1:${s.httpPort}`,
    `server.http.advertised_address=127.0.0.1:${s.httpPort}`,
    'server.https.enabled=false',
    `server.memory.heap.initial_size=${s.heapInitial}`,
    `server.memory.heap.max_size=${s.heapMax}`,
    `server.memory.pagecache.size=${s.pageCache}`,
    // The default is unlimited: a runaway query would otherwise hold the server forever.
    `db.transaction.timeout=${s.txTimeout}`,
    `server.directories.data=${layout.dataDir}`,
    `server.directories.logs=${layout.logsDir}`,
    `server.directories.run=${layout.runDir}`,
    `server.directories.plugins=${layout.pluginsDir}`,
    `server.directories.import=${layout.instanceDir}/import`,
    'dbms.security.procedures.unrestricted=apoc.*',
    'dbms.usage_report.enabled=false',
    // A local tool keeps no backups: without a cap the logs grew to 9 GB after a few hundred ingests.
    'db.tx_log.rotation.retention_policy=256M size',
  ];
  await writeFile(`${layout.confDir}/neo4j.conf`, `${lines.join('\n')}\n`);
}

/** Returns the instance password, generating one (0600 file) the first time. */
export async function ensurePassword(layout: LocalLayout): Promise<{ password: string; created: boolean }> {
  await mkdir(layout.instanceDir, { recursive: true });
  if (existsSync(layout.passwordFile)) {
    await chmod(layout.passwordFile, 0o600);
    return { password: (await readFile(layout.passwordFile, 'utf8')).trim(), created: false };
  }
  // Hex: a password safe on any command line (base64url began with '-' one time in 64, which neo4j-admin read as an option).
  const password = randomBytes(18).toString('hex');
  await writeFile(layout.passwordFile, `${password}\n`, { mode: 0o600 });
  return { password, created: true };
}
