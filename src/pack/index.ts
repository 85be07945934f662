export { PackStore, TRACE_REL_TYPES, type CreatePackInput, type CreatedPack, type PackSummary } from './pack-store.js';
export type { NeighbourRow, SymbolDefinition } from './pack.queries.js';
