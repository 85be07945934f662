import type { ChainStatus, ProofChain } from './proof-chain.model.js';

/** How many chains of each status; `proven` = complete chains (what "proof-chain found" means). */
export interface ChainCounts {
  total: number;
  proven: number;
  byStatus: Record<ChainStatus, number>;
}

/** Counts chains by status (for pack summaries, the eval harness and the Browser guide's numbers). */
export function countChains(chains: readonly ProofChain[]): ChainCounts {
  const byStatus: Record<ChainStatus, number> = { complete: 0, ORIGIN_UNKNOWN: 0, AMBIGUOUS: 0, NO_NAVIGATION: 0 };
  for (const chain of chains) byStatus[chain.status] += 1;
  return { total: chains.length, proven: byStatus.complete, byStatus };
}
