import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gateTurn } from '../../../src/controller/gate.js';
import { BUDGET_SAFE_VERBS, RETIRED_VERBS, RUN_STATES, VERB_NAMES, type RunState } from '../../../src/controller/states.js';
import { defaultVerbs, describeArgs, VerbRegistry } from '../../../src/controller/verb-registry.js';

const registry = new VerbRegistry(defaultVerbs());
const known = registry.names();

/** Seed 001 §3, written out independently of the registry. */
const PLANNING = ['read_file_lines', 'lookup_symbol_definition', 'trace_symbol_graph', 'search_codebase_text', 'read_resource', 'write_scratch_file', 'submit_execution_plan', 'escalate', 'signal_task_complete'];
const MATRIX: Record<RunState, string[]> = {
  UNINITIALIZED: ['initialize_work'],
  PLANNING,
  PLAN_ACCEPTED: [...PLANNING, 'apply_code_patch', 'run_sandboxed_code', 'execute_gated_side_effect', 'run_automation_recipe'],
  // Issue 7 adds the approved merge after completion (commit → signal_task_complete → `graphgate approve` → merge).
  // Issue 16: read_resource (what initialize_work left out) in every state that has a work, budget-safe.
  COMPLETED: ['signal_task_complete', 'execute_gated_side_effect', 'read_resource'],
  BLOCKED_BUDGET: ['initialize_work', 'escalate', 'signal_task_complete', 'read_resource'],
  FAILED: ['signal_task_complete', 'read_resource'],
};

describe('capability matrix', () => {
  it.each(RUN_STATES)('matches seed 001 §3 in %s', (state) => {
    expect(new Set(registry.capabilities(state))).toEqual(new Set(MATRIX[state]));
  });

  it('registers every v2 verb exactly once, and no retired one', () => {
    expect([...known].sort()).toEqual([...VERB_NAMES].sort());
    for (const retired of Object.keys(RETIRED_VERBS)) expect(known.has(retired)).toBe(false);
  });

  it('describes every argument of every verb (required vs optional, with a description)', () => {
    for (const verb of defaultVerbs()) {
      const { requiredArgs, optionalArgs } = describeArgs(verb.args);
      const shape = (verb.args as unknown as { shape: Record<string, { description?: string }> }).shape;
      expect([...requiredArgs, ...optionalArgs].sort()).toEqual(Object.keys(shape).sort());
      for (const [key, field] of Object.entries(shape)) expect(field.description, `${verb.name}.${key}`).toBeTruthy();
    }
  });
});

describe('gateTurn', () => {
  const verbArb = fc.oneof(fc.constantFrom(...VERB_NAMES, ...Object.keys(RETIRED_VERBS)), fc.string({ maxLength: 30 }));

  it('never lets a verb outside the matrix through, whatever the budget (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...RUN_STATES), verbArb, fc.nat(200_000), (state, verb, used) => {
        const decision = gateTurn({ state, verb, known, capabilities: registry.capabilities(state), budget: { usedTokens: used, thresholdTokens: 60_000 } });
        if (decision.allowed) {
          expect(MATRIX[state]).toContain(verb);
          if (used >= 60_000) expect(BUDGET_SAFE_VERBS.has(verb)).toBe(true);
        } else {
          expect(decision.suggestedAction.verb.length).toBeGreaterThan(0);
          expect(decision.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 5000 },
    );
  });

  it('allows every matrix verb under budget', () => {
    for (const state of RUN_STATES) {
      for (const verb of MATRIX[state]) {
        expect(gateTurn({ state, verb, known, capabilities: registry.capabilities(state), budget: { usedTokens: 0, thresholdTokens: 10 } }).allowed).toBe(true);
      }
    }
  });

  it.each(Object.entries(RETIRED_VERBS))('denies retired %s with VERB_RETIRED and a usable suggestion', (verb, info) => {
    for (const state of RUN_STATES) {
      const decision = gateTurn({ state, verb, known, capabilities: registry.capabilities(state), budget: { usedTokens: 0, thresholdTokens: 10 } });
      expect(decision.allowed).toBe(false);
      if (decision.allowed) continue;
      expect(decision.code).toBe('VERB_RETIRED');
      if (info.replacement && MATRIX[state].includes(info.replacement)) expect(decision.suggestedAction.verb).toBe(info.replacement);
      expect(decision.suggestedAction.reason).toContain(verb);
    }
  });

  it('denies an unknown verb as INVALID_ARGS on `verb` and a known one out of state as ILLEGAL_TRANSITION', () => {
    const unknown = gateTurn({ state: 'PLANNING', verb: 'rm_rf', known, capabilities: MATRIX.PLANNING, budget: { usedTokens: 0, thresholdTokens: 10 } });
    expect(unknown).toMatchObject({ allowed: false, code: 'INVALID_ARGS', details: { problems: [{ path: 'verb' }] } });
    const early = gateTurn({ state: 'PLANNING', verb: 'apply_code_patch', known, capabilities: MATRIX.PLANNING, budget: { usedTokens: 0, thresholdTokens: 10 } });
    expect(early).toMatchObject({ allowed: false, code: 'ILLEGAL_TRANSITION', suggestedAction: { verb: 'submit_execution_plan' } });
  });
});
