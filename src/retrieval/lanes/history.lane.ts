import { int } from '../../graph/index.js';
import { repoSearchKey } from '../../text/repo-search-key.js';
import type { Lexeme } from '../lexemes/lexeme.model.js';
import type { Candidate } from '../rank/candidate.model.js';
import { DEFAULT_HISTORY_SCORING, historyQueryWords, promptTickets, scoreHistoryFiles, type HistoryScoringOptions } from './history-scoring.js';
import { escapeLucene } from '../lexemes/lucene-query.js';
import { historySearchQuery } from './history.queries.js';
import { guardedLane, type LaneContext, type LaneResult } from './lane.model.js';

export interface HistoryLaneOptions {
  /** The task's own words. The lexemes hold only the terms they classified, so the prompt is passed when there is one. */
  prompt?: string;
  /** Commits kept from the full-text search (and, separately, by ticket key). Default 30. */
  commits?: number;
  /** Commits touching more files than this are skipped (reformatting, dependency bumps). Default 60. */
  maxFilesPerCommit?: number;
  /** Full-text hits of this repo read before big commits are skipped. Default 200. */
  scan?: number;
  /** Files returned at most. Default 100. */
  limit?: number;
  scoring?: HistoryScoringOptions;
}

/**
 * `+ftRepo:<key>^0 +(w1 w2 …)`: the repo key is required but scores nothing (`^0`). Unlike one ranked
 * list, the lane sums commit scores per file, so a constant per matched commit would favour files
 * with many weak matches. '' when there is no word.
 */
export function commitQuery(repoKey: string, words: readonly string[]): string {
  const escaped = words.map(escapeLucene).filter((w) => w.length > 0);
  return escaped.length === 0 ? '' : `+ftRepo:${repoKey}^0 +(${escaped.join(' ')})`;
}

/**
 * History lane: the files that past commits with similar messages changed. The prompt's words (no
 * stop-words, no commit vocabulary like fix/add/update) are one OR query over `ft_commit_message`
 * (Porter-stemmed subject + body) that requires this repo's key, so only its commits rank — and only
 * those of the window from the ingested HEAD, never a commit the checkout does not contain. The best
 * `commits` are kept, big commits skipped. Each file they changed that still exists scores Σ score × 1/√(files) × exp(−rank/1000).
 * A ticket key in the prompt (`ABC-123`) that stored commits carry puts their files first.
 */
export async function historyLane(ctx: LaneContext, lexemes: readonly Lexeme[], opts: HistoryLaneOptions = {}): Promise<LaneResult> {
  const words = historyQueryWords(opts.prompt, lexemes);
  const tickets = promptTickets(opts.prompt, lexemes);
  const query = commitQuery(repoSearchKey(ctx.repoId), words);
  if (!query && tickets.length === 0) return { lane: 'history', candidates: [], searched: false, notes: [] };
  const { rows, notes } = await guardedLane('history', () => ctx.graph.read(historySearchQuery, {
    repoId: ctx.repoId, search: { query, tickets },
    scan: int(opts.scan ?? 200), limit: int(opts.commits ?? 30), maxFiles: int(opts.maxFilesPerCommit ?? 60),
  }, ctx.run));
  const scored = scoreHistoryFiles(rows, words, tickets, opts.scoring ?? DEFAULT_HISTORY_SCORING).slice(0, opts.limit ?? 100);
  const candidates: Candidate[] = scored.map((f) => ({ id: f.id, kind: 'file', path: f.path, lane: 'history', rawScore: f.score, name: f.path.split('/').pop() ?? f.path, reasons: f.reasons }));
  return { lane: 'history', candidates, searched: true, notes };
}
