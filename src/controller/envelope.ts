import type { Config } from '../config/index.js';
import type { PackSummary } from '../pack/index.js';
import type { WorkRow } from '../session/index.js';
import { budgetStatus, thresholdTokens } from './budget.js';
import type { TurnDenial } from './deny.js';
import { SCHEMA_VERSION, type SuggestedAction, type TurnResponse } from './envelope.schema.js';
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
  /** Progress a verb reported for this turn (overrides the loaded work's counters). */
  progress?: TurnResponse['progress'];
  /** The strategy a verb selected this turn (initialize_work, escalate); else the current pack's. */
  knowledgeStrategy?: TurnResponse['knowledgeStrategy'];
  subAgentHints?: TurnResponse['subAgentHints'];
  /** The state the turn started in: the verb catalog is sent again only when the allowed verbs changed. */
  stateBefore?: RunState;
  /** The caller asked for the catalog (`describe: true`). */
  describe?: boolean;
}

/** Refusals about which verb to call: the catalog comes with them, so the fix is at hand. */
const CATALOG_DENIALS: ReadonlySet<string> = new Set(['ILLEGAL_TRANSITION', 'VERB_RETIRED']);

/**
 * The full verb catalog costs ~2,500 characters: it is sent on the first turn, whenever the allowed
 * verbs change, on a refusal about the verb itself, and on request; otherwise the names suffice.
 */
function catalogDue(facts: TurnFacts, capabilities: string[], denial: TurnDenial | undefined, registry: VerbRegistry): boolean {
  if (facts.describe || facts.stateBefore === undefined || facts.stateBefore === 'UNINITIALIZED') return true;
  if (denial && (CATALOG_DENIALS.has(denial.code) || (denial.code === 'INVALID_ARGS' && (denial.problems ?? []).some((p) => p.path === 'verb')))) return true;
  const before = registry.capabilities(facts.stateBefore);
  return before.length !== capabilities.length || before.some((v, i) => v !== capabilities[i]);
}

export interface EnvelopeInput {
  facts: TurnFacts;
  outcome: 'ok' | 'denied' | 'pack_insufficient';
  result?: Record<string, unknown>;
  denial?: TurnDenial;
  suggestedAction?: SuggestedAction;
}

/** Builds the TurnResponse every turn returns (seed 000 "Response Envelope", 001 §4/§8). */
export function buildEnvelope(input: EnvelopeInput, deps: { registry: VerbRegistry; config: Config; repoRoot: string }): TurnResponse {
  const { facts, denial } = input;
  const capabilities = deps.registry.capabilities(facts.state);
  const work = facts.work;
  const budget = work
    ? budgetStatus(work.maxTokens, work.usedTokens, work.thresholdTokens)
    : budgetStatus(deps.config.budget.maxTokens, 0, thresholdTokens(deps.config.budget.maxTokens, deps.config.budget.thresholdPercent));
  const total = work?.totalNodes ?? 0;
  const completed = work?.completedNodes ?? 0;
  const suggested = denial ? (denial.suggestedAction ?? input.suggestedAction ?? nextStep(facts.state, capabilities)) : input.suggestedAction;
  const problems = denial?.problems ?? [];
  const envelope: TurnResponse = {
    runSessionId: facts.runSessionId,
    workId: facts.workId,
    agentId: facts.agentId,
    state: facts.state,
    outcome: input.outcome,
    capabilities,
    ...(catalogDue(facts, capabilities, denial, deps.registry) ? { verbDescriptions: deps.registry.describe(capabilities) } : {}),
    scope: { worktreeRoot: deps.repoRoot, scratchRoot: facts.workId ? scratchRoot(facts.workId) : null },
    originalPrompt: work?.originalPrompt ?? null,
    result: input.result ?? {},
    denyReasons: denial ? (problems.length > 0 ? problems.map((p) => `${p.code ?? denial.code}: ${p.path}: ${p.message}`) : [`${denial.code}: ${denial.message}`]) : [],
    ...(denial
      ? {
          deny: {
            code: denial.code,
            message: denial.message,
            retryable: denial.retryable,
            requiresHuman: denial.requiresHuman,
            suggestedNextActions: suggested ? [suggested] : [],
            details: problems.length > 0 ? { ...denial.details, problems } : denial.details,
          },
        }
      : {}),
    ...(suggested ? { suggestedAction: suggested } : {}),
    knowledgeStrategy: facts.knowledgeStrategy
      ?? (facts.pack?.strategyId ? { strategyId: facts.pack.strategyId, reasons: [`selected when context pack ${facts.pack.id} was built`] } : { strategyId: 'unselected', reasons: ['no context pack has selected a strategy yet'] }),
    budgetStatus: budget,
    traceRef: facts.traceRef,
    schemaVersion: SCHEMA_VERSION,
    subAgentHints: facts.subAgentHints ?? { recommended: false, splits: [] },
    progress: facts.progress ?? { totalNodes: total, completedNodes: completed, remainingNodes: Math.max(0, total - completed), pendingValidations: work?.pendingValidations ?? [] },
    contextPack: facts.pack ? { id: facts.pack.id, ref: facts.pack.ref, hash: facts.pack.hash, fileCount: facts.pack.fileCount, symbolCount: facts.pack.symbolCount } : null,
  };
  return envelope;
}
