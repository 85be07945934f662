export { startGraphqlServer, type GraphqlServer, type GraphqlServerOptions } from './server.js';
export { graphqlConfigFromEnv, resolveGraphqlConfig, isLoopback, DEFAULT_LIMITS, type GraphqlConfig } from './config.js';
export { buildFactSchema, loadTypeDefs } from './schema.js';
