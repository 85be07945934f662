import { resolve } from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import { WatchLeadership } from '../mcp/watch-leadership.js';
import { createLogger } from '../runtime/logger.js';
import { ingestResultLines, type IngestResult, type IngestRun } from './ingest-run.js';
import { action, printResult, stage } from './output.js';

interface IngestFlags {
  watch?: boolean;
  json?: boolean;
  repoId?: string;
  include?: string[];
  exclude?: string[];
  anchorDepth?: string;
  warmPlans?: boolean;
  maxProjectFiles?: number | 'auto';
  daemon: boolean;
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

const fileCount = (value: string): number | 'auto' => {
  if (value.trim() === 'auto') return 'auto';
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n)) throw new InvalidArgumentError("expected a whole number of files (0: no bound) or 'auto'.");
  return n;
};

/** `graphgate ingest <repoPath> [--watch] [--json]` — write a repository's facts into Neo4j. */
export function registerIngestCommand(program: Command): void {
  program
    .command('ingest <repoPath>')
    .description('ingest a repository (Angular-first) into the graph; re-runs only parse what changed')
    .option('--watch', 'keep running and re-ingest changed files incrementally')
    .option('--json', 'print the run summary as JSON')
    .option('--repo-id <id>', 'use this repoId instead of the one derived from the git remote or path')
    .option('--include <glob>', 'only ingest files matching this glob (repeatable)', collect)
    .option('--exclude <glob>', 'also exclude files matching this glob (repeatable)', collect)
    .option('--anchor-depth <n>', 'folder depth of domain anchors (default 3)')
    .option('--max-project-files <n|auto>', "hold at most n parsed TypeScript files during a full ingest: less memory, more time (0: no bound; default 'auto': bounded only when the files would not fit the heap)", fileCount)
    .option('--warm-plans', 'after an ingest that changed much of the graph, have Neo4j plan the statements agents ran before (before starting several agents at once)')
    .option('--no-daemon', 'ingest in this process, even when `graphgate daemon` runs, and start no daemon')
    .action(action(async (repoPath: string, flags: IngestFlags) => {
      const anchorDepth = flags.anchorDepth === undefined ? undefined : Number.parseInt(flags.anchorDepth, 10);
      const settings = { repoId: flags.repoId, include: flags.include, exclude: flags.exclude, anchorDepth, projectMaxFiles: flags.maxProjectFiles };
      const run: IngestRun = { root: resolve(repoPath), settings, warmPlans: flags.warmPlans === true };
      const print = (result: IngestResult): void => printResult(Boolean(flags.json), result, () => ingestResultLines(result));
      // A running daemon has the driver connected and the parsers loaded: most of a small re-ingest's cost.
      const handed = !flags.watch && flags.daemon ? await ingestInDaemon(run, Boolean(flags.json)) : 'not-asked';
      if (typeof handed === 'object') return print(handed);

      // Loaded on use: the parsers are heavy and other commands (mcp) should start fast.
      const [{ boundHeapGrowth, createTsProjectCache, terminalProgress, watchRepository }, { openGraph }, { runIngest }] = await Promise.all([
        import('../../ingest/index.js'), import('../graph/index.js'), import('./ingest-run.js'),
      ]);
      boundHeapGrowth();
      const log = createLogger(process.env.GRAPHGATE_LOG_LEVEL ? undefined : 'warn');
      const graph = await openGraph({ log, recordShapes: true });
      try {
        const progress = terminalProgress(!flags.json && process.stderr.isTTY === true);
        const projectCache = flags.watch ? createTsProjectCache() : undefined;
        const result = await runIngest(graph, log, { ...run, onProgress: progress.onProgress, projectCache }).finally(() => progress.stop());
        print(result);
        if (handed === 'none') await startDaemonForNextRun();
        if (!flags.watch) return;
        // The MCP servers on this checkout rely on this watcher while it runs, when the lead is free (src/mcp/watch-leadership.ts).
        const lead = WatchLeadership.forRepository(run.root, result.repoId, graph.connection);
        lead.acquire();
        const watcher = watchRepository({
          graph, root: repoPath, log, settings, projectCache,
          onRun: (s) => printResult(Boolean(flags.json), s, () => [`re-ingested ${s.files.parsed} file(s), ${s.files.deleted} deleted in ${s.timings.totalMs} ms`]),
        });
        await watcher.ready();
        stage(`watching ${run.root} (Ctrl-C to stop)`);
        await new Promise<void>((resolve) => {
          const stop = (): void => void watcher.close().then(resolve);
          process.once('SIGINT', stop);
          process.once('SIGTERM', stop);
        });
        lead.release();
      } finally {
        await graph.close();
      }
    }));
}

/**
 * After an ingest no daemon answered, starts one for the next run (as Nx starts its daemon on first
 * use), unless GRAPHGATE_DAEMON=off or in CI (src/daemon/spawn.ts). It is not waited for: it comes up
 * while this process exits, and a second one started at the same moment gives way (`PORT_IN_USE`).
 */
async function startDaemonForNextRun(): Promise<void> {
  const { autoStartWanted, DEFAULT_IDLE_MINUTES, spawnDaemon } = await import('../daemon/spawn.js');
  if (!autoStartWanted()) return;
  try {
    const child = spawnDaemon(DEFAULT_IDLE_MINUTES);
    stage(`started an ingest daemon (pid ${child.pid}) so the next ingest starts warm; it stops after ${DEFAULT_IDLE_MINUTES} idle minutes (graphgate daemon stop; GRAPHGATE_DAEMON=off or --no-daemon to never start one)`);
  } catch (error) {
    stage(`no ingest daemon started: ${(error as Error).message}`);
  }
}

/**
 * The run handed to the daemon of this Neo4j, or why it runs here: `none` when no daemon listens
 * (or its socket is stale), `other-build` when the daemon runs another build of graphgate.
 */
async function ingestInDaemon(run: IngestRun, json: boolean): Promise<IngestResult | 'none' | 'other-build'> {
  const [{ askDaemon }, { daemonEndpoint }, { AppError, isErrorCode }, { terminalProgress }] = await Promise.all([
    import('../daemon/client.js'), import('../daemon/endpoint.js'), import('../errors/index.js'), import('../../ingest/pipeline/progress.js'),
  ]);
  const progress = terminalProgress(!json && process.stderr.isTTY === true);
  const request = { op: 'ingest' as const, root: run.root, settings: run.settings, warmPlans: run.warmPlans, progress: !json && process.stderr.isTTY === true };
  const answer = await askDaemon(daemonEndpoint(), request, (a) => progress.onProgress(a.progress)).finally(() => progress.stop());
  if (!answer) return 'none';
  if (answer.type === 'build-mismatch') {
    stage('the ingest daemon runs another build of graphgate; ingesting in this process (restart it: graphgate daemon stop, then graphgate daemon start)');
    return 'other-build';
  }
  if (answer.type === 'error') {
    const code = isErrorCode(answer.error.code) ? answer.error.code : 'INTERNAL';
    throw new AppError(code, { message: answer.error.message, details: answer.error.details });
  }
  if (answer.type !== 'result') throw new AppError('INTERNAL', { message: `The ingest daemon answered "${answer.type}" to an ingest.` });
  return answer.value as unknown as IngestResult;
}
