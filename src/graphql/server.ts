import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { createGraphQLError, createYoga, maskError, type YogaLogger } from 'graphql-yoga';
import { AppError, ERROR_CATALOG } from '../errors/index.js';
import { mapDriverError } from '../graph/driver-errors.js';
import type { Graph } from '../graph/graph.js';
import type { Logger } from '../runtime/logger.js';
import { graphqlConfigFromEnv, isLoopback, resolveGraphqlConfig, type GraphqlConfig } from './config.js';
import { rejectAtDoor } from './http-guard.js';
import { useOperationGuard } from './operation-guard.js';
import { memoryResolvers } from './memory.resolvers.js';
import { planResolvers } from './plan.resolvers.js';
import { packResolvers } from './pack.resolver.js';
import { domainResolvers } from './proof-chain.resolver.js';
import { buildFactSchema } from './schema.js';

export interface GraphqlServerOptions {
  graph: Graph;
  /** 0 lets the OS choose. */
  port: number;
  /** Default 127.0.0.1; anything beyond loopback needs a token (see config.ts). */
  host?: string;
  log: Logger;
  /** Defaults to the environment (GRAPHGATE_GRAPHQL_MUTATIONS, GRAPHGATE_GRAPHQL_TOKEN). */
  config?: Partial<GraphqlConfig>;
  /** When `port` is taken, listen on a free port instead of failing. */
  anyPortIfBusy?: boolean;
}

export interface GraphqlServer {
  /** The endpoint, e.g. http://127.0.0.1:4000/graphql (GraphiQL opens there in a browser). */
  url: string;
  port: number;
  mutations: boolean;
  /** Stops the HTTP server; the Graph (and its driver) stays open for its owner to close. */
  close(): Promise<void>;
}

const DEFAULT_QUERY = `# The fact plane of ingested repositories. Press Ctrl+Enter to run.
query FilesAndSymbols {
  files(limit: 10, sort: [{ path: ASC }]) {
    path
    defines { name kind startLine }
  }
}
`;

/** Yoga's logger on top of ours: JSON lines on stderr, stacks only in the log. */
function yogaLogger(log: Logger): YogaLogger {
  const text = (args: unknown[]): string => args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' ');
  return {
    debug: (...args) => log.debug('graphql', { detail: text(args) }),
    info: (...args) => log.debug('graphql', { detail: text(args) }),
    warn: (...args) => log.warn('graphql', { detail: text(args) }),
    error: (...args) => log.error('graphql error', { detail: text(args) }),
  };
}

/** AppErrors keep their code; driver failures become our catalog's code and generic message; everything else yoga masks. */
function maskWithCodes(error: unknown, message: string): Error {
  // Duck-typed: the wrapping GraphQLError may come from another copy of `graphql` than ours.
  const wrapped = error as { originalError?: unknown; path?: ReadonlyArray<string | number> } | undefined;
  const original = wrapped?.originalError ?? error;
  // Our domain errors (thrown by the custom resolvers) keep their code and safe message.
  if (original instanceof AppError) {
    return createGraphQLError(original.message, { path: wrapped?.path, extensions: { code: original.code, retryable: original.retryable } });
  }
  if (original instanceof Error && original.name === 'Neo4jError') {
    const { code, retryable } = mapDriverError(original, { query: 'graphql', uri: 'neo4j' });
    return createGraphQLError(ERROR_CATALOG[code].message, { path: wrapped?.path, extensions: { code, retryable } });
  }
  return maskError(error, message, false);
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, exclusive: true }, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Serves the fact-plane GraphQL API and GraphiQL (assets inlined: no CDN) at /graphql. */
export async function startGraphqlServer(options: GraphqlServerOptions): Promise<GraphqlServer> {
  const host = options.host ?? '127.0.0.1';
  const config = resolveGraphqlConfig(options.config ?? graphqlConfigFromEnv(), host);
  const loopbackOnly = isLoopback(host);
  const { driver, database, txTimeoutMs } = options.graph.driverForGraphQL();
  const schema = await buildFactSchema({ driver, mutations: config.mutations, resolvers: [domainResolvers(options.graph), planResolvers(options.graph), packResolvers(options.graph), memoryResolvers(options.graph, { mutations: config.mutations, log: options.log })] });

  const yoga = createYoga({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: { title: 'graphgate GraphiQL', defaultQuery: DEFAULT_QUERY },
    renderGraphiQL,
    landingPage: false,
    // No CORS headers: a web page on another origin cannot read this API through the browser.
    cors: false,
    batching: false,
    maskedErrors: { isDev: false, maskError: maskWithCodes },
    logging: yogaLogger(options.log),
    // Read by @neo4j/graphql for every operation: database, per-transaction timeout, query-log tag. Its
    // sessionConfig takes no bookmark manager: it always uses the driver's, which Graph shares (read-your-writes).
    context: () => ({ sessionConfig: { database }, transaction: { timeout: txTimeoutMs, metadata: { app: 'graphgate-graphql' } } }),
    plugins: [useOperationGuard(config, { tokenForAll: !loopbackOnly })],
  });

  const server = createServer((req, res) => {
    if (!rejectAtDoor(req, res, { loopbackOnly, maxBodyBytes: config.maxBodyBytes })) void yoga(req, res);
  });
  let port: number;
  try {
    port = await listen(server, options.port, host);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    if (!options.anyPortIfBusy) {
      throw new AppError('PORT_IN_USE', { message: `Port ${options.port} on ${host} is in use; choose another with --port.`, cause: error });
    }
    port = await listen(server, 0, host);
  }
  const urlHost = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const url = `http://${urlHost}:${port}/graphql`;
  options.log.info('graphql server listening', { url, mutations: config.mutations });

  return {
    url,
    port,
    mutations: config.mutations,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      await yoga.dispose();
    },
  };
}
