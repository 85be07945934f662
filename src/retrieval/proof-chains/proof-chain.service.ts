import { z } from 'zod';
import { AppError } from '../../errors/index.js';
import { int, type Graph, type RunOptions } from '../../graph/index.js';
import { buildAggridChains } from './aggrid-chain.builder.js';
import { buildFederationChains } from './federation-chain.builder.js';
import { CHAIN_KINDS, type ChainKind, type ProofChain } from './proof-chain.model.js';
import { aggridOriginQuery, federationChainQuery, findChainStartsQuery } from './proof-chain.queries.js';

/** Rows read per query; a chain is a handful of rows, so this bounds a request, not a repository. */
export const DEFAULT_ROW_LIMIT = 2000;

interface Base {
  graph: Graph;
  repoId: string;
  /** Maximum rows read from the graph (default 2000). */
  limit?: number;
  run?: RunOptions;
}

/** At most one start: a GridTable id, a Component id, or a Route id; none = every table of the repo. */
export type AggridChainInput = Base & { tableId?: string; componentId?: string; routeId?: string };
/** A host Route id, or a destination Component id; none = every remote load of the repo. */
export type FederationChainInput = Base & { routeId?: string; componentId?: string };

function oneStart(starts: Record<string, string | undefined>): void {
  const keys = Object.keys(starts);
  const given = keys.filter((k) => starts[k] !== undefined && starts[k] !== null);
  if (given.length > 1) {
    throw new AppError('INVALID_ARGS', { message: `Give at most one of ${keys.join(', ')}.`, details: { given } });
  }
}

const mentions = (chain: ProofChain, id: string): boolean =>
  chain.hops.some((h) => h.id === id) || (chain.gap?.candidates ?? []).some((c) => c.id === id);

/**
 * ag-Grid origin chains (Table → ColumnDef → CellRenderer → NavTrigger → Route → Component → Service
 * → Definition): for a table; for a component (the grids it renders and the chains that lead to
 * it); for a route (the grids of its component and the chains that target it); or for the whole repo.
 * Every renderer branch is returned: complete, NO_NAVIGATION, or with an explicit ORIGIN_UNKNOWN gap.
 */
export async function agGridOriginChains(input: AggridChainInput): Promise<ProofChain[]> {
  oneStart({ tableId: input.tableId, componentId: input.componentId, routeId: input.routeId });
  const rows = await input.graph.read(aggridOriginQuery, {
    repoId: input.repoId,
    start: { tableId: input.tableId ?? null, componentId: input.componentId ?? null, routeId: input.routeId ?? null },
    limit: int(input.limit ?? DEFAULT_ROW_LIMIT),
  }, input.run);
  const focus = input.componentId ?? input.routeId;
  // Tables picked because a chain reaches the focus keep only the chains that do.
  const byTable = new Map(rows.map((r) => [r.table.id, r.selectedBy]));
  return buildAggridChains(rows).filter((c) => !focus || byTable.get(c.hops[0]?.id ?? '') !== 'destination' || mentions(c, focus));
}

/**
 * Federation chains (Host Route → Federation Mapping → Remote Expose → Remote Module → Destination
 * Component) of every remote load, or of one host route, or those landing on one component.
 * Unresolved loads and ambiguous remotes come back as chains with a gap, never dropped.
 */
export async function federationChains(input: FederationChainInput): Promise<ProofChain[]> {
  oneStart({ routeId: input.routeId, componentId: input.componentId });
  const rows = await input.graph.read(federationChainQuery, {
    repoId: input.repoId,
    start: { routeId: input.routeId ?? null },
    limit: int(input.limit ?? DEFAULT_ROW_LIMIT),
  }, input.run);
  const chains = buildFederationChains(rows);
  return input.componentId ? chains.filter((c) => mentions(c, input.componentId!)) : chains;
}

export const proofChainRequestSchema = z.strictObject({
  repoId: z.string().min(1).max(200).describe('the ingested repository'),
  kind: z.enum(CHAIN_KINDS).describe('which proof chain: aggrid-origin or federation'),
  from: z.string().min(1).max(1000).nullish()
    .describe('a GridTable, Component or Route: its fact id, a component/grid name, or a route full path; omitted = every chain of the repo'),
});
export type ProofChainRequest = z.infer<typeof proofChainRequestSchema>;

export interface ProofChainResult {
  kind: ChainKind;
  /** The node ids `from` resolved to (empty when `from` was omitted). */
  starts: string[];
  chains: ProofChain[];
}

/**
 * One entry point for the front doors (GraphQL, verbs): resolves `from` to its start nodes by id or
 * name, runs the chain query for each, and merges the chains (deduplicated by key).
 */
export async function proofChains(graph: Graph, request: ProofChainRequest, run?: RunOptions): Promise<ProofChainResult> {
  const { repoId, kind, from } = proofChainRequestSchema.parse(request);
  if (!from) {
    const chains = kind === 'federation' ? await federationChains({ graph, repoId, run }) : await agGridOriginChains({ graph, repoId, run });
    return { kind, starts: [], chains };
  }
  const starts = await graph.read(findChainStartsQuery, { repoId, from }, run);
  if (starts.length === 0) {
    throw new AppError('NOT_FOUND', { message: `No grid table, component or route "${from}" in repository ${repoId}.`, details: { repoId, from } });
  }
  const seen = new Set<string>();
  const chains: ProofChain[] = [];
  for (const start of starts) {
    const key = startKey(start.labels);
    if (!key) continue;
    const found = kind === 'federation'
      ? (key === 'tableId' ? [] : await federationChains({ graph, repoId, run, [key]: start.id }))
      : await agGridOriginChains({ graph, repoId, run, [key]: start.id });
    for (const chain of found) {
      if (seen.has(chain.key)) continue;
      seen.add(chain.key);
      chains.push(chain);
    }
  }
  return { kind, starts: starts.map((s) => s.id), chains };
}

function startKey(labels: string[]): 'tableId' | 'componentId' | 'routeId' | null {
  if (labels.includes('GridTable')) return 'tableId';
  if (labels.includes('Route')) return 'routeId';
  if (labels.includes('Component')) return 'componentId';
  return null;
}
