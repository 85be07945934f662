import { z } from 'zod';
import { TurnDenial } from '../deny.js';
import { defineVerb, type VerbDefinition } from '../verb.js';
import { applyCodePatchVerb } from './apply-code-patch.verb.js';
import { runAutomationRecipeVerb } from './run-automation-recipe.verb.js';
import { runSandboxedCodeVerb } from './run-sandboxed-code.verb.js';

/** Verbs the v2 table defines whose handlers land in later issues: gated and validated now, denied cleanly. */
function later(verb: string): never {
  throw new TurnDenial('VERB_NOT_IMPLEMENTED', {
    message: `${verb} is defined but its handler is not in this build yet.`,
    details: { verb },
    suggestedAction: { verb: 'signal_task_complete', reason: 'this build supports pack-scoped reading and scratch notes only' },
  });
}

const planNodeId = z.string().min(1).max(128).describe('the accepted plan node this action executes');

export const executeGatedSideEffectVerb = defineVerb({
  name: 'execute_gated_side_effect',
  description: 'Performs an external side effect (e.g. a commit) behind a passed commit gate.',
  whenToUse: 'Executing a side_effect node of the accepted plan.',
  states: ['PLAN_ACCEPTED'],
  args: z.strictObject({ planNodeId, sideEffectType: z.string().min(1).max(64).describe('which side effect') }),
  run: async () => later('execute_gated_side_effect'),
});

export const NOT_YET_IMPLEMENTED: VerbDefinition[] = [
  applyCodePatchVerb, runSandboxedCodeVerb, executeGatedSideEffectVerb, runAutomationRecipeVerb,
] as VerbDefinition[];
