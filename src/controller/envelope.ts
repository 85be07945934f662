import type { Config } from '../config/index.js';
import type { PackSummary } from '../pack/index.js';
import type { WorkRow } from '../session/index.js';
import { budgetStatus, thresholdTokens } from './budget.js';
import type { TurnDenial } from './deny.js';
import { SCHEMA_VERSION, type Progress, type SuggestedAction, type TurnResponse } from './envelope.schema.js';
import { nextStep } from './gate.js';
import type { RunState } from './states.js';
import type { VerbRegistry } from './verb-registry.js';
import { scratchRoot } from './verbs/write-scratch-file.verb.js';

/** What the dispatcher knows about a turn when it builds the response. */
export interface TurnFacts {
  traceRef: string;
  runSessionId: string | null;
  workId: string | null;
  agentId: string | null;
  state: RunState;
  work: WorkRow | null;
  pack: PackSummary | null;
  /** The work as loaded at the turn's start: a pack that differs from `pack` was built by this turn. */
  loaded?: { pack: PackSummary | null } | null;
  /** Progress a verb reported for this turn (overrides the loaded work's counters). */
  progress?: TurnResponse['progress'];
  /** The strategy a verb selected this turn (initialize_work, escalate); else the current pack's. */
  knowledgeStrategy?: TurnResponse['knowledgeStrategy'];
  subAgentHints?: TurnResponse['subAgentHints'];
  /** The state the turn started in: the verb catalog is sent again only when the allowed verbs changed. */
  stateBefore?: RunState;
  /** The caller asked for the catalog and the whole work view (`describe: true`). */
  describe?: boolean;
  /** The request carried no agentId, so the one in this response is new to the caller. */
  agentAssigned?: boolean;
}

/** Refusals about which verb to call: the catalog comes with them, so the fix is at hand. */
const CATALOG_DENIALS: ReadonlySet<string> = new Set(['ILLEGAL_TRANSITION', 'VERB_RETIRED']);

/** The first turn of a session (no work loaded when it started): the caller knows nothing yet. */
function firstTurn(facts: TurnFacts): boolean {
  return facts.stateBefore === undefined || facts.stateBefore === 'UNINITIALIZED';
}

/**
 * Which verbs to describe: the verb list (~220 characters) and the whole catalog (~3,000) on the first
 * turn, on a refusal about the verb itself and on request; when the allowed verbs change, the list and
 * only the newly allowed verbs (the others were described before); otherwise nothing (absent = unchanged).
 */
function catalogDue(facts: TurnFacts, capabilities: string[], denial: TurnDenial | undefined, registry: VerbRegistry): string[] | null {
  if (facts.describe || firstTurn(facts)) return capabilities;
  if (denial && (CATALOG_DENIALS.has(denial.code) || (denial.code === 'INVALID_ARGS' && denial.problems.some((p) => p.path === 'verb')))) return capabilities;
  const before = registry.capabilities(facts.stateBefore as RunState);
  if (before.length === capabilities.length && before.every((v, i) => v === capabilities[i])) return null;
  return capabilities.filter((v) => !before.includes(v));
}

/** Progress without the empty pending list (the common case). */
function compactProgress(p: Progress): Progress {
  const { pendingValidations, ...counts } = p;
  return pendingValidations && pendingValidations.length > 0 ? { ...counts, pendingValidations } : counts;
}

function deny(denial: TurnDenial, suggested: SuggestedAction | undefined): NonNullable<TurnResponse['deny']> {
  // The gate also lists an unknown verb's problems under details: sent once, as deny.problems. Other
  // details.problems (e.g. an INVALID_CONFIG's {key, problem} list) are the only copy and stay.
  const { problems: _dup, ...rest } = denial.details;
  const details = denial.problems.length > 0 ? rest : denial.details;
  return {
    code: denial.code,
    message: denial.message,
    retryable: denial.retryable,
    ...(denial.requiresHuman ? { requiresHuman: true } : {}),
    ...(denial.problems.length > 0 ? { problems: denial.problems } : {}),
    suggestedNextActions: suggested ? [suggested] : [],
    details,
  };
}

export interface EnvelopeInput {
  facts: TurnFacts;
  outcome: 'ok' | 'denied' | 'pack_insufficient';
  result?: Record<string, unknown>;
  denial?: TurnDenial;
  suggestedAction?: SuggestedAction;
}

/**
 * Builds the TurnResponse every turn returns (seed 000 "Response Envelope", 001 §4/§8), sized for a
 * model that reads it every turn (issue 16): a plain turn carries only workId, state, outcome,
 * result, budget and traceRef; every other field comes when it is new to the caller.
 */
export function buildEnvelope(input: EnvelopeInput, deps: { registry: VerbRegistry; config: Config; repoRoot: string }): TurnResponse {
  const { facts, denial } = input;
  const describe = facts.describe === true;
  const first = firstTurn(facts);
  const capabilities = deps.registry.capabilities(facts.state);
  const work = facts.work;
  const status = work
    ? budgetStatus(work.maxTokens, work.usedTokens, work.thresholdTokens)
    : budgetStatus(deps.config.budget.maxTokens, 0, thresholdTokens(deps.config.budget.maxTokens, deps.config.budget.thresholdPercent));
  const suggested = denial ? (denial.suggestedAction ?? input.suggestedAction ?? nextStep(facts.state, capabilities)) : input.suggestedAction;
  const identity = first || describe || facts.agentAssigned === true;
  const catalog = catalogDue(facts, capabilities, denial, deps.registry);
  const packBuilt = facts.pack !== null && (first || describe || facts.pack.id !== facts.loaded?.pack?.id);
  const strategy = facts.knowledgeStrategy ?? (describe
    ? (facts.pack?.strategyId ? { strategyId: facts.pack.strategyId, reasons: [`selected when context pack ${facts.pack.id} was built`] } : { strategyId: 'unselected', reasons: ['no context pack has selected a strategy yet'] })
    : undefined);
  const total = work?.totalNodes ?? 0;
  const completed = work?.completedNodes ?? 0;
  const progress = facts.progress ?? (describe ? { totalNodes: total, completedNodes: completed, remainingNodes: Math.max(0, total - completed), pendingValidations: work?.pendingValidations ?? [] } : undefined);
  return {
    workId: facts.workId,
    state: facts.state,
    outcome: input.outcome,
    result: input.result ?? {},
    budget: { used: status.usedTokens, limit: status.thresholdTokens, ...(status.blocked ? { blocked: true as const } : {}) },
    traceRef: facts.traceRef,
    ...(identity
      ? {
          runSessionId: facts.runSessionId,
          agentId: facts.agentId,
          scope: { worktreeRoot: deps.repoRoot, scratchRoot: facts.workId ? scratchRoot(facts.workId) : null },
          schemaVersion: SCHEMA_VERSION,
        }
      : {}),
    ...(describe ? { originalPrompt: work?.originalPrompt ?? null } : {}),
    ...(catalog ? { capabilities, ...(catalog.length > 0 ? { verbDescriptions: deps.registry.describe(catalog) } : {}) } : {}),
    ...(denial ? { deny: deny(denial, suggested) } : {}),
    ...(suggested ? { suggestedAction: suggested } : {}),
    ...(strategy ? { knowledgeStrategy: strategy } : {}),
    ...(facts.subAgentHints?.recommended ? { subAgentHints: facts.subAgentHints } : {}),
    ...(progress ? { progress: compactProgress(progress) } : {}),
    ...(packBuilt && facts.pack ? { contextPack: { id: facts.pack.id, ref: facts.pack.ref, hash: facts.pack.hash, fileCount: facts.pack.fileCount, symbolCount: facts.pack.symbolCount } } : {}),
  };
}
