import type { VerificationCatalog, VerificationTarget } from '../context.js';
import type { VerificationHook } from '../schema/fields.schema.js';
import { nodePath, violation, type PlanViolation } from '../violation.js';
import type { CheckInput, PlanCheck } from './check.js';

const CODE = 'PLAN_VERIFICATION_WEAK';

const GENERIC = /^(?:please )?(?:(?:run|execute|do|perform|make sure|ensure|check|verify)(?: that)? )?(?:all |the |unit |e2e |integration |existing |relevant )*(?:tests?|specs?|checks?|lint(?:ing)?|build|compile|validation|verification|it works|everything works|nothing breaks|ci)(?: (?:pass(?:es)?|green|ok|succeed(?:s)?|work(?:s)?))?$/;
const GENERIC_COMMANDS = /^(?:npm|npx|yarn|pnpm|ng|jest|vitest)(?: run)? (?:test|tests|lint|build|e2e)$/;

/** True for descriptions that name no observable outcome ("run tests", "npm test", "verify"). */
export function isGenericHookDescription(description: string): boolean {
  const normalized = description.toLowerCase().replace(/[^a-z0-9 ]+/g, ' ').replace(/\s+/g, ' ').trim();
  if (normalized.split(' ').length < 3) return true;
  return GENERIC.test(normalized) || GENERIC_COMMANDS.test(normalized);
}

/** The configured gate step or recipe a hook names, if it can run here. */
export function targetOfHook(catalog: VerificationCatalog, hook: VerificationHook): VerificationTarget | undefined {
  const list = hook.type === 'gate_step' ? catalog.gateSteps : catalog.recipes;
  return list.find((t) => t.id === hook.ref);
}

/** Blocking hooks that can run here and are not known to be flaky. */
export function effectiveBlockingHooks(catalog: VerificationCatalog, hooks: readonly VerificationHook[]): VerificationTarget[] {
  return hooks.flatMap((h) => {
    const target = h.blocking ? targetOfHook(catalog, h) : undefined;
    return target && !target.flaky ? [target] : [];
  });
}

/**
 * Verification: every change and validate node has a blocking hook that can run here (a configured
 * gate step or recipe, not a flaky one), every hook says what it observes and maps to acceptance
 * criteria, and a validate node runs after the nodes it verifies.
 */
export const verificationCheck: PlanCheck = {
  id: 'verification',
  summary: 'every change has ≥1 blocking hook naming a configured gate step or recipe and mapping to acceptance criteria',
  run({ plan, index, context }: CheckInput): PlanViolation[] {
    const out: PlanViolation[] = [];
    const catalog = context.verification;
    const criteria = new Set(plan.acceptanceCriteria.map((c) => c.criterionId));
    plan.nodes.forEach((node, i) => {
      if (node.kind !== 'change' && node.kind !== 'validate') return;
      const id = node.nodeId;
      node.verificationHooks.forEach((hook, j) => {
        const target = targetOfHook(catalog, hook);
        if (!target) {
          const known = (hook.type === 'gate_step' ? catalog.gateSteps : catalog.recipes).filter((t) => !t.flaky).map((t) => t.id).slice(0, 12).join(', ') || 'none configured';
          out.push(violation(CODE, nodePath(i, 'verificationHooks', j, 'ref'), `\`${hook.ref}\` is not a configured ${hook.type === 'gate_step' ? 'gate step' : 'recipe'}; it cannot run here.`, `Name one of: ${known}.`, id));
        }
        if (isGenericHookDescription(hook.description)) {
          out.push(violation(CODE, nodePath(i, 'verificationHooks', j, 'description'), `"${hook.description.slice(0, 80)}" does not say what is observed.`, 'Describe the observable outcome that counts as a pass (which screen, value, response or assertion).', id));
        }
        if (hook.acceptanceCriteriaIds.length === 0) {
          out.push(violation(CODE, nodePath(i, 'verificationHooks', j, 'acceptanceCriteriaIds'), 'The hook maps to no acceptance criterion.', 'List the criterionIds this hook proves.', id));
        }
        hook.acceptanceCriteriaIds.forEach((c, k) => {
          if (!criteria.has(c)) out.push(violation(CODE, nodePath(i, 'verificationHooks', j, 'acceptanceCriteriaIds', k), `\`${c}\` is not a criterionId of acceptanceCriteria.`, 'Use a criterionId from the plan\'s acceptanceCriteria.', id));
        });
      });
      const hasBlocking = node.verificationHooks.some((h) => h.blocking);
      const flakyOnly = hasBlocking && node.verificationHooks.every((h) => !h.blocking || targetOfHook(catalog, h)?.flaky === true);
      if (!hasBlocking || flakyOnly) {
        out.push(violation(CODE, nodePath(i, 'verificationHooks'), flakyOnly ? 'Every blocking hook runs a step known to be flaky.' : 'The node has no blocking verification hook.', 'Add a blocking hook that runs a configured, stable gate step or recipe.', id));
      }
      if (node.kind === 'validate') {
        const before = index.ancestors(id);
        node.mapsToNodeIds.forEach((target, j) => {
          if (index.byId.has(target) && !before.has(target)) {
            out.push(violation(CODE, nodePath(i, 'mapsToNodeIds', j), `The validate node does not run after \`${target}\`, so it could check the old code.`, `Add \`${target}\` to this node's dependsOn.`, id));
          }
        });
      }
    });
    return out;
  },
};
