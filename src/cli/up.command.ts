import { join } from 'node:path';
import type { Command } from 'commander';
import { WatchLeadership } from '../mcp/watch-leadership.js';
import { createLogger, type LogLevel } from '../runtime/logger.js';
import { packageRoot } from '../runtime/package-root.js';
import { DEFAULT_DASHBOARD_PORT } from '../dashboard/port.js';
import { DEFAULT_GRAPHQL_PORT, parsePort } from './graphql.command.js';
import { action, stage, untilSignal } from './output.js';

/** The workspace `up` ingests when no repository is named: the bundled Angular sample. */
export const SAMPLE_WORKSPACE = join(packageRoot(), 'test', 'fixtures', 'workspace');

interface UpFlags {
  repo?: string;
  repoId?: string;
  ingest: boolean;
  graphqlPort?: string;
  observePort?: string;
  watch?: boolean;
}

/** `graphgate up` (what `npm start` runs): Neo4j, schema, ingest, GraphQL, the observer console — then waits until interrupted. */
export function registerUpCommand(program: Command): void {
  program
    .command('up')
    .description('start everything: the local Neo4j (unless NEO4J_URI is set), the schema, an ingest of the repository, GraphQL and the observer console')
    .option('--repo <path>', 'repository to ingest (default: GRAPHGATE_REPO, else the bundled sample workspace)')
    .option('--repo-id <id>', 'use this repoId instead of the one derived from the git remote or path')
    .option('--no-ingest', 'skip the ingest step')
    .option('--watch', 'keep the graph current: re-ingest changed files while the server runs')
    .option('--graphql-port <n>', `GraphQL port (default ${DEFAULT_GRAPHQL_PORT}, or a free one when taken)`)
    .option('--observe-port <n>', `observer console port (default ${DEFAULT_DASHBOARD_PORT}, or a free one when taken)`)
    .action(action(async (opts: UpFlags) => {
      const { createTsProjectCache, ingestRepository, summaryLines, terminalProgress, watchRepository } = await import('../../ingest/index.js');
      const { graphqlConfigFromEnv, resolveGraphqlConfig, startGraphqlServer } = await import('../graphql/index.js');
      const [{ openGraph }, { LocalNeo4j }, { loadConfig }, { resolveRepoId }, { startDashboardServer }] = await Promise.all([
        import('../graph/connect.js'), import('../graph/local-neo4j/index.js'), import('../config/index.js'), import('../config/repo-id.js'), import('../dashboard/index.js'),
      ]);
      const log = createLogger((process.env.GRAPHGATE_LOG_LEVEL as LogLevel | undefined) ?? 'warn');
      const config = resolveGraphqlConfig(graphqlConfigFromEnv(), '127.0.0.1');
      stage(process.env.NEO4J_URI ? `connecting to ${process.env.NEO4J_URI}…` : 'connecting to the local Neo4j, starting it if needed (the first run fetches it through Maven)…');
      const graph = await openGraph({ log });
      try {
        const info = await graph.serverInfo();
        const local = graph.connection.source === 'local' ? await new LocalNeo4j({ log }).status() : undefined;
        const lines = [`Neo4j ${info.version} ${info.edition}: ${graph.connection.uri} (${graph.connection.source})`];
        const root = opts.repo ?? process.env.GRAPHGATE_REPO ?? SAMPLE_WORKSPACE;
        const settings = { repoId: opts.repoId };
        // The watcher re-parses only what changed against the project the first ingest filled.
        const projectCache = opts.watch ? createTsProjectCache() : undefined;
        let ingestedRepoId: string | undefined;
        if (opts.ingest || opts.watch) {
          stage(`ingesting ${root}…`);
          const progress = terminalProgress();
          const summary = await ingestRepository({ graph, root, log, settings, onProgress: progress.onProgress, projectCache }).finally(() => progress.stop());
          ingestedRepoId = summary.repoId;
          lines.push(...summaryLines(summary).map((l) => `  ${l}`));
        }
        // The MCP servers on this checkout rely on this watcher while it runs, when the lead is free (src/mcp/watch-leadership.ts).
        const lead = opts.watch && ingestedRepoId ? WatchLeadership.forRepository(root, ingestedRepoId, graph.connection) : undefined;
        lead?.acquire();
        const watcher = opts.watch
          ? watchRepository({ graph, root, log, settings, projectCache, onRun: (s) => stage(`re-ingested ${s.files.parsed} file(s), ${s.files.deleted} deleted in ${s.timings.totalMs} ms`) })
          : undefined;
        if (watcher) {
          await watcher.ready();
          lines.push(`  watching ${root} for changes`);
        }
        const port = opts.graphqlPort === undefined ? DEFAULT_GRAPHQL_PORT : parsePort(opts.graphqlPort);
        const server = await startGraphqlServer({ graph, port, log, config, anyPortIfBusy: opts.graphqlPort === undefined });
        // The observer console shows the ingested repository's works and turns (the same repoId the MCP server uses).
        const repoId = ingestedRepoId ?? opts.repoId ?? (await resolveRepoId(root, loadConfig({ repoRoot: root }).config));
        const observer = await startDashboardServer({
          graph, repoId, repoRoot: root, log, port: opts.observePort === undefined ? DEFAULT_DASHBOARD_PORT : parsePort(opts.observePort), anyPortIfBusy: opts.observePort === undefined,
          reviewToken: config.mutations ? config.token : undefined,
        });
        process.stdout.write(
          [
            'graphgate is up.',
            ...lines,
            ...(local ? [`Neo4j Browser: ${local.browserUrl}  (user neo4j, password in ${local.passwordFile})`] : []),
            `GraphiQL:      ${server.url}`,
            `Observer:      ${observer.url}`,
            'stop with Ctrl+C (the Neo4j server keeps running; `graphgate db stop` stops it)',
          ].join('\n') + '\n',
        );
        const signal = await untilSignal();
        stage(`${signal}: stopping…`);
        await watcher?.close();
        lead?.release();
        await observer.close();
        await server.close();
      } finally {
        await graph.close();
      }
    }));
}
