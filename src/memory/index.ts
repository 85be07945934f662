export { ingestMemoryOverrides, overrideFileSchema, type OverrideIntake } from './override-intake.js';
export { buildRetrospective, storeWorkRetrospective, workRetrospective, REJECTION_THRESHOLD, type Retrospective } from './retrospective.js';
