import { lexTokens } from '../../text/lex-text.js';
import type { Candidate } from '../rank/candidate.model.js';
import { compareText, round } from '../shared/stable-order.js';
import type { UiTextRow } from './ui-text.queries.js';

/** How much a file reached through each path is worth, relative to the hit's Lucene score. */
export interface UiTextWeights {
  /** A template or class that uses the key, or the template whose text matched. */
  direct: number;
  /** The component class of such a template (one hop further). */
  component: number;
  /** The translation resource defining the key (text edits land there, code changes rarely do). */
  resource: number;
  /** Further hits on the same file add this share of their score (several matching labels > one). */
  extraHits: number;
}

export const DEFAULT_UI_TEXT_WEIGHTS: UiTextWeights = { direct: 1, component: 0.8, resource: 0.3, extraHits: 0.25 };

const MAX_SNIPPET = 80;
const MAX_REASONS = 4;

/** Prompt terms compared to text loosely (for reasons only; the index stems with Porter): `-s`, `-ed`, `-ing` dropped. */
function stem(token: string): string {
  const m = /^(.{3,}?)(?:ing|ed|(?<!s)s)$/.exec(token);
  return m ? (m[1] as string) : token;
}

/** The line of a hit's text sharing most words with the query (the first line on a tie), cut for a reason. */
export function bestLine(text: string, queryWords: ReadonlySet<string>): { line: string; words: string[] } {
  let best = { line: '', words: [] as string[] };
  for (const line of text.split('\n')) {
    const words = [...new Set(lexTokens(line).map(stem))].filter((w) => queryWords.has(w));
    if (words.length > best.words.length || !best.line) best = { line, words };
  }
  const cut = best.line.length > MAX_SNIPPET ? `${best.line.slice(0, MAX_SNIPPET - 1)}…` : best.line;
  return { line: cut, words: best.words };
}

interface FileScore {
  id: string;
  path: string;
  bytes: number | null;
  line: number | null;
  /** Best pair per group: a translation key (its locales are one group) or one template text. */
  groups: Map<string, { score: number; reason: string; words: string[] }>;
}

/** The hit that explains a group: the one sharing most words with the query, then the higher score. */
function better(a: { score: number; words: string[] }, b: { score: number; words: string[] }): boolean {
  return a.words.length !== b.words.length ? a.words.length > b.words.length : a.score > b.score;
}

/**
 * Files from ui-text hits (pure): each (hit, file) pair scores the hit's Lucene score × the weight of
 * how the file was reached. The locales of one key count once (their best hit), so a key in five
 * languages is not five labels; a file keeps its best group plus `extraHits` × the others (a resource
 * file only its best hit), with up to four reasons (`shows "Delete workspace" (key WORKSPACE.DELETE)`). `terms` are the query's words
 * with the lexeme norm they came from, for `matched`.
 */
export function scoreUiTextFiles(rows: readonly UiTextRow[], terms: ReadonlyMap<string, string>, weights: UiTextWeights = DEFAULT_UI_TEXT_WEIGHTS): Candidate[] {
  const files = new Map<string, FileScore>();
  const queryWords = new Set(terms.keys());
  const add = (id: string, path: string, group: string, score: number, reason: string, words: string[], extra: { bytes?: number | null; line?: number | null } = {}): void => {
    let f = files.get(id);
    if (!f) files.set(id, (f = { id, path, bytes: extra.bytes ?? null, line: extra.line ?? null, groups: new Map() }));
    const prev = f.groups.get(group);
    const next = { score, reason, words };
    // The group scores its best hit; its reason comes from the hit that shows the query's words.
    if (!prev) f.groups.set(group, next);
    else f.groups.set(group, { ...(better(next, prev) ? next : prev), score: Math.max(score, prev.score) });
  };
  for (const row of rows) {
    const { line: snippet, words } = bestLine(row.text ?? '', queryWords);
    const isKey = row.labels.includes('TranslationKey');
    const group = isKey ? `key:${row.key ?? row.hitId}` : `text:${row.hitId}`;
    const shown = isKey ? `"${snippet}" (key ${row.key ?? '?'})` : `"${snippet}"`;
    if (row.via === 'defines') {
      // A resource file defines hundreds of keys: only its best hit counts, or it would top every query.
      add(row.fileId, row.path, 'defines', row.score * weights.resource, `defines ${shown.replace(/\)$/, `, ${row.locale ?? 'und'})`)}`, words, row);
      continue;
    }
    add(row.fileId, row.path, group, row.score * weights.direct, isKey ? `shows ${shown}` : `shows ${shown} in its template text`, words, row);
    const name = row.path.slice(row.path.lastIndexOf('/') + 1);
    for (const owner of row.owners) add(owner.id, owner.path, group, row.score * weights.component, `its template ${name} shows ${shown}`, words);
  }
  return [...files.values()]
    .map((f) => {
      const groups = [...f.groups.values()].sort((a, b) => b.score - a.score || compareText(a.reason, b.reason));
      const best = groups[0]?.score ?? 0;
      const rest = groups.slice(1).reduce((sum, g) => sum + g.score, 0);
      const matched = new Set(groups.flatMap((g) => g.words.map((w) => terms.get(w) ?? w)));
      const candidate: Candidate = {
        id: f.id, kind: 'file', path: f.path, lane: 'uitext', rawScore: round(best + weights.extraHits * rest, 6),
        reasons: groups.slice(0, MAX_REASONS).map((g) => g.reason),
        ...(matched.size ? { matched: [...matched].sort(compareText).slice(0, 64) } : {}),
        ...(typeof f.bytes === 'number' && f.bytes >= 0 ? { bytes: Math.trunc(f.bytes) } : {}),
        ...(typeof f.line === 'number' && f.line >= 0 ? { line: Math.trunc(f.line) } : {}),
      };
      return candidate;
    })
    .sort((a, b) => b.rawScore - a.rawScore || compareText(a.path, b.path));
}

/** Query words → the lexeme norm each came from (for `matched`), stemmed like `bestLine` compares. */
export function termWords(norms: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const norm of norms) for (const t of lexTokens(norm)) if (/^[\p{L}\p{N}]+$/u.test(t) && !out.has(stem(t))) out.set(stem(t), norm);
  return out;
}
