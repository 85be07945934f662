export { ingestMemoryOverrides, overrideFileSchema, type OverrideIntake } from './override-intake.js';
