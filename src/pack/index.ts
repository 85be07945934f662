export { packFileName, PackStore, TRACE_REL_TYPES, type CreatePackInput, type CreatedPack, type PackSummary, type RecordPackInput } from './pack-store.js';
export type { NeighbourRow, SymbolDefinition } from './pack.queries.js';
