export { packFileName, PackStore, TRACE_REL_TYPES, type CreatePackInput, type CreatedPack, type PackSummary, type RecordPackInput } from './pack-store.js';
export type { NeighbourRow, SymbolDefinition, WorkPackRow } from './pack.queries.js';
export { listWorkPacks, MAX_WORK_PACK_VERSIONS } from './work-packs.js';
export { packFileRecords, parseStoredProofChains, proofChainsJson, type PackFileRecord, type StoredProofChain } from './pack-record.js';
