import { z } from 'zod';
import type { VerbDescriptor } from './envelope.schema.js';
import { VERB_NAMES, type RunState } from './states.js';
import type { VerbDefinition } from './verb.js';
import { applyCodePatchVerb } from './verbs/apply-code-patch.verb.js';
import { executeGatedSideEffectVerb } from './verbs/execute-gated-side-effect.verb.js';
import { initializeWorkVerb } from './verbs/initialize-work.verb.js';
import { lookupSymbolDefinitionVerb } from './verbs/lookup-symbol-definition.verb.js';
import { escalateVerb } from './verbs/escalate.verb.js';
import { readFileLinesVerb } from './verbs/read-file-lines.verb.js';
import { readResourceVerb } from './verbs/read-resource.verb.js';
import { runAutomationRecipeVerb } from './verbs/run-automation-recipe.verb.js';
import { runSandboxedCodeVerb } from './verbs/run-sandboxed-code.verb.js';
import { searchCodebaseTextVerb } from './verbs/search-codebase-text.verb.js';
import { signalTaskCompleteVerb } from './verbs/signal-task-complete.verb.js';
import { submitExecutionPlanVerb } from './verbs/submit-execution-plan.verb.js';
import { traceSymbolGraphVerb } from './verbs/trace-symbol-graph.verb.js';
import { writeScratchFileVerb } from './verbs/write-scratch-file.verb.js';

/** Required and optional argument names of a verb, read from its strict zod object. */
export function describeArgs(schema: z.ZodType): { requiredArgs: string[]; optionalArgs: string[] } {
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>) : {};
  const entries = Object.entries(shape);
  return {
    requiredArgs: entries.filter(([, s]) => !s.isOptional()).map(([k]) => k),
    optionalArgs: entries.filter(([, s]) => s.isOptional()).map(([k]) => k),
  };
}

/** The verbs a controller knows; the capability matrix is derived from each verb's `states`. */
export class VerbRegistry {
  private readonly byName: Map<string, VerbDefinition>;
  private readonly descriptors = new Map<string, VerbDescriptor>();

  constructor(verbs: readonly VerbDefinition[]) {
    this.byName = new Map(verbs.map((v) => [v.name, v]));
    for (const v of verbs) this.descriptors.set(v.name, { description: v.description, whenToUse: v.whenToUse, ...describeArgs(v.args) });
  }

  get(name: string): VerbDefinition | undefined {
    return this.byName.get(name);
  }

  names(): ReadonlySet<string> {
    return new Set(this.byName.keys());
  }

  /** Verbs allowed in `state`, in the seed table's order. */
  capabilities(state: RunState): string[] {
    const order = (n: string) => {
      const i = (VERB_NAMES as readonly string[]).indexOf(n);
      return i < 0 ? VERB_NAMES.length : i;
    };
    return [...this.byName.values()].filter((v) => v.states.includes(state)).map((v) => v.name).sort((a, b) => order(a) - order(b));
  }

  describe(names: readonly string[]): Record<string, VerbDescriptor> {
    return Object.fromEntries(names.flatMap((n) => {
      const d = this.descriptors.get(n);
      return d ? [[n, d]] : [];
    }));
  }
}

/** The v2 verb set (seed 001 §3). */
export function defaultVerbs(): VerbDefinition[] {
  return [
    initializeWorkVerb, readFileLinesVerb, lookupSymbolDefinitionVerb, traceSymbolGraphVerb, searchCodebaseTextVerb,
    readResourceVerb, writeScratchFileVerb, submitExecutionPlanVerb, escalateVerb, signalTaskCompleteVerb,
    applyCodePatchVerb, runSandboxedCodeVerb, executeGatedSideEffectVerb, runAutomationRecipeVerb,
  ] as VerbDefinition[];
}
