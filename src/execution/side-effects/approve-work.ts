import { realpath } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { loadConfig } from '../../config/index.js';
import { resolveRepoId } from '../../config/repo-id.js';
import { AppError } from '../../errors/index.js';
import { openGraph } from '../../graph/index.js';
import type { Logger } from '../../runtime/logger.js';
import { WorkspaceManager } from '../worktree/workspace-manager.js';
import { ApprovalStore, type IssuedApproval } from './approval-store.js';

/**
 * What `graphgate approve` does: resolve the repository (its configured or derived repoId, as the MCP
 * server does), connect to Neo4j, and mint an approval for the work. Only a person at the terminal
 * runs this; no verb reaches it.
 */
export async function approveWork(input: { repo: string; workId: string; ttlMinutes?: number; log: Logger }): Promise<IssuedApproval> {
  const repoRoot = await realpath(input.repo).catch(() => {
    throw new AppError('NOT_FOUND', { message: `No repository at ${input.repo}.`, details: { repo: input.repo } });
  });
  const { config } = loadConfig({ repoRoot });
  const repoId = await resolveRepoId(repoRoot, config);
  const graph = await openGraph({ log: input.log });
  try {
    const store = new ApprovalStore({ graph, repoId, workspaces: new WorkspaceManager({ graph, repoId, repoRoot }) });
    const approvedBy = (() => {
      try {
        return userInfo().username;
      } catch {
        return 'unknown';
      }
    })();
    return await store.approve({ workId: input.workId, ttlMinutes: input.ttlMinutes, approvedBy: `cli:${approvedBy}` });
  } finally {
    await graph.close();
  }
}
