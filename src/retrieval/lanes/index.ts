export { artifactLane, type ArtifactStatus } from './artifact.lane.js';
export { kindOfLabels, toCandidate, toCandidates } from './lane-rows.js';
export { guardedLane, lexemesOf, type LaneContext, type LaneResult } from './lane.model.js';
export { DEFAULT_INDEX_WEIGHTS, lexicalLane } from './lexical.lane.js';
export { memoryLane, readActiveMemories, scopeMemories, type ScopedMemory } from './memory.lane.js';
export { policyLane, policyPlaneOf, readPolicyRecords, type PolicyPlane } from './policy.lane.js';
export { scopeApplies, scopeBase } from './scope-match.js';
export { joinedName, pathShape, symbolLane, symbolTerms } from './symbol.lane.js';
export * from './lane.queries.js';
