import type { CandidateKind, Lane } from './candidate.model.js';
import type { TextFusionConfig } from './text-fusion.js';

/**
 * Every weight of the reranker, in one object. The defaults are set from first principles (see
 * src/retrieval/README.md), not fitted to any fixture: a lane hit is worth at most its lane weight,
 * bonuses and penalties are each smaller than a lane, and no single adjustment can outrank two lanes.
 */
export interface RankConfig {
  /** Weight of a lane's best hit; a text lane (in `textFusion.weights`) has 0 here and counts through `textWeight`. */
  laneWeights: Record<Lane, number>;
  /** The text lanes (content, fielded, history, UI text), fused apart: min-max per lane, weighted sum, sibling step. */
  textFusion: TextFusionConfig;
  /** Weight of a file's fused text score. */
  textWeight: number;
  /** Added per lane beyond the first that found the file (corroboration), up to `maxCorroboratingLanes`. */
  corroborationBonus: number;
  /**
   * Lanes derived from the others' hits (closure expands from the top files): they keep their own
   * lane weight but do not count as independent corroboration, or the top cluster would vouch for itself.
   */
  derivedLanes: readonly Lane[];
  maxCorroboratingLanes: number;
  /** Weight of the summed boosts of the distinct positive lexemes a file matches, capped at `lexemeBoostCap`. */
  lexemeBoostWeight: number;
  lexemeBoostCap: number;
  /** Bonus for the strongest anchor kind among a file's hits. */
  kindBonus: Partial<Record<CandidateKind, number>>;
  /** Extra bonus for a symbol hit that is a definition (interface, type, DTO-like name). */
  definitionSymbolBonus: number;
  /** Bonus when a file shares the domain anchor of another of the `localitySeeds` strongest files. */
  localityBonus: number;
  localitySeeds: number;
  /** Penalty per excluded (negative) lexeme a file matches, capped at `maxNegativeMatches`. */
  negativePenalty: number;
  maxNegativeMatches: number;
  /** Hub penalty grows with log in-degree from `hubThreshold` to `hubSaturation`, up to `hubPenalty`. */
  hubPenalty: number;
  hubThreshold: number;
  hubSaturation: number;
  sharedFolderPenalty: number;
  sharedFolders: readonly string[];
  testFilePenalty: number;
  /** Share of its positive score a file that is not code or a template loses (file-kind.ts). */
  nonSourceShare: number;
  /** Share of its positive score a test file loses when the task does not mention tests (file-kind.ts). */
  untestedTaskTestShare: number;
  barrelFilePenalty: number;
  /** Penalty per level a path is shallower than `shallowDepth` (root config and bootstrap files). */
  shallowPenaltyPerLevel: number;
  shallowDepth: number;
  maxReasons: number;
  maxEntitiesPerFile: number;
}

/**
 * The weights as first set for the name and structure lanes alone (relative to each other), before the
 * text lanes existed. DEFAULT_RANK_CONFIG scales them all by STRUCTURE_SCALE (see withStructureScale).
 */
export const STRUCTURE_RANK_CONFIG: RankConfig = {
  laneWeights: { symbol: 0.45, lexical: 0.35, artifact: 0.3, memory: 0.2, policy: 0.15, closure: 0.15, content: 0, fielded: 0, history: 0, uitext: 0 },
  textFusion: { weights: { content: 1, fielded: 0.5, history: 1, uitext: 0.3 }, siblingFactor: 0.1 },
  textWeight: 1,
  corroborationBonus: 0.1,
  derivedLanes: ['closure'],
  maxCorroboratingLanes: 3,
  lexemeBoostWeight: 0.1,
  lexemeBoostCap: 3,
  kindBonus: {
    route: 0.15, component: 0.15, remote_expose: 0.15, endpoint: 0.15, module: 0.1, service: 0.12, contract_component: 0.12,
    grid_table: 0.1, cell_renderer: 0.08, nav_trigger: 0.05, column_def: 0.05, directive: 0.05, pipe: 0.05, symbol: 0.05,
    usage: 0.03, config_flag: 0.03,
  },
  definitionSymbolBonus: 0.07,
  localityBonus: 0.1,
  localitySeeds: 3,
  negativePenalty: 0.5,
  maxNegativeMatches: 2,
  hubPenalty: 0.15,
  hubThreshold: 5,
  hubSaturation: 100,
  sharedFolderPenalty: 0.08,
  // Not `core`: by Angular convention it holds the app's singleton services, guards and interceptors
  // (the CoreModule pattern), i.e. the services and guards API and access tasks are about.
  sharedFolders: ['shared', 'common', 'util', 'utils', 'helpers'],
  testFilePenalty: 0.15,
  nonSourceShare: 0.5,
  untestedTaskTestShare: 0.5,
  barrelFilePenalty: 0.1,
  shallowPenaltyPerLevel: 0.03,
  shallowDepth: 2,
  maxReasons: 8,
  maxEntitiesPerFile: 10,
};

/**
 * The name and structure lanes (lexical, symbol, artifact, memory, policy, closure) and their bonuses
 * (anchor kind, locality, lexeme boost, corroboration) scaled by `scale`; penalties and the text
 * fusion unchanged. On real commit tasks (src/eval/README.md) the text lanes find the files and the
 * structure mostly reorders near-ties: at full weight it cost 6–9 points of Acc@5, at 0.1 it breaks
 * ties without overruling the text.
 */
export function withStructureScale(base: RankConfig, scale: number): RankConfig {
  const laneWeights = { ...base.laneWeights };
  for (const lane of Object.keys(laneWeights) as Lane[]) if (!(lane in base.textFusion.weights)) laneWeights[lane] *= scale;
  const kindBonus = Object.fromEntries(Object.entries(base.kindBonus).map(([k, v]) => [k, (v ?? 0) * scale])) as RankConfig['kindBonus'];
  return {
    ...base, laneWeights, kindBonus,
    corroborationBonus: base.corroborationBonus * scale, lexemeBoostWeight: base.lexemeBoostWeight * scale,
    definitionSymbolBonus: base.definitionSymbolBonus * scale, localityBonus: base.localityBonus * scale,
  };
}

/** How much the name and structure lanes count next to the text lanes (chosen on two repositories' history evals). */
export const STRUCTURE_SCALE = 0.1;

/**
 * The default ranking, measured on real commit tasks (src/eval/README.md "Results"): text lanes first
 * (content, fielded, history, UI text), the name and structure lanes at a tenth to break near-ties.
 */
export const DEFAULT_RANK_CONFIG: RankConfig = withStructureScale(STRUCTURE_RANK_CONFIG, STRUCTURE_SCALE);
