export * from './pack-sections.schema.js';
export { contextPackSchema, GATE_IDS, gateResultSchema, normalizePack, PACK_SCHEMA_VERSION, type ContextPack, type GateId, type GateResult } from './pack-contract.schema.js';
export { canonicalJson, contentHash, sha256Hex } from './canonical-json.js';
export { checkPackGates } from './pack-gates.js';
export { DEFAULT_PACK_RESPONSE_TOKENS, summarizePack, type PackSummary, type SummaryOptions } from './pack-summary.js';
export { CITATION_LEGEND, citeFile, parseCitation, type ParsedCitation } from './pack-citations.js';
export { evidenceFilesOf, type PackEvidenceFile } from './pack-evidence.js';
export { acceptanceCriteria, buildTaskSpec, lexemeConflicts, quotedConstraints, type TaskSpec, type TaskSpecInput } from './task-spec.js';
export { growPack, type PackDelta } from './pack-growth.js';
