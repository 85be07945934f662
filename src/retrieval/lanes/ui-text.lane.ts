import { int } from '../../graph/index.js';
import { repoSearchKey } from '../../text/repo-search-key.js';
import { buildLuceneQuery, lexemeQueryTerms, type WeightedTerm } from '../lexemes/lucene-query.js';
import { promptTerms } from '../text/prompt-terms.js';
import type { Lexeme, LexemeKind } from '../lexemes/lexeme.model.js';
import { guardedLane, type LaneContext, type LaneResult } from './lane.model.js';
import { DEFAULT_UI_TEXT_WEIGHTS, scoreUiTextFiles, termWords, type UiTextWeights } from './ui-text-scoring.js';
import { uiTextSearchQuery } from './ui-text.queries.js';

export interface UiTextLaneOptions {
  /** Index hits read (this repository's only: the query requires its `ftRepo` token). */
  hits?: number;
  /** Files kept per hit (a common label like "Save" is used by many templates). */
  perHit?: number;
  /** Files returned. */
  limit?: number;
  /** Lexeme kinds searched: prose, labels and error strings, not paths, endpoints or ticket keys. */
  kinds?: readonly LexemeKind[];
  weights?: UiTextWeights;
}

/**
 * Task words (`fix`, `add`, `issue`) are in every commit subject and in many labels: they are taken out
 * of searched terms (`fixed_previous_button_issue` → `previous button`). Quoted labels and error
 * strings are kept as written: they are the text a user saw.
 */
function searchTerms(lexeme: Lexeme): WeightedTerm[] {
  const terms = lexemeQueryTerms([lexeme]);
  if (lexeme.kind === 'UI_LABEL' || lexeme.kind === 'ERROR_STRING') return terms;
  return terms.flatMap((t) => {
    const text = promptTerms(t.text).join(' ');
    return text ? [{ text, boost: t.boost }] : [];
  });
}

export const UI_TEXT_KINDS: readonly LexemeKind[] = ['UI_LABEL', 'ERROR_STRING', 'DOMAIN_NOUN', 'GRID_FIELD', 'ROUTE_SEGMENT', 'SYMBOL', 'CONFIG_FLAG'];

/**
 * UI-text lane: the prompt's words (quoted labels and error strings as phrases) against what users
 * read — translation values (`TranslationKey.text`) and template text (`UiText.text`) in the stemmed
 * `ft_ui_text` index, restricted to the repository. A translation hit leads to the templates and
 * classes using its key (and, one hop further and lower, to the component of such a template, and,
 * lowest, to the resource file); a template-text hit to the template file. Every file says what it
 * shows and why (`shows "Delete workspace" (key WORKSPACE.DELETE)`). A query the parser refuses
 * yields an empty lane with a note.
 */
export async function uiTextLane(ctx: LaneContext, lexemes: readonly Lexeme[], options: UiTextLaneOptions = {}): Promise<LaneResult> {
  const kinds = new Set(options.kinds ?? UI_TEXT_KINDS);
  const wanted = lexemes.filter((l) => l.polarity === 'positive' && kinds.has(l.kind));
  const terms = buildLuceneQuery(wanted.flatMap(searchTerms));
  if (!terms) return { lane: 'uitext', candidates: [], searched: false, notes: [] };
  const query = `+ftRepo:${repoSearchKey(ctx.repoId)} +(${terms})`;
  const { rows, notes } = await guardedLane('uitext', () => ctx.graph.read(uiTextSearchQuery, {
    repoId: ctx.repoId, search: { query }, hits: int(options.hits ?? 80), perHit: int(options.perHit ?? 20),
  }, ctx.run));
  const words = termWords(wanted.flatMap((l) => [l.norm, ...l.variants]));
  const candidates = scoreUiTextFiles(rows, words, options.weights ?? DEFAULT_UI_TEXT_WEIGHTS).slice(0, options.limit ?? 60);
  return { lane: 'uitext', candidates, searched: true, notes };
}
