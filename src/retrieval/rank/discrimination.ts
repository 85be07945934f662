import { lexTokens } from '../../text/lex-text.js';
import { round } from '../shared/stable-order.js';
import type { Candidate, Lane } from './candidate.model.js';
import type { RankedFile } from './fusion.rank.js';
import { DEFAULT_RANK_CONFIG } from './rank.config.js';

/**
 * Lanes that see the task through independent evidence: what the files say (content, fielded),
 * what past commits with similar words changed (history), what the UI shows (uitext), and the names
 * of code (lexical, symbol, artifact). Closure, policy and memory derive from these and do not vouch.
 */
export const LANE_GROUPS: Readonly<Record<string, readonly Lane[]>> = {
  text: ['content', 'fielded'],
  history: ['history'],
  ui: ['uitext'],
  names: ['lexical', 'symbol', 'artifact'],
};

/** How well the head of a ranking stands out; the `evidence_discriminates` gate judges it. */
export interface Discrimination {
  /** (score of the first file − score of the `runnerUp`-th) / score of the first, within [0, 1] (penalties can push the runner-up below 0); 1 when fewer files. */
  margin: number;
  /** Lane groups whose own top files include one of the head files. */
  agreeingGroups: string[];
  /** Lane groups that found any file (a repository without git history or translations has fewer). */
  availableGroups: number;
  /** The head files (best first). */
  head: string[];
  /** Task words that none of the head files' paths carry: naming the place they refer to would decide. */
  unplacedTerms: string[];
  /** Task words no file of the repository contains: the code has nothing that answers to them. */
  absentTerms: string[];
  /** Share of the task words some file contains (1 when the task has none). */
  termCoverage: number;
  /**
   * The first file's score as a share of the most the text fusion can give one file here (the weights of
   * the text lanes that found anything), capped at 1: near 1 when those lanes all put it first, low when
   * it leads only because nothing matched better. Absent when no text lane ran.
   */
  headStrength?: number;
}

export interface DiscriminationOptions {
  headFiles: number;
  runnerUp: number;
  /** A group agrees when one of the head files is among its own best `groupTop` files. */
  groupTop: number;
  /** The text fusion's lane weights (the ranking's `textFusion.weights`), for `headStrength`. */
  textWeights: Partial<Record<Lane, number>>;
}

export const DEFAULT_DISCRIMINATION_OPTIONS: DiscriminationOptions = { headFiles: 3, runnerUp: 10, groupTop: 10, textWeights: DEFAULT_RANK_CONFIG.textFusion.weights };

function groupTopFiles(candidates: readonly Candidate[], lanes: readonly Lane[], top: number): Set<string> {
  const best = new Map<string, number>();
  for (const c of candidates) if (lanes.includes(c.lane) && c.rawScore > 0) best.set(c.path, Math.max(best.get(c.path) ?? 0, c.rawScore));
  return new Set([...best.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, top).map(([p]) => p));
}

/** Measures the head of a final ranking against its runners-up and across lane groups. Pure. */
export function discriminationOf(ranked: readonly RankedFile[], candidates: readonly Candidate[], terms: readonly string[], absent: readonly string[] = [], options = DEFAULT_DISCRIMINATION_OPTIONS): Discrimination {
  const head = ranked.slice(0, options.headFiles).map((f) => f.path);
  const first = ranked[0]?.score ?? 0;
  const runner = ranked[options.runnerUp - 1]?.score ?? 0;
  const margin = first > 0 && ranked.length >= options.runnerUp ? round(Math.min(1, Math.max(0, (first - runner) / first)), 4) : first > 0 ? 1 : 0;
  const availableGroups = Object.values(LANE_GROUPS).filter((lanes) => candidates.some((c) => lanes.includes(c.lane) && c.rawScore > 0)).length;
  const agreeingGroups = Object.entries(LANE_GROUPS)
    .filter(([, lanes]) => { const top = groupTopFiles(candidates, lanes, options.groupTop); return head.some((p) => top.has(p)); })
    .map(([group]) => group);
  const placed = new Set(head.flatMap((p) => lexTokens(p)));
  // Bounded like every pack string: a hostile prompt can carry one 100 KB "word".
  const unplacedTerms = terms.filter((t) => !placed.has(t)).slice(0, 12).map((t) => t.slice(0, 60));
  const absentTerms = absent.slice(0, 12).map((t) => t.slice(0, 60));
  const termCoverage = terms.length > 0 ? round(1 - Math.min(absent.length, terms.length) / terms.length, 4) : 1;
  const attainable = (Object.entries(options.textWeights) as Array<[Lane, number]>)
    .filter(([lane, w]) => w > 0 && candidates.some((c) => c.lane === lane && c.rawScore > 0)).reduce((sum, [, w]) => sum + w, 0);
  const headStrength = attainable > 0 ? round(Math.min(1, Math.max(0, first / attainable)), 4) : undefined;
  return { margin, agreeingGroups, availableGroups, head, unplacedTerms, absentTerms, termCoverage, ...(headStrength !== undefined ? { headStrength } : {}) };
}
