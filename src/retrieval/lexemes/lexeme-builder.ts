import { foldText } from '../shared/sanitize-text.js';
import { clamp, compareText, round, sortedUnique } from '../shared/stable-order.js';
import { expandAliases } from './lexeme-alias.js';
import { DEFAULT_LEXEME_CONFIG, type LexemeConfig } from './lexeme.config.js';
import { extractTerms } from './lexeme-extractor.js';
import { normalizeTerm, termVariants, trimPunctuation } from './lexeme-normalizer.js';
import {
  LEXEME_KINDS, LEXEME_SOURCES, compareLexemes,
  type AgentLexeme, type JiraFields, type Lexeme, type LexemeAlias, type LexemeKind, type LexemePolarity, type LexemeSource,
} from './lexeme.model.js';
import { classifyTerm } from './term-classifier.js';
import { isUtilityToken } from './utility-tokens.js';

export interface BuildLexemesInput {
  prompt?: string | null;
  agentLexemes?: readonly AgentLexeme[];
  jira?: JiraFields | null;
  aliases?: readonly LexemeAlias[];
  config?: LexemeConfig;
}

interface Draft {
  raw: string;
  kind: LexemeKind;
  source: LexemeSource;
  confidence: number;
  polarity: LexemePolarity;
  boost?: number;
}

function toLexeme(draft: Draft, config: LexemeConfig): Lexeme | null {
  const d = { ...draft, raw: draft.raw.slice(0, 512) };
  const norm = normalizeTerm(d.kind, d.raw);
  if (!/[\p{L}\p{N}]/u.test(norm)) return null;
  const floor = config.confidenceFloor[d.source] ?? 0;
  const confidence = round(clamp(Math.max(floor, d.confidence) * config.sourceFactor[d.source], 0, 1), 3);
  const utility = isUtilityToken(norm);
  const boost = d.boost ?? round(config.kindWeights[d.kind] * confidence * (utility ? config.utilityFactor : 1), 3);
  return {
    raw: trimPunctuation(d.raw).slice(0, 512) || norm, norm, kind: d.kind, source: d.source, confidence, polarity: d.polarity,
    boost: round(clamp(boost, 0, 1), 3), variants: termVariants(d.kind, d.raw, norm).slice(0, 64),
  };
}

function agentDraft(input: AgentLexeme, config: LexemeConfig): Draft | null {
  const obj = typeof input === 'string' ? { raw: input } : input;
  let raw = foldText(obj.raw) ? obj.raw.trim() : '';
  if (!raw) return null;
  let polarity: LexemePolarity = obj.polarity ?? 'positive';
  if (typeof input === 'string' && /^-\p{L}/u.test(raw) && !isUtilityToken(raw)) {
    raw = raw.slice(1);
    polarity = 'negative';
  }
  const shaped = obj.kind ? { kind: obj.kind, confidence: 0.9 } : classifyTerm(raw, config);
  const guess = shaped ?? { kind: 'DOMAIN_NOUN' as const, confidence: 0.6 };
  return { raw, kind: guess.kind, source: 'agent', confidence: guess.confidence, polarity, ...(obj.boost !== undefined ? { boost: obj.boost } : {}) };
}

function jiraDrafts(jira: JiraFields, config: LexemeConfig): Draft[] {
  const text = [jira.summary, jira.description, ...(jira.acceptanceCriteria ?? [])].filter(Boolean).join('\n');
  const drafts: Draft[] = extractTerms(text, { ...config, maxChars: config.maxPromptChars }).map((t) => ({ ...t, source: 'jira' }));
  for (const label of [...(jira.labels ?? []), ...(jira.components ?? [])]) {
    const c = classifyTerm(label.trim(), config);
    drafts.push({ raw: label, kind: c?.kind ?? 'DOMAIN_NOUN', confidence: c?.confidence ?? 0.6, source: 'jira', polarity: 'positive' });
  }
  if (jira.key) drafts.push({ raw: jira.key, kind: 'TICKET_KEY', confidence: 1, source: 'jira', polarity: 'positive' });
  return drafts;
}

const SOURCE_RANK = new Map(LEXEME_SOURCES.map((s, i) => [s, i]));
const KIND_RANK = new Map(LEXEME_KINDS.map((k, i) => [k, i]));

/** Total order deciding which duplicate's kind/raw/source survives a merge (independent of input order). */
function better(a: Lexeme, b: Lexeme): boolean {
  if (a.confidence !== b.confidence) return a.confidence > b.confidence;
  const s = (SOURCE_RANK.get(a.source) ?? 9) - (SOURCE_RANK.get(b.source) ?? 9);
  if (s !== 0) return s < 0;
  const k = (KIND_RANK.get(a.kind) ?? 99) - (KIND_RANK.get(b.kind) ?? 99);
  if (k !== 0) return k < 0;
  return compareText(a.raw, b.raw) < 0;
}

/**
 * Merges duplicates by norm: the best-classified copy gives kind/raw/source, confidence and boost are
 * the maximum, variants are united, and an explicit exclusion (negative) wins over a mention.
 */
export function mergeLexemes(list: readonly Lexeme[]): Lexeme[] {
  const byNorm = new Map<string, Lexeme>();
  for (const lx of list) {
    const prev = byNorm.get(lx.norm);
    if (!prev) {
      byNorm.set(lx.norm, lx);
      continue;
    }
    const best = better(lx, prev) ? lx : prev;
    byNorm.set(lx.norm, {
      ...best,
      confidence: Math.max(lx.confidence, prev.confidence),
      boost: Math.max(lx.boost, prev.boost),
      polarity: lx.polarity === 'negative' || prev.polarity === 'negative' ? 'negative' : 'positive',
      variants: sortedUnique([...lx.variants, ...prev.variants]).filter((v) => v !== lx.norm).slice(0, 64),
    });
  }
  return [...byNorm.values()].sort(compareLexemes);
}

/**
 * The lexemes of a task: terms extracted from the prompt and Jira fields, merged with the agent's
 * lexemes, expanded with alias records, de-duplicated and sorted (positive first, by boost, then norm).
 * Deterministic: the same input gives the same list, whatever the order of agent lexemes or aliases.
 */
export function buildLexemes(input: BuildLexemesInput): Lexeme[] {
  const config = input.config ?? DEFAULT_LEXEME_CONFIG;
  const drafts: Draft[] = [];
  if (input.prompt) {
    drafts.push(...extractTerms(input.prompt, { ...config, maxChars: config.maxPromptChars }).map((t) => ({ ...t, source: 'prompt' as const })));
  }
  if (input.jira) drafts.push(...jiraDrafts(input.jira, config));
  for (const a of input.agentLexemes ?? []) {
    const d = agentDraft(a, config);
    if (d) drafts.push(d);
  }
  const merged = mergeLexemes(drafts.map((d) => toLexeme(d, config)).filter((l): l is Lexeme => l !== null));
  const { lexemes, negatives } = expandAliases(merged, input.aliases ?? []);
  const known = new Set(lexemes.map((l) => l.norm));
  const implied = negatives
    .filter((n) => !known.has(n.norm))
    .map((n) => toLexeme({ raw: n.norm, kind: 'DOMAIN_NOUN', source: 'alias', confidence: 0.6, polarity: 'negative' }, config))
    .filter((l): l is Lexeme => l !== null);
  const all = mergeLexemes([...lexemes, ...implied]);
  const positive = all.filter((l) => l.polarity === 'positive').slice(0, config.maxPositive);
  const negative = all.filter((l) => l.polarity === 'negative').slice(0, config.maxNegative);
  return [...positive, ...negative];
}
