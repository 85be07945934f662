import type { Integer } from 'neo4j-driver';
import { loadQuery } from '../../graph/index.js';

type WorkKey = { repoId: string; workId: string };

export const recordApproval = loadQuery<WorkKey & { id: string; tokenHash: string; planId: string; expiresAt: string; approvedBy: string }, { id: string; expiresAt: string }>(
  'execution/approval-record.cypher',
);

export const listApprovals = loadQuery<WorkKey & { limit: Integer }, { id: string; tokenHash: string; planId: string; expired: boolean; usedAt: string | null }>(
  'execution/approval-list.cypher',
);

export const consumeApproval = loadQuery<WorkKey & { id: string; operation: string }, { id: string }>('execution/approval-consume.cypher');

export const markWorktreeMerged = loadQuery<WorkKey & { mergeCommit: string; mergedInto: string; removed: boolean; branchDeleted: boolean }, { workId: string }>(
  'execution/worktree-mark-merged.cypher',
);
