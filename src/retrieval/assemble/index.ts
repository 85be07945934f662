/**
 * Pack assembly: the graph-reading half of retrieval (lanes, closure, proof chains) put together with
 * the pure core into a ContextPack. `assemblePack` builds one; `escalatePack` grows one.
 */
export { assemblePack, assertRepoIngested, type AssembledPack, type AssemblePackInput, type PackAttachment } from './assemble-pack.js';
export { escalatePack, escalationTerms, type EscalatePackInput, type EscalatedPack } from './escalate-pack.js';
export { DEFAULT_ASSEMBLY_BUDGETS, resolveBudgets, type AssemblyBudgets } from './assembly.config.js';
export { fetchArtifacts, specUrlsOf, ticketKeysOf, type ArtifactFetchers, type Fetched, type JiraTicket } from './artifact-fetch.js';
export { requiredProofChains, toPackChain, type ChainStarts, type PackProofChain } from './proof-chain-hook.js';
export type { EscalationStep } from './pack-sections.js';
export { DEFAULT_FILE_BUDGET } from '../rank/file-budget.js';
export { summarizePack, type PackSummary } from '../pack/pack-summary.js';
