import { createHash, randomUUID } from 'node:crypto';
import { AppError, type ErrorCode } from '../../errors/index.js';
import { int, type Graph, type RunOptions } from '../../graph/index.js';
import { claimTtlMs, currentOwner, ownerIsDead } from './operation-owner.js';
import {
  abandonOperation, beginOperation, completeOperation, failOperation, recordOperationIntent, releaseOperation, takeOverOperation, type OperationRow,
} from './operation.queries.js';

/** Stable JSON (sorted keys) so equal arguments hash equally whatever their key order. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const sha256 = (text: string): string => `sha256:${createHash('sha256').update(text).digest('hex')}`;

/** A claim this caller holds: `token` fences every later write (a claim taken over by a retry cannot be completed by its old owner). */
export interface HeldClaim { operationId: string; workId: string; token: string }

export type OperationClaim =
  | ({ kind: 'new' } & HeldClaim)
  | ({ kind: 'takeover'; reason: 'expired' | 'owner_dead'; intent: Record<string, unknown> | null; previousOwner: { host: string | null; pid: number | null; traceRef: string | null } } & HeldClaim)
  | { kind: 'replay'; result: Record<string, unknown> };

/** Default claim lifetime when the caller passes none: the default turn timeout plus the margin. */
const DEFAULT_TTL_MS = claimTtlMs(30_000);

/**
 * Idempotency keys of mutating verbs: `(:Work)-[:HAS_OPERATION]->(:Operation)`. A claim records its
 * owner (process instance, pid, host, turn) and an expiry. `claim` reserves a new key, returns the
 * recorded result of a finished one, refuses a key reused for other arguments (INVALID_ARGS), and
 * for a key still running either takes it over (expired, or the owner is provably dead) or answers a
 * retryable VERSION_CONFLICT. A takeover hands back the recorded intent so the caller can check what
 * already happened before completing or redoing the operation.
 */
export class OperationStore {
  private readonly ttlMs: number;

  constructor(private readonly options: { graph: Graph; repoId: string; claimTtlMs?: number }) {
    this.ttlMs = options.claimTtlMs ?? DEFAULT_TTL_MS;
  }

  async claim(input: { workId: string; operationId: string; verb: string; args: unknown; traceRef?: string | null }, run?: RunOptions): Promise<OperationClaim> {
    const { workId, operationId } = input;
    const argsHash = sha256(stableJson(input.args));
    const me = currentOwner(input.traceRef ?? null);
    const owner = { ...me, pid: int(me.pid) };
    const token = randomUUID();
    const key = { repoId: this.options.repoId, workId, operationId };
    const [row] = await this.options.graph.write(beginOperation, { ...key, verb: input.verb, argsHash, token, owner, ttlMs: int(this.ttlMs) }, run);
    if (!row) throw new AppError('NOT_FOUND', { message: `No work ${workId} in this repository.`, details: { workId } });
    if (row.created) return { kind: 'new', operationId, workId, token };
    if (row.verb !== input.verb || row.argsHash !== argsHash) {
      throw new AppError('INVALID_ARGS', {
        message: `operationId ${operationId} was already used for a different ${row.verb === input.verb ? 'set of arguments' : `verb (${row.verb})`}; use a new operationId.`,
        details: { operationId, recordedVerb: row.verb },
      });
    }
    if (row.status === 'done' && row.resultJson !== null) return { kind: 'replay', result: JSON.parse(row.resultJson) as Record<string, unknown> };
    if (row.status === 'failed' && row.errorJson !== null) {
      const recorded = JSON.parse(row.errorJson) as { code: ErrorCode; message: string; details: Record<string, unknown> };
      throw new AppError(recorded.code, { message: recorded.message, details: { ...recorded.details, operationId } });
    }
    const reason = row.expired ? 'expired' : ownerIsDead({ instanceId: row.ownerInstance, pid: row.ownerPid, host: row.ownerHost }) ? 'owner_dead' : null;
    if (!reason) throw this.stillRunning(operationId, row);
    const [took] = await this.options.graph.write(takeOverOperation, { ...key, expectedToken: row.token ?? '', token, owner, ttlMs: int(this.ttlMs), reason }, run);
    // Another retry won the compare-and-set (or the owner finished just now): it is live, so this is the ordinary conflict.
    if (!took) throw new AppError('VERSION_CONFLICT', { message: `Operation ${operationId} was just taken over by another retry; retry shortly.`, details: { operationId, retryAfterMs: 1000 } });
    return {
      kind: 'takeover', operationId, workId, token, reason,
      intent: took.intentJson ? JSON.parse(took.intentJson) as Record<string, unknown> : null,
      previousOwner: { host: row.ownerHost, pid: row.ownerPid, traceRef: row.ownerTraceRef },
    };
  }

  /** Records what the operation is about to change (before changing it) and renews the claim; throws VERSION_CONFLICT when the claim was lost. */
  async recordIntent(claim: HeldClaim, intent: Record<string, unknown>, run?: RunOptions): Promise<void> {
    const [row] = await this.options.graph.write(recordOperationIntent, { ...this.key(claim), token: claim.token, intentJson: JSON.stringify(intent), ttlMs: int(this.ttlMs) }, run);
    if (!row) throw new AppError('VERSION_CONFLICT', { message: `Operation ${claim.operationId} was taken over by a retry; this call stops before changing anything.`, details: { operationId: claim.operationId } });
  }

  /** Stores the result the key returns from now on; false when the claim was taken over meanwhile (the new holder completes it). */
  async complete(claim: HeldClaim, result: Record<string, unknown>, run?: RunOptions): Promise<boolean> {
    const resultJson = JSON.stringify(result);
    const rows = await this.options.graph.write(completeOperation, { ...this.key(claim), token: claim.token, result: { json: resultJson, hash: sha256(resultJson) } }, run);
    return rows.length > 0;
  }

  /** Closes the key with a refusal every retry gets again (reconciliation found a state it must not touch). */
  async fail(claim: HeldClaim, error: AppError, run?: RunOptions): Promise<void> {
    await this.options.graph.write(failOperation, { ...this.key(claim), token: claim.token, errorJson: JSON.stringify({ code: error.code, message: error.message, details: error.details }) }, run);
  }

  /** Deletes a claim whose operation failed before recording any intent (nothing changed; a retry runs afresh). */
  async abandon(claim: HeldClaim, run?: RunOptions): Promise<void> {
    await this.options.graph.write(abandonOperation, { ...this.key(claim), token: claim.token }, run);
  }

  /** Ends a claim that failed after recording its intent: kept, expired now, so the next retry takes it over and reconciles. */
  async release(claim: HeldClaim, run?: RunOptions): Promise<void> {
    await this.options.graph.write(releaseOperation, { ...this.key(claim), token: claim.token }, run);
  }

  private key(claim: HeldClaim) {
    return { repoId: this.options.repoId, workId: claim.workId, operationId: claim.operationId };
  }

  private stillRunning(operationId: string, row: OperationRow): AppError {
    // Retry soon (the owner usually finishes well before its claim expires), never later than the expiry.
    const retryAfterMs = Math.max(250, Math.min(row.remainingMs, 2_000));
    return new AppError('VERSION_CONFLICT', {
      message: `Operation ${operationId} is still running in a live process (${row.ownerHost ?? '?'} pid ${row.ownerPid ?? '?'}); retry shortly with the same operationId.`,
      details: { operationId, retryAfterMs, expiresAt: row.expiresAt, owner: { host: row.ownerHost, pid: row.ownerPid, traceRef: row.ownerTraceRef } },
    });
  }
}
