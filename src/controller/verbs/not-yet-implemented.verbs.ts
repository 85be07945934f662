import { z } from 'zod';
import { TurnDenial } from '../deny.js';
import { defineVerb, type VerbDefinition } from '../verb.js';

/** Verbs the v2 table defines whose handlers land in later issues: gated and validated now, denied cleanly. */
function later(verb: string): never {
  throw new TurnDenial('VERB_NOT_IMPLEMENTED', {
    message: `${verb} is defined but its handler is not in this build yet.`,
    details: { verb },
    suggestedAction: { verb: 'signal_task_complete', reason: 'this build supports pack-scoped reading and scratch notes only' },
  });
}

const planNodeId = z.string().min(1).max(128).describe('the accepted plan node this action executes');

export const applyCodePatchVerb = defineVerb({
  name: 'apply_code_patch',
  description: 'Applies a structured edit to a pack file, as an accepted plan node allows.',
  whenToUse: 'Executing a change node of the accepted plan.',
  states: ['PLAN_ACCEPTED'],
  args: z.strictObject({
    planNodeId,
    targetFile: z.string().min(1).max(1024).describe('repo-relative path of a pack file'),
    edits: z.array(z.record(z.string(), z.unknown())).min(1).max(100).describe('structured edits (replace_text or ast_codemod)'),
  }),
  run: async () => later('apply_code_patch'),
});

export const runSandboxedCodeVerb = defineVerb({
  name: 'run_sandboxed_code',
  description: 'Runs a small script in a sandbox with read-only pack access.',
  whenToUse: 'A plan node needs a computed answer that no read verb gives.',
  states: ['PLAN_ACCEPTED'],
  args: z.strictObject({ planNodeId, code: z.string().min(1).max(20_000).describe('an async IIFE') }),
  run: async () => later('run_sandboxed_code'),
});

export const executeGatedSideEffectVerb = defineVerb({
  name: 'execute_gated_side_effect',
  description: 'Performs an external side effect (e.g. a commit) behind a passed commit gate.',
  whenToUse: 'Executing a side_effect node of the accepted plan.',
  states: ['PLAN_ACCEPTED'],
  args: z.strictObject({ planNodeId, sideEffectType: z.string().min(1).max(64).describe('which side effect') }),
  run: async () => later('execute_gated_side_effect'),
});

export const runAutomationRecipeVerb = defineVerb({
  name: 'run_automation_recipe',
  description: 'Runs a named recipe with validated parameters on pack files.',
  whenToUse: 'A plan node maps to a known recipe (e.g. replace_lexeme_in_file).',
  states: ['PLAN_ACCEPTED'],
  args: z.strictObject({
    recipeId: z.string().min(1).max(128).describe('the recipe to run'),
    planNodeId,
    artifactBundleRef: z.string().min(1).max(1024).describe('where the node’s artifacts go'),
    diffSummaryRef: z.string().min(1).max(1024).describe('where the diff summary goes'),
    params: z.record(z.string(), z.unknown()).optional().describe('recipe parameters'),
  }),
  run: async () => later('run_automation_recipe'),
});

export const NOT_YET_IMPLEMENTED: VerbDefinition[] = [
  applyCodePatchVerb, runSandboxedCodeVerb, executeGatedSideEffectVerb, runAutomationRecipeVerb,
] as VerbDefinition[];
