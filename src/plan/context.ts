import type { EnforcementBundle } from './enforcement/bundle.js';
import type { PlanFacts } from './facts/plan-facts.js';
import type { ScopeOracle } from './facts/scope-oracle.js';
import type { Concern, EvidencePolicy } from './schema/fields.schema.js';

/** The four mandatory strategy classes. */
export const STRATEGY_IDS = ['ui_aggrid_feature', 'api_contract_feature', 'migration_adp_to_sdf', 'debug_symptom_trace'] as const;

/** What a strategy requires of a plan's node sequence (the doctrine the selected strategy carries). */
export interface StrategyDoctrine {
  strategyId: string;
  /** Concerns change nodes may declare under this strategy. */
  allowedConcerns: readonly Concern[];
  /** Every change node must be mapped by at least one validate node. */
  validatePerChange: boolean;
  /** Strategy ids a fired hard switch trigger has unlocked for this work (usually empty). */
  permittedSwitches: readonly string[];
}

/** Default doctrines of the four strategy classes (the policy plane may supply its own). */
export const DEFAULT_DOCTRINES: Readonly<Record<(typeof STRATEGY_IDS)[number], StrategyDoctrine>> = {
  ui_aggrid_feature: { strategyId: 'ui_aggrid_feature', allowedConcerns: ['feature', 'bugfix', 'refactor', 'test', 'config'], validatePerChange: true, permittedSwitches: [] },
  api_contract_feature: { strategyId: 'api_contract_feature', allowedConcerns: ['feature', 'bugfix', 'refactor', 'test', 'config', 'docs'], validatePerChange: true, permittedSwitches: [] },
  migration_adp_to_sdf: { strategyId: 'migration_adp_to_sdf', allowedConcerns: ['migration', 'test'], validatePerChange: true, permittedSwitches: [] },
  debug_symptom_trace: { strategyId: 'debug_symptom_trace', allowedConcerns: ['bugfix', 'test'], validatePerChange: true, permittedSwitches: [] },
};

/** A configured gate step or recipe a verification hook may name. */
export interface VerificationTarget {
  id: string;
  /** True when it observes rendered shadow DOM (pierces shadow roots), e.g. a browser-level check. */
  piercesShadowDom: boolean;
  /** Known-unstable steps never count as blocking verification. */
  flaky?: boolean;
}

/** What can actually run here: gate steps, recipes and commit gates from configuration. */
export interface VerificationCatalog {
  gateSteps: readonly VerificationTarget[];
  recipes: readonly VerificationTarget[];
  commitGates: readonly string[];
}

/** An attachment in the work's pack. */
export interface AttachmentFact {
  artifactId: string;
  ref: string;
}

/** ContextSignature features the validator consults (computed by retrieval). */
export interface SignatureFlags {
  crossesFederationBoundary?: boolean;
  touchesShadowDom?: boolean;
}

/** Everything the validator judges a plan against. The plan itself is never trusted for any of it. */
export interface ValidationContext {
  facts: PlanFacts;
  /** Filesystem containment (realpath); when absent only lexical and pack checks run. */
  scopeOracle?: ScopeOracle;
  /** The work as the server knows it. */
  work: { workId: string; worktreeRoot: string };
  strategy: StrategyDoctrine;
  /** The server's evidence policy; the plan's declared policy may be stricter, never weaker. */
  evidencePolicy: EvidencePolicy;
  enforcementBundle: EnforcementBundle;
  verification: VerificationCatalog;
  attachments: readonly AttachmentFact[];
  signature?: SignatureFlags;
  /** The clock, for provisional-memory expiry. */
  now: Date;
}

/** Defaults a server uses when configuration says nothing (minima from 001 §4). */
export const DEFAULT_EVIDENCE_POLICY: EvidencePolicy = {
  minRequirementSources: 1,
  minCodeEvidenceSources: 1,
  minPolicySources: 0,
  minDistinctSources: 2,
  allowSingleSourceWithGuard: true,
  lowEvidenceGuardRules: ['lowEvidenceGuard is true', 'uncertaintyNote explains the uncertainty', 'requiresHumanReview is true'],
  distinctSourceDefinition: 'canonical_source',
};
