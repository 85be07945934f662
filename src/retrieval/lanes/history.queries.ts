import type { Integer } from 'neo4j-driver';
import { loadQuery } from '../../graph/index.js';

/** One commit the history lane found, with the files it changed that still exist. */
export interface HistoryCommitRow {
  sha: string;
  subject: string;
  body: string;
  /** Lucene score of the message (0 for a commit found only by its ticket key). */
  score: number;
  /** True when the commit carries one of the prompt's ticket keys. */
  ticket: boolean;
  /** The prompt's ticket keys this commit carries. */
  tickets: string[];
  fileCount: number;
  /** How many commits of the stored window are newer (0 = the newest). */
  rank: number;
  files: Array<{ id: string; path: string }>;
}

export const historySearchQuery = loadQuery<
  { repoId: string; search: { query: string; tickets: string[] }; scan: Integer; limit: Integer; maxFiles: Integer },
  HistoryCommitRow
>('retrieval/history-search.cypher');
