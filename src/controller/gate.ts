import type { ErrorCode } from '../errors/index.js';
import type { SuggestedAction } from './envelope.schema.js';
import { BUDGET_SAFE_VERBS, NEXT_STEP, RETIRED_VERBS, type RunState } from './states.js';

export type GateDecision =
  | { allowed: true }
  | { allowed: false; code: ErrorCode; message: string; suggestedAction: SuggestedAction; details: Record<string, unknown> };

export interface GateInput {
  state: RunState;
  verb: string;
  /** The verbs the registry knows, and the ones allowed in `state`. */
  known: ReadonlySet<string>;
  capabilities: readonly string[];
  budget: { usedTokens: number; thresholdTokens: number };
}

/** What to do next in `state` (never suggests a verb the state refuses, except a fresh initialize_work). */
export function nextStep(state: RunState, capabilities: readonly string[], reason?: string): SuggestedAction {
  const verb = NEXT_STEP[state];
  if (state === 'COMPLETED') return { verb, reason: reason ?? 'this work is complete; start a new work with initialize_work (omit workId)' };
  if (capabilities.includes(verb) || state === 'UNINITIALIZED') return { verb, reason: reason ?? `in ${state}, ${verb} moves the work forward` };
  return { verb: capabilities[0] ?? 'initialize_work', reason: reason ?? `allowed in ${state}: ${capabilities.join(', ')}` };
}

/**
 * The pure turn gate, in order: retired verb → unknown verb → capability matrix → budget.
 * Nothing outside `capabilities` ever passes; only budget-safe verbs pass a used-up budget.
 */
export function gateTurn(input: GateInput): GateDecision {
  const { state, verb, capabilities } = input;
  const retired = RETIRED_VERBS[verb];
  if (retired && !input.known.has(verb)) {
    const replacement = retired.replacement && capabilities.includes(retired.replacement) ? retired.replacement : null;
    const suggestedAction = replacement
      ? { verb: replacement, reason: `${verb} was retired: ${retired.reason}` }
      : nextStep(state, capabilities, `${verb} was retired: ${retired.reason}`);
    return { allowed: false, code: 'VERB_RETIRED', message: `${verb} was retired in the v2 lifecycle: ${retired.reason}.`, suggestedAction, details: { verb, replacement: retired.replacement } };
  }
  if (!input.known.has(verb)) {
    return {
      allowed: false,
      code: 'INVALID_ARGS',
      message: `Unknown verb "${verb.slice(0, 64)}".`,
      suggestedAction: nextStep(state, capabilities),
      details: { problems: [{ path: 'verb', message: `unknown verb; allowed now: ${capabilities.join(', ')}` }] },
    };
  }
  if (!capabilities.includes(verb)) {
    return {
      allowed: false,
      code: 'ILLEGAL_TRANSITION',
      message: `${verb} is not allowed in state ${state}.`,
      suggestedAction: nextStep(state, capabilities),
      details: { verb, state, allowed: [...capabilities] },
    };
  }
  if (!BUDGET_SAFE_VERBS.has(verb) && input.budget.usedTokens >= input.budget.thresholdTokens) {
    return {
      allowed: false,
      code: 'BUDGET_EXHAUSTED',
      message: `The work used ${input.budget.usedTokens} of its ${input.budget.thresholdTokens}-token threshold; only budget-safe verbs run.`,
      suggestedAction: { verb: 'signal_task_complete', reason: 'wrap up this work, or start a new one with initialize_work' },
      details: { ...input.budget, budgetSafeVerbs: [...BUDGET_SAFE_VERBS] },
    };
  }
  return { allowed: true };
}
