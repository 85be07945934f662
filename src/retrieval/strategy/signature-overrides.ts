import { TASK_TYPES, type ContextSignature } from '../signature/context-signature.js';
import { compareText } from '../shared/stable-order.js';
import {
  policySignalSchema, strategySignalMemorySchema,
  type AppliedOverride, type IgnoredOverride, type PolicySignal, type StrategySignalMemory,
} from './strategy.model.js';

type Feature = keyof ContextSignature;

const FEATURE_ALIASES: Record<string, Feature> = {
  hasjira: 'hasJira', hasswagger: 'hasSwagger', mentionsaggrid: 'mentionsAgGrid', touchesshadowdom: 'touchesShadowDom',
  crossesfederationboundary: 'crossesFederationBoundary', migrationadpdetected: 'migrationAdpDetected', migrationadppresent: 'migrationAdpDetected',
  contractanchorpresent: 'contractAnchorPresent', testconfidencelevel: 'testConfidenceLevel', tasktypeguess: 'taskTypeGuess', tasktype: 'taskTypeGuess',
};
const ACTIVE_STATES = new Set(['approved', 'provisional']);
const STATE_RANK: Record<string, number> = { provisional: 0, approved: 1 };
const LEVELS: Record<string, number> = { none: 0, low: 1, medium: 2, high: 3 };

/** Canonical feature name for camelCase or snake_case spellings (`migration_adp_present` → `migrationAdpDetected`). */
export function canonicalFeature(name: string): Feature | null {
  return FEATURE_ALIASES[name.replace(/[_\s-]/g, '').toLowerCase()] ?? null;
}

/** The value coerced to the feature's type, or null when it cannot be. */
export function coerceFeatureValue(feature: Feature, value: unknown): ContextSignature[Feature] | null {
  if (feature === 'taskTypeGuess') return typeof value === 'string' && (TASK_TYPES as readonly string[]).includes(value) ? (value as ContextSignature['taskTypeGuess']) : null;
  if (feature === 'testConfidenceLevel') {
    const n = typeof value === 'string' ? (LEVELS[value.toLowerCase()] ?? Number(value)) : value;
    return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 3 ? n : null;
  }
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  return null;
}

/** Folder anchors overlap when equal or one contains the other (`src/app/orders` ⊇ `src/app/orders/detail`). */
function anchorsOverlap(a: string, b: string): boolean {
  const x = a.replace(/\/+$/, '');
  const y = b.replace(/\/+$/, '');
  return x === y || y.startsWith(`${x}/`) || x.startsWith(`${y}/`);
}

export interface OverrideInput {
  /**
   * Memory records as stored (any enforcement type; see StrategySignalMemory for the fields read):
   * only active (approved/provisional) `strategy_signal` records in scope apply, the rest are listed as ignored.
   */
  memories?: readonly (StrategySignalMemory | object)[];
  policies?: readonly PolicySignal[];
  /** Domain anchors of the pack; scoped memories apply only when one of theirs overlaps. */
  anchorsInPlay?: readonly string[];
  /** Whether legacy (adp-*) usage is in scope; a hard `no_adp` policy forces migration only then. */
  legacyInScope?: boolean;
  /** false (memory.enableStrategyOverride off): strategy_signal memories are listed as ignored, never applied. */
  memorySignals?: boolean;
}

/**
 * The override layer (001 §13 steps 2–3): active `strategy_signal` memories in scope, then graph policy
 * signals, each setting one ContextSignature feature. Application order is deterministic (memories:
 * provisional before approved, older before newer, then id; policies: soft before hard, then id), so
 * the strongest, newest source wins. Every input is either applied or listed as ignored with a reason; a
 * memory promoted to a policy signal is listed once, as promoted, and applied through the policy.
 */
export function applySignatureOverrides(base: ContextSignature, input: OverrideInput): { signature: ContextSignature; applied: AppliedOverride[]; ignored: IgnoredOverride[] } {
  const signature: ContextSignature = { ...base };
  const applied: AppliedOverride[] = [];
  const ignored: IgnoredOverride[] = [];
  const set = (source: AppliedOverride['source'], sourceId: string, feature: Feature, to: ContextSignature[Feature], reason: string): void => {
    applied.push({ source, sourceId, feature, from: signature[feature], to, reason });
    (signature as Record<Feature, unknown>)[feature] = to;
  };

  const policies = (input.policies ?? []).flatMap((p) => {
    const parsed = policySignalSchema.safeParse(p);
    if (parsed.success) return [parsed.data];
    ignored.push({ source: 'policy', sourceId: '(invalid)', why: 'not a valid policy signal' });
    return [];
  });
  // A memory promoted to a policy whose signal applies is applied once, as that policy; a policy whose
  // signal cannot apply leaves the memory in force (as plan_rule promotion does in the validator).
  const promoted = new Map<string, string>();
  for (const p of policies) {
    if (p.kind !== 'feature' || !p.fromMemory || promoted.has(p.fromMemory)) continue;
    const feature = canonicalFeature(p.feature);
    if (feature && coerceFeatureValue(feature, p.value) !== null) promoted.set(p.fromMemory, p.id);
  }
  for (const [memoryId, policyId] of promoted) ignored.push({ source: 'memory', sourceId: memoryId, why: `promoted: policy ${policyId} applies in its place` });

  const memories = (input.memories ?? []).flatMap((m) => {
    const parsed = strategySignalMemorySchema.safeParse(m);
    if (parsed.success) return [parsed.data];
    const memoryId = (m as { id?: unknown }).id;
    ignored.push({ source: 'memory', sourceId: typeof memoryId === 'string' && memoryId ? memoryId : '(unknown)', why: 'carries no strategy signal (featureFlag/value)' });
    return [];
  });
  memories.sort((a, b) => (STATE_RANK[a.state] ?? -1) - (STATE_RANK[b.state] ?? -1) || compareText(a.updatedAt ?? '', b.updatedAt ?? '') || compareText(a.id, b.id));
  for (const m of memories) {
    if (promoted.has(m.id)) continue;
    if (input.memorySignals === false) { ignored.push({ source: 'memory', sourceId: m.id, why: 'memory.enableStrategyOverride is off' }); continue; }
    if (m.enforcementType !== undefined && m.enforcementType !== 'strategy_signal') { ignored.push({ source: 'memory', sourceId: m.id, why: `enforcementType ${m.enforcementType} does not carry strategy signals` }); continue; }
    if (!ACTIVE_STATES.has(m.state)) { ignored.push({ source: 'memory', sourceId: m.id, why: `state ${m.state} is not active` }); continue; }
    if (m.domainAnchorIds.length > 0) {
      if (!input.anchorsInPlay) { ignored.push({ source: 'memory', sourceId: m.id, why: 'scoped to domain anchors, but the anchors in play are not known yet' }); continue; }
      if (!m.domainAnchorIds.some((a) => input.anchorsInPlay?.some((b) => anchorsOverlap(a, b)))) { ignored.push({ source: 'memory', sourceId: m.id, why: 'none of its domain anchors is in play' }); continue; }
    }
    const feature = canonicalFeature(m.strategySignal.featureFlag);
    if (!feature) { ignored.push({ source: 'memory', sourceId: m.id, why: `unknown feature "${m.strategySignal.featureFlag}"` }); continue; }
    const value = coerceFeatureValue(feature, m.strategySignal.value);
    if (value === null) { ignored.push({ source: 'memory', sourceId: m.id, why: `value ${JSON.stringify(m.strategySignal.value) ?? 'undefined'} is not valid for ${feature}` }); continue; }
    set('memory', m.id, feature, value, m.strategySignal.reason ?? `strategy_signal memory (${m.state})`);
  }

  policies.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'soft' ? -1 : 1) || compareText(a.id, b.id));
  for (const p of policies) {
    if (p.kind === 'no_adp') {
      if (p.severity !== 'hard') ignored.push({ source: 'policy', sourceId: p.id, why: 'a soft no_adp policy does not force the migration strategy' });
      else if (!input.legacyInScope) ignored.push({ source: 'policy', sourceId: p.id, why: 'hard no_adp policy, but no legacy (adp-*) usage is in scope' });
      else set('policy', p.id, 'migrationAdpDetected', true, 'hard no_adp policy with legacy usage in scope');
      continue;
    }
    const feature = canonicalFeature(p.feature);
    const value = feature ? coerceFeatureValue(feature, p.value) : null;
    if (!feature || value === null) { ignored.push({ source: 'policy', sourceId: p.id, why: `cannot set "${p.feature}" to ${JSON.stringify(p.value) ?? 'undefined'}` }); continue; }
    set('policy', p.id, feature, value, p.reason ?? `${p.severity} policy signal`);
  }
  ignored.sort((a, b) => compareText(a.source, b.source) || compareText(a.sourceId, b.sourceId) || compareText(a.why, b.why));
  return { signature, applied, ignored };
}
