import { sanitizeText } from '../shared/sanitize-text.js';
import { trimPunctuation } from './lexeme-normalizer.js';
import type { LexemeKind, LexemePolarity } from './lexeme.model.js';
import { classifyTerm, type ClassifyOptions } from './term-classifier.js';
import { isUtilityToken } from './utility-tokens.js';

/** A term found in prose, before normalisation and merging. */
export interface ExtractedTerm {
  raw: string;
  kind: LexemeKind;
  confidence: number;
  polarity: LexemePolarity;
}

export interface ExtractOptions extends ClassifyOptions {
  /** Prose beyond this many characters is ignored (bounds time on pasted logs). */
  maxChars: number;
}

interface Item {
  text: string;
  /** `quoted` spans keep their inner text; `endpoint` is `METHOD /path`; `tag` is `<x-y …>`. */
  form: 'quoted' | 'endpoint' | 'tag' | 'word';
  /** The item ends a clause (a trailing `.`, `;` or `,`), which stops a pending negation. */
  endsClause: boolean;
}

const SPAN = new RegExp(
  [
    /"([^"\n]{1,300})"/.source,
    /“([^”\n]{1,300})”/.source,
    /`([^`\n]{1,300})`/.source,
    /(?<![\p{L}\p{N}])'([^'\n]{1,300})'(?![\p{L}\p{N}])/u.source,
    // "(POST /customers)": an opening bracket may precede the method and a closing one end the path
    /(?<![\p{L}\p{N}_])[(\[]?((?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+\/[^\s"'`<>()[\]]*)/u.source,
    /(<\/?[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+(?:\s[^<>\n]{0,200})?\/?>)/.source,
    /(\S+)/.source,
  ].join('|'),
  'gu',
);

const NEGATORS = new Set(['without', 'except', 'excluding', 'exclude', 'excludes', 'sans']);
const AUXILIARIES = new Set(['do', 'does', 'did', 'is', 'are', 'was', 'were', 'be', 'should', 'will', 'would', 'could', 'can', 'must', 'has', 'have', 'had', 'may', 'might', 'shall']);
const PROHIBITIONS = new Set(["don't", 'dont', 'don’t', 'never', 'not', 'avoid', 'avoiding']);
const HANDS_OFF_VERBS = new Set(['touch', 'touching', 'change', 'changing', 'modify', 'modifying', 'edit', 'editing', 'alter', 'altering', 'use', 'using', 'include', 'including']);
const SKIPPABLE = new Set(['the', 'a', 'an', 'any', 'anything', 'in', 'on', 'to', 'of', 'from', 'with', 'its', 'their', 'our', 'my', 'your', 'existing', 'current']);
const CONTINUATIONS = new Set(['or', 'nor', 'and']);
const GRID_CUES = new Set(['column', 'columns', 'field', 'fields', 'col', 'coldef', 'coldefs']);
const LABEL_CUES = new Set(['button', 'label', 'title', 'tab', 'link', 'heading', 'header', 'menu', 'tooltip', 'placeholder', 'caption', 'text', 'message']);
const ERROR_CUES = new Set(['error', 'errors', 'exception', 'warning', 'stack', 'stacktrace', 'throws', 'thrown', 'crash', 'crashes', 'fails', 'failed']);
const ROUTE_CUES = new Set(['route', 'routes', 'url', 'path']);
const FLAG_CUES = new Set(['flag', 'flags', 'toggle', 'toggles']);
const ERRORISH = /\b(?:error|errors|failed|failure|fails|cannot|can't|unable|undefined|null|exception|invalid|not found|denied|refused|timeout|timed out|nan|unexpected|uncaught)\b|\b[45]\d\d\b/i;
const WEAK_KINDS = new Set<LexemeKind>(['DOMAIN_NOUN', 'SYMBOL', 'UI_LABEL']);

function tokenize(text: string): Item[] {
  const items: Item[] = [];
  for (const m of text.matchAll(SPAN)) {
    const quoted = m[1] ?? m[2] ?? m[3] ?? m[4];
    const after = text.slice((m.index ?? 0) + m[0].length, (m.index ?? 0) + m[0].length + 1);
    if (quoted !== undefined) items.push({ text: quoted, form: 'quoted', endsClause: /[.;,]/.test(after) });
    else if (m[5] !== undefined) items.push({ text: m[5], form: 'endpoint', endsClause: false });
    else if (m[6] !== undefined) items.push({ text: m[6], form: 'tag', endsClause: /[.;,]/.test(after) });
    else if (m[7] !== undefined) items.push({ text: m[7], form: 'word', endsClause: /[.;,!?]$/.test(m[7]) });
  }
  return items;
}

function classifyQuoted(inner: string, options: ClassifyOptions): Array<{ raw: string; kind: LexemeKind; confidence: number }> {
  const text = inner.trim();
  if (!text) return [];
  const shaped = classifyTerm(text, options);
  if (shaped && shaped.kind !== 'DOMAIN_NOUN') return [{ raw: text, kind: shaped.kind, confidence: Math.min(0.99, shaped.confidence + 0.05) }];
  if (!/[\p{L}\p{N}]/u.test(text)) return [];
  return [{ raw: text, kind: ERRORISH.test(text) ? 'ERROR_STRING' : 'UI_LABEL', confidence: 0.8 }];
}

/** Terms of one prose word: itself when it classifies, else its dotted or slashed parts. */
function classifyWord(word: string, options: ClassifyOptions): Array<{ raw: string; kind: LexemeKind; confidence: number }> {
  const text = trimPunctuation(word);
  if (!text || text.length > 256) return [];
  const whole = classifyTerm(text, options);
  if (whole) return [{ raw: text, ...whole }];
  const parts = text.split(/[./\\]+/).filter((p) => p && p !== 'this');
  if (parts.length < 2) return [];
  return parts.flatMap((p) => {
    const c = classifyTerm(p, options);
    return c ? [{ raw: p, ...c }] : [];
  });
}

/** Whether the word right after (or, unless `afterOnly`, right before) item i is one of the cues. */
function neighbourCue(items: Item[], i: number, cues: ReadonlySet<string>, afterOnly = false): boolean {
  const near = (afterOnly ? [items[i + 1]] : [items[i - 1], items[i + 1]]).filter((x): x is Item => x?.form === 'word');
  return near.some((x) => cues.has(trimPunctuation(x.text).toLowerCase()));
}

/** Promotes a weakly-typed term to a stronger kind when a neighbouring word says what it is. */
function applyCues(kind: LexemeKind, confidence: number, items: Item[], i: number, form: Item['form']): { kind: LexemeKind; confidence: number } {
  if (!WEAK_KINDS.has(kind)) return { kind, confidence };
  if (neighbourCue(items, i, GRID_CUES)) return { kind: 'GRID_FIELD', confidence: Math.max(confidence, 0.75) };
  if (neighbourCue(items, i, FLAG_CUES)) return { kind: 'CONFIG_FLAG', confidence: Math.max(confidence, 0.7) };
  if (form === 'quoted' && neighbourCue(items, i, ERROR_CUES)) return { kind: 'ERROR_STRING', confidence: Math.max(confidence, 0.85) };
  if (form === 'quoted' && neighbourCue(items, i, LABEL_CUES)) return { kind: 'UI_LABEL', confidence: Math.max(confidence, 0.85) };
  // "the orders route": the noun comes first; the word after "route" is usually a verb.
  if (form === 'word' && kind === 'DOMAIN_NOUN' && neighbourCue(items, i, ROUTE_CUES, true)) return { kind: 'ROUTE_SEGMENT', confidence: 0.6 };
  return { kind, confidence };
}

const wordAt = (items: readonly Item[], i: number): string => (items[i]?.form === 'word' ? trimPunctuation(items[i]?.text ?? '').toLowerCase() : '');

/**
 * Whether item i opens an exclusion: "without"/"except"/"excluding", a bare "not" (not "does not",
 * not "not change" — the verb handles that), or a hands-off verb after a prohibition ("don't touch",
 * "do not modify", "never edit"). A hands-off verb inside a pending exclusion keeps it open.
 */
function opensExclusion(items: readonly Item[], i: number, pending: boolean): boolean {
  const word = wordAt(items, i);
  if (!word) return false;
  const prev = wordAt(items, i - 1);
  if (NEGATORS.has(word)) return true;
  if (word === 'not') return !AUXILIARIES.has(prev) && !HANDS_OFF_VERBS.has(wordAt(items, i + 1));
  return HANDS_OFF_VERBS.has(word) && (pending || PROHIBITIONS.has(prev) || (prev === 'not' && AUXILIARIES.has(wordAt(items, i - 2))));
}

/** The terms of one item, and whether a leading dash (`-legacy`) excludes them. */
function termsOf(item: Item, options: ClassifyOptions): { terms: Array<{ raw: string; kind: LexemeKind; confidence: number }>; dashed: boolean } {
  if (item.form === 'quoted') return { terms: classifyQuoted(item.text, options), dashed: false };
  if (item.form === 'word') {
    const dashed = /^-\p{L}/u.test(item.text) && !isUtilityToken(item.text);
    return { terms: classifyWord(dashed ? item.text.slice(1) : item.text, options), dashed };
  }
  return { terms: [{ raw: item.text, ...(classifyTerm(item.text, options) ?? { kind: 'DOMAIN_NOUN', confidence: 0.3 }) }], dashed: false };
}

/**
 * Extracts typed terms from prose: quoted strings, `METHOD /path` endpoints, `<x-y>` tags, file paths,
 * ticket keys, identifiers, selectors and plain domain words, each marked negative when the prose
 * excludes it ("not X", "-X", "without X", "don't touch X"). An exclusion covers the next term
 * (skipping articles), continues over "or"/"nor"/"and", and ends at a clause boundary or any other
 * word. Never throws; time is linear in `min(text.length, maxChars)`.
 */
export function extractTerms(input: string, options: ExtractOptions): ExtractedTerm[] {
  const items = tokenize(sanitizeText(input.slice(0, options.maxChars)));
  const out: ExtractedTerm[] = [];
  let negate = false;
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as Item;
    if (opensExclusion(items, i, negate)) {
      negate = true;
      continue;
    }
    const { terms, dashed } = termsOf(item, options);
    const polarity: LexemePolarity = negate || dashed ? 'negative' : 'positive';
    for (const t of terms) {
      const typed = applyCues(t.kind, t.confidence, items, i, item.form);
      out.push({ raw: t.raw, kind: typed.kind, confidence: typed.confidence, polarity });
    }
    if (negate) {
      const word = wordAt(items, i);
      if (terms.length > 0) negate = CONTINUATIONS.has(wordAt(items, i + 1));
      else if (!SKIPPABLE.has(word) && !CONTINUATIONS.has(word)) negate = false;
    }
    if (item.endsClause) negate = false;
  }
  return out;
}
