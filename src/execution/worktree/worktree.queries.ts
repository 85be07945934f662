import { loadQuery } from '../../graph/index.js';

export interface WorktreeRow { kind: string; root: string; branch: string | null; baseCommit: string | null }

export const recordWorktree = loadQuery<
  { repoId: string; workId: string; kind: string; root: string; branch: string | null; baseCommit: string | null; snapshotId: string | null },
  { workId: string }
>('execution/worktree-record.cypher');
export const readWorktree = loadQuery<{ repoId: string; workId: string }, WorktreeRow>('execution/worktree-read.cypher');
