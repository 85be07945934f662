import type { Command } from 'commander';
import type { LocalNeo4j, LocalStatus } from '../graph/local-neo4j/index.js';
import { createLogger } from '../runtime/logger.js';
import { action, printResult, stage } from './output.js';

function statusLines(s: LocalStatus): string[] {
  if (!s.running) return [`Neo4j (${s.instance}) is stopped.`, `  start it: graphgate db start`];
  return [
    `Neo4j ${s.version} (${s.instance}) is running, pid ${s.pid}`,
    `  bolt:     ${s.boltUri}`,
    `  http:     ${s.httpUrl}`,
    `  browser:  ${s.browserUrl}`,
    `  user:     ${s.username}`,
    `  password: in ${s.passwordFile}`,
  ];
}

/** `graphgate db start|stop|status|wipe|migrate` — the local managed Neo4j. */
export function registerDbCommands(program: Command): void {
  const db = program.command('db').description('manage the local Neo4j server that graphgate provisions');
  // Loaded on use, as in every command: the CLI starts without the driver and the server tooling.
  const local = async (instance?: string): Promise<LocalNeo4j> => {
    const { LocalNeo4j } = await import('../graph/local-neo4j/index.js');
    return new LocalNeo4j({ log: createLogger('warn'), instance });
  };

  db.command('start')
    .description('fetch (first time), configure and start the local Neo4j; a no-op when it already runs')
    .option('--instance <name>', 'instance name', process.env.GRAPHGATE_NEO4J_INSTANCE ?? 'default')
    .option('--json', 'print the status as JSON')
    .action(action(async (opts: { instance: string; json?: boolean }) => {
      const server = await local(opts.instance);
      const before = await server.status();
      if (!before.running && !opts.json) stage('starting Neo4j (the first start fetches the server jars through Maven)…');
      const result = await server.start();
      printResult(Boolean(opts.json), { ...result.status, alreadyRunning: result.alreadyRunning, startMs: result.startMs }, () => [
        result.alreadyRunning ? 'Already running.' : `Started in ${(result.startMs / 1000).toFixed(1)} s${result.fetched ? ' (jars fetched)' : ''}.`,
        ...statusLines(result.status),
      ]);
    }));

  db.command('stop')
    .description('stop the local Neo4j; a no-op when it is stopped')
    .option('--instance <name>', 'instance name', process.env.GRAPHGATE_NEO4J_INSTANCE ?? 'default')
    .option('--json', 'print the result as JSON')
    .action(action(async (opts: { instance: string; json?: boolean }) => {
      const result = await (await local(opts.instance)).stop();
      printResult(Boolean(opts.json), result, () => [result.wasRunning ? 'Stopped.' : 'Was not running.']);
    }));

  db.command('status')
    .description('show whether the local Neo4j runs and how to connect to it')
    .option('--instance <name>', 'instance name', process.env.GRAPHGATE_NEO4J_INSTANCE ?? 'default')
    .option('--json', 'print the status as JSON')
    .option('--show-password', 'include the password itself')
    .action(action(async (opts: { instance: string; json?: boolean; showPassword?: boolean }) => {
      const server = await local(opts.instance);
      const status = await server.status();
      const value = opts.showPassword ? { ...status, password: await server.password() } : status;
      printResult(Boolean(opts.json), value, () => statusLines(status));
    }));

  db.command('wipe')
    .description('delete all data of the local instance (keeps its password); restarts it if it was running')
    .option('--instance <name>', 'instance name', process.env.GRAPHGATE_NEO4J_INSTANCE ?? 'default')
    .requiredOption('--yes', 'confirm that all graph data of this instance is deleted')
    .action(action(async (opts: { instance: string }) => {
      const result = await (await local(opts.instance)).wipe();
      process.stdout.write(`Wiped${result.restarted ? ' and restarted' : ''}.\n`);
    }));

  db.command('migrate')
    .description('apply the graph schema (constraints, indexes, full-text indexes) to the configured Neo4j')
    .option('--json', 'print the result as JSON')
    .action(action(async (opts: { json?: boolean }) => {
      const [{ openGraph }, { latestSchemaVersion, migrateSchema }] = await Promise.all([import('../graph/connect.js'), import('../graph/schema-migrator.js')]);
      const graph = await openGraph({ log: createLogger('warn'), migrate: false });
      try {
        const result = await migrateSchema(graph, 'graphgate db migrate');
        printResult(Boolean(opts.json), { ...result, latest: latestSchemaVersion() }, () => [
          result.applied.length ? `Applied ${result.applied.join(', ')}; schema version ${result.to}.` : `Schema is current (version ${result.to}).`,
        ]);
      } finally {
        await graph.close();
      }
    }));
}
