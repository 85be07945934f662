import { readFileSync } from 'node:fs';
import { InvalidArgumentError, type Command } from 'commander';
import { askDaemon, daemonStatus } from '../daemon/client.js';
import { daemonEndpoint } from '../daemon/endpoint.js';
import type { DaemonStatus } from '../daemon/protocol.js';
import { DEFAULT_IDLE_MINUTES, spawnDaemon } from '../daemon/spawn.js';
import { AppError } from '../errors/index.js';
import { createLogger, type LogLevel } from '../runtime/logger.js';
import { pidAlive } from '../runtime/process-liveness.js';
import { action, printResult, stage, untilSignal } from './output.js';

const START_TIMEOUT_MS = 180_000;

const minutes = (value: string): number => {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n)) throw new InvalidArgumentError('expected whole minutes (0: never).');
  return n;
};

const statusLines = (s: DaemonStatus): string[] => [
  `Ingest daemon running, pid ${s.pid}, since ${s.startedAt}`,
  `  Neo4j:   ${s.neo4j}`,
  `  served:  ${s.served} ingest(s), ${s.rssMb} MB resident`,
  `  socket:  ${daemonEndpoint().socketPath}`,
];

const currentStatus = (): Promise<DaemonStatus | null> => daemonStatus(daemonEndpoint());

/** `graphgate daemon run|start|stop|status`: a warm process that runs `graphgate ingest` for the CLI. */
export function registerDaemonCommands(program: Command): void {
  const daemon = program.command('daemon').description('keep a warm ingest process (driver connected, parsers loaded) that `graphgate ingest` hands its runs to');

  daemon.command('run')
    .description('run the daemon in the foreground until stopped (Ctrl-C, `graphgate daemon stop` or the idle timeout)')
    .option('--idle-minutes <n>', `stop after n minutes without a request (0: never; default ${DEFAULT_IDLE_MINUTES})`, minutes, DEFAULT_IDLE_MINUTES)
    .action(action(async (opts: { idleMinutes: number }) => {
      const [{ openGraph }, { boundHeapGrowth, preloadParsers }, { startIngestDaemon }, { runIngest }] = await Promise.all([
        import('../graph/index.js'), import('../../ingest/index.js'), import('../daemon/server.js'), import('./ingest-run.js'),
      ]);
      const log = createLogger((process.env.GRAPHGATE_LOG_LEVEL as LogLevel | undefined) ?? 'info');
      const graph = await openGraph({ log, recordShapes: true });
      try {
        boundHeapGrowth();
        await preloadParsers();
        const server = await startIngestDaemon({
          graph, log, endpoint: daemonEndpoint(), idleMs: opts.idleMinutes * 60_000,
          ingest: async (job, send) => ({
            ...(await runIngest(graph, log, { root: job.root, settings: job.settings, warmPlans: job.warmPlans, onProgress: (progress) => send({ type: 'progress', progress }) })),
            daemon: { pid: process.pid },
          }),
        });
        stage(`ingest daemon listening (pid ${process.pid}); stop it with graphgate daemon stop`);
        await Promise.race([server.stopped, untilSignal()]);
        await server.close();
      } finally {
        await graph.close();
      }
    }));

  daemon.command('start')
    .description('start the daemon in the background for this Neo4j (NEO4J_URI, or the local instance); a no-op when it runs')
    .option('--idle-minutes <n>', `stop after n minutes without a request (0: never; default ${DEFAULT_IDLE_MINUTES})`, minutes, DEFAULT_IDLE_MINUTES)
    .option('--json', 'print the status as JSON')
    .action(action(async (opts: { idleMinutes: number; json?: boolean }) => {
      const running = await currentStatus();
      if (running) return printResult(Boolean(opts.json), { ...running, alreadyRunning: true }, () => ['Already running.', ...statusLines(running)]);
      const { logPath } = daemonEndpoint();
      const child = spawnDaemon(opts.idleMinutes);
      let exited: number | null = null;
      child.once('exit', (code) => (exited = code ?? 1));
      const started = performance.now();
      for (;;) {
        const status = await currentStatus();
        if (status) return printResult(Boolean(opts.json), { ...status, alreadyRunning: false }, () => [`Started in ${((performance.now() - started) / 1000).toFixed(1)} s.`, ...statusLines(status)]);
        if (exited !== null || performance.now() - started > START_TIMEOUT_MS) {
          if (exited === null) child.kill();
          throw new AppError('INTERNAL', { message: `The ingest daemon did not start; its log (${logPath}) ends with:\n${tail(logPath, 8)}` });
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    }));

  daemon.command('stop')
    .description('stop the daemon after the ingest it is running; a no-op when none runs')
    .option('--json', 'print the result as JSON')
    .action(action(async (opts: { json?: boolean }) => {
      const endpoint = daemonEndpoint();
      const status = await currentStatus();
      if (status) await askDaemon(endpoint, { op: 'stop' });
      // It answers `stopping` at once, takes no new request, and exits once the running ingest is done.
      while (status && pidAlive(status.pid)) await new Promise((r) => setTimeout(r, 100));
      printResult(Boolean(opts.json), { wasRunning: status !== null, pid: status?.pid ?? null }, () => [status ? `Stopped (pid ${status.pid}).` : 'Was not running.']);
    }));

  daemon.command('status')
    .description('show whether the daemon of this Neo4j runs')
    .option('--json', 'print the status as JSON')
    .action(action(async (opts: { json?: boolean }) => {
      const status = await currentStatus();
      printResult(Boolean(opts.json), status ? { running: true, ...status } : { running: false }, () => (status ? statusLines(status) : ['No ingest daemon runs for this Neo4j.', '  start it: graphgate daemon start']));
    }));
}

function tail(path: string, lines: number): string {
  try {
    return readFileSync(path, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}
