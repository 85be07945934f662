export { validatePlan, type PlanValidationResult } from './validator.js';
export { DEFAULT_DOCTRINES, DEFAULT_EVIDENCE_POLICY, STRATEGY_IDS, type AttachmentFact, type SignatureFlags, type StrategyDoctrine, type ValidationContext, type VerificationCatalog, type VerificationTarget } from './context.js';
export { isRejectionCode, REJECTION_CODES, type PlanViolation, type RejectionCode } from './violation.js';
export { PLAN_CHECKS, VALIDATOR_IDS, VALIDATOR_SUMMARIES, type CheckInput, type PlanCheck } from './checks/index.js';
export * from './facts/index.js';
export * from './enforcement/index.js';
export * from './schema/index.js';
export { completionDecision, computeProgress, EMPTY_EXECUTION, emptyProgress, isNodeComplete, recordOutcome, type ExecutionState, type NodeOutcome, type PendingValidation, type PlanProgress, type ProgressPlan } from './progress/progress.js';
