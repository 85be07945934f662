import { compareText, round } from '../shared/stable-order.js';
import type { Lexeme } from './lexeme.model.js';
import { termTokens, wordParts } from './lexeme-normalizer.js';

/** Characters the Lucene classic query parser treats as syntax (`&&`/`||` are covered by `&`/`|`). */
export const LUCENE_SPECIALS = '+-&|!(){}[]^"~*?:\\/';
const SPECIAL = /[+\-&|!(){}[\]^"~*?:\\/]/g;
const OPERATOR_WORDS = new Set(['AND', 'OR', 'NOT', 'TO']);

/**
 * Escapes every Lucene special character with a backslash and collapses whitespace/controls to single
 * spaces, so the result is one or more literal terms. Bare operator words (`AND`, `OR`, `NOT`, `TO`)
 * are lowercased so the parser cannot read them as operators.
 */
export function escapeLucene(text: string): string {
  return text
    .replace(/[\u0000-\u001F\u007F-\u009F\s]+/g, ' ')
    .replace(SPECIAL, (c) => `\\${c}`)
    .split(' ')
    .map((w) => (OPERATOR_WORDS.has(w) ? w.toLowerCase() : w))
    .join(' ');
}

/** A term to search for and how much a match on it is worth. */
export interface WeightedTerm {
  text: string;
  boost: number;
}

export interface LuceneQueryOptions {
  /** At most this many clauses (Lucene's default clause limit is 1024; packs need far fewer). */
  maxClauses: number;
  /** The query string never exceeds this many characters. */
  maxLength: number;
  /** Weight of the single words of a multi-word term, relative to its phrase (0 = phrase only). */
  partFactor: number;
}

export const DEFAULT_LUCENE_OPTIONS: LuceneQueryOptions = { maxClauses: 64, maxLength: 4000, partFactor: 0.25 };

function formatBoost(boost: number): string {
  const b = Math.min(100, Math.max(0.001, round(boost, 3)));
  return String(b);
}

/**
 * Builds a safe OR query from weighted terms: a single-token term becomes `token^b`, a multi-token one
 * (`order-detail`, `Order Details`) the phrase `"order detail"^b` plus its words at `partFactor × b`.
 * Tokens come from the same tokenizer as the indexed `searchText` and are escaped anyway. Clauses are
 * de-duplicated (keeping the highest boost), sorted by boost then text, and cut to the bounds.
 * Returns '' when nothing is searchable.
 */
export function buildLuceneQuery(terms: readonly WeightedTerm[], options: LuceneQueryOptions = DEFAULT_LUCENE_OPTIONS): string {
  const clauses = new Map<string, number>();
  const add = (clause: string, boost: number): void => {
    if (!(boost > 0) || clause.length === 0) return;
    const prev = clauses.get(clause);
    if (prev === undefined || boost > prev) clauses.set(clause, boost);
  };
  for (const term of terms) {
    if (!Number.isFinite(term.boost) || term.boost <= 0) continue;
    const parts = wordParts(term.text).slice(0, 12).map(escapeLucene).filter((p) => p.length > 0 && p.length <= 80);
    if (parts.length === 0) continue;
    if (parts.length === 1) {
      add(parts[0] as string, term.boost);
      continue;
    }
    add(`"${parts.join(' ')}"`, term.boost);
    // Single letters and bare numbers match almost everything on their own; they only count inside the phrase.
    if (options.partFactor > 0) for (const p of parts) if (p.length > 1 && !/^\d+$/.test(p)) add(p, term.boost * options.partFactor);
  }
  const sorted = [...clauses.entries()].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]));
  let query = '';
  let count = 0;
  for (const [clause, boost] of sorted) {
    if (count >= options.maxClauses) break;
    const piece = `${clause}^${formatBoost(boost)}`;
    const next = query ? `${query} OR ${piece}` : piece;
    if (next.length > options.maxLength) continue;
    query = next;
    count += 1;
  }
  return query;
}

/**
 * Weighted full-text terms of positive lexemes: the norm at the lexeme's boost and each variant at
 * `variantFactor` of it. Negative lexemes are not searched; the reranker penalises their matches.
 */
export function lexemeQueryTerms(lexemes: readonly Lexeme[], variantFactor = 0.6): WeightedTerm[] {
  const out: WeightedTerm[] = [];
  for (const lx of lexemes) {
    if (lx.polarity !== 'positive' || lx.boost <= 0) continue;
    out.push({ text: lx.norm, boost: lx.boost });
    for (const v of lx.variants) out.push({ text: v, boost: lx.boost * variantFactor });
  }
  return out;
}

/** The distinct full-text tokens of a lexeme's norm and variants (what the lexical lane can match). */
export function lexemeTokens(lexeme: Lexeme): string[] {
  return [...new Set([lexeme.norm, ...lexeme.variants].flatMap(termTokens))].sort(compareText);
}
