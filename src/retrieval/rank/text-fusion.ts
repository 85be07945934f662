import { compareText, round } from '../shared/stable-order.js';
import type { Candidate, Lane } from './candidate.model.js';
import { parentFolder } from './path-features.js';

/** How the text lanes are fused (RETRIEVAL-EVIDENCE.md: min-max per lane, weighted sum, sibling step). */
export interface TextFusionConfig {
  /** Weight of each fused lane; lanes absent here are not text lanes. */
  weights: Partial<Record<Lane, number>>;
  /** Each file also gets this share of the fused score of its best sibling (`x.component.ts` ↔ `.html`). */
  siblingFactor: number;
}

/** One file's fused text score and what each lane gave it (normalised, before weights). */
export interface TextFusionScore {
  score: number;
  lanes: Partial<Record<Lane, number>>;
  sibling?: { path: string; value: number };
}

/** `src/a/x.component.ts` → `src/a/x.component`: files that differ only in their last extension are siblings. */
export function siblingKey(path: string): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  return dot > slash + 1 ? path.slice(0, dot) : path;
}

/** Best raw score per file of one lane, min-max scaled into [0, 1] over the lane's files (one file = 1). */
function minMaxByFile(candidates: readonly Candidate[]): Map<string, number> {
  const best = new Map<string, number>();
  for (const c of candidates) {
    const s = Number.isFinite(c.rawScore) && c.rawScore > 0 ? c.rawScore : 0;
    if (s > (best.get(c.path) ?? -1)) best.set(c.path, s);
  }
  const values = [...best.values()];
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const out = new Map<string, number>();
  for (const [path, s] of best) out.set(path, hi > lo ? (s - lo) / (hi - lo) : hi > 0 ? 1 : 0);
  return out;
}

/**
 * Fuses the text lanes into one score per file: each lane's scores min-max normalised per query (so a
 * Lucene score, a history weight and a translation hit become comparable), weighted and summed; then
 * each file gains `siblingFactor` × its best sibling's fused score, since a component's template and
 * class change together. Pure and independent of candidate order.
 */
export function fuseTextLanes(candidates: readonly Candidate[], config: TextFusionConfig): Map<string, TextFusionScore> {
  const base = new Map<string, TextFusionScore>();
  for (const [lane, weight] of Object.entries(config.weights) as Array<[Lane, number]>) {
    if (!(weight > 0)) continue;
    for (const [path, norm] of minMaxByFile(candidates.filter((c) => c.lane === lane))) {
      const entry = base.get(path) ?? { score: 0, lanes: {} };
      entry.lanes[lane] = round(norm);
      entry.score += weight * norm;
      base.set(path, entry);
    }
  }
  const bySibling = new Map<string, string[]>();
  for (const path of base.keys()) {
    const key = siblingKey(path);
    bySibling.set(key, [...(bySibling.get(key) ?? []), path]);
  }
  const out = new Map<string, TextFusionScore>();
  for (const [path, entry] of base) {
    let sibling: TextFusionScore['sibling'];
    if (config.siblingFactor > 0) {
      for (const other of bySibling.get(siblingKey(path)) ?? []) {
        if (other === path || parentFolder(other) !== parentFolder(path)) continue;
        const value = config.siblingFactor * (base.get(other)?.score ?? 0);
        if (value > 0 && (!sibling || value > sibling.value || (value === sibling.value && compareText(other, sibling.path) < 0))) sibling = { path: other, value };
      }
    }
    out.set(path, { score: round(entry.score + (sibling?.value ?? 0)), lanes: entry.lanes, ...(sibling ? { sibling: { path: sibling.path, value: round(sibling.value) } } : {}) });
  }
  return out;
}
