import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../errors/index.js';
import type { Logger } from '../runtime/logger.js';
import type { DeferredTurn, WorkStore } from './work-store.js';

export interface TurnOutboxOptions {
  log: Logger;
  /** The connected store, or undefined while the process has no graph yet (flushing waits). */
  store: () => WorkStore | undefined;
  /** Folder of the append-only spool files (the repo's `.ai/tmp/turn-spool`); omit for memory only. */
  spoolDir?: string;
  /** Retry interval while records are pending (default 2 s). */
  retryMs?: number;
  /** Records written per flush transaction (default 200). */
  batch?: number;
  /** Oldest records are dropped beyond this (and logged), so a long outage cannot exhaust memory. */
  maxPending?: number;
}

const SPOOL_SUFFIX = '.jsonl';

/**
 * Turn log entries that could not reach the graph, kept until it answers again. Each process
 * appends to its own spool file (`<pid>-<random>.jsonl`), so a restart loses nothing: a new process
 * adopts the files of processes that are gone. Writing is idempotent on the Turn id
 * (`WorkStore.logDeferred`), so a record flushed twice — by two processes, or after a crash between
 * the write and the spool cleanup — is written once.
 */
export class TurnOutbox {
  private pending: DeferredTurn[] = [];
  private flushing: Promise<number> | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** When the armed timer fires (performance.now()). */
  private timerAt = 0;
  private readonly spoolFile: string | undefined;
  private readonly retryMs: number;
  /** A flush failed or spool files were adopted since the last successful flush. */
  private recovering = false;
  /** Reads running under `reading` (a flush waits for them), and the flushes waiting. */
  private readers = 0;
  private readersDone: Array<() => void> = [];
  /** The works whose records the running flush transaction writes. */
  private flushingWorks = new Set<string | null>();

  constructor(private readonly options: TurnOutboxOptions) {
    this.retryMs = options.retryMs ?? 2_000;
    if (options.spoolDir) {
      this.spoolFile = join(options.spoolDir, `${process.pid}-${randomBytes(4).toString('hex')}${SPOOL_SUFFIX}`);
      this.adoptOrphans(options.spoolDir);
    }
  }

  /** Records not yet written to the graph. */
  get size(): number {
    return this.pending.length;
  }

  /** A work's records not yet known written (its usedTokens in the graph may lack their tokens): Turn id and tokens. */
  pendingFor(workId: string): Array<{ id: string; tokens: number }> {
    return this.pending.filter((r) => r.workId === workId).map((r) => ({ id: r.turn.id, tokens: r.tokens }));
  }

  /**
   * Waits until the records kept so far are written or a flush fails (the graph away), or `signal`
   * aborts: a turn commit that follows turns logged behind their answers lands after them. A backlog
   * of more than one flush transaction (left by an outage) is not waited for: it would hold the turn.
   */
  async drain(signal?: AbortSignal): Promise<void> {
    if (this.pending.length === 0 || this.pending.length > (this.options.batch ?? 200)) return;
    await untilSettled(this.flush(), signal);
  }

  /**
   * Runs a read of a work's tokens that `pendingFor(workId)` corrects, not beside a flush of that
   * work's records: a flush that commits while the read runs can be seen half applied (its Turn but
   * not yet its tokens) and a turn's tokens lost or counted twice. The read waits for such a flush, at
   * most `maxWaitMs` (a slow graph must not hold every turn; past that, only the read's own re-check
   * guards it); a flush waits for the reads that run.
   */
  async reading<T>(workId: string, read: () => Promise<T>, options: { signal?: AbortSignal; maxWaitMs?: number } = {}): Promise<T> {
    const until = Date.now() + (options.maxWaitMs ?? 1_000);
    while (this.flushing && this.flushingWorks.has(workId) && Date.now() < until) {
      options.signal?.throwIfAborted();
      await untilSettled(this.flushing, options.signal, until - Date.now());
    }
    this.readers++;
    try {
      return await read();
    } finally {
      if (--this.readers === 0) for (const done of this.readersDone.splice(0)) done();
    }
  }

  /**
   * Keeps a record (memory and spool) and schedules a flush within `flushWithinMs` (default: the
   * retry interval). Records kept within that window share one flush transaction.
   */
  enqueue(record: DeferredTurn, flushWithinMs = this.retryMs): void {
    this.pending.push(record);
    const max = this.options.maxPending ?? 10_000;
    if (this.pending.length > max) {
      const dropped = this.pending.splice(0, this.pending.length - max);
      this.options.log.error('turn log queue full; oldest records dropped', { dropped: dropped.length });
      this.rewriteSpool();
    } else {
      this.appendSpool([record]);
    }
    this.schedule(flushWithinMs);
  }

  /** Flushes now if anything is pending (after a turn found the graph answering again). */
  nudge(): void {
    if (this.pending.length > 0 && !this.flushing) void this.flush();
  }

  /** Writes pending records in batches until none are left or the graph fails; returns how many were new. */
  flush(): Promise<number> {
    this.flushing ??= this.flushAll().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  /** Stops the retry timer (the spool keeps what is pending for the next process). */
  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async flushAll(): Promise<number> {
    const store = this.options.store();
    if (!store) {
      this.schedule(this.retryMs);
      return 0;
    }
    let written = 0;
    try {
      while (this.pending.length > 0) {
        while (this.readers > 0) await new Promise<void>((resolve) => this.readersDone.push(resolve));
        const batch = this.pending.slice(0, this.options.batch ?? 200);
        this.flushingWorks = new Set(batch.map((r) => r.workId));
        written += await store.logDeferred(batch, { timeoutMs: 10_000 }).finally(() => this.flushingWorks.clear());
        const done = new Set(batch.map((r) => r.turn.id));
        this.pending = this.pending.filter((r) => !done.has(r.turn.id));
        this.rewriteSpool();
      }
      // Routine after turns logged behind their answers; worth an info line after an outage or an adoption.
      if (written > 0) this.options.log[this.recovering ? 'info' : 'debug']('deferred turns written', { written });
      this.recovering = false;
    } catch (error) {
      const code = error instanceof AppError ? error.code : 'INTERNAL';
      this.recovering = true;
      this.options.log.warn('deferred turns not written yet', { pending: this.pending.length, code });
      this.schedule(this.retryMs);
    }
    return written;
  }

  /** Arms the flush timer to fire within `ms` (an armed timer that fires sooner is kept). */
  private schedule(ms: number): void {
    if (this.pending.length === 0) return;
    if (this.timer && this.timerAt <= performance.now() + ms) return;
    clearTimeout(this.timer);
    this.timerAt = performance.now() + ms;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, ms);
    // A pending log entry must not keep a finished process alive: the spool carries it over.
    this.timer.unref();
  }

  private appendSpool(records: DeferredTurn[]): void {
    if (!this.spoolFile || records.length === 0) return;
    try {
      mkdirSync(join(this.spoolFile, '..'), { recursive: true });
      appendFileSync(this.spoolFile, records.map((r) => `${JSON.stringify(r)}\n`).join(''), { mode: 0o600 });
    } catch (error) {
      this.options.log.warn('turn spool not writable; keeping records in memory only', { error: String(error) });
    }
  }

  /** Replaces the spool with what is still pending (write aside, then rename: never a torn file). */
  private rewriteSpool(): void {
    if (!this.spoolFile) return;
    try {
      if (this.pending.length === 0) {
        rmSync(this.spoolFile, { force: true });
        return;
      }
      const aside = `${this.spoolFile}.tmp`;
      writeFileSync(aside, this.pending.map((r) => `${JSON.stringify(r)}\n`).join(''), { mode: 0o600 });
      renameSync(aside, this.spoolFile);
    } catch (error) {
      this.options.log.warn('turn spool not rewritten', { error: String(error) });
    }
  }

  /** Takes over the spool files of processes that no longer run. */
  private adoptOrphans(dir: string): void {
    let names: string[];
    try {
      names = readdirSync(dir).filter((n) => n.endsWith(SPOOL_SUFFIX));
    } catch {
      return;
    }
    const adopted: DeferredTurn[] = [];
    for (const name of names) {
      const path = join(dir, name);
      if (path === this.spoolFile || isAlive(Number(name.split('-')[0]), name, this.spoolFile)) continue;
      try {
        const text = readFileSync(path, 'utf8');
        for (const line of text.split('\n')) {
          // A line torn by a crash mid-append is skipped; every complete one is kept.
          if (!line.trim()) continue;
          try {
            adopted.push(JSON.parse(line) as DeferredTurn);
          } catch {
            this.options.log.warn('turn spool line skipped', { file: name });
          }
        }
        const known = new Set(this.pending.map((r) => r.turn.id));
        this.pending.push(...adopted.splice(0).filter((r) => !known.has(r.turn.id) && known.add(r.turn.id)));
        this.rewriteSpool();
        rmSync(path, { force: true });
      } catch (error) {
        this.options.log.warn('turn spool not adopted', { file: name, error: String(error) });
      }
    }
    if (this.pending.length > 0) {
      this.recovering = true;
      this.options.log.info('turn spool adopted', { pending: this.pending.length });
      this.schedule(0);
    }
  }
}

/** Resolves when `settled` settles, `signal` aborts or `timeoutMs` passes, whichever comes first. */
function untilSettled(settled: Promise<unknown>, signal: AbortSignal | undefined, timeoutMs?: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = timeoutMs === undefined ? undefined : setTimeout(() => done(), Math.max(0, timeoutMs));
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    signal?.addEventListener('abort', done, { once: true });
    if (signal?.aborted) done();
    void settled.then(done, done);
  });
}

/** Whether the spool's process still runs (another process of this machine keeps its own file). */
function isAlive(pid: number, name: string, own: string | undefined): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  // Same pid, other file: a previous process that had our pid (containers reuse low pids).
  if (pid === process.pid) return own?.endsWith(name) ?? false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
