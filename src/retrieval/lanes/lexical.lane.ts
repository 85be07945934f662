import { int } from '../../graph/index.js';
import { buildLuceneQuery, lexemeQueryTerms } from '../lexemes/lucene-query.js';
import type { Lexeme } from '../lexemes/lexeme.model.js';
import { round } from '../shared/stable-order.js';
import { toCandidates } from './lane-rows.js';
import { guardedLane, type LaneContext, type LaneResult } from './lane.model.js';
import { lexicalSearchQuery, type IndexWeights } from './lane.queries.js';

/** Relative weight of each full-text index: names and paths over template tags, routes and endpoints. */
export const DEFAULT_INDEX_WEIGHTS: IndexWeights = { file: 1, symbol: 1, template: 0.8, route: 0.9, endpoint: 0.9 };

const INDEX_LABEL: Record<string, string> = {
  ft_file_path: 'file path', ft_symbol_name: 'symbol name', ft_template_tag: 'template tag', ft_route_path: 'route path', ft_endpoint_path: 'endpoint path',
};

/**
 * Lexical lane: the positive lexemes (norms and variants, weighted by boost) as one escaped Lucene OR
 * query over the five full-text indexes; each hit scores Lucene score × index weight. An empty query
 * (nothing searchable) does not search; a query the parser refuses yields an empty lane with a note.
 * Each index is read for its best `scan` hits (all repositories of the database share the index),
 * of which the best `perIndex` of this repository are kept: bounded work on a large repository, at
 * the price that another repository's better hits can crowd this one's out beyond `scan`.
 */
export async function lexicalLane(ctx: LaneContext, lexemes: readonly Lexeme[], options: { perIndex?: number; scan?: number; weights?: IndexWeights } = {}): Promise<LaneResult> {
  const query = buildLuceneQuery(lexemeQueryTerms(lexemes));
  if (!query) return { lane: 'lexical', candidates: [], searched: false, notes: [] };
  const { rows, notes } = await guardedLane('lexical', () => ctx.graph.read(lexicalSearchQuery, {
    repoId: ctx.repoId, search: { query }, perIndex: int(options.perIndex ?? 40), scan: int(options.scan ?? 500), weights: options.weights ?? DEFAULT_INDEX_WEIGHTS,
  }, ctx.run));
  const candidates = toCandidates(rows, 'lexical', (r) => ({
    score: round(r.score, 6),
    bytes: r.bytes,
    reasons: [`full-text ${INDEX_LABEL[r.index] ?? r.index} match`],
  }));
  return { lane: 'lexical', candidates, searched: true, notes };
}
