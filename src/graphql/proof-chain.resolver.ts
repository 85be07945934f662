import { z } from 'zod';
import { AppError } from '../errors/index.js';
import type { Graph } from '../graph/graph.js';
import { proofChains, type ChainHop, type ChainKind, type ProofChain } from '../retrieval/proof-chains/index.js';

const KIND_IN: Record<string, ChainKind> = { AGGRID_ORIGIN: 'aggrid-origin', FEDERATION: 'federation' };
const KIND_OUT: Record<ChainKind, string> = { 'aggrid-origin': 'AGGRID_ORIGIN', federation: 'FEDERATION' };

/** Invalid arguments become INVALID_ARGS; AppErrors keep their code through server.ts's error mask. */
function asAppError(error: unknown): unknown {
  if (error instanceof z.ZodError) {
    return new AppError('INVALID_ARGS', { message: 'Invalid proofChain arguments.', details: { problems: error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) } });
  }
  return error;
}

const details = (hop: ChainHop): Array<{ key: string; value: string }> =>
  Object.entries(hop.details).map(([key, value]) => ({ key, value: String(value) }));

function toGraphQL(chain: ProofChain): Record<string, unknown> {
  return { ...chain, kind: KIND_OUT[chain.kind], hops: chain.hops.map((h) => ({ ...h, details: details(h) })) };
}

/**
 * Custom Query resolvers for the domain operations of the GraphQL API (typeDefs in
 * graph-schema/typedefs/proof-chains.graphql). They call domain services only: no Cypher here.
 */
export function domainResolvers(graph: Graph): { Query: Record<string, (source: unknown, args: Record<string, unknown>) => Promise<unknown>> } {
  return {
    Query: {
      async proofChain(_source, args) {
        try {
          const kind = KIND_IN[String(args.kind)];
          const result = await proofChains(graph, { repoId: String(args.repoId ?? ''), kind: kind as ChainKind, from: (args.from as string | null | undefined) ?? null });
          return { kind: KIND_OUT[result.kind], starts: result.starts, chains: result.chains.map(toGraphQL) };
        } catch (error) {
          throw asAppError(error);
        }
      },
    },
  };
}
