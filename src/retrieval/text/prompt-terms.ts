import { lexTokens } from '../../text/lex-text.js';
import { escapeLucene } from '../lexemes/lucene-query.js';
import { STOP_WORDS } from '../lexemes/stop-words.js';
import { sanitizeText } from '../shared/sanitize-text.js';

/**
 * Words of commit and ticket prose that say a change is wanted, not where: every task has them, so
 * as search terms they only add noise (RETRIEVAL-EVIDENCE.md "fielded lexical" stop-words).
 */
const TASK_VOCABULARY: ReadonlySet<string> = new Set([
  'fix', 'fixes', 'fixed', 'fixing', 'bug', 'bugs', 'bugfix', 'hotfix', 'issue', 'issues', 'update', 'updates', 'updated',
  'updating', 'change', 'changes', 'changed', 'add', 'adds', 'added', 'adding', 'remove', 'removes', 'removed', 'removing',
  'feat', 'feature', 'chore', 'refactor', 'refactoring', 'improve', 'improves', 'improved', 'improvement', 'implement',
  'implemented', 'support', 'allow', 'allows', 'wip', 'minor', 'small', 'some', 'misc', 'tweak', 'tweaks', 'cleanup',
  'clean', 'correct', 'corrected', 'properly', 'wrong', 'broken', 'closes', 'close', 'resolves', 'resolve', 'ref', 'refs',
  'pr', 'merge', 'merged', 'is', 'be', 'to', 'of', 'in', 'on', 'at', 'by', 'or', 'an', 'as', 'if', 'it', 'no', 'so', 'up', 'we', 'do',
]);

/** At most this many distinct terms: a long ticket body must not become a thousand-clause query. */
export const MAX_PROMPT_TERMS = 48;

/**
 * The search terms of a prompt for the text lanes: its words and identifier parts (the same
 * tokenizer ingestion used for the file fields), lowercased, without stop words, task vocabulary,
 * single characters or bare numbers; first occurrence order, distinct, bounded. Total on any input.
 */
export function promptTerms(prompt: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const token of lexTokens(sanitizeText(prompt).slice(0, 20_000))) {
    if (out.length >= MAX_PROMPT_TERMS) break;
    // Whole kebab/snake forms are covered by their parts, which is what the analyzers index.
    if (/[^\p{L}\p{N}]/u.test(token) || token.length < 2 || /^\d+$/.test(token)) continue;
    if (STOP_WORDS.has(token) || TASK_VOCABULARY.has(token) || seen.has(token)) continue;
    seen.add(token);
    out.push(token);
  }
  return out;
}

/** A field of a full-text index and the weight of a match in it. */
export interface FieldBoost {
  field: string;
  boost: number;
}

/**
 * A Lucene query that ranks one repository's documents by the terms: `+<repoField>:<key>` keeps other
 * repositories out, the terms are OR-ed over each field at its boost (no fields = the index's fields).
 * Returns '' when there is no term.
 */
export function repoScopedQuery(repoField: string, repoKey: string, terms: readonly string[], fields: readonly FieldBoost[] = []): string {
  const escaped = terms.map(escapeLucene).filter((t) => t.length > 0);
  if (escaped.length === 0) return '';
  const group = `(${escaped.join(' ')})`;
  const body = fields.length === 0 ? group : fields.map((f) => `${f.field}:${group}^${f.boost}`).join(' ');
  return `+${repoField}:${repoKey} +(${body})`;
}
