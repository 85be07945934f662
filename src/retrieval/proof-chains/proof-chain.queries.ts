import type { Integer } from 'neo4j-driver';
import { loadQuery } from '../../graph/index.js';
import type { AggridRow } from './aggrid-chain.builder.js';
import type { FederationRow } from './federation-chain.builder.js';

export const aggridOriginQuery = loadQuery<
  { repoId: string; start: { tableId: string | null; componentId: string | null; routeId: string | null }; limit: Integer },
  AggridRow
>('proof-chains/aggrid-origin.cypher');

export const federationChainQuery = loadQuery<{ repoId: string; start: { routeId: string | null }; limit: Integer }, FederationRow>(
  'proof-chains/federation-chain.cypher',
);

export const findChainStartsQuery = loadQuery<{ repoId: string; from: string }, { id: string; labels: string[] }>(
  'proof-chains/find-chain-starts.cypher',
);
