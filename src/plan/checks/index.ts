import { attachmentsCheck } from '../enforcement/attachments.enforcer.js';
import { componentContractsCheck } from '../enforcement/component-contracts.enforcer.js';
import { migrationRulesCheck } from '../enforcement/migration-rules.enforcer.js';
import { atomicityCheck } from './atomicity.check.js';
import type { PlanCheck } from './check.js';
import { contractAnchorCheck } from './contract-anchor.check.js';
import { evidenceCheck } from './evidence.check.js';
import { federationCheck, originCheck } from './proof-chains.check.js';
import { packAnchorsCheck } from './pack-anchors.check.js';
import { scopeCheck } from './scope.check.js';
import { sideEffectsCheck } from './side-effects.check.js';
import { snapshotCheck } from './snapshot.check.js';
import { strategyCheck } from './strategy.check.js';
import { structureCheck } from './structure.check.js';
import { validationConfidenceCheck } from './validation-confidence.check.js';
import { verificationCheck } from './verification.check.js';
import { weakModelCheck } from './weak-model.check.js';

export type { CheckInput, PlanCheck } from './check.js';

/** Every semantic check, in the order they run (schema completeness runs first, separately). */
export const PLAN_CHECKS: readonly PlanCheck[] = [
  structureCheck,
  snapshotCheck,
  scopeCheck,
  evidenceCheck,
  attachmentsCheck,
  atomicityCheck,
  verificationCheck,
  strategyCheck,
  weakModelCheck,
  federationCheck,
  originCheck,
  contractAnchorCheck,
  validationConfidenceCheck,
  migrationRulesCheck,
  componentContractsCheck,
  sideEffectsCheck,
  packAnchorsCheck,
];

/** Validator ids as the schema augmentations list them (completeness and plan rules included). */
export const VALIDATOR_IDS: readonly string[] = ['completeness', ...PLAN_CHECKS.map((c) => c.id), 'plan_rules'];

/** One line per validator, for the planner. */
export const VALIDATOR_SUMMARIES: Readonly<Record<string, string>> = {
  completeness: 'the plan conforms to the strict PlanGraph schema (envelope and per-kind required fields)',
  ...Object.fromEntries(PLAN_CHECKS.map((c) => [c.id, c.summary])),
  plan_rules: 'active plan_rule memories and graph policies (as plan rules) are satisfied',
};
