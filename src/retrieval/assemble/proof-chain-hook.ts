import type { z } from 'zod';
import type { LaneContext } from '../lanes/lane.model.js';
import type { proofChainSchema } from '../pack/pack-sections.schema.js';
import type { ProofChain } from '../proof-chains/proof-chain.model.js';
import { agGridOriginChains, federationChains } from '../proof-chains/proof-chain.service.js';
import type { ProofChainType } from '../strategy/strategy.model.js';

export type PackProofChain = z.infer<typeof proofChainSchema>;

/** Entities in scope the chains may start from (ids of grid tables, components and routes). */
export interface ChainStarts {
  tables: string[];
  components: string[];
  routes: string[];
  /** Files of the pack in rank order: among equally strong chains, the one through the best-ranked files wins. */
  rankedPaths?: string[];
}

const RANK: Record<PackProofChain['status'], number> = { complete: 3, origin_unknown: 2, partial: 1, ambiguous: 0 };
const MAX_STARTS = 4;

/** A proof-chain service chain in the pack's shape (hop label = its role; a gap is an explicit missing hop). */
export function toPackChain(type: ProofChainType, chain: ProofChain): PackProofChain {
  const gap = chain.gap;
  let status: PackProofChain['status'] = 'complete';
  if (chain.status === 'ORIGIN_UNKNOWN') status = type === 'aggrid_origin' ? 'origin_unknown' : 'partial';
  else if (chain.status === 'AMBIGUOUS' || gap?.code === 'FEDERATION_AMBIGUOUS') status = 'ambiguous';
  else if (chain.status === 'NO_NAVIGATION' || gap) status = 'partial';
  const hop = (n: { id: string; name: string; path: string | null; line: number | null }, label: string) => ({
    label: label.slice(0, 100), id: n.id.slice(0, 1000), name: n.name.slice(0, 500),
    ...(n.path ? { path: n.path.slice(0, 1000) } : {}), ...(n.line !== null && n.line >= 0 ? { line: n.line } : {}),
  });
  return {
    chainType: type,
    status,
    hops: chain.hops.map((h) => hop(h, h.role)),
    missing: gap ? [{ hop: gap.hop, reason: `${gap.code}: ${gap.reason}${gap.expression ? ` (${gap.expression})` : ''}`.slice(0, 4000) }]
      : chain.status === 'NO_NAVIGATION' ? [{ hop: 'NavTrigger', reason: 'NO_NAVIGATION: the column renderer navigates nowhere' }] : [],
    ...(gap && gap.candidates.length > 0 ? { candidates: gap.candidates.slice(0, 20).map((c) => hop(c, c.label)) } : {}),
  };
}

/** How strongly a chain runs through the task's ranked files (a file at rank r adds 1/(1+r)). */
function relevance(chain: PackProofChain, rank: ReadonlyMap<string, number>): number {
  const paths = new Set(chain.hops.flatMap((h) => (h.path ? [h.path] : [])));
  let score = 0;
  for (const p of paths) {
    const r = rank.get(p);
    if (r !== undefined) score += 1 / (1 + r);
  }
  return score;
}

/**
 * The chain for the pack: the strongest status, then the one through the best-ranked files (a grid
 * has one branch per column renderer; the task is about one of them), then the longest. Ties keep
 * the first, so the choice stays deterministic.
 */
export function pickProofChain(chains: readonly PackProofChain[], rankedPaths: readonly string[] = []): PackProofChain | undefined {
  const rank = new Map<string, number>();
  rankedPaths.forEach((p, i) => { if (!rank.has(p)) rank.set(p, i); });
  let out: PackProofChain | undefined;
  let outRelevance = 0;
  for (const c of chains) {
    const rel = relevance(c, rank);
    const better = !out || RANK[c.status] > RANK[out.status]
      || (RANK[c.status] === RANK[out.status] && (rel > outRelevance + 1e-9 || (Math.abs(rel - outRelevance) <= 1e-9 && c.hops.length > out.hops.length)));
    if (better) {
      out = c;
      outRelevance = rel;
    }
  }
  return out;
}

const NONE: Record<ProofChainType, PackProofChain> = {
  aggrid_origin: { chainType: 'aggrid_origin', status: 'origin_unknown', hops: [], missing: [{ hop: 'Table', reason: 'ORIGIN_UNKNOWN: no ag-Grid table is connected to the anchors in scope' }] },
  federation: { chainType: 'federation', status: 'partial', hops: [], missing: [{ hop: 'HostRoute', reason: 'no host route in scope loads a remote module' }] },
};

/**
 * The proof chains a signature requires (mentionsAgGrid → ag-Grid origin, crossesFederationBoundary →
 * federation), from the proof-chain service, started at the tables, components and routes in scope.
 * One chain per type goes into the pack: the strongest (complete > origin unknown > partial >
 * ambiguous), then the one through the best-ranked files, then the longest. With no start in scope the chain is explicitly unknown, never guessed.
 */
export async function requiredProofChains(ctx: LaneContext, required: readonly ProofChainType[], starts: ChainStarts): Promise<PackProofChain[]> {
  const out: PackProofChain[] = [];
  const base = { graph: ctx.graph, repoId: ctx.repoId, limit: 400, ...(ctx.run ? { run: ctx.run } : {}) };
  for (const type of required) {
    // Starts of one kind run in parallel; results keep the starts' order, so the choice stays deterministic.
    const all = async (ids: readonly string[], run: (id: string) => Promise<ProofChain[]>): Promise<ProofChain[]> => (await Promise.all(ids.slice(0, MAX_STARTS).map(run))).flat();
    let found: ProofChain[];
    if (type === 'aggrid_origin') {
      found = await all(starts.tables, (tableId) => agGridOriginChains({ ...base, tableId }));
      if (found.length === 0) found = await all(starts.components, (componentId) => agGridOriginChains({ ...base, componentId }));
      if (found.length === 0) found = await all(starts.routes, (routeId) => agGridOriginChains({ ...base, routeId }));
    } else {
      found = await all(starts.routes, (routeId) => federationChains({ ...base, routeId }));
      if (found.length === 0) found = await all(starts.components, (componentId) => federationChains({ ...base, componentId }));
    }
    out.push(pickProofChain(found.map((c) => toPackChain(type, c)), starts.rankedPaths) ?? NONE[type]);
  }
  return out;
}
