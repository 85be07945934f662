export { gatherFacts, fileResourceKey, sideEffectResourceKey, type PathResolution, type ResolvedFacts } from './gather-facts.js';
export type { ActivePackFact, ComponentContractFact, ContractAnchorFact, PackAnchorsFact, PackFileFact, PlanFacts, ProofChainFact, ReservationFact, SymbolRef, UsageFact } from './plan-facts.js';
export { createFsScopeOracle, type ScopeOracle, type ScopeResolution } from './scope-oracle.js';
