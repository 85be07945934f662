import { createHash } from 'node:crypto';
import { AppError } from '../errors/index.js';
import { int, type Graph, type RunOptions } from '../graph/index.js';
import { canonicalRepoPath } from '../paths/index.js';
import { mintPlanId } from './plan-persistence.js';
import { dropWaitingPlan, readStoredPlan, storeWaitingPlan } from './plan.queries.js';
import type { PlanGraph } from './schema/plan-graph.schema.js';

/**
 * Plans kept server-side while they wait for another work's leases (issue 19 "Waiting without
 * burning budget"). A validated plan refused only for leases is stored as a `PlanGraph {status:
 * 'waiting_lease', planJson, planHash}` of its work; the agent retries with `retryPlanId` instead of
 * resending the plan. The stored plan becomes the accepted plan (same id) when a retry passes;
 * another accepted or stored plan of the work supersedes it (`status: 'superseded'`). It records the
 * plan's target files, when the work started waiting (`queuedAt`, kept across its waiting plans) and
 * when it last asked (`lastSeenAt`), so that under `reject` works waiting on the same files take
 * their turn oldest first (src/execution/locks/plan-leases.ts).
 */
export const planHash = (json: string): string => `sha256:${createHash('sha256').update(json).digest('hex')}`;

/** The canonical files the change nodes of a plan target (what a waiting plan waits for). */
function targetFiles(plan: PlanGraph): string[] {
  const files = plan.nodes.flatMap((n) => {
    if (n.kind !== 'change') return [];
    const path = canonicalRepoPath(n.targetFile);
    return path.ok ? [path.path] : [];
  });
  return [...new Set(files)].sort();
}

/**
 * Stores the work's waiting plan, or finds it when the same plan already waits (then it only marks
 * the work as still waiting); returns its id and since when the work waits.
 */
export async function storeWaiting(graph: Graph, repoId: string, workId: string, plan: PlanGraph, run?: RunOptions): Promise<{ planId: string; created: boolean; queuedAt: string }> {
  const planJson = JSON.stringify(plan);
  const [row] = await graph.write(storeWaitingPlan, {
    repoId, workId, planId: mintPlanId(), planHash: planHash(planJson), fingerprint: plan.planFingerprint, nodeCount: int(plan.nodes.length),
    stored: { planJson, files: targetFiles(plan) },
  }, run);
  if (!row) throw new AppError('NOT_FOUND', { message: `No work ${workId} in this repository.`, details: { workId } });
  return row;
}

/**
 * The stored plan a retry names, as the submission to validate again. Refusals: unknown id →
 * `NOT_FOUND`; another work's plan → `WORK_MISMATCH`; accepted already, superseded by another
 * plan of this work, or dropped after a retry that no longer validated → `ILLEGAL_TRANSITION`
 * (`details.reason`: already_accepted, superseded, rejected); a stored text that no longer
 * matches its hash → `NOT_FOUND` (`reason: 'hash_mismatch'`).
 */
export async function loadWaiting(graph: Graph, repoId: string, workId: string, planId: string, run?: RunOptions): Promise<unknown> {
  const [row] = await graph.read(readStoredPlan, { repoId, planId }, run);
  if (!row) throw new AppError('NOT_FOUND', { message: `No stored plan ${planId}. Submit the planGraph.`, details: { planId, reason: 'unknown' } });
  if (row.workId !== workId) {
    throw new AppError('WORK_MISMATCH', { message: `Plan ${planId} belongs to another work; retry only a plan this work stored.`, details: { planId, reason: 'other_work' } });
  }
  if (row.status !== 'waiting_lease') {
    const reason = row.status === 'accepted' || row.current ? 'already_accepted' : row.status === 'rejected' ? 'rejected' : 'superseded';
    const message = reason === 'already_accepted'
      ? `Plan ${planId} is already this work's accepted plan.`
      : reason === 'rejected'
        ? `Plan ${planId} no longer validated on its last retry; fix it and submit a planGraph.`
        : `Plan ${planId} was superseded by a later plan of this work; retry that one or submit a planGraph.`;
    throw new AppError('ILLEGAL_TRANSITION', { message, details: { planId, reason, status: row.status } });
  }
  if (row.planJson === null || row.planHash !== planHash(row.planJson)) {
    throw new AppError('NOT_FOUND', { message: `Stored plan ${planId} is unreadable. Submit the planGraph.`, details: { planId, reason: 'hash_mismatch' } });
  }
  return JSON.parse(row.planJson) as unknown;
}

/** A kept plan whose retry was rejected (it no longer validates) stops waiting: `status: 'rejected'`. */
export async function dropWaiting(graph: Graph, repoId: string, workId: string, planId: string, run?: RunOptions): Promise<void> {
  await graph.write(dropWaitingPlan, { repoId, workId, planId }, run);
}
