import { int } from '../../graph/index.js';
import type { ContextPack } from '../pack/pack-contract.schema.js';
import type { Candidate } from '../rank/candidate.model.js';
import { compareText } from '../shared/stable-order.js';
import { kindOfLabels } from './lane-rows.js';
import type { LaneContext, LaneResult } from './lane.model.js';
import { activeMemoriesQuery, type MemoryRow } from './lane.queries.js';
import { scopeApplies } from './scope-match.js';

type MemoryRecord = ContextPack['memories']['records'][number];
const ENFORCEMENT = new Set(['few_shot', 'plan_rule', 'strategy_signal', 'informational']);

function parse(text: string | null): Record<string, unknown> | undefined {
  if (!text) return undefined;
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function summaryOf(row: MemoryRow): string {
  const signal = parse(row.strategySignalJson);
  const rule = parse(row.planRuleJson);
  const shot = parse(row.fewShotJson);
  const parts = [
    row.note ?? '',
    signal ? `strategy signal ${String(signal.featureFlag)}=${JSON.stringify(signal.value)}` : '',
    rule ? `plan rule${typeof rule.denyCode === 'string' ? ` (${rule.denyCode})` : ''}` : '',
    shot && typeof shot.before === 'string' ? `few-shot: ${shot.before.slice(0, 200)}` : '',
  ].filter(Boolean);
  return (parts.join('; ') || `${row.enforcementType} memory`).slice(0, 4000);
}

/** An active memory in scope: its pack record, and the raw record the strategy override layer reads. */
export interface ScopedMemory {
  record: MemoryRecord;
  override: { id: string; enforcementType: string; state: string; domainAnchorIds: string[]; updatedAt?: string; strategySignal?: Record<string, unknown> };
}

/**
 * Episodic memory lane: active (approved/provisional, not expired) memories whose domain anchors cover
 * a folder in play, or that are unscoped. The facts a memory names become candidates of the lane; the
 * records go to the pack's memories section and the strategy_signal ones to the override layer.
 */
export async function memoryLane(ctx: LaneContext, input: { folders: readonly string[]; now: Date }): Promise<{ result: LaneResult; memories: ScopedMemory[] }> {
  return scopeMemories(await readActiveMemories(ctx), input);
}

/** The active memories of the repository (the lane's one query). */
export async function readActiveMemories(ctx: LaneContext): Promise<MemoryRow[]> {
  return ctx.graph.read(activeMemoriesQuery, { repoId: ctx.repoId, limit: int(1000) }, ctx.run);
}

/** The memory lane's pure half: the memories in scope of the folders in play, their records and candidates. */
export function scopeMemories(rows: readonly MemoryRow[], input: { folders: readonly string[]; now: Date }): { result: LaneResult; memories: ScopedMemory[] } {
  const memories: ScopedMemory[] = [];
  const candidates: Candidate[] = [];
  for (const row of rows) {
    if (!ENFORCEMENT.has(row.enforcementType)) continue;
    if (row.state === 'provisional' && row.expiresAt && Date.parse(row.expiresAt) <= input.now.getTime()) continue;
    const scopes = [...row.declaredAnchors, ...row.anchorPaths];
    if (!scopeApplies(scopes, input.folders)) continue;
    const domainAnchorIds = [...new Set(scopes)].sort(compareText);
    const signal = parse(row.strategySignalJson);
    memories.push({
      record: { id: row.id, enforcementType: row.enforcementType as MemoryRecord['enforcementType'], state: row.state, domainAnchorIds, summary: summaryOf(row) },
      override: { id: row.id, enforcementType: row.enforcementType, state: row.state, domainAnchorIds, ...(row.updatedAt ? { updatedAt: row.updatedAt } : {}), ...(signal ? { strategySignal: signal } : {}) },
    });
    for (const node of row.nodes) {
      if (!node.path) continue;
      candidates.push({ id: node.id, kind: kindOfLabels(node.labels), path: node.path, lane: 'memory', rawScore: row.state === 'approved' ? 1 : 0.7, reasons: [`named by ${row.state} memory ${row.id}`] });
    }
  }
  memories.sort((a, b) => compareText(a.record.id, b.record.id));
  return { result: { lane: 'memory', candidates, searched: true, notes: [] }, memories };
}
