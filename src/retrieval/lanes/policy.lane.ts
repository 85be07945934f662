import { int } from '../../graph/index.js';
import type { ContextPack } from '../pack/pack-contract.schema.js';
import { compareText } from '../shared/stable-order.js';
import type { PolicySignal, StrategyDoctrine, StrategyId } from '../strategy/strategy.model.js';
import { STRATEGY_IDS } from '../strategy/strategy.model.js';
import { DEFAULT_DOCTRINES } from '../strategy/strategy-doctrines.js';
import type { Candidate } from '../rank/candidate.model.js';
import type { LaneContext, LaneResult } from './lane.model.js';
import { policyRecordsQuery, type PolicyRecordRow } from './lane.queries.js';
import { scopeApplies } from './scope-match.js';

/** The policy plane as it applies to one pack. */
export interface PolicyPlane {
  policies: ContextPack['policies'];
  recipes: ContextPack['recipes']['recipes'];
  examples: ContextPack['recipes']['examples'];
  signals: PolicySignal[];
  doctrines: Partial<Record<StrategyId, StrategyDoctrine>>;
  requiredChecks: string[];
  escalationTriggers: string[];
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const cut = (s: string, n = 4000): string => s.slice(0, n);

function params(row: PolicyRecordRow): Record<string, unknown> {
  try {
    const parsed = JSON.parse(String(row.props.paramsJson ?? '{}')) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The signature override a Policy carries (a promoted strategy_signal memory's `strategySignalJson`), or null. */
function strategySignal(row: PolicyRecordRow): { feature: string; value: unknown; reason?: string } | null {
  if (typeof row.props.strategySignalJson !== 'string') return null;
  try {
    const parsed = JSON.parse(row.props.strategySignalJson) as { featureFlag?: unknown; value?: unknown; reason?: unknown } | null;
    if (!parsed || typeof parsed.featureFlag !== 'string') return null;
    return { feature: parsed.featureFlag, value: parsed.value, ...(typeof parsed.reason === 'string' ? { reason: parsed.reason } : {}) };
  } catch {
    return null;
  }
}

function migrationRule(row: PolicyRecordRow): ContextPack['policies'][number] {
  const p = row.props;
  const to = str(p.targetTag);
  const status = str(p.status) ?? 'unknown';
  return {
    id: row.recordId, severity: status === 'approved' ? 'hard' : 'soft', appliesTo: [...strs(p.appliesTo), ...row.anchorPaths],
    rule: cut(`MigrationRule ${String(p.sourceTag)} → ${to ?? '(no sdf analog)'} is ${status}${str(p.description) ? `: ${String(p.description)}` : ''}; plans replacing ${String(p.sourceTag)} must cite it`),
  };
}

/**
 * Policy lane: current policy-plane records whose scope covers a folder in play — hard/soft policies,
 * MigrationRules for the legacy tags in scope, recipes, example references (candidates of the lane),
 * strategy checkpoints (merged into the doctrines), validation profiles and escalation triggers —
 * plus the policy signals the strategy override layer reads (a `no_new_tag_prefix adp-` policy is `no_adp`; a
 * policy carrying a `strategy_signal`, promoted from a memory, sets that signature feature).
 */
export async function policyLane(ctx: LaneContext, input: { folders: readonly string[]; legacyTags: readonly string[] }): Promise<{ result: LaneResult; plane: PolicyPlane }> {
  return policyPlaneOf(await readPolicyRecords(ctx), input);
}

/** The current policy-plane records of the repository (the lane's one query). */
export async function readPolicyRecords(ctx: LaneContext): Promise<PolicyRecordRow[]> {
  return ctx.graph.read(policyRecordsQuery, { repoId: ctx.repoId, limit: int(2000) }, ctx.run);
}

/** The policy lane's pure half: records in scope of the folders in play, as pack sections, candidates and signals. */
export function policyPlaneOf(rows: readonly PolicyRecordRow[], input: { folders: readonly string[]; legacyTags: readonly string[] }): { result: LaneResult; plane: PolicyPlane } {
  const plane: PolicyPlane = { policies: [], recipes: [], examples: [], signals: [], doctrines: {}, requiredChecks: [], escalationTriggers: [] };
  const candidates: Candidate[] = [];
  const tags = new Set(input.legacyTags);
  for (const row of rows) {
    const p = row.props;
    const scopes = [...strs(p.appliesTo), ...row.anchorPaths];
    if (!scopeApplies(scopes, input.folders)) continue;
    switch (row.label) {
      case 'Policy': {
        const severity = p.severity === 'hard' ? 'hard' : 'soft';
        plane.policies.push({ id: row.recordId, severity, rule: cut(str(p.rule) ?? row.recordId), appliesTo: scopes, ...(str(p.rejectionCode) ? { rejectionCode: String(p.rejectionCode) } : {}) });
        const prefix = params(row).prefix;
        if (p.check === 'no_new_tag_prefix' && typeof prefix === 'string' && prefix.toLowerCase().startsWith('adp')) plane.signals.push({ kind: 'no_adp', id: row.recordId, severity });
        const signal = strategySignal(row);
        if (signal) plane.signals.push({ kind: 'feature', id: row.recordId, severity, ...signal, ...(str(p.fromMemory) ? { fromMemory: String(p.fromMemory) } : {}) });
        break;
      }
      case 'MigrationRule':
        if (typeof p.sourceTag === 'string' && tags.has(p.sourceTag)) plane.policies.push(migrationRule(row));
        break;
      case 'Recipe':
        plane.recipes.push({ id: row.recordId, name: cut(str(p.name) ?? row.recordId, 200), kind: p.kind === 'codemod' ? 'codemod' : 'workflow', purpose: cut(str(p.purpose) ?? '') });
        break;
      case 'ExampleRef': {
        const file = str(p.file);
        if (!file) break;
        const kind = p.kind === 'preferred' || p.kind === 'anti' ? p.kind : 'deprecated';
        plane.examples.push({
          id: row.recordId, kind, path: file,
          ...(typeof p.startLine === 'number' ? { startLine: p.startLine } : {}), ...(typeof p.endLine === 'number' ? { endLine: p.endLine } : {}),
          ...(str(p.tag) ? { tag: String(p.tag) } : {}), ...(str(p.lastVerifiedSnapshot) ? { lastVerifiedSnapshot: String(p.lastVerifiedSnapshot) } : {}),
        });
        candidates.push({ id: `example:${row.recordId}`, kind: 'example', path: file, lane: 'policy', rawScore: kind === 'preferred' ? 1 : 0.4, reasons: [`${kind} example ${row.recordId}`] });
        break;
      }
      case 'Strategy': {
        const id = (STRATEGY_IDS as readonly string[]).includes(String(p.name)) ? (p.name as StrategyId) : null;
        const checkpoints = strs(p.checkpoints);
        if (id && checkpoints.length > 0) plane.doctrines[id] = { ...DEFAULT_DOCTRINES[id], checkpoints };
        break;
      }
      case 'ValidationProfile':
        plane.requiredChecks.push(...strs(p.requiredChecks).map((c) => `${str(p.name) ?? row.recordId}: ${c}`));
        break;
      case 'EscalationTrigger':
        plane.escalationTriggers.push(cut(`${str(p.name) ?? row.recordId}: when ${str(p.condition) ?? 'triggered'}, ${str(p.action) ?? 'escalate'}`));
        break;
      default:
        break;
    }
  }
  plane.policies.sort((a, b) => compareText(a.id, b.id));
  plane.requiredChecks = [...new Set(plane.requiredChecks)].sort(compareText);
  plane.escalationTriggers = [...new Set(plane.escalationTriggers)].sort(compareText);
  return { result: { lane: 'policy', candidates, searched: true, notes: [] }, plane };
}
