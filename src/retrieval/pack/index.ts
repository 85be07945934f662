export * from './pack-sections.schema.js';
export { contextPackSchema, GATE_IDS, gateResultSchema, normalizePack, PACK_SCHEMA_VERSION, type ContextPack, type GateId, type GateResult } from './pack-contract.schema.js';
export { canonicalJson, contentHash, sha256Hex } from './canonical-json.js';
export { checkPackGates } from './pack-gates.js';
export { DEFAULT_SUMMARY_MAX_BYTES, summarizePack, type PackSummary, type SummaryOptions, type TruncationMarker } from './pack-summary.js';
export { evidenceFilesOf, type PackEvidenceFile } from './pack-evidence.js';
export { acceptanceCriteria, buildTaskSpec, lexemeConflicts, quotedConstraints, type TaskSpec, type TaskSpecInput } from './task-spec.js';
export { growPack, type PackDelta } from './pack-growth.js';
