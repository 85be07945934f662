import { int } from '../../graph/index.js';
import type { Lexeme } from '../lexemes/lexeme.model.js';
import { escapeLucene } from '../lexemes/lucene-query.js';
import { lexTokens } from '../../text/lex-text.js';
import { sortedUnique } from '../shared/stable-order.js';
import { toCandidates } from './lane-rows.js';
import { guardedLane, lexemesOf, type LaneContext, type LaneResult } from './lane.model.js';
import { symbolLookupQuery } from './lane.queries.js';

const MAX_TERMS = 64;

/** Letters and digits only, lowercase: how a name compares (`order-detail` → `orderdetail`). */
export function joinedName(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** A route or endpoint path as lowercase segments with parameters (`:id`, `{id}`, numbers) as `{}`. */
export function pathShape(path: string): string[] {
  const clean = path.trim().replace(/[?#].*$/, '').replace(/\/+$/, '');
  const withSlash = clean.startsWith('/') ? clean : `/${clean}`;
  return withSlash.split('/').map((s) => (/^(?::.+|\{.+\}|\d+)$/.test(s) ? '{}' : s.toLowerCase()));
}

/** Route shapes use `:` for a parameter, as route-path matching in Cypher does. */
function routeShape(path: string): string[] {
  return pathShape(path).map((s) => (s === '{}' ? ':' : s));
}

/** The lookup terms of the structured lexemes (symbols, selectors, routes, files, grid fields). */
export function symbolTerms(lexemes: readonly Lexeme[]) {
  const forms = (l: Lexeme) => [l.norm, ...l.variants];
  const names = sortedUnique(lexemesOf(lexemes, ['SYMBOL']).flatMap(forms).map(joinedName).filter((n) => n.length >= 3)).slice(0, MAX_TERMS);
  const selectors = sortedUnique(lexemesOf(lexemes, ['SELECTOR_TAG']).flatMap(forms).filter((s) => /^[a-z][a-z0-9]*(?:-[a-z0-9]+)+$/.test(s))).slice(0, MAX_TERMS);
  const routes = lexemesOf(lexemes, ['ROUTE_SEGMENT']).flatMap(forms).filter((r) => r.length <= 300);
  const routePaths = sortedUnique(routes.map((r) => (r.startsWith('/') ? r : `/${r}`).replace(/\/+$/, '') || '/')).slice(0, MAX_TERMS);
  const routeShapes = [...new Map(routes.map((r) => routeShape(r)).map((s) => [s.join('/'), s])).values()].slice(0, MAX_TERMS);
  const files = lexemesOf(lexemes, ['FILE_PATH']).flatMap(forms).map((f) => f.replace(/^\.?\/+/, '')).filter((f) => f.length > 0 && !f.includes('..'));
  const filePaths = sortedUnique(files).slice(0, MAX_TERMS);
  const fileNames = sortedUnique(files.map((f) => f.split('/').pop() ?? '').filter((f) => f.includes('.'))).slice(0, MAX_TERMS);
  const fields = sortedUnique(lexemesOf(lexemes, ['GRID_FIELD']).flatMap((l) => [l.raw, l.norm])).slice(0, MAX_TERMS);
  // Names, route shapes and file names narrow through the full-text indexes (all tokens of a term
  // required; names also as a prefix); Cypher then verifies each hit exactly.
  const nameQuery = names.flatMap((n) => [n, `${n}*`]).join(' OR ');
  const allOf = (text: string): string => {
    const tokens = [...new Set(lexTokens(text).filter((t) => !t.includes('-') && !t.includes('_')))].slice(0, 8).map(escapeLucene).filter(Boolean);
    return tokens.length > 0 ? `(${tokens.join(' AND ')})` : '';
  };
  const routeQuery = [...new Set(routeShapes.map((s) => allOf(s.filter((x) => x !== ':').join(' '))).filter(Boolean))].join(' OR ');
  const fileQuery = [...new Set(fileNames.map(allOf).filter(Boolean))].join(' OR ');
  return { nameQuery, names, selectors, routePaths, routeQuery, routeShapes, filePaths, fileQuery, fileNames, fields };
}

/** The lookup statement's parameters: the terms go in one map, so every prompt shares one plan (src/graph/README.md, "Plan warm-up"). */
export function symbolLookupParams(repoId: string, lexemes: readonly Lexeme[], limit = 60) {
  return { repoId, lookup: symbolTerms(lexemes), limit: int(limit) };
}

/**
 * Symbol lane: structural lookups — exact (1.0) or prefix (0.6) symbol names, component selectors and
 * web-component contract tags (1.0), template usages of a tag (0.5), route paths exact (1.0) or by
 * shape (0.9), file paths (1.0) or names (0.8), grid column fields (0.7).
 */
export async function symbolLane(ctx: LaneContext, lexemes: readonly Lexeme[], options: { limit?: number } = {}): Promise<LaneResult> {
  const params = symbolLookupParams(ctx.repoId, lexemes, options.limit);
  const t = params.lookup;
  const any = t.names.length + t.selectors.length + t.routeShapes.length + t.filePaths.length + t.fields.length > 0;
  if (!any) return { lane: 'symbol', candidates: [], searched: false, notes: [] };
  const { rows, notes } = await guardedLane('symbol', () => ctx.graph.read(symbolLookupQuery, params, ctx.run));
  const candidates = toCandidates(rows, 'symbol', (r) => ({
    score: r.grade,
    matched: r.term ? [r.term.toLowerCase()] : [],
    reasons: [`${r.match}${r.term ? ` "${r.term}"` : ''}`],
  }));
  return { lane: 'symbol', candidates, searched: true, notes };
}
