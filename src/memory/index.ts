export { ingestMemoryOverrides, overrideFileSchema, type OverrideIntake } from './override-intake.js';
export { buildRetrospective, storeWorkRetrospective, workRetrospective, REJECTION_THRESHOLD, type Retrospective } from './retrospective.js';
export { checkTransition, sweepMemories, transitionByPerson, sweepRules, TRANSITIONS, type LifecycleSettings, type TransitionRule } from './lifecycle.js';
export { memoryMetrics, type MemoryMetrics } from './metrics.js';
