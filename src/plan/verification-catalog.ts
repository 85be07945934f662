import type { Config } from '../config/index.js';
import type { VerificationCatalog, VerificationTarget } from './context.js';

/** Built-in recipes that verify (a codemod recipe changes code; it is not a verification hook). */
export const VALIDATION_RECIPES: ReadonlySet<string> = new Set(['run_targeted_validation']);

/**
 * What can actually run here, from configuration: every gate step of every profile and mode (by
 * name; a name that is flaky anywhere is flaky, and it pierces shadow DOM only if it does
 * everywhere), the enabled validation recipes, and the configured commit gates.
 */
export function verificationCatalogFromConfig(config: Pick<Config, 'gates' | 'recipes'>): VerificationCatalog {
  const steps = new Map<string, VerificationTarget>();
  for (const profile of Object.values(config.gates.profiles)) {
    for (const mode of Object.values(profile.modes)) {
      for (const step of mode) {
        const seen = steps.get(step.name);
        const pierces = step.piercesShadowDom === true;
        const flaky = step.flaky === true;
        steps.set(step.name, seen
          ? { id: step.name, piercesShadowDom: seen.piercesShadowDom && pierces, flaky: seen.flaky === true || flaky }
          : { id: step.name, piercesShadowDom: pierces, flaky });
      }
    }
  }
  const byId = (a: VerificationTarget, b: VerificationTarget): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return {
    gateSteps: [...steps.values()].sort(byId),
    recipes: [...new Set(config.recipes.enabled)].filter((r) => VALIDATION_RECIPES.has(r)).sort().map((id) => ({ id, piercesShadowDom: false })),
    commitGates: Object.keys(config.gates.commitGates).sort(),
  };
}
