import { z } from 'zod';
import { AppError } from '../errors/index.js';
import type { Graph } from '../graph/index.js';
import { memoryMetrics } from '../memory/index.js';
import { listMemories, promoteMemoryAsPerson, requireRepositoryRoot, reviewMemoryAsPerson, showMemory } from '../memory/review.js';
import type { Logger } from '../runtime/logger.js';
import { parseArgs } from './resolver-args.js';

/** Who a GraphQL transition names: a person holding the mutation token (the agent's tool has no such verb). */
const GRAPHQL_PERSON = 'person:graphql';

const repoId = z.string().regex(/^[A-Za-z0-9._-]{1,80}$/, 'a repoId');
// Friction memories carry their domain anchor's id, folder slashes included.
const memoryId = z.string().min(1).max(300).regex(/^[A-Za-z0-9][A-Za-z0-9._:\/-]*$/, 'a memory id or memoryId');
const why = z.string().trim().min(1).max(2000);
const listArgs = z.strictObject({ repoId, state: z.string().max(40).nullish(), limit: z.number().int().min(1).max(1000).nullish() });
const oneArgs = z.strictObject({ repoId, id: memoryId });
const changeArgs = z.strictObject({ repoId, id: memoryId, why: why.nullish() });
const rejectArgs = z.strictObject({ repoId, id: memoryId, why });
const promoteArgs = z.strictObject({ repoId, id: memoryId, why: why.nullish(), approve: z.boolean().nullish(), withoutValidation: z.boolean().nullish() });

type Resolver = (source: unknown, args: Record<string, unknown>) => Promise<unknown>;

/**
 * `memories` / `memory` / `memoryMetrics` (typeDefs: graph-schema/typedefs/memory-review.graphql) and, when mutations are
 * enabled (the token guards them), `approveMemory` / `rejectMemory` / `retireMemory` / `promoteMemory`
 * (typeDefs: mutations/memory-review.graphql) — the operations of `graphgate memory`, on src/memory.
 */
export function memoryResolvers(graph: Graph, options: { mutations: boolean; log: Logger }): Record<string, Record<string, Resolver>> {
  const transition = (to: 'approved' | 'rejected' | 'retired', schema: typeof changeArgs | typeof rejectArgs): Resolver => async (_source, args) => {
    const input = parseArgs(schema, args);
    return reviewMemoryAsPerson({ graph, repoId: input.repoId, id: input.id, to, who: GRAPHQL_PERSON, ...(input.why ? { why: input.why } : {}) });
  };
  const query: Record<string, Resolver> = {
    async memories(_source, args) {
      const input = parseArgs(listArgs, args);
      await requireRepositoryRoot(graph, input.repoId);
      return listMemories(graph, input.repoId, { ...(input.state ? { state: input.state } : {}), ...(input.limit ? { limit: input.limit } : {}) });
    },
    async memoryMetrics(_source, args) {
      const input = parseArgs(z.strictObject({ repoId }), args);
      await requireRepositoryRoot(graph, input.repoId);
      return memoryMetrics(graph, input.repoId);
    },
    async memory(_source, args) {
      const input = parseArgs(oneArgs, args);
      await requireRepositoryRoot(graph, input.repoId);
      try {
        const detail = await showMemory(graph, input.repoId, input.id);
        return { memoryJson: JSON.stringify(detail.memory), anchors: detail.anchors, transitions: detail.transitions };
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
        throw error;
      }
    },
  };
  if (!options.mutations) return { Query: query };
  return {
    Query: query,
    Mutation: {
      approveMemory: transition('approved', changeArgs), rejectMemory: transition('rejected', rejectArgs), retireMemory: transition('retired', changeArgs),
      async promoteMemory(_source, args) {
        const input = parseArgs(promoteArgs, args);
        const p = await promoteMemoryAsPerson({
          graph, repoId: input.repoId, id: input.id, who: GRAPHQL_PERSON, log: options.log,
          ...(input.why ? { why: input.why } : {}), ...(input.approve ? { approve: true } : {}), ...(input.withoutValidation ? { withoutValidation: true } : {}),
        });
        const { validation } = p;
        return {
          ...p, validation: validation.kind === 'override' ? { kind: validation.kind, why: validation.why } : { kind: validation.kind, ref: validation.ref, workId: validation.workId, at: validation.at },
        };
      },
    },
  };
}
