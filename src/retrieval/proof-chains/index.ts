export {
  AGGRID_ROLES, CHAIN_KINDS, CHAIN_STATUSES, FEDERATION_ROLES,
  type ChainGap, type ChainHop, type ChainKind, type ChainNode, type ChainStatus, type HopRole, type ProofChain,
} from './proof-chain.model.js';
export { buildAggridChains, chainFromRow, chooseDefinition, type AggridRow, type DefinitionRow } from './aggrid-chain.builder.js';
export { buildFederationChains, chooseDestination, chooseMapping, type FederationRow, type LoadRow } from './federation-chain.builder.js';
export {
  agGridOriginChains, federationChains, proofChains, proofChainRequestSchema, DEFAULT_ROW_LIMIT,
  type AggridChainInput, type FederationChainInput, type ProofChainRequest, type ProofChainResult,
} from './proof-chain.service.js';
export { countChains, type ChainCounts } from './chain-counts.js';
