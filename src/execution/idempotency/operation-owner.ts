import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { pidAlive } from '../../runtime/process-liveness.js';

/** Who holds an operation claim: this process (instance id, pid, host) and the turn that claimed it. */
export interface OperationOwner {
  instanceId: string;
  pid: number;
  host: string;
  traceRef: string | null;
}

/** One id per process lifetime: a restarted process (even with a reused pid) is never mistaken for the old one. */
export const PROCESS_INSTANCE_ID = `proc:${randomUUID()}`;

/** A claim outlives the turn that made it by this much before any retry may take it over. */
export const CLAIM_MARGIN_MS = 15_000;

/** The claim lifetime for a turn timeout: the turn is aborted at its timeout, the margin covers a write still in flight. */
export const claimTtlMs = (turnTimeoutMs: number): number => turnTimeoutMs + CLAIM_MARGIN_MS;

export function currentOwner(traceRef: string | null = null): OperationOwner {
  return { instanceId: PROCESS_INSTANCE_ID, pid: process.pid, host: hostname(), traceRef };
}

/**
 * True only when the recorded owner is provably gone: it ran on this host, it is not this process,
 * and its pid no longer exists (or is this process's own pid, which a dead owner's pid can be after a
 * container restart). An owner on another host is never judged dead; its claim has to expire.
 */
export function ownerIsDead(owner: { instanceId: string | null; pid: number | null; host: string | null }): boolean {
  if (owner.host !== hostname() || owner.instanceId === null || owner.instanceId === PROCESS_INSTANCE_ID || owner.pid === null) return false;
  if (owner.pid === process.pid) return true;
  return !pidAlive(owner.pid);
}
