import { stat } from 'node:fs/promises';
import { connectionFromEnv } from '../graph/connect.js';
import { Graph, type ConnectionInfo } from '../graph/graph.js';
import { LocalNeo4j, NEO4J_VERSION } from '../graph/local-neo4j/index.js';
import { isPortFree } from '../graph/local-neo4j/ports.js';
import { readSettings } from '../graph/local-neo4j/server-config.js';
import { latestSchemaVersion } from '../graph/schema-migrator.js';
import { readSchemaVersion } from '../graph/schema.queries.js';
import { silentLogger } from '../runtime/logger.js';
import { bounded, firstLine, type Check } from './check.js';
import { apocProcedures } from './doctor.queries.js';

export interface Neo4jProbe {
  checks: Check[];
  /** Open when the server answered (the repository checks use it); the caller closes it. */
  graph?: Graph;
}

/** Which server graphgate would use (NEO4J_URI, else the local instance), and whether it answers. */
export async function neo4jChecks(options: { timeoutMs: number }): Promise<Neo4jProbe> {
  const fromEnv = connectionFromEnv();
  const checks: Check[] = [];
  let connection: ConnectionInfo | undefined = fromEnv;
  if (!fromEnv) {
    const local = new LocalNeo4j({ log: silentLogger });
    const status = await local.status();
    checks.push(await passwordFileCheck(status.passwordFile));
    if (!status.running) {
      checks.push({ id: 'neo4j-server', status: 'fail', summary: `local instance "${status.instance}" is stopped`, fix: 'graphgate db start' });
      checks.push(await freePortsCheck(local));
      return { checks };
    }
    checks.push({ id: 'neo4j-server', status: 'ok', summary: `local instance "${status.instance}" runs (pid ${status.pid}, ${status.boltUri}, ${status.browserUrl})` });
    connection = { uri: status.boltUri ?? '', username: status.username, password: await local.password(), source: 'local' };
  } else {
    checks.push({ id: 'neo4j-server', status: 'ok', summary: `NEO4J_URI=${fromEnv.uri} (user ${fromEnv.username})` });
  }
  const graph = new Graph({ connection: connection!, log: silentLogger, maxRetryMs: 0, txTimeoutMs: options.timeoutMs });
  const connected = await bounded('neo4j-connect', options.timeoutMs, async () => {
    const info = await graph.serverInfo();
    const [major = 0, minor = 0] = info.version.split('.').map(Number);
    const supported = major > 5 || (major === 5 && minor >= 23);
    return {
      id: 'neo4j-connect', status: supported ? 'ok' : 'warn', summary: `${info.agent}, ${info.edition} edition, version ${info.version}`,
      ...(supported ? {} : { fix: `graphgate needs Neo4j 5.23 or newer (it provisions ${NEO4J_VERSION}, 5.26 LTS); upgrade the server` }),
    };
  }, 'check NEO4J_URI and credentials, or run graphgate db start');
  checks.push(...connected);
  if (connected[0]?.status === 'fail') {
    await graph.close();
    return { checks };
  }
  checks.push(...(await bounded('apoc', options.timeoutMs, async () => {
    const [row] = await graph.read(apocProcedures, {});
    const count = Number(row?.count ?? 0);
    return { id: 'apoc', status: 'ok', summary: count > 0 ? `${count} APOC procedures` : 'not installed (graphgate does not need it)' };
  })));
  checks.push(...(await bounded('schema', options.timeoutMs, async () => schemaCheck(graph))));
  return { checks, graph };
}

async function schemaCheck(graph: Graph): Promise<Check> {
  const [row] = await graph.read(readSchemaVersion, {});
  const version = row?.version ?? 0;
  const latest = latestSchemaVersion();
  if (version < latest) return { id: 'schema', status: 'fail', summary: `schema version ${version}, this graphgate needs ${latest}`, fix: 'graphgate db migrate' };
  if (version > latest) return { id: 'schema', status: 'warn', summary: `schema version ${version} is newer than this graphgate's (${latest})`, fix: 'update graphgate' };
  return { id: 'schema', status: 'ok', summary: `version ${version} (current)` };
}

/** The password file holds the local server's admin password: only its owner may read it. */
async function passwordFileCheck(file: string): Promise<Check> {
  try {
    const mode = (await stat(file)).mode & 0o777;
    if ((mode & 0o077) !== 0) return { id: 'password-file', status: 'fail', summary: `${file} has mode ${mode.toString(8)}`, fix: `chmod 600 ${file}` };
    return { id: 'password-file', status: 'ok', summary: `${file} (mode ${mode.toString(8)})` };
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT'
      ? { id: 'password-file', status: 'ok', summary: 'not created yet (the first db start writes it)' }
      : { id: 'password-file', status: 'fail', summary: firstLine(error) };
  }
}

/** A stopped instance restarts on its recorded ports when free, else on others; ports set by env must be free. */
async function freePortsCheck(local: LocalNeo4j): Promise<Check> {
  const settings = await readSettings(local.layout);
  const wanted = [
    ['GRAPHGATE_NEO4J_BOLT_PORT', process.env.GRAPHGATE_NEO4J_BOLT_PORT ? Number(process.env.GRAPHGATE_NEO4J_BOLT_PORT) : settings?.boltPort],
    ['GRAPHGATE_NEO4J_HTTP_PORT', process.env.GRAPHGATE_NEO4J_HTTP_PORT ? Number(process.env.GRAPHGATE_NEO4J_HTTP_PORT) : settings?.httpPort],
  ] as const;
  const held: string[] = [];
  let fixed = false;
  for (const [name, port] of wanted) {
    if (port === undefined || (await isPortFree(port))) continue;
    held.push(String(port));
    if (process.env[name]) fixed = true;
  }
  if (held.length === 0) return { id: 'ports', status: 'ok', summary: settings ? `bolt ${settings.boltPort} and http ${settings.httpPort} are free` : 'chosen at the first start' };
  if (fixed) return { id: 'ports', status: 'fail', summary: `127.0.0.1:${held.join(', ')} (set by env) held by another process`, fix: 'stop that process or choose other GRAPHGATE_NEO4J_*_PORT values' };
  return { id: 'ports', status: 'ok', summary: `recorded port(s) ${held.join(', ')} are taken; the next start picks free ones` };
}
