import { AppError } from '../../errors/index.js';
import type { GraphTx, RunOptions } from '../../graph/index.js';
import type { PlanGraph } from '../../plan/schema/plan-graph.schema.js';
import type { LeaseHolder, LockService, OverlapPolicy, OverlapReport } from './lock-service.js';
import { planNodeResources, planTargetFiles } from './plan-resources.js';
import { estimateWait, RETRY_AFTER_MAX_MS, retryAfterMs, type WaitEstimate } from './wait-estimate.js';

/** A kept plan whose work has not retried for this long no longer holds its place in line (agents are told to retry within 60 s). */
export const WAITING_STALE_MS = 2 * RETRY_AFTER_MAX_MS;

type WaitingWork = { workId: string; queuedAt: string; files: string[] };

/**
 * What plan acceptance decided about locks (returned to the agent as `result.locks`):
 * - `leased`: every target of the plan is leased to this work now, in the acceptance transaction;
 * - `queued` (policy `block` only): the plan is accepted but another live work's accepted plan or
 *   lease covers some of its targets; nothing is leased yet. Mutations of a queued work are refused
 *   with a retryable `EXEC_SIDE_EFFECT_COLLISION` while a resource they need is held by another
 *   live work; when the blocker signals completion its leases are released and handed to the queued
 *   works in `queue` order (`PlanLeases.releaseAndHandOver`); an abandoned blocker's leases expire
 *   and the next mutation reclaims them.
 */
export interface PlanLockDecision {
  status: 'leased' | 'queued';
  policy: OverlapPolicy;
  leaseSeconds: number;
  /** Resource keys of the plan (files, symbols, side-effect payloads). */
  resources: string[];
  /** Execution order of the works sharing these files: earliest acceptance first, this work last. */
  queue: string[];
  /** The works (and files) this one waits for; empty when leased. */
  waitingFor: OverlapReport['overlaps'];
  /** Live leases of other works on the plan's resources; empty when leased. */
  holders: LeaseHolder[];
  /** Queued only: this work's 1-based place in `queue` (1 would be the work running now). */
  position?: number;
  /** Queued only: how long until the works ahead are expected to release (see wait-estimate.ts). */
  wait?: WaitEstimate;
  /** Queued only: when a retried mutation may succeed, bounded to [2 s, 60 s]. */
  retryAfterMs?: number;
}

/**
 * The other works this one waits for: overlapping accepted plans in queue order, then lease holders
 * not among them, then (under `reject`) works whose kept plans waited longer for these files.
 */
function worksAhead(workId: string, overlap: OverlapReport, holders: readonly LeaseHolder[], waiting: readonly WaitingWork[]): string[] {
  const ahead = overlap.queue.filter((id) => id !== workId);
  for (const id of [...new Set(holders.map((h) => h.workId))].sort()) if (!ahead.includes(id)) ahead.push(id);
  for (const w of waiting) if (!ahead.includes(w.workId)) ahead.push(w.workId);
  return ahead;
}

function planCollision(
  workId: string, overlap: OverlapReport, holders: readonly LeaseHolder[], waiting: readonly WaitingWork[], policy: OverlapPolicy, queue: string[], wait: WaitEstimate,
): AppError {
  const first = holders[0];
  const other = overlap.overlaps[0];
  const why = first
    ? `${first.resource} is leased by work ${first.workId}${first.nodeId ? ` (node ${first.nodeId})` : ''} until ${first.expiresAt}`
    : other
      ? `work ${other.workId} has an accepted plan on ${other.files.join(', ')}`
      : `work ${waiting[0]!.workId} has waited longer for ${waiting[0]!.files.join(', ')}`;
  return new AppError('EXEC_SIDE_EFFECT_COLLISION', {
    message: `The plan collides with another live work: ${why}. Wait for that work to complete (or its lease to expire) and submit again, or plan other files.`,
    details: {
      policy, workId, holders: holders.map((h) => ({ ...h })), overlaps: overlap.overlaps, waitingAhead: [...waiting], queue, position: queue.length, wait, retryAfterMs: retryAfterMs(wait, queue.length - 1),
    },
  });
}

/**
 * The lock half of plan acceptance. `decide` runs before the turn commits (read-only): under
 * `reject` an overlap with another live work's accepted plan, a live lease of another work on any
 * target, or another work's kept plan that has waited longer for these files (still retrying),
 * throws `EXEC_SIDE_EFFECT_COLLISION` (details: `overlaps`/`holders`/`waitingAhead`, the queue, the
 * position and the wait estimate); under `block` it reports the queue instead. `acquire` runs inside the commit transaction: a race lost between
 * `decide` and the commit throws the same collision and the whole acceptance rolls back.
 */
export class PlanLeases {
  constructor(private readonly locks: LockService, private readonly options: { policy: OverlapPolicy; leaseSeconds: number; now?: () => Date; waitingStaleMs?: number }) {}

  async decide(workId: string, plan: Pick<PlanGraph, 'nodes'>, run?: RunOptions): Promise<{ decision: PlanLockDecision; acquire: (tx: GraphTx) => Promise<void> }> {
    const { policy, leaseSeconds } = this.options;
    const nodes = planNodeResources(plan);
    const resources = [...new Set(nodes.flatMap((n) => n.resources))].sort();
    const files = planTargetFiles(plan);
    // Every question of the decision in one read transaction (a cheap retry is mostly this).
    const facts = await this.locks.readTogether('execution/lock-decide', async (tx) => {
      const overlap = await this.locks.checkPlanOverlap(workId, files, 'block', run, tx);
      const holders = resources.length === 0 ? [] : await this.locks.holders(workId, resources, run, tx);
      // Under reject nobody is queued, so works whose kept plans waited longer go first (oldest first; see lock-waiting-ahead.cypher).
      const waiting = policy === 'reject' ? await this.locks.waitingAhead(workId, files, this.options.waitingStaleMs ?? WAITING_STALE_MS, run, tx) : [];
      if (overlap.decision === 'clear' && holders.length === 0 && waiting.length === 0) return { overlap, holders, waiting, queue: [workId], wait: null };
      // Lease holders that are not (or no longer) in PLAN_ACCEPTED still come before this work.
      const queue = [...worksAhead(workId, overlap, holders, waiting), workId];
      const ahead = queue.slice(0, -1);
      const stats = await this.locks.holdStats(ahead, run, tx);
      const wait = estimateWait({ now: (this.options.now ?? (() => new Date()))(), ahead, held: stats.held, holdMs: stats.holdMs, leaseSeconds });
      return { overlap, holders, waiting, queue, wait };
    }, run);
    const { overlap, holders, waiting, queue, wait } = facts;
    if (wait === null) {
      return {
        decision: { status: 'leased', policy, leaseSeconds, resources, queue: [workId], waitingFor: [], holders: [] },
        acquire: async (tx) => {
          // A resubmitted plan replaces the previous one: its leases go, the new plan's are taken.
          await this.locks.releaseIn(tx, workId);
          await this.locks.acquireAllIn(tx, workId, nodes);
        },
      };
    }
    if (policy === 'reject') throw planCollision(workId, overlap, holders, waiting, policy, queue, wait);
    return {
      decision: {
        status: 'queued', policy, leaseSeconds, resources, queue, waitingFor: overlap.overlaps, holders, position: queue.length, wait, retryAfterMs: retryAfterMs(wait, queue.length - 1),
      },
      acquire: async (tx) => {
        await this.locks.releaseIn(tx, workId);
      },
    };
  }

  /**
   * The refusal for a race lost at commit under `reject`: `acquire` met leases another work committed
   * after `decide` ran. Built from the holders the collision names plus one read for the wait estimate,
   * instead of deciding again (a read transaction of three or four statements: ~0.2 s of a lost race at K=8). The queue it reports lists
   * the holders only; the retry (retryPlanId) runs the full decision. Undefined when it cannot answer:
   * under `block` (the caller decides again, which queues), or a collision that names no holder.
   */
  async refusalAfterLostRace(workId: string, error: AppError, run?: RunOptions): Promise<AppError | undefined> {
    const holders = (error.details as { holders?: LeaseHolder[] } | undefined)?.holders ?? [];
    if (this.options.policy !== 'reject' || holders.length === 0) return undefined;
    const none: OverlapReport = { decision: 'clear', overlaps: [], queue: [] };
    const ahead = worksAhead(workId, none, holders, []);
    const stats = await this.locks.holdStats(ahead, run);
    const wait = estimateWait({ now: (this.options.now ?? (() => new Date()))(), ahead, held: stats.held, holdMs: stats.holdMs, leaseSeconds: this.options.leaseSeconds });
    return planCollision(workId, none, holders, [], 'reject', [...ahead, workId], wait);
  }

  /**
   * Completion (COMPLETED/FAILED): releases every lease of the work inside the completion
   * transaction, then hands the released files to the queued works in queue order — each takes
   * all of its plan's resources when none is held by another live work, otherwise it stays queued
   * (a later work in the queue may still take disjoint resources). Returns what happened.
   */
  async releaseAndHandOver(tx: GraphTx, workId: string): Promise<{ released: string[]; handedOver: Array<{ workId: string; resources: string[] }> }> {
    const released = await this.locks.releaseIn(tx, workId, { finished: true });
    const files = released.filter((r) => r.startsWith('file:')).map((r) => r.slice('file:'.length));
    const handedOver: Array<{ workId: string; resources: string[] }> = [];
    if (files.length === 0) return { released, handedOver };
    for (const queued of await this.locks.queuedWorksIn(tx, workId, files)) {
      const nodes = planNodeResources({ nodes: queued.nodes.flatMap(parseNode) });
      const resources = [...new Set(nodes.flatMap((n) => n.resources))];
      if (resources.length === 0 || (await this.locks.holdersIn(tx, queued.workId, resources)).length > 0) continue;
      await this.locks.acquireAllIn(tx, queued.workId, nodes);
      handedOver.push({ workId: queued.workId, resources: resources.sort() });
    }
    return { released, handedOver };
  }
}

/** A persisted plan node (validated at acceptance) back as a PlanGraph node; unreadable JSON is skipped. */
function parseNode(json: string): PlanGraph['nodes'] {
  try {
    const node = JSON.parse(json) as PlanGraph['nodes'][number];
    return node && typeof node === 'object' && typeof node.kind === 'string' ? [node] : [];
  } catch {
    return [];
  }
}
