import type { Command } from 'commander';
import { AppError } from '../errors/index.js';
import { createLogger, type LogLevel } from '../runtime/logger.js';
import { action, stage, untilSignal } from './output.js';

export const DEFAULT_GRAPHQL_PORT = 4000;

export function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d{1,5}$/.test(value) || port > 65_535) throw new AppError('INVALID_ARGS', { message: `--port must be 0–65535, got "${value}".` });
  return port;
}

/** `graphgate graphql` — serves the fact plane over GraphQL (with GraphiQL) until interrupted. */
export function registerGraphqlCommand(program: Command): void {
  program
    .command('graphql')
    .description('serve the GraphQL API and GraphiQL at /graphql (read-only unless GRAPHGATE_GRAPHQL_MUTATIONS=1 with GRAPHGATE_GRAPHQL_TOKEN)')
    .option('--port <n>', `port to listen on (default ${DEFAULT_GRAPHQL_PORT}, or a free one when that is taken)`)
    .option('--host <h>', 'address to bind (default 127.0.0.1; another address needs GRAPHGATE_GRAPHQL_TOKEN)')
    .option('--json', 'print one JSON line {url, port, mutations} on stdout when ready')
    .action(action(async (opts: { port?: string; host?: string; json?: boolean }) => {
      // Loaded on use: @neo4j/graphql is heavy and other commands (mcp) should start fast.
      const [{ graphqlConfigFromEnv, resolveGraphqlConfig, startGraphqlServer }, { openGraph }] = await Promise.all([import('../graphql/index.js'), import('../graph/connect.js')]);
      const port = opts.port === undefined ? DEFAULT_GRAPHQL_PORT : parsePort(opts.port);
      // Configuration mistakes fail before anything connects.
      const config = resolveGraphqlConfig(graphqlConfigFromEnv(), opts.host ?? '127.0.0.1');
      const log = createLogger((process.env.GRAPHGATE_LOG_LEVEL as LogLevel | undefined) ?? 'warn');
      if (!opts.json) stage('connecting to Neo4j…');
      const graph = await openGraph({ log });
      try {
        const server = await startGraphqlServer({ graph, port, host: opts.host, log, config, anyPortIfBusy: opts.port === undefined });
        if (opts.json) {
          process.stdout.write(`${JSON.stringify({ url: server.url, port: server.port, mutations: server.mutations })}\n`);
        } else {
          process.stdout.write(
            [
              `GraphQL endpoint and GraphiQL: ${server.url}`,
              `  Neo4j:     ${graph.connection.uri} (${graph.connection.source})`,
              `  mutations: ${server.mutations ? 'enabled, bearer token required' : 'off (read-only)'}`,
              '  stop with Ctrl+C',
            ].join('\n') + '\n',
          );
        }
        const signal = await untilSignal();
        if (!opts.json) stage(`${signal}: stopping the GraphQL server…`);
        await server.close();
      } finally {
        await graph.close();
      }
    }));
}
