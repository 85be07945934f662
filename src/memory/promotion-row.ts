import { createHash } from 'node:crypto';
import { seedRowSchema, strategySignalSeed, type SeedRow } from '../../ingest/policy/seed-schema.js';
import { AppError } from '../errors/index.js';
import { planRuleBody } from '../plan/enforcement/plan-rule.schema.js';
import { isRejectionCode } from '../plan/violation.js';

/** A memory as promotion reads it from the graph. */
export interface PromotionSource {
  id: string;
  memoryId: string;
  state: string;
  enforcementType: string;
  note: string | null;
  rejectionCodes: string[];
  planRuleJson: string | null;
  fewShotJson: string | null;
  strategySignalJson: string | null;
  /** Paths of the anchors it APPLIES_TO; `declaredAnchors` when none resolved. */
  anchorPaths: string[];
  declaredAnchors: string[];
}

/** The seed file promotions are appended to (under `.ai/graph/seed/`). */
export const PROMOTION_FILE = 'memory-promotions.jsonl';

const ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,119}$/;

/** The policy-plane record id of a promoted memory: `memory.<memoryId>`, or a shortened form with a hash when that is no valid seed id. */
export function promotedRecordId(memoryId: string): string {
  const plain = `memory.${memoryId}`;
  if (ID.test(plain)) return plain;
  const hash = createHash('sha256').update(memoryId).digest('hex').slice(0, 12);
  return `memory.${memoryId.replace(/[^A-Za-z0-9._:-]/g, '-').slice(0, 100)}.${hash}`;
}

function payload(memory: PromotionSource, field: 'planRuleJson' | 'fewShotJson' | 'strategySignalJson'): unknown {
  const text = memory[field];
  if (!text) throw invalid(memory, field.slice(0, -4), `the ${memory.enforcementType} memory has no ${field.slice(0, -4)} payload to promote`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw invalid(memory, field.slice(0, -4), 'the stored payload is not valid JSON');
  }
}

function invalid(memory: PromotionSource, field: string, reason: string): AppError {
  return new AppError('INVALID_ARGS', { message: `Memory ${memory.memoryId} cannot be promoted: ${reason}.`, details: { id: memory.memoryId, field } });
}

/** The fields of a promoted row that say what it enforces (everything but identity, version and provenance). */
export function rowPayload(row: SeedRow): string {
  const { version: _v, updated_at: _at, updated_by: _by, ...rest } = row;
  return JSON.stringify(rest);
}

/**
 * The policy-plane row a memory becomes (002 §11.4): a plan_rule → a hard `policy` carrying the rule,
 * a few_shot → an `example_ref` carrying the example, an informational memory → a soft `policy`, a
 * strategy_signal → a soft `policy` carrying the signal (strategy selection applies it in the memory's
 * place). The row is validated by the seed schema here, before anything is written.
 */
export function promotionRow(memory: PromotionSource, input: { version: number; at: string; who: string }): SeedRow {
  const scope = memory.anchorPaths.length > 0 ? memory.anchorPaths : memory.declaredAnchors;
  const codes = memory.rejectionCodes.length > 0 ? ` (${memory.rejectionCodes.join(', ')})` : '';
  const base = {
    id: promotedRecordId(memory.memoryId), version: input.version, updated_at: input.at, updated_by: input.who,
    ...(scope.length > 0 ? { applies_to: [...scope].sort() } : {}),
    description: `promoted from memory ${memory.memoryId}${codes}`, from_memory: memory.memoryId,
  };
  const named = (text: string) => `${text} (promoted from memory ${memory.memoryId})`;
  let row: unknown;
  switch (memory.enforcementType) {
    case 'plan_rule': {
      const rule = planRuleBody.safeParse(payload(memory, 'planRuleJson'));
      if (!rule.success) throw invalid(memory, `planRule.${rule.error.issues[0]?.path.join('.') ?? ''}`, `its plan rule is malformed (${rule.error.issues[0]?.message ?? 'invalid'})`);
      if (!isRejectionCode(rule.data.denyCode)) throw invalid(memory, 'planRule.denyCode', `deny code ${rule.data.denyCode} is not a rejection code`);
      row = { ...base, type: 'policy', severity: 'hard', rule: named(memory.note ?? `learned rule ${memory.memoryId}`), rejection_code: rule.data.denyCode, plan_rule: rule.data };
      break;
    }
    case 'few_shot': {
      const shot = payload(memory, 'fewShotJson');
      if (!shot || typeof shot !== 'object' || Array.isArray(shot)) throw invalid(memory, 'fewShot', 'its few-shot is not an object');
      const fields = ['instruction', 'before', 'after', 'antiPattern', 'whyWrong'] as const;
      const kept = Object.fromEntries(fields.flatMap((f) => {
        const value = (shot as Record<string, unknown>)[f];
        return typeof value === 'string' && value.trim() ? [[f, value]] : [];
      }));
      row = { ...base, type: 'example_ref', kind: 'preferred', few_shot: kept };
      break;
    }
    case 'informational':
      if (!memory.note?.trim()) throw invalid(memory, 'note', 'an informational memory without a note says nothing to promote');
      row = { ...base, type: 'policy', severity: 'soft', rule: named(memory.note) };
      break;
    case 'strategy_signal': {
      const raw = payload(memory, 'strategySignalJson');
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw invalid(memory, 'strategySignal', 'its strategy signal is not an object');
      // The override layer reads these three fields only; anything else the memory carries stays with it.
      const { featureFlag: flag, value: to, reason } = raw as Record<string, unknown>;
      const signal = strategySignalSeed.safeParse({ featureFlag: flag, value: to, ...(typeof reason === 'string' && reason.trim() ? { reason } : {}) });
      if (!signal.success) {
        const issue = signal.error.issues[0];
        throw invalid(memory, `strategySignal.${issue?.path.join('.') ?? ''}`, `its strategy signal is malformed (${issue?.message ?? 'invalid'})`);
      }
      const { featureFlag, value } = signal.data;
      const rule = memory.note ?? `set ${featureFlag} = ${JSON.stringify(value)} before the strategy is chosen`;
      row = { ...base, type: 'policy', severity: 'soft', rule: named(rule), strategy_signal: signal.data };
      break;
    }
    default:
      throw invalid(memory, 'enforcementType', `unknown enforcement type ${memory.enforcementType}`);
  }
  const parsed = seedRowSchema.safeParse(row);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid(memory, issue?.path.join('.') ?? '(row)', `the seed row would be invalid: ${issue?.path.join('.') ?? '(row)'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}
