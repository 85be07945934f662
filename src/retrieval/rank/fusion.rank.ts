import type { Lexeme } from '../lexemes/lexeme.model.js';
import { compareText, round, sortedUnique } from '../shared/stable-order.js';
import { anchorRole, type AnchorRole, type Candidate, type CandidateKind, type Lane } from './candidate.model.js';
import {
  anchorKindContribution, describeHit, laneContributions, lexemeContributions, pathContributions, type Contribution,
} from './file-contributions.js';
import { normalizeLaneScores, type NormalizedCandidate } from './lane-normalizer.js';
import { matchLexemes, prepareLexemes } from './lexeme-match.js';
import { parentFolder, pathTokenSet } from './path-features.js';
import { DEFAULT_RANK_CONFIG, type RankConfig } from './rank.config.js';
import { fileKindContribution } from './file-kind.js';
import { fuseTextLanes, type TextFusionScore } from './text-fusion.js';

/** A graph entity inside a ranked file (the hits that put the file there). */
export interface RankedEntity {
  id: string;
  kind: CandidateKind;
  name?: string;
  line?: number;
  role: AnchorRole | null;
  lanes: Lane[];
  laneScore: number;
}

/** One file of the ranking: its score, the named parts it is made of, and why it is there. */
export interface RankedFile {
  path: string;
  score: number;
  contributions: Contribution[];
  reasons: string[];
  lanes: Lane[];
  roles: AnchorRole[];
  anchorId: string;
  entities: RankedEntity[];
  matchedLexemes: string[];
  excludedMatches: string[];
  bytes?: number;
  snapshotIds: string[];
}

/** Ranking order: score descending, then path ascending (code units), then first entity id. */
export function compareRankedFiles(a: RankedFile, b: RankedFile): number {
  return b.score - a.score || compareText(a.path, b.path) || compareText(a.entities[0]?.id ?? '', b.entities[0]?.id ?? '');
}

/**
 * The entities of a file's hits, strongest first: by the weighted lane score of their best hit (an exact
 * symbol-lane match of `/orders/:id` outranks a lexical match of `/orders/:id/edit` in the same file),
 * then the plain lane score, then id.
 */
function entitiesOf(hits: readonly NormalizedCandidate[], max: number, config: RankConfig): RankedEntity[] {
  const strength = new Map<string, number>();
  for (const h of hits) strength.set(h.id, Math.max(strength.get(h.id) ?? 0, config.laneWeights[h.lane] * h.laneScore));
  const byId = new Map<string, RankedEntity>();
  for (const h of hits) {
    const prev = byId.get(h.id);
    if (prev) {
      if (!prev.lanes.includes(h.lane)) prev.lanes.push(h.lane);
      prev.laneScore = Math.max(prev.laneScore, h.laneScore);
      continue;
    }
    byId.set(h.id, {
      id: h.id, kind: h.kind, role: anchorRole(h), lanes: [h.lane], laneScore: h.laneScore,
      ...(h.name !== undefined ? { name: h.name } : {}), ...(h.line !== undefined ? { line: h.line } : {}),
    });
  }
  return [...byId.values()].sort((a, b) => (strength.get(b.id) ?? 0) - (strength.get(a.id) ?? 0) || b.laneScore - a.laneScore || compareText(a.id, b.id)).slice(0, max);
}

function reasonsOf(parts: readonly Contribution[], hits: readonly NormalizedCandidate[], max: number): string[] {
  const positive = parts.filter((p) => p.value > 0).sort((a, b) => b.value - a.value || compareText(a.name, b.name));
  const negative = parts.filter((p) => p.value < 0).sort((a, b) => a.value - b.value || compareText(a.name, b.name));
  const laneReasons = sortedUnique(hits.flatMap((h) => h.reasons ?? []));
  const out = [...positive.map((p) => p.detail), ...laneReasons, ...negative.map((p) => `down-weighted: ${p.detail}`)];
  const kept = [...new Set(out)].map((r) => r.slice(0, 240));
  if (kept.length <= max) return kept;
  // Keep penalties visible even when the list is cut: they explain a surprising rank.
  const tail = negative.map((p) => `down-weighted: ${p.detail}`.slice(0, 240)).slice(0, Math.max(0, max - 1));
  return [...kept.filter((r) => !tail.includes(r)).slice(0, max - tail.length), ...tail];
}

function textContribution(fused: TextFusionScore | undefined, config: RankConfig): Contribution | null {
  if (!fused || !(fused.score > 0) || !(config.textWeight > 0)) return null;
  const lanes = Object.entries(fused.lanes).filter(([, v]) => (v ?? 0) > 0).map(([lane, v]) => `${lane} ${round(v ?? 0, 2)}`).join(', ');
  const sibling = fused.sibling ? `; sibling ${fused.sibling.path} adds ${round(fused.sibling.value, 2)}` : '';
  return { name: 'text', value: round(config.textWeight * fused.score), detail: `task words in the file (${lanes || 'through its sibling'})${sibling}` };
}

/**
 * Fuses lane candidates into a ranked list of files with explained scores. Per file: lane weights ×
 * max-normalised lane scores, a corroboration bonus, lexeme boosts, the best anchor-kind bonus, a
 * polarity penalty for excluded lexemes, hub/shared/test/barrel/shallow-path penalties, and a locality
 * bonus for sharing the domain anchor of another top file. `score` equals the sum of `contributions`.
 * Deterministic and independent of candidate order. Candidates with an empty or over-long path are ignored.
 */
export function rankFiles(candidates: readonly Candidate[], lexemes: readonly Lexeme[], config: RankConfig = DEFAULT_RANK_CONFIG): RankedFile[] {
  // Paths outside the candidate schema (empty or over 1000 characters) cannot name a repo file.
  const normalized = normalizeLaneScores(candidates.filter((c) => c.path.length > 0 && c.path.length <= 1000));
  const byPath = new Map<string, NormalizedCandidate[]>();
  for (const c of normalized) {
    const list = byPath.get(c.path);
    if (list) list.push(c);
    else byPath.set(c.path, [c]);
  }
  const prepared = prepareLexemes(lexemes);
  const text = fuseTextLanes(normalized, config.textFusion);
  const drafts = [...byPath.entries()].map(([path, hits]) => {
    const { parts: laneParts, lanes } = laneContributions(hits, config);
    const textPart = textContribution(text.get(path), config);
    if (textPart) laneParts.unshift(textPart);
    const names = sortedUnique(hits.map((h) => h.name ?? '').filter(Boolean));
    const laneMatched = new Set(hits.flatMap((h) => h.matched ?? []));
    const { positive, negative } = matchLexemes(prepared, pathTokenSet(path, names), laneMatched);
    const anchor = anchorKindContribution(hits, config);
    const parts = [...laneParts, ...lexemeContributions(positive, negative, config), ...(anchor ? [anchor] : []), ...pathContributions(path, hits, config)];
    const kind = fileKindContribution(path, parts.reduce((s, p) => s + Math.max(0, p.value), 0), lexemes, config);
    if (kind) parts.push(kind);
    const anchorIds = sortedUnique(hits.map((h) => h.anchorId ?? '').filter(Boolean));
    const bytes = Math.max(-1, ...hits.map((h) => h.bytes ?? -1));
    return {
      path, hits, parts, lanes, positive, negative,
      anchorId: anchorIds[0] ?? parentFolder(path),
      bytes: bytes >= 0 ? bytes : undefined,
      preScore: round(parts.reduce((s, p) => s + p.value, 0)),
    };
  });
  drafts.sort((a, b) => b.preScore - a.preScore || compareText(a.path, b.path));
  const seeds = drafts.filter((d) => d.preScore > 0).slice(0, Math.max(0, config.localitySeeds));

  const ranked = drafts.map((d): RankedFile => {
    const parts = [...d.parts];
    const peer = seeds.find((s) => s.path !== d.path && s.anchorId === d.anchorId);
    if (peer && config.localityBonus > 0) {
      parts.push({ name: 'locality', value: round(config.localityBonus), detail: `shares domain anchor ${d.anchorId} with top hit ${peer.path}` });
    }
    const score = round(parts.reduce((s, p) => s + p.value, 0));
    return {
      path: d.path,
      score,
      contributions: parts,
      reasons: reasonsOf(parts, d.hits, config.maxReasons),
      lanes: d.lanes,
      roles: (['entrypoint', 'definition'] as const).filter((r) => d.hits.some((h) => anchorRole(h) === r)),
      anchorId: d.anchorId,
      entities: entitiesOf(d.hits, config.maxEntitiesPerFile, config),
      matchedLexemes: d.positive.map((l) => l.norm),
      excludedMatches: d.negative.map((l) => l.norm),
      ...(d.bytes !== undefined ? { bytes: d.bytes } : {}),
      snapshotIds: sortedUnique(d.hits.map((h) => h.snapshotId ?? '').filter(Boolean)),
    };
  });
  return ranked.sort(compareRankedFiles);
}

export { describeHit, type Contribution };
