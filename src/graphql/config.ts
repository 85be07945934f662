import { z } from 'zod';
import { AppError } from '../errors/index.js';
import type { QueryLimits } from './query-limits.js';

/** How the GraphQL endpoint behaves; read-only and loopback-only unless configured otherwise. */
export interface GraphqlConfig {
  /** Generated create/update/delete mutations; only ever true together with a token. */
  mutations: boolean;
  /** Bearer token for mutations (and for every operation when bound beyond loopback). */
  token?: string;
  limits: QueryLimits;
  /** Longest query text accepted, in characters. */
  maxQueryChars: number;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: number;
}

export const DEFAULT_LIMITS: QueryLimits = { maxDepth: 10, maxFields: 400 };

const envSchema = z.object({
  GRAPHGATE_GRAPHQL_MUTATIONS: z.enum(['0', '1', 'true', 'false', '']).optional().describe('enable generated mutations (needs a token)'),
  GRAPHGATE_GRAPHQL_TOKEN: z.string().optional().describe('bearer token for mutations, at least 16 characters'),
});

const tokenSchema = z
  .string()
  .min(16, 'must be at least 16 characters')
  .max(512, 'must be at most 512 characters')
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces');

/** Reads GRAPHGATE_GRAPHQL_MUTATIONS / GRAPHGATE_GRAPHQL_TOKEN (validated; see resolveGraphqlConfig). */
export function graphqlConfigFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<GraphqlConfig> {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new AppError('INVALID_CONFIG', { message: `GRAPHGATE_GRAPHQL_MUTATIONS must be 1 or 0 (${parsed.error.issues[0]?.message}).` });
  }
  const { GRAPHGATE_GRAPHQL_MUTATIONS: flag, GRAPHGATE_GRAPHQL_TOKEN: token } = parsed.data;
  return { mutations: flag === '1' || flag === 'true', token: token || undefined };
}

/** True for addresses that only this machine can reach. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * Completes and checks a configuration for a server bound to `host`. Fails closed: mutations
 * without a token, or a non-loopback host without a token, are configuration errors.
 */
export function resolveGraphqlConfig(input: Partial<GraphqlConfig>, host: string): GraphqlConfig {
  const config: GraphqlConfig = {
    mutations: input.mutations ?? false,
    token: input.token,
    limits: input.limits ?? DEFAULT_LIMITS,
    maxQueryChars: input.maxQueryChars ?? 20_000,
    maxBodyBytes: input.maxBodyBytes ?? 1_000_000,
  };
  if (config.token !== undefined) {
    const checked = tokenSchema.safeParse(config.token);
    if (!checked.success) {
      throw new AppError('INVALID_CONFIG', { message: `GRAPHGATE_GRAPHQL_TOKEN ${checked.error.issues[0]?.message}.` });
    }
  }
  if (config.mutations && !config.token) {
    throw new AppError('INVALID_CONFIG', {
      message: 'GraphQL mutations need a bearer token: set GRAPHGATE_GRAPHQL_TOKEN, or unset GRAPHGATE_GRAPHQL_MUTATIONS.',
    });
  }
  if (!isLoopback(host) && !config.token) {
    throw new AppError('INVALID_CONFIG', {
      message: `Serving GraphQL on ${host} (beyond this machine) needs GRAPHGATE_GRAPHQL_TOKEN; every request must then carry it.`,
    });
  }
  return config;
}
