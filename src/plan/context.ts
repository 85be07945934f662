import { DEFAULT_EVIDENCE_POLICY_CONFIG } from '../config/config.schema.js';
import type { EnforcementBundle } from './enforcement/bundle.js';
import type { PlanFacts } from './facts/plan-facts.js';
import type { ScopeOracle } from './facts/scope-oracle.js';
import type { DoctrineStep } from './schema/doctrine.schema.js';
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
  /** Steps the plan must contain in this order (each step's nodes depend on a node of the step before). */
  requiredSequence?: readonly DoctrineStep[];
  /** Where the doctrine comes from: the Strategy record (`id@version`) or `built-in`. */
  source?: string;
}

/**
 * Built-in doctrines of the four strategy classes: the fallback for a strategy whose graph `Strategy`
 * record carries no `plan_doctrine` (facts/strategy-doctrines.ts). The shipped seeds state the same.
 */
export const DEFAULT_DOCTRINES: Readonly<Record<(typeof STRATEGY_IDS)[number], StrategyDoctrine>> = {
  ui_aggrid_feature: { strategyId: 'ui_aggrid_feature', allowedConcerns: ['feature', 'bugfix', 'refactor', 'test', 'config'], validatePerChange: true, permittedSwitches: [], requiredSequence: [], source: 'built-in' },
  api_contract_feature: { strategyId: 'api_contract_feature', allowedConcerns: ['feature', 'bugfix', 'refactor', 'test', 'config', 'docs'], validatePerChange: true, permittedSwitches: [], requiredSequence: [], source: 'built-in' },
  migration_adp_to_sdf: { strategyId: 'migration_adp_to_sdf', allowedConcerns: ['migration', 'test'], validatePerChange: true, permittedSwitches: [], requiredSequence: [], source: 'built-in' },
  debug_symptom_trace: { strategyId: 'debug_symptom_trace', allowedConcerns: ['bugfix', 'test'], validatePerChange: true, permittedSwitches: [], requiredSequence: [], source: 'built-in' },
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
  /** False when retrieval saw no ag-Grid in the task: ui_aggrid_feature was only the default class. */
  mentionsAgGrid?: boolean;
}

/** Everything the validator judges a plan against. The plan itself is never trusted for any of it. */
export interface ValidationContext {
  facts: PlanFacts;
  /** Filesystem containment (realpath); when absent only lexical and pack checks run. */
  scopeOracle?: ScopeOracle;
  /** The work as the server knows it. */
  work: { workId: string; worktreeRoot: string };
  strategy: StrategyDoctrine;
  /** Doctrines of every strategy (graph Strategy records, built-ins where the graph has none), for permitted switches. */
  doctrines?: Readonly<Record<string, StrategyDoctrine>>;
  /** The server's evidence policy; the plan's declared policy may be stricter, never weaker. */
  evidencePolicy: EvidencePolicy;
  enforcementBundle: EnforcementBundle;
  verification: VerificationCatalog;
  attachments: readonly AttachmentFact[];
  signature?: SignatureFlags;
  /** The clock, for provisional-memory expiry. */
  now: Date;
}

/** Defaults a server uses when configuration says nothing (minima from 001 §4; `evidencePolicy` in `.ai/config`). */
export const DEFAULT_EVIDENCE_POLICY: EvidencePolicy = {
  ...DEFAULT_EVIDENCE_POLICY_CONFIG,
  lowEvidenceGuardRules: [...DEFAULT_EVIDENCE_POLICY_CONFIG.lowEvidenceGuardRules],
  distinctSourceDefinition: 'canonical_source',
};
