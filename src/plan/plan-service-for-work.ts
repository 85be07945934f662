import { realpath } from 'node:fs/promises';
import { loadConfig } from '../config/index.js';
import { AppError } from '../errors/index.js';
import type { Graph, RunOptions } from '../graph/index.js';
import { readWorkRepo } from './plan.queries.js';
import { PlanService } from './plan-service.js';

/**
 * A PlanService for a front door that only knows a workId (GraphQL): the work's repository comes
 * from the graph (its ingested root), its gates and recipes from that repository's layered config.
 */
export async function planServiceForWork(graph: Graph, workId: string, run?: RunOptions): Promise<PlanService> {
  const [row] = await graph.read(readWorkRepo, { workId }, run);
  if (!row) throw new AppError('NOT_FOUND', { message: `No work ${workId}.`, details: { workId, reason: 'no_work' } });
  if (!row.root) throw new AppError('NOT_FOUND', { message: `The repository of work ${workId} has not been ingested here.`, details: { workId } });
  const worktreeRoot = await realpath(row.root).catch(() => {
    throw new AppError('NOT_FOUND', { message: `The worktree of work ${workId} is not available on this machine.`, details: { workId } });
  });
  const { config } = loadConfig({ repoRoot: worktreeRoot });
  return new PlanService({ graph, repoId: row.repoId, worktreeRoot, config });
}
