export * from './strategy.model.js';
export { applySignatureOverrides, canonicalFeature, coerceFeatureValue, type OverrideInput } from './signature-overrides.js';
export { conditionalGuidance, DEFAULT_DOCTRINES } from './strategy-doctrines.js';
export { DECISION_TABLE, decideStrategy, requiredProofChains, selectStrategy, type DecisionRow, type SelectStrategyInput } from './strategy-table.js';
