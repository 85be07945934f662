import { resolve } from 'node:path';
import type { Command } from 'commander';
import { isLoopbackAddress } from '../dashboard/host-guard.js';
import { DEFAULT_DASHBOARD_PORT } from '../dashboard/port.js';
import { AppError } from '../errors/index.js';
import { createLogger, type LogLevel } from '../runtime/logger.js';
import { parsePort } from './graphql.command.js';
import { action, stage, untilSignal } from './output.js';

interface ObserveOptions {
  port?: string;
  host?: string;
  repoId?: string;
  json?: boolean;
}

/** `graphgate observe` — the observer console (page, JSON, SSE) over one repository's works and turns; writes only a person's memory review, behind the GraphQL mutation token. */
export function registerObserveCommand(program: Command): void {
  program
    .command('observe')
    .description('serve the observer console: live works and turns, latency and rejections, pending memories (127.0.0.1; approve/reject only with GRAPHGATE_GRAPHQL_MUTATIONS=1 and the GRAPHGATE_GRAPHQL_TOKEN a person types into the page)')
    .argument('[repoPath]', 'the repository whose works are shown (default: the current folder)')
    .option('--port <n>', `port to listen on (default GRAPHGATE_DASHBOARD_PORT or ${DEFAULT_DASHBOARD_PORT}; a free one when the default is taken)`)
    .option('--host <h>', 'loopback address to bind (default 127.0.0.1)')
    .option('--repo-id <id>', 'use this repoId instead of the one derived from the repository')
    .option('--json', 'print one JSON line {url, port, repoId} on stdout when ready')
    .action(action(async (repoPath: string | undefined, opts: ObserveOptions) => {
      const [{ loadConfig }, { resolveRepoId }, { startDashboardServer }, { openGraph }, { graphqlConfigFromEnv, resolveGraphqlConfig }] = await Promise.all([
        import('../config/index.js'), import('../config/repo-id.js'), import('../dashboard/index.js'), import('../graph/connect.js'), import('../graphql/config.js'),
      ]);
      const repoRoot = resolve(repoPath ?? process.cwd());
      const envPort = process.env.GRAPHGATE_DASHBOARD_PORT;
      const port = opts.port !== undefined ? parsePort(opts.port) : envPort ? parsePort(envPort) : DEFAULT_DASHBOARD_PORT;
      const repoId = opts.repoId ?? (await resolveRepoId(repoRoot, loadConfig({ repoRoot }).config));
      // Configuration mistakes fail before anything connects.
      if (opts.host !== undefined && !isLoopbackAddress(opts.host)) {
        throw new AppError('INVALID_CONFIG', { message: `The observer console binds only to loopback addresses (it has no authentication yet); got --host ${opts.host}.` });
      }
      // The same configuration and fail-closed checks as `graphgate graphql`: review is on only where mutations are.
      const review = resolveGraphqlConfig(graphqlConfigFromEnv(), '127.0.0.1');
      const log = createLogger((process.env.GRAPHGATE_LOG_LEVEL as LogLevel | undefined) ?? 'warn');
      if (!opts.json) stage('connecting to Neo4j…');
      const graph = await openGraph({ log });
      try {
        const server = await startDashboardServer({
          // With --repo-id the folder may not be that repository: /health then measures the checkout its last ingest read.
          graph, repoId, repoRoot: opts.repoId ? undefined : repoRoot, port, host: opts.host, log, anyPortIfBusy: opts.port === undefined && !envPort,
          reviewToken: review.mutations ? review.token : undefined,
        });
        if (opts.json) {
          process.stdout.write(`${JSON.stringify({ url: server.url, port: server.port, repoId })}\n`);
        } else {
          process.stdout.write([
            `Observer console: ${server.url}`,
            `  repository: ${repoId}`,
            `  Neo4j:      ${graph.connection.uri} (${graph.connection.source})`,
            review.mutations ? '  memory review: on (the GraphQL mutation token); stop with Ctrl+C' : '  read-only; stop with Ctrl+C',
          ].join('\n') + '\n');
        }
        const signal = await untilSignal();
        if (!opts.json) stage(`${signal}: stopping the observer console…`);
        await server.close();
      } finally {
        await graph.close();
      }
    }));
}
