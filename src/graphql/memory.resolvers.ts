import { z } from 'zod';
import { loadConfig } from '../config/index.js';
import { AppError } from '../errors/index.js';
import { loadQuery, type Graph } from '../graph/index.js';
import { memoryMetrics, sweepMemories, transitionByPerson } from '../memory/index.js';
import { listMemories, showMemory } from '../memory/review.js';
import { parseArgs } from './resolver-args.js';

const repositoryRoot = loadQuery<{ repoId: string }, { root: string | null }>('memory/repository-root.cypher');

/** Who a GraphQL transition names: a person holding the mutation token (the agent's tool has no such verb). */
const GRAPHQL_PERSON = 'person:graphql';

const repoId = z.string().regex(/^[A-Za-z0-9._-]{1,80}$/, 'a repoId');
const memoryId = z.string().min(1).max(200).regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, 'a memory id or memoryId');
const why = z.string().trim().min(1).max(2000);
const listArgs = z.strictObject({ repoId, state: z.string().max(40).nullish(), limit: z.number().int().min(1).max(1000).nullish() });
const oneArgs = z.strictObject({ repoId, id: memoryId });
const changeArgs = z.strictObject({ repoId, id: memoryId, why: why.nullish() });
const rejectArgs = z.strictObject({ repoId, id: memoryId, why });

/** The repository's checkout (its `.ai/` holds the config and the changelog); NOT_FOUND when never ingested. */
async function requireRepositoryRoot(graph: Graph, id: string): Promise<string> {
  const [row] = await graph.read(repositoryRoot, { repoId: id });
  if (!row?.root) throw new AppError('NOT_FOUND', { message: `No ingested repository ${id}.`, details: { repoId: id } });
  return row.root;
}

/**
 * Before a person's transition: the repository's memory settings, and the lifecycle clock applied (as the
 * CLI does), so the transition is checked against the state a sweep gives now. Queries write nothing: they
 * show the stored states, which the next initialize_work or transition sweeps.
 */
async function swept(graph: Graph, id: string): Promise<{ root: string; settings: ReturnType<typeof loadConfig>['config']['memory'] }> {
  const root = await requireRepositoryRoot(graph, id);
  const settings = loadConfig({ repoRoot: root }).config.memory;
  await sweepMemories({ graph, repoId: id, root, now: new Date(), settings });
  return { root, settings };
}

type Resolver = (source: unknown, args: Record<string, unknown>) => Promise<unknown>;

/**
 * `memories` / `memory` / `memoryMetrics` (typeDefs: graph-schema/typedefs/memory-review.graphql) and, when mutations are
 * enabled (the token guards them), `approveMemory` / `rejectMemory` / `retireMemory`
 * (typeDefs: mutations/memory-review.graphql) — the operations of `graphgate memory`, on src/memory.
 */
export function memoryResolvers(graph: Graph, options: { mutations: boolean }): Record<string, Record<string, Resolver>> {
  const transition = (to: 'approved' | 'rejected' | 'retired', schema: typeof changeArgs | typeof rejectArgs): Resolver => async (_source, args) => {
    const input = parseArgs(schema, args);
    const repo = await swept(graph, input.repoId);
    return transitionByPerson({ graph, repoId: input.repoId, root: repo.root, id: input.id, to, who: GRAPHQL_PERSON, ...(input.why ? { why: input.why } : {}), now: new Date(), settings: repo.settings });
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
    Mutation: { approveMemory: transition('approved', changeArgs), rejectMemory: transition('rejected', rejectArgs), retireMemory: transition('retired', changeArgs) },
  };
}
