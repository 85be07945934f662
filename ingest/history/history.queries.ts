import type { Integer } from 'neo4j-driver';
import { loadQuery } from '../../src/graph/index.js';

type Repo = { repoId: string };

/** What the HistoryState node remembers of the last sync (see history-sync.ts). */
export interface HistoryStateRow {
  head: string | null;
  bound: number | null;
  prefix: string | null;
  version: number | null;
  commits: number;
  syncing: boolean;
}

export interface HistoryStateProps {
  head?: string | null;
  bound?: Integer;
  prefix?: string;
  version?: Integer;
  commits?: Integer;
  syncing: boolean;
}

/** One commit to write: its node properties (whole numbers as Integers; `files` are the distinct changed paths). */
export interface CommitRowParam {
  props: Record<string, unknown>;
}

export const readHistoryState = loadQuery<Repo, HistoryStateRow>('ingest/history-read-state.cypher');
export const writeHistoryState = loadQuery<Repo & { state: HistoryStateProps }, { id: string }>('ingest/history-write-state.cypher');
export const readCommitShas = loadQuery<Repo, { sha: string }>('ingest/history-read-shas.cypher');
export const deleteCommits = loadQuery<Repo & { shas: string[] }, { deleted: number }>('ingest/history-delete-commits.cypher');
export const createCommits = loadQuery<Repo & { rows: CommitRowParam[] }, { written: number; linked: number }>('ingest/history-create-commits.cypher');
export const linkCommitFiles = loadQuery<Repo & { paths: string[]; all: boolean }, { linked: number }>('ingest/history-link-files.cypher');
export const deleteRepoHistory = loadQuery<Repo & { limit: Integer }, { deleted: number }>('ingest/history-delete-repo.cypher');
