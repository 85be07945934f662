import type { Integer } from 'neo4j-driver';
import { newHolderId } from '../runtime/process-liveness.js';
import type { Logger } from '../runtime/logger.js';
import { isProcedureRefusal } from './driver-errors.js';
import type { Graph } from './graph.js';
import { loadQuery } from './query-registry.js';
import { int } from './values.js';

const serverStartedAt = loadQuery<Record<string, never>, { startedAt: number | null }>('graph/server-started-at.cypher');
const claimFirstUse = loadQuery<{ id: string; serverStartedAt: Integer; owner: string; leaseMs: Integer }, { done: boolean; claimed: boolean }>('graph/claim-first-use.cypher');
const readFirstUse = loadQuery<{ id: string; serverStartedAt: Integer }, { done: boolean; expired: boolean }>('graph/read-first-use.cypher');
const finishFirstUse = loadQuery<{ id: string; serverStartedAt: Integer; owner: string }, { finished: boolean }>('graph/finish-first-use.cypher');

export interface FirstUseGateOptions {
  log: Logger;
  /** How long a holder may take before a waiting process claims the first use itself (default 20 s). */
  leaseMs?: number;
  /** Longest a process waits for another's first use before it runs anyway (default 15 s). */
  maxWaitMs?: number;
  /** Poll interval while waiting (default 250 ms). */
  pollMs?: number;
}

/** One call through the gate: its cancellation, and what to tell its caller when it starts waiting. */
export interface FirstUseCall {
  signal?: AbortSignal;
  onWait?: () => void;
}

/**
 * The first run of a many-statement operation after a server start, by one process while the others
 * wait for it (bounded), whichever process asks first.
 *
 * Why: a server that just started has no cached plans and a cold JIT, and concurrent first uses of a
 * statement each plan it (eight at once took 4× one alone on two cores). Eight agents started
 * together planned every statement of their first pack side by side, and all eight first
 * `initialize_work` turns timed out at 30 s (bench/soak/README.md). One process going first plans each
 * statement once; the others then find the plans cached.
 *
 * The server's JVM start time tells a restart; the claim lives on a `PlanWarmUp` node (its id
 * constraint, schema 0015), with a lease so a holder that dies releases it. Once a process has seen the
 * first use done for the running server, it asks again only after the server was away. A graph that
 * refuses the start-time procedure (a locked-down Aura user) is never gated and never asked again by
 * this process. Never throws for the gate's own sake: on any other error the operation just runs.
 */
export class FirstUseGate {
  /** The server start whose first use this process saw done or ran (null: ask). */
  private passedFor: number | null = null;
  private unsupported = false;
  private readonly owner = newHolderId();

  constructor(private readonly graph: Graph, private readonly id: string, private readonly options: FirstUseGateOptions) {
    graph.whenServerBack(() => { this.passedFor = null; });
  }

  /** Runs `operation`, first waiting for another process's first use of it after a server start when one is under way. */
  async run<T>(operation: () => Promise<T>, call: FirstUseCall = {}): Promise<T> {
    if (this.passedFor !== null || this.unsupported) return operation();
    const held = await this.enter(call).catch((error: unknown) => {
      this.options.log.debug('first-use gate skipped', { id: this.id, cause: String((error as Error)?.message ?? error) });
      return null;
    });
    if (held === null) return operation();
    try {
      return await operation();
    } finally {
      this.passedFor = held;
      void this.graph.write(finishFirstUse, { id: this.id, serverStartedAt: int(held), owner: this.owner }).catch(() => undefined);
    }
  }

  /** The server start this process now holds the first use of, or null when it may just run. */
  private async enter({ signal, onWait }: FirstUseCall): Promise<number | null> {
    const run = signal ? { signal } : {};
    const startedAt = await serverStartTime(this.graph, run);
    if (startedAt === null) {
      this.unsupported = true;
      return null;
    }
    const params = { id: this.id, serverStartedAt: int(startedAt) };
    const [claim] = await this.graph.write(claimFirstUse, { ...params, owner: this.owner, leaseMs: int(this.options.leaseMs ?? 20_000) }, run);
    if (claim?.claimed) return startedAt;
    if (!claim?.done) {
      onWait?.();
      const waited = performance.now();
      const maxWaitMs = this.options.maxWaitMs ?? 15_000;
      for (;;) {
        await sleep(this.options.pollMs ?? 250, signal);
        const [state] = await this.graph.read(readFirstUse, params, run);
        if (state?.done) break;
        if (state?.expired || performance.now() - waited >= maxWaitMs) {
          // The holder died or is slow: run anyway (a later call asks again).
          this.options.log.debug('first-use gate: stopped waiting', { id: this.id, waitedMs: Math.round(performance.now() - waited), expired: state?.expired ?? null });
          return null;
        }
      }
      this.options.log.debug('first-use gate: waited for another process', { id: this.id, waitedMs: Math.round(performance.now() - waited) });
    }
    this.passedFor = startedAt;
    return null;
  }
}

const gates = new WeakMap<Graph, Map<string, FirstUseGate>>();

/** The process's gate for `id` on this graph (one per graph and id, so every turn of the process shares it). */
export function firstUseGate(graph: Graph, id: string, options: FirstUseGateOptions): FirstUseGate {
  let byId = gates.get(graph);
  if (!byId) gates.set(graph, (byId = new Map()));
  let gate = byId.get(id);
  if (!gate) byId.set(id, (gate = new FirstUseGate(graph, id, options)));
  return gate;
}

/**
 * When the server's JVM started (ms since the epoch; a restart empties its plan cache), or null when
 * the server does not say: no start time, or the procedure refused for good (so callers stop asking).
 */
export async function serverStartTime(graph: Graph, run: { signal?: AbortSignal } = {}): Promise<number | null> {
  try {
    const [row] = await graph.read(serverStartedAt, {}, run);
    return typeof row?.startedAt === 'number' ? row.startedAt : null;
  } catch (error) {
    if (isProcedureRefusal(error)) return null;
    throw error;
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}
