import type { ContextSignature, SignatureReason, SignatureResult } from '../signature/context-signature.js';
import { applySignatureOverrides, type OverrideInput } from './signature-overrides.js';
import { conditionalGuidance, DEFAULT_DOCTRINES } from './strategy-doctrines.js';
import type { ProofChainType, StrategyDecision, StrategyDoctrine, StrategyId } from './strategy.model.js';

/** One row of the decision table (001 §13): the first row whose test holds picks the strategy. */
export interface DecisionRow {
  priority: number;
  strategyId: StrategyId;
  condition: string;
  features: Array<keyof ContextSignature>;
  test: (s: ContextSignature) => boolean;
}

export const DECISION_TABLE: readonly DecisionRow[] = [
  { priority: 1, strategyId: 'migration_adp_to_sdf', condition: 'migrationAdpDetected', features: ['migrationAdpDetected'], test: (s) => s.migrationAdpDetected },
  { priority: 2, strategyId: 'debug_symptom_trace', condition: "taskTypeGuess === 'debug'", features: ['taskTypeGuess'], test: (s) => s.taskTypeGuess === 'debug' },
  { priority: 3, strategyId: 'api_contract_feature', condition: "hasSwagger || taskTypeGuess === 'api_contract'", features: ['hasSwagger', 'taskTypeGuess'], test: (s) => s.hasSwagger || s.taskTypeGuess === 'api_contract' },
  { priority: 4, strategyId: 'ui_aggrid_feature', condition: 'default', features: [], test: () => true },
];

/** Applies the decision table to a (final) signature. */
export function decideStrategy(signature: ContextSignature): DecisionRow {
  return DECISION_TABLE.find((row) => row.test(signature)) ?? (DECISION_TABLE[DECISION_TABLE.length - 1] as DecisionRow);
}

/** Proof chains the pack must carry (or explicitly mark unknown) for this signature. */
export function requiredProofChains(s: ContextSignature): ProofChainType[] {
  return [...(s.mentionsAgGrid ? (['aggrid_origin'] as const) : []), ...(s.crossesFederationBoundary ? (['federation'] as const) : [])];
}

export interface SelectStrategyInput extends OverrideInput {
  /** The base signature, with its reasons when available (they are quoted in the decision's reasons). */
  base: SignatureResult | ContextSignature;
  /** Doctrines from the policy plane, replacing the built-in ones per strategy. */
  doctrines?: Partial<Record<StrategyId, StrategyDoctrine>>;
}

function show(v: unknown): string {
  return typeof v === 'string' ? `'${v}'` : String(v);
}

/**
 * The final strategy (001 §13): base signature → strategy_signal memory overrides → graph policy
 * signals → decision table on the overridden signature. Returns the strategy with its doctrine,
 * signature-dependent escalation guidance, suggested splits, required proof chains and the reasons
 * (matched rule, the evidence of its features, and every override). Pure and deterministic.
 */
export function selectStrategy(input: SelectStrategyInput): StrategyDecision {
  const baseResult: SignatureResult = 'signature' in input.base ? input.base : { signature: input.base, reasons: [] };
  const base = baseResult.signature;
  const { signature, applied, ignored } = applySignatureOverrides(base, input);
  const row = decideStrategy(signature);
  const doctrine = input.doctrines?.[row.strategyId] ?? DEFAULT_DOCTRINES[row.strategyId];
  const reasons: string[] = [];
  for (const skipped of DECISION_TABLE.filter((r) => r.priority < row.priority)) reasons.push(`rule ${skipped.priority} (${skipped.condition}) did not hold`);
  reasons.push(`rule ${row.priority} (${row.condition}) selected ${row.strategyId}`);
  const evidenceOf = (f: keyof ContextSignature): SignatureReason | undefined => baseResult.reasons.find((r) => r.feature === f);
  for (const f of row.features) {
    const ev = evidenceOf(f);
    const overridden = applied.filter((a) => a.feature === f);
    const last = overridden[overridden.length - 1];
    if (last) reasons.push(`${f}=${show(signature[f])} set by ${last.source} ${last.sourceId}: ${last.reason}`);
    else if (ev && ev.evidence.length > 0) reasons.push(`${f}=${show(signature[f])} from ${ev.evidence.join('; ')}`);
    else reasons.push(`${f}=${show(signature[f])}`);
  }
  for (const a of applied) if (!row.features.includes(a.feature)) reasons.push(`override ${a.source} ${a.sourceId}: ${a.feature} ${show(a.from)} → ${show(a.to)}`);
  // A promoted memory says where its override went, so the pack names both ends of the one source.
  for (const i of ignored) if (i.source === 'memory' && i.why.startsWith('promoted:')) reasons.push(`memory ${i.sourceId} ${i.why}`);
  const extra = conditionalGuidance(signature);
  const splits = [...new Set([...doctrine.suggestedSplits, ...extra.splits])];
  return {
    strategyId: row.strategyId,
    rule: { priority: row.priority, condition: row.condition },
    reasons,
    baseSignature: base,
    signature,
    overrides: applied,
    ignoredOverrides: ignored,
    approach: doctrine.approach,
    checkpoints: [...doctrine.checkpoints],
    escalationGuidance: [...doctrine.escalationGuidance, ...extra.guidance],
    suggestedSplits: splits,
    requiredProofChains: requiredProofChains(signature),
    subAgentHints: { recommended: splits.length >= 3, suggestedSplits: splits },
  };
}
