import { compareText, round } from '../shared/stable-order.js';
import { LANES, type Candidate, type Lane } from './candidate.model.js';

/** A candidate with its score scaled into [0, 1] within its lane. */
export interface NormalizedCandidate extends Candidate {
  laneScore: number;
}

const LANE_ORDER = new Map(LANES.map((l, i) => [l, i]));

/** Canonical candidate order: lane, path, id, then higher raw score first. */
export function compareCandidates(a: Candidate, b: Candidate): number {
  return (LANE_ORDER.get(a.lane) ?? 0) - (LANE_ORDER.get(b.lane) ?? 0) || compareText(a.path, b.path) || compareText(a.id, b.id) || b.rawScore - a.rawScore;
}

function safeScore(raw: number): number {
  return Number.isFinite(raw) && raw > 0 ? raw : 0;
}

/**
 * Scales raw scores per lane by the lane's maximum (max-normalisation), so a Lucene score and an
 * exact-name grade become comparable: the best hit of each lane is 1, a hit half as good 0.5.
 * Non-finite or negative scores count as 0. A (lane, id) pair seen twice keeps its best row.
 * The result is in canonical order, whatever the input order.
 */
export function normalizeLaneScores(candidates: readonly Candidate[]): NormalizedCandidate[] {
  const best = new Map<string, Candidate>();
  for (const c of candidates) {
    const key = `${c.lane}\u0000${c.id}\u0000${c.path}`;
    const prev = best.get(key);
    if (!prev || safeScore(c.rawScore) > safeScore(prev.rawScore) || (safeScore(c.rawScore) === safeScore(prev.rawScore) && JSON.stringify(c) < JSON.stringify(prev))) {
      best.set(key, c);
    }
  }
  const max = new Map<Lane, number>();
  for (const c of best.values()) max.set(c.lane, Math.max(max.get(c.lane) ?? 0, safeScore(c.rawScore)));
  return [...best.values()]
    .map((c) => {
      const m = max.get(c.lane) ?? 0;
      return { ...c, laneScore: m > 0 ? round(safeScore(c.rawScore) / m, 6) : 0 };
    })
    .sort(compareCandidates);
}
