import { int } from '../../graph/index.js';
import { repoSearchKey } from '../../text/repo-search-key.js';
import { round } from '../shared/stable-order.js';
import { escapeLucene } from '../lexemes/lucene-query.js';
import { promptTerms, repoScopedQuery, type FieldBoost } from '../text/prompt-terms.js';
import { toCandidates } from './lane-rows.js';
import { guardedLane, type LaneContext, type LaneResult } from './lane.model.js';
import { fileTextSearchQuery, termPresenceQuery } from './lane.queries.js';

/**
 * Field weights of the fielded lane (RETRIEVAL-EVIDENCE.md, chosen on other repositories than the
 * ones reported): a file's own name says most, folders and identifiers as much as each other, the
 * words people read a little more, comments half.
 */
export const FIELD_BOOSTS: readonly FieldBoost[] = [
  { field: 'ftName', boost: 3 }, { field: 'ftFolders', boost: 1 }, { field: 'ftIdents', boost: 1 },
  { field: 'ftText', boost: 1.2 }, { field: 'ftComments', boost: 0.5 },
];

export interface ContentLaneOptions {
  /** Files kept per lane (the fusion needs the head of each lane, not the tail). */
  limit?: number;
}

async function searchFiles(ctx: LaneContext, prompt: string, lane: 'content' | 'fielded', options: ContentLaneOptions): Promise<LaneResult> {
  const terms = promptTerms(prompt);
  const query = repoScopedQuery('ftRepo', repoSearchKey(ctx.repoId), terms, lane === 'fielded' ? FIELD_BOOSTS : []);
  if (!query) return { lane, candidates: [], searched: false, notes: [] };
  const index = lane === 'content' ? 'ft_file_content' : 'ft_file_fields';
  const { rows, notes } = await guardedLane(lane, () => ctx.graph.read(fileTextSearchQuery, { index, search: { query }, repoId: ctx.repoId, limit: int(options.limit ?? 200) }, ctx.run));
  const label = lane === 'content' ? 'file text' : 'file name, folders, identifiers, text and comments (stemmed)';
  const candidates = toCandidates(rows, lane, (r) => ({ score: round(r.score, 6), bytes: r.bytes, reasons: [`${label} matches the task's words`] }));
  return { lane, candidates, searched: true, notes };
}

/** Content lane: plain BM25 of the prompt's words over each file's path and text (what a text search engine gives). */
export function contentLane(ctx: LaneContext, prompt: string, options: ContentLaneOptions = {}): Promise<LaneResult> {
  return searchFiles(ctx, prompt, 'content', options);
}

/** Fielded lane: the same text stemmed, with the file's name, folders, identifiers, visible text and comments weighed apart. */
export function fieldedLane(ctx: LaneContext, prompt: string, options: ContentLaneOptions = {}): Promise<LaneResult> {
  return searchFiles(ctx, prompt, 'fielded', options);
}

/**
 * The task's words that no file of the repository contains (stemmed, any field): words the code cannot
 * place. One round trip, one single-term Lucene lookup per word. A query the server refuses, or a
 * repository whose files carry no text, counts no word as absent.
 */
export async function absentTaskTerms(ctx: LaneContext, taskText: string): Promise<{ terms: string[]; absent: string[] }> {
  const terms = promptTerms(taskText);
  const key = repoSearchKey(ctx.repoId);
  if (terms.length === 0) return { terms, absent: [] };
  // The first probe asks whether the repository's files carry text at all (ingested before schema 0010, or
  // written without ingestion): if not, no word can be called absent.
  const probes = [{ term: '', query: `ftRepo:${key}` }, ...terms.map((term) => ({ term, query: `+ftRepo:${key} +${escapeLucene(term)}` }))];
  const { rows } = await guardedLane('content', () => ctx.graph.read(termPresenceQuery, { search: { probes } }, ctx.run));
  const present = new Set(rows.filter((r) => r.present).map((r) => r.term));
  return { terms, absent: present.has('') ? terms.filter((t) => !present.has(t)) : [] };
}
