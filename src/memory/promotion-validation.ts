import { AppError } from '../errors/index.js';
import { loadQuery, type Graph } from '../graph/index.js';

/** What shows that validation passed with a memory in force (issue 13 item 8), or the person's explicit override. */
export type PromotionValidation =
  | { kind: 'plan_rule_satisfied' | 'accepted_with_pack'; ref: string; workId: string | null; at: string }
  | { kind: 'override'; why: string };

const readValidation = loadQuery<{ repoId: string; memoryId: string; enforcementType: string }, { kind: 'plan_rule_satisfied' | 'accepted_with_pack'; ref: string; workId: string | null; at: string }>(
  'memory/read-promotion-validation.cypher',
);

/** What a memory of this type needs before it is promoted without an override, in words a person acts on. */
export function validationNeeded(enforcementType: string): string {
  return enforcementType === 'plan_rule'
    ? 'an accepted plan whose validation checked this plan rule and found it satisfied'
    : 'an accepted plan made from a context pack that carried this memory';
}

/**
 * The evidence that validation passed with the memory in force: a plan_rule satisfied by an accepted
 * plan (`Turn.memoryRules`), any other memory carried by the pack an accepted plan was made from
 * (`ContextPack.memoryIds`). Without it, MEMORY_NOT_VALIDATED names what is missing, unless the person
 * overrides with a reason (`--without-validation --why`).
 */
export async function promotionValidation(
  graph: Graph,
  input: { repoId: string; memoryId: string; enforcementType: string; override?: { why: string } },
): Promise<PromotionValidation> {
  const [evidence] = await graph.read(readValidation, { repoId: input.repoId, memoryId: input.memoryId, enforcementType: input.enforcementType });
  if (evidence) return evidence;
  if (input.override) return { kind: 'override', why: input.override.why };
  throw new AppError('MEMORY_NOT_VALIDATED', {
    message: `Memory ${input.memoryId} has not passed validation yet: it needs ${validationNeeded(input.enforcementType)}. Let a work's plan be accepted with it in force, or promote it with --without-validation --why <reason>.`,
    details: { id: input.memoryId, enforcementType: input.enforcementType, missing: validationNeeded(input.enforcementType) },
  });
}

/** The promotion transition's account of its validation. */
export function validationNote(validation: PromotionValidation): string {
  if (validation.kind === 'override') return `without validation: ${validation.why}`;
  return validation.kind === 'plan_rule_satisfied'
    ? `after validation (accepted plan turn ${validation.ref}${validation.workId ? ` of work ${validation.workId}` : ''} satisfied the rule)`
    : `after validation (plan ${validation.ref}${validation.workId ? ` of work ${validation.workId}` : ''} accepted with the memory in its pack)`;
}
