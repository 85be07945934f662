import type { Lexeme } from '../lexemes/lexeme.model.js';
import { clamp, compareText, round } from '../shared/stable-order.js';
import { anchorRole, LANES, type Lane } from './candidate.model.js';
import type { NormalizedCandidate } from './lane-normalizer.js';
import { isBarrelPath, isTestPath, pathDepth, sharedFolderOf } from './path-features.js';
import type { RankConfig } from './rank.config.js';

/** One named, signed part of a file's final score; the parts always sum to the score. */
export interface Contribution {
  name: string;
  value: number;
  detail: string;
}

/** How a hit is described in reasons: `component OrderDetailComponent`, `route /orders/:id`. */
export function describeHit(c: Pick<NormalizedCandidate, 'kind' | 'name' | 'symbolKind' | 'path' | 'line'>): string {
  const kind = c.kind === 'symbol' && c.symbolKind ? c.symbolKind : c.kind.replace(/_/g, ' ');
  const where = c.line ? `:${c.line}` : '';
  return `${kind} ${(c.name || c.path).slice(0, 200)}${where}`;
}

function bestBy<T>(items: readonly T[], score: (t: T) => number): T | undefined {
  let best: T | undefined;
  for (const item of items) if (best === undefined || score(item) > score(best)) best = item;
  return best;
}

/** Lane contributions (weight × best normalised score of the lane) and the corroboration bonus. */
export function laneContributions(hits: readonly NormalizedCandidate[], config: RankConfig): { parts: Contribution[]; lanes: Lane[] } {
  const parts: Contribution[] = [];
  const lanes: Lane[] = [];
  for (const lane of LANES) {
    const best = bestBy(hits.filter((h) => h.lane === lane), (h) => h.laneScore);
    if (!best || best.laneScore <= 0) continue;
    lanes.push(lane);
    // Text lanes weigh in through their fusion (text-fusion.ts), not one by one.
    if (!(config.laneWeights[lane] > 0)) continue;
    const value = round(config.laneWeights[lane] * best.laneScore);
    parts.push({ name: `lane:${lane}`, value, detail: `${lane} lane: ${describeHit(best)} at ${round(best.laneScore, 3)} of the lane's best` });
  }
  const independent = lanes.filter((l) => config.laneWeights[l] > 0 && !config.derivedLanes.includes(l));
  const extra = Math.min(config.maxCorroboratingLanes, independent.length - 1);
  if (extra > 0) parts.push({ name: 'corroboration', value: round(config.corroborationBonus * extra), detail: `found by ${independent.length} independent lanes (${independent.join(', ')})` });
  return { parts, lanes };
}

/** Lexeme boost (matched positive lexemes) and polarity penalty (matched excluded lexemes). */
export function lexemeContributions(positive: readonly Lexeme[], negative: readonly Lexeme[], config: RankConfig): Contribution[] {
  const parts: Contribution[] = [];
  if (positive.length > 0) {
    const byBoost = [...positive].sort((a, b) => b.boost - a.boost || compareText(a.norm, b.norm));
    const sum = [...positive].map((l) => l.boost).sort((a, b) => a - b).reduce((s, b) => s + b, 0);
    const value = round(config.lexemeBoostWeight * Math.min(config.lexemeBoostCap, sum));
    const names = byBoost.slice(0, 4).map((l) => `${l.kind} "${l.norm}"`).join(', ');
    if (value > 0) parts.push({ name: 'lexeme-boost', value, detail: `matches ${names}${byBoost.length > 4 ? ` and ${byBoost.length - 4} more` : ''}` });
  }
  if (negative.length > 0) {
    const n = Math.min(config.maxNegativeMatches, negative.length);
    const names = negative.slice(0, 4).map((l) => `"${l.norm}"`).join(', ');
    parts.push({ name: 'polarity-penalty', value: round(-config.negativePenalty * n), detail: `matches excluded term ${names}` });
  }
  return parts;
}

/** The strongest anchor-kind bonus among a file's hits (with the definition-symbol extra), scaled by the hit's lane score. */
export function anchorKindContribution(hits: readonly NormalizedCandidate[], config: RankConfig): Contribution | null {
  // Scaled by the hit's lane score: a barely matching route is not worth a full route bonus.
  const bonus = (h: NormalizedCandidate): number =>
    ((config.kindBonus[h.kind] ?? 0) + (h.kind === 'symbol' && anchorRole(h) === 'definition' ? config.definitionSymbolBonus : 0)) * h.laneScore;
  // Hits of lanes that weigh nothing (text lanes outside their fusion) confer no anchor kind either.
  const best = bestBy(hits.filter((h) => config.laneWeights[h.lane] > 0), bonus);
  if (!best || bonus(best) <= 0) return null;
  const role = anchorRole(best);
  return { name: 'anchor-kind', value: round(bonus(best)), detail: `${describeHit(best)}${role ? ` (${role})` : ''}` };
}

/** Hub, shared-folder, test-file, barrel and shallow-path adjustments (all ≤ 0). */
export function pathContributions(path: string, hits: readonly NormalizedCandidate[], config: RankConfig): Contribution[] {
  const parts: Contribution[] = [];
  const inDegree = Math.max(0, ...hits.map((h) => h.inDegree ?? 0));
  if (inDegree > config.hubThreshold && config.hubPenalty > 0) {
    const lo = Math.log2(1 + config.hubThreshold);
    const hi = Math.log2(1 + Math.max(config.hubSaturation, config.hubThreshold + 1));
    const f = clamp((Math.log2(1 + inDegree) - lo) / (hi - lo), 0, 1);
    parts.push({ name: 'hub-penalty', value: round(-config.hubPenalty * f), detail: `hub: imported or injected by ${inDegree} places` });
  }
  const shared = sharedFolderOf(path, config.sharedFolders);
  if (shared && config.sharedFolderPenalty > 0) parts.push({ name: 'shared-folder', value: round(-config.sharedFolderPenalty), detail: `in shared/utility folder "${shared}"` });
  if (isTestPath(path) && config.testFilePenalty > 0) parts.push({ name: 'test-file', value: round(-config.testFilePenalty), detail: 'test, story or mock file (tests are added by closure)' });
  if (isBarrelPath(path) && config.barrelFilePenalty > 0) parts.push({ name: 'barrel-file', value: round(-config.barrelFilePenalty), detail: 're-export barrel with no logic of its own' });
  const shallow = Math.max(0, config.shallowDepth - pathDepth(path));
  if (shallow > 0 && config.shallowPenaltyPerLevel > 0) parts.push({ name: 'path-depth', value: round(-config.shallowPenaltyPerLevel * shallow), detail: `top-level file (depth ${pathDepth(path)}): configuration or bootstrap` });
  return parts;
}
