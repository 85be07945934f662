import type { Command } from 'commander';
import { openGraph } from '../graph/connect.js';
import { LocalNeo4j } from '../graph/local-neo4j/index.js';
import { graphqlConfigFromEnv, resolveGraphqlConfig, startGraphqlServer } from '../graphql/index.js';
import { createLogger, type LogLevel } from '../runtime/logger.js';
import { DEFAULT_GRAPHQL_PORT, parsePort } from './graphql.command.js';
import { action, stage, untilSignal } from './output.js';

/** `graphgate up` (what `npm start` runs): Neo4j, schema, GraphQL — then waits until interrupted. */
export function registerUpCommand(program: Command): void {
  program
    .command('up')
    .description('start everything: the local Neo4j (unless NEO4J_URI is set), the schema and the GraphQL endpoint')
    .option('--graphql-port <n>', `GraphQL port (default ${DEFAULT_GRAPHQL_PORT}, or a free one when taken)`)
    .action(action(async (opts: { graphqlPort?: string }) => {
      const log = createLogger((process.env.GRAPHGATE_LOG_LEVEL as LogLevel | undefined) ?? 'warn');
      const config = resolveGraphqlConfig(graphqlConfigFromEnv(), '127.0.0.1');
      stage(process.env.NEO4J_URI ? `connecting to ${process.env.NEO4J_URI}…` : 'connecting to the local Neo4j, starting it if needed (the first run fetches it through Maven)…');
      const graph = await openGraph({ log });
      try {
        const info = await graph.serverInfo();
        const local = graph.connection.source === 'local' ? await new LocalNeo4j({ log }).status() : undefined;
        const port = opts.graphqlPort === undefined ? DEFAULT_GRAPHQL_PORT : parsePort(opts.graphqlPort);
        const server = await startGraphqlServer({ graph, port, log, config, anyPortIfBusy: opts.graphqlPort === undefined });
        process.stdout.write(
          [
            `graphgate is up.`,
            `  Neo4j ${info.version} ${info.edition}: ${graph.connection.uri} (${graph.connection.source})`,
            ...(local ? [`  Neo4j Browser:  ${local.browserUrl}  (user neo4j, password in ${local.passwordFile})`] : []),
            `  GraphiQL:       ${server.url}`,
            '  stop with Ctrl+C (the Neo4j server keeps running; `graphgate db stop` stops it)',
          ].join('\n') + '\n',
        );
        const signal = await untilSignal();
        stage(`${signal}: stopping…`);
        await server.close();
      } finally {
        await graph.close();
      }
    }));
}
