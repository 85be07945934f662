import { randomUUID } from 'node:crypto';
import { AppError } from '../../errors/index.js';
import type { Graph, GraphTx, Query, RunOptions } from '../../graph/index.js';
import { int } from '../../graph/index.js';
import { acquireLeases, findLeaseHolders, findQueuedWorks, findPlanOverlaps, findWaitingAhead, listLeaseReclaims, readHoldStats, releaseLeases, renewLeases } from './lock.queries.js';
import type { HeldLeases } from './wait-estimate.js';

/** Resource key of a file (the same key the plan validator checks). */
export const fileResource = (path: string): string => `file:${path}`;
/** Resource key of a symbol in a file. */
export const symbolResource = (path: string, symbol: string): string => `symbol:${path}#${symbol}`;

export const DEFAULT_LEASE_TTL_MS = 15 * 60 * 1000;

export interface LeaseHolder {
  resource: string;
  workId: string;
  nodeId: string | null;
  expiresAt: string;
}

export interface AcquireResult {
  resources: string[];
  expiresAt: string;
  /** Stale leases taken over (each also stored as a LeaseReclaim evidence node). */
  reclaimed: Array<{ resource: string; fromWorkId: string }>;
}

/** What to do when an accepted plan would overlap another live work's accepted plan. */
export type OverlapPolicy = 'reject' | 'block';

export interface OverlapReport {
  decision: 'clear' | 'blocked';
  overlaps: Array<{ workId: string; acceptedAt: string | null; files: string[] }>;
  /** Deterministic execution order of the overlapping works (earliest acceptance first, then workId), this work last. */
  queue: string[];
}

function collision(holders: readonly LeaseHolder[]): AppError {
  const first = holders[0]!;
  return new AppError('EXEC_SIDE_EFFECT_COLLISION', {
    message: `${first.resource} is reserved by work ${first.workId}${first.nodeId ? ` (node ${first.nodeId})` : ''} until ${first.expiresAt}; retry after it finishes or the lease expires.`,
    details: { holders: holders.map((h) => ({ ...h })) },
  });
}

const uniqueSorted = (keys: readonly string[]) => [...new Set(keys)].sort();
/** Finished holds a wait estimate is computed from (`holdStats`), and waiting works listed ahead at most (`waitingAhead`). */
const HOLD_SAMPLES = 20;
const WAITING_LISTED = 50;

/**
 * File/symbol leases per work and plan node in Neo4j. Acquisition is all-or-nothing (keys locked in
 * sorted order, so two racing works cannot deadlock and exactly one wins); stale leases are reclaimed
 * with evidence; a collision is a retryable `EXEC_SIDE_EFFECT_COLLISION` naming the holder.
 */
export class LockService {
  constructor(private readonly options: { graph: Graph; repoId: string; ttlMs?: number }) {}

  private get ttl() {
    return int(this.options.ttlMs ?? DEFAULT_LEASE_TTL_MS);
  }

  /** Takes (or renews) leases on every resource for a work's node, or throws the collision (nothing is kept then). */
  acquire(workId: string, nodeId: string | null, resources: readonly string[], run?: RunOptions): Promise<AcquireResult> {
    return this.acquireAll(workId, [{ nodeId, resources }], run);
  }

  /**
   * Leases the resources of several nodes (e.g. every target of a just-accepted plan), all or nothing
   * in one transaction, keys in sorted order; throws the collision naming every holder.
   */
  acquireAll(workId: string, nodes: ReadonlyArray<{ nodeId: string | null; resources: readonly string[] }>, run?: RunOptions): Promise<AcquireResult> {
    return this.options.graph.writeTx('execution/lock-acquire', (tx) => this.acquireAllIn(tx, workId, nodes), run);
  }

  /**
   * `acquireAll` inside the caller's transaction (plan acceptance: the plan, the PLAN_ACCEPTED
   * transition and the leases land together). A collision throws, so the caller's whole transaction
   * rolls back and no partial reservation survives.
   */
  async acquireAllIn(tx: GraphTx, workId: string, nodes: ReadonlyArray<{ nodeId: string | null; resources: readonly string[] }>): Promise<AcquireResult> {
    const { repoId } = this.options;
    // One row per resource, in sorted order (the lock order every work shares). A resource several
    // nodes name goes to the last of them in node order, as acquiring them one by one did.
    const byResource = new Map<string, string | null>();
    const pairs = nodes.flatMap((n) => uniqueSorted(n.resources).map((resource) => ({ nodeId: n.nodeId, resource })))
      .sort((a, b) => ((a.nodeId ?? '') < (b.nodeId ?? '') ? -1 : (a.nodeId ?? '') > (b.nodeId ?? '') ? 1 : 0));
    for (const { nodeId, resource } of pairs) byResource.set(resource, nodeId);
    const leases = [...byResource.keys()].sort().map((resource) => ({ resource, nodeId: byResource.get(resource) ?? null, reclaimId: `reclaim:${randomUUID()}` }));
    const holders: LeaseHolder[] = [];
    const reclaimed: AcquireResult['reclaimed'] = [];
    let expiresAt = '';
    const rows = leases.length > 0 ? await tx.run(acquireLeases, { repoId, workId, request: { leases }, ttlMs: this.ttl }) : [];
    for (const row of rows) {
      if (!row.acquired) holders.push({ resource: row.resource, workId: row.holderWorkId ?? '', nodeId: row.holderNodeId, expiresAt: row.expiresAt });
      else {
        expiresAt = row.expiresAt;
        if (row.reclaimedFrom) reclaimed.push({ resource: row.resource, fromWorkId: row.reclaimedFrom });
      }
    }
    // Throwing rolls the whole transaction back: no partial reservation survives a collision.
    if (holders.length > 0) throw collision(holders);
    return { resources: leases.map((l) => l.resource), expiresAt, reclaimed };
  }

  /**
   * The lease check of every mutation: takes (or renews) the node's resources — a stale lease is
   * reclaimed with evidence, a live lease of another work is the collision — and renews every other
   * lease the work holds, all in one transaction.
   */
  holdForMutation(workId: string, nodeId: string, resources: readonly string[], run?: RunOptions): Promise<AcquireResult & { renewed: number }> {
    return this.options.graph.writeTx('execution/lock-hold-for-mutation', async (tx) => {
      const acquired = await this.acquireAllIn(tx, workId, [{ nodeId, resources }]);
      const renewed = await tx.run(renewLeases, { repoId: this.options.repoId, workId, nodeId: null, ttlMs: this.ttl });
      return { ...acquired, renewed: renewed.length };
    }, run);
  }

  /**
   * Releases every lease of the work inside the caller's transaction (completion commits with it).
   * `finished`: the work is done with them (not a resubmission), so its hold time is recorded as a
   * LeaseHold for wait estimates.
   */
  async releaseIn(tx: GraphTx, workId: string, options: { finished?: boolean } = {}): Promise<string[]> {
    const holdId = options.finished ? `hold:${randomUUID()}` : null;
    const rows = await tx.run(releaseLeases, { repoId: this.options.repoId, workId, release: { nodeId: null, holdId } });
    return rows.map((r) => r.resource);
  }

  /** Extends the work's leases (optionally one node's); returns what was renewed. */
  renew(workId: string, nodeId: string | null = null, run?: RunOptions) {
    return this.options.graph.write(renewLeases, { repoId: this.options.repoId, workId, nodeId, ttlMs: this.ttl }, run);
  }

  /** Releases the work's leases (optionally one node's). */
  async release(workId: string, nodeId: string | null = null, run?: RunOptions): Promise<string[]> {
    const rows = await this.options.graph.write(releaseLeases, { repoId: this.options.repoId, workId, release: { nodeId, holdId: null } }, run);
    return rows.map((r) => r.resource);
  }

  /**
   * Runs several of the reads below in one read transaction (`tx` argument): plan acceptance asks
   * four questions, and on a busy server each transaction's round trips cost more than its query.
   */
  readTogether<T>(name: string, work: (tx: GraphTx) => Promise<T>, run?: RunOptions): Promise<T> {
    return this.options.graph.readTx(name, work, run);
  }

  private read<P extends Record<string, unknown>, R>(query: Query<P, R>, params: P, run?: RunOptions, tx?: GraphTx): Promise<R[]> {
    return tx ? tx.run(query, params) : this.options.graph.read(query, params, run);
  }

  /** Live leases other works hold on these resources. */
  holders(workId: string, resources: readonly string[], run?: RunOptions, tx?: GraphTx): Promise<LeaseHolder[]> {
    return this.read(findLeaseHolders, { repoId: this.options.repoId, workId, request: { resources: uniqueSorted(resources) } }, run, tx);
  }

  /** `holders` inside the caller's transaction (sees its earlier writes, e.g. a release). */
  holdersIn(tx: GraphTx, workId: string, resources: readonly string[]): Promise<LeaseHolder[]> {
    return tx.run(findLeaseHolders, { repoId: this.options.repoId, workId, request: { resources: uniqueSorted(resources) } });
  }

  /** Live works whose current accepted plan targets one of these files, in queue order (with their plan nodes as JSON). */
  queuedWorksIn(tx: GraphTx, releasingWorkId: string, files: readonly string[], limit = 50): Promise<Array<{ workId: string; nodes: string[] }>> {
    return tx.run(findQueuedWorks, { repoId: this.options.repoId, workId: releasingWorkId, request: { files: uniqueSorted(files) }, limit: int(limit) });
  }

  /** Throws `EXEC_SIDE_EFFECT_COLLISION` when another live work holds any of these resources (the mutation check). */
  async assertFree(workId: string, resources: readonly string[], run?: RunOptions): Promise<void> {
    const holders = await this.holders(workId, resources, run);
    if (holders.length > 0) throw collision(holders);
  }

  /**
   * For a wait estimate: how long the `HOLD_SAMPLES` (20) most recent finished works held their leases here
   * (LeaseHold, ms, newest first) and the live leases of `workIds` (oldest acquisition, latest expiry).
   */
  async holdStats(workIds: readonly string[], run?: RunOptions, tx?: GraphTx): Promise<{ holdMs: number[]; held: HeldLeases[] }> {
    const [row] = await this.read(readHoldStats, { repoId: this.options.repoId, workIds: uniqueSorted(workIds), limit: int(HOLD_SAMPLES) }, run, tx);
    return { holdMs: (row?.holdMs ?? []).map(Number), held: row?.held ?? [] };
  }

  /**
   * Under `reject`: other live works whose plan waits (kept after a lease refusal) for one of these
   * files, that started waiting before this work (all of them when this work waits for nothing) and
   * asked again within `staleMs` — oldest first. They take their turn before this work.
   */
  waitingAhead(workId: string, files: readonly string[], staleMs: number, run?: RunOptions, tx?: GraphTx): Promise<Array<{ workId: string; queuedAt: string; files: string[] }>> {
    if (files.length === 0) return Promise.resolve([]);
    return this.read(findWaitingAhead, { repoId: this.options.repoId, workId, request: { files: uniqueSorted(files) }, staleMs: int(staleMs), limit: int(WAITING_LISTED) }, run, tx);
  }

  /** Stale-lease reclaims recorded for a resource (the evidence trail). */
  reclaims(resource: string, run?: RunOptions) {
    return this.options.graph.read(listLeaseReclaims, { repoId: this.options.repoId, resource }, run);
  }

  /**
   * At plan acceptance: other live works whose accepted plans target the same files. `reject` throws
   * the collision; `block` reports the deterministic queue this work waits in.
   */
  async checkPlanOverlap(workId: string, files: readonly string[], policy: OverlapPolicy, run?: RunOptions, tx?: GraphTx): Promise<OverlapReport> {
    const overlaps = files.length === 0 ? [] : await this.read(findPlanOverlaps, { repoId: this.options.repoId, workId, request: { files: uniqueSorted(files) } }, run, tx);
    if (overlaps.length === 0) return { decision: 'clear', overlaps: [], queue: [workId] };
    if (policy === 'reject') {
      throw new AppError('EXEC_SIDE_EFFECT_COLLISION', {
        message: `The plan targets files another accepted plan targets (work ${overlaps[0]!.workId}: ${overlaps[0]!.files.join(', ')}).`,
        details: { policy, overlaps },
      });
    }
    return { decision: 'blocked', overlaps, queue: [...overlaps.map((o) => o.workId), workId] };
  }
}
