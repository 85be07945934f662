import { InvalidArgumentError, type Command } from 'commander';
import { ingestMovesPlans, openGraph, warmPlans } from '../graph/index.js';
import { createLogger } from '../runtime/logger.js';
import { action, printResult, stage } from './output.js';

interface IngestFlags {
  watch?: boolean;
  json?: boolean;
  repoId?: string;
  include?: string[];
  exclude?: string[];
  anchorDepth?: string;
  warmPlans?: boolean;
  maxProjectFiles?: number;
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

const fileCount = (value: string): number => {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n)) throw new InvalidArgumentError('expected a whole number of files (0: no bound).');
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
    .option('--max-project-files <n>', 'hold at most n parsed TypeScript files during a full ingest: less memory, more time (0: no bound, the default)', fileCount)
    .option('--warm-plans', 'after an ingest that changed much of the graph, have Neo4j plan the statements agents ran before (before starting several agents at once)')
    .action(action(async (repoPath: string, flags: IngestFlags) => {
      // Loaded on use: the parsers are heavy and other commands (mcp) should start fast.
      const { createTsProjectCache, ingestRepository, summaryLines, terminalProgress, watchRepository } = await import('../../ingest/index.js');
      const log = createLogger(process.env.GRAPHGATE_LOG_LEVEL ? undefined : 'warn');
      const settings = {
        repoId: flags.repoId,
        include: flags.include,
        exclude: flags.exclude,
        anchorDepth: flags.anchorDepth === undefined ? undefined : Number.parseInt(flags.anchorDepth, 10),
        projectMaxFiles: flags.maxProjectFiles,
      };
      const graph = await openGraph({ log, recordShapes: true });
      try {
        const progress = terminalProgress(!flags.json && process.stderr.isTTY === true);
        const projectCache = flags.watch ? createTsProjectCache() : undefined;
        const summary = await ingestRepository({ graph, root: repoPath, log, settings, onProgress: progress.onProgress, projectCache }).finally(() => progress.stop());
        // Agents started together would otherwise each plan the same statements again, side by side.
        const warm = flags.warmPlans === true && ingestMovesPlans(summary) ? await warmPlans(graph, { log }) : undefined;
        printResult(Boolean(flags.json), { ...summary, ...(warm ? { planWarmUp: warm } : {}) }, () => [
          ...summaryLines(summary),
          ...(warm && warm.shapes > 0 ? [`planned ${warm.warmed} statement shape(s) for agents in ${(warm.ms / 1000).toFixed(1)} s`] : []),
        ]);
        if (!flags.watch) return;
        const watcher = watchRepository({
          graph, root: repoPath, log, settings, projectCache,
          onRun: (s) => printResult(Boolean(flags.json), s, () => [`re-ingested ${s.files.parsed} file(s), ${s.files.deleted} deleted in ${s.timings.totalMs} ms`]),
        });
        await watcher.ready();
        stage(`watching ${summary.root} (Ctrl-C to stop)`);
        await new Promise<void>((resolve) => {
          const stop = (): void => void watcher.close().then(resolve);
          process.once('SIGINT', stop);
          process.once('SIGTERM', stop);
        });
      } finally {
        await graph.close();
      }
    }));
}
