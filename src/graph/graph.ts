import neo4j, { type BookmarkManager, type Driver, type Session, type Transaction } from 'neo4j-driver';
import { AppError } from '../errors/index.js';
import type { Logger } from '../runtime/logger.js';
import { useLargeBoltChunks } from './bolt-chunks.js';
import { CircuitBreaker } from './circuit-breaker.js';
import { isConnectionFailure, mapDriverError } from './driver-errors.js';
import type { Query } from './query-registry.js';
import type { ShapeRecorder } from './statement-shapes.js';
import { toPlain } from './values.js';

/** Where the connection came from: the environment, a test container, or graphgate's local server. */
export type ConnectionSource = 'env' | 'testcontainers' | 'local';

export interface ConnectionInfo {
  uri: string;
  username: string;
  password: string;
  database?: string;
  source: ConnectionSource;
}

export interface GraphOptions {
  connection: ConnectionInfo;
  log: Logger;
  /** Per-transaction timeout sent to the server (default 30 s). */
  txTimeoutMs?: number;
  /** How long a call keeps retrying transient failures such as deadlocks (default 5 s, so nothing hangs). */
  maxRetryMs?: number;
  /** How long a call keeps retrying when the server cannot be reached at all (default 1 s: fail fast). */
  connectRetryMs?: number;
  /** After a connection failure, further calls fail at once for this long, then one probes (default 1.5 s). */
  breakerOpenMs?: number;
  /** TCP connect timeout (default 5 s). */
  connectionTimeoutMs?: number;
  /** Notes each registry statement's parameter shape for the plan warm-up (warm-plans.ts). */
  shapes?: ShapeRecorder;
}

export interface RunOptions {
  timeoutMs?: number;
  /** Aborting closes the session, which rolls back and stops the server-side work. */
  signal?: AbortSignal;
}

/** A transaction handle that only accepts registry queries. */
export interface GraphTx {
  run<P extends Record<string, unknown>, R>(query: Query<P, R>, params: P): Promise<R[]>;
}

/**
 * What reads registry queries: the Graph (a transaction per call) or one read transaction
 * (`readerOf`), so code that reads several facts can be handed either.
 */
export interface GraphReader {
  read<P extends Record<string, unknown>, R>(query: Query<P, R>, params: P, options?: RunOptions): Promise<R[]>;
}

/** Reads through the caller's transaction (its timeout and cancellation apply; per-call options do not). */
export function readerOf(tx: GraphTx): GraphReader {
  return { read: (query, params) => tx.run(query, params) };
}

/**
 * The only place that talks to the driver: one driver per process, read/write with retries.
 *
 * Retries are ours, not the driver's: a transient error (deadlock) is retried for `maxRetryMs`, but
 * an unreachable server only for `connectRetryMs`, and then the circuit breaker makes the next
 * calls fail at once. So an outage costs a turn about a second, not 5 s per query.
 */
export class Graph {
  readonly connection: ConnectionInfo;
  private readonly driver: Driver;
  private readonly log: Logger;
  private readonly txTimeoutMs: number;
  private readonly maxRetryMs: number;
  private readonly connectRetryMs: number;
  private readonly breaker: CircuitBreaker;
  private readonly shapes: ShapeRecorder | undefined;
  private readonly backListeners = new Set<() => void>();

  constructor(options: GraphOptions) {
    this.connection = options.connection;
    this.shapes = options.shapes;
    this.log = options.log;
    this.txTimeoutMs = options.txTimeoutMs ?? 30_000;
    this.maxRetryMs = options.maxRetryMs ?? 5_000;
    this.connectRetryMs = options.connectRetryMs ?? 1_000;
    this.breaker = new CircuitBreaker(options.breakerOpenMs ?? 1_500);
    const { uri, username, password } = options.connection;
    useLargeBoltChunks();
    this.driver = neo4j.driver(uri, neo4j.auth.basic(username, password), {
      // Only @neo4j/graphql runs managed transactions on this driver (ours are explicit, retried
      // above); keep its retries short too (the driver's default is 30 s).
      maxTransactionRetryTime: Math.min(this.maxRetryMs, this.connectRetryMs),
      connectionTimeout: options.connectionTimeoutMs ?? 5_000,
      connectionAcquisitionTimeout: 10_000,
      userAgent: 'graphgate',
    });
  }

  /**
   * The process's one bookmark manager, shared by every session (and by @neo4j/graphql, which uses
   * the same one): a query waits for everything this process wrote before, also when a cluster
   * routes the read to a follower.
   */
  get bookmarkManager(): BookmarkManager {
    return this.driver.executeQueryBookmarkManager;
  }

  /**
   * Calls `listener` each time a call succeeds after calls had been failing fast (the server is back,
   * perhaps restarted with empty caches). Returns the unsubscribe.
   */
  whenServerBack(listener: () => void): () => void {
    this.backListeners.add(listener);
    return () => this.backListeners.delete(listener);
  }

  /** The server answered: close the breaker, and tell the listeners when it had been open. */
  private answered(): void {
    const wasOpen = this.breaker.isOpen;
    this.breaker.succeeded();
    if (!wasOpen) return;
    for (const listener of this.backListeners) {
      try {
        listener();
      } catch (error) {
        this.log.warn('a server-back listener failed', { cause: String(error) });
      }
    }
  }

  /** Whether the last call found the server unreachable (calls are failing fast). */
  get unavailable(): boolean {
    return this.breaker.isOpen;
  }

  async read<P extends Record<string, unknown>, R>(query: Query<P, R>, params: P, options: RunOptions = {}): Promise<R[]> {
    this.shapes?.note(query.name, params);
    return this.execute('READ', query.name, options, (tx) => runIn(tx, query, params));
  }

  async write<P extends Record<string, unknown>, R>(query: Query<P, R>, params: P, options: RunOptions = {}): Promise<R[]> {
    this.shapes?.note(query.name, params);
    return this.execute('WRITE', query.name, options, (tx) => runIn(tx, query, params));
  }

  /** Several registry queries in one read transaction. */
  async readTx<T>(name: string, work: (tx: GraphTx) => Promise<T>, options: RunOptions = {}): Promise<T> {
    return this.execute('READ', name, options, (tx) => work({ run: (q, p) => this.timedIn(tx, q, p) }));
  }

  /** Several registry queries in one write transaction (all or nothing). */
  async writeTx<T>(name: string, work: (tx: GraphTx) => Promise<T>, options: RunOptions = {}): Promise<T> {
    return this.execute('WRITE', name, options, (tx) => work({ run: (q, p) => this.timedIn(tx, q, p) }));
  }

  /** A statement of a multi-statement transaction, timed at debug level (the transaction's own line gives only the total). */
  private async timedIn<P extends Record<string, unknown>, R>(tx: Transaction, query: Query<P, R>, params: P): Promise<R[]> {
    this.shapes?.note(query.name, params);
    const started = performance.now();
    const rows = await runIn(tx, query, params);
    this.log.debug('graph statement', { query: query.name, ms: Math.round(performance.now() - started), rows: rows.length });
    return rows;
  }

  /** Runs one trusted schema statement (from graph-schema/, never from input) in its own transaction. */
  async runSchemaStatement(statement: string): Promise<void> {
    await this.execute('WRITE', 'schema', { timeoutMs: 300_000 }, async (tx) => {
      await tx.run(statement);
    });
  }

  /** Runs EXPLAIN on a registry query (planning only; the test suite checks every file this way). */
  async explain(query: Query<Record<string, unknown>, unknown>): Promise<void> {
    await this.execute('READ', `explain:${query.name}`, {}, async (tx) => {
      await tx.run(`EXPLAIN ${query.text}`, {});
    });
  }

  /**
   * Runs a registry query in a transaction that is always rolled back, so the server plans it and
   * caches the plan (EXPLAIN plans but caches nothing a later run reuses; measured on 5.26). Once:
   * no retry, no breaker (a warm-up that fails costs nothing but its own time).
   */
  async runRolledBack(query: Query<Record<string, unknown>, unknown>, params: Record<string, unknown>, timeoutMs: number): Promise<void> {
    await this.rehearseTx(query.name, (tx) => tx.run(query, params), timeoutMs);
  }

  /**
   * Several registry queries in a write transaction that is always rolled back: a rehearsal that has
   * the server plan (and the process compile) what a later real transaction runs, and changes nothing.
   * Once, like runRolledBack; its shapes are not recorded (a warm-up is not a use).
   */
  async rehearseTx<T>(name: string, work: (tx: GraphTx) => Promise<T>, timeoutMs: number): Promise<T> {
    const session = this.driver.session({ database: this.connection.database, defaultAccessMode: neo4j.session.WRITE });
    try {
      const tx = await session.beginTransaction({ timeout: timeoutMs });
      try {
        return await work({ run: (q, p) => runIn(tx, q, p) });
      } finally {
        await tx.rollback().catch(() => undefined);
      }
    } catch (error) {
      throw mapDriverError(error, { query: name, uri: this.connection.uri });
    } finally {
      await session.close().catch(() => undefined);
    }
  }

  /** Connects and reports the server's agent string, version and edition. */
  async serverInfo(): Promise<{ agent: string; version: string; edition: string }> {
    const rows = await this.execute('READ', 'server-info', {}, async (tx) => {
      const result = await tx.run('CALL dbms.components() YIELD name, versions, edition RETURN versions[0] AS version, edition');
      return result.records.map((r) => ({ version: String(r.get('version')), edition: String(r.get('edition')) }));
    });
    const info = await this.driver.getServerInfo().catch((error: unknown) => {
      throw mapDriverError(error, { query: 'server-info', uri: this.connection.uri });
    });
    return { agent: info.agent ?? 'Neo4j', version: rows[0]?.version ?? 'unknown', edition: rows[0]?.edition ?? 'unknown' };
  }

  /**
   * The driver and session settings for @neo4j/graphql (src/graphql/), the only other driver
   * consumer: it executes the Cypher it generates from the typeDefs itself. Everything else goes
   * through read/write so errors and timeouts are handled in one place.
   */
  driverForGraphQL(): { driver: Driver; database?: string; txTimeoutMs: number } {
    return { driver: this.driver, database: this.connection.database, txTimeoutMs: this.txTimeoutMs };
  }

  async close(): Promise<void> {
    this.shapes?.flush();
    await this.driver.close();
  }

  private async execute<T>(mode: 'READ' | 'WRITE', name: string, options: RunOptions, work: (tx: Transaction) => Promise<T>): Promise<T> {
    if (options.signal?.aborted) throw new AppError('TIMEOUT', { message: `"${name}" was cancelled before it started.` });
    // Only a call's first attempt asks the breaker: its own retries are how it finds out.
    const gate = this.breaker.tryAcquire();
    if (!gate.allowed) throw this.unreachable(name, { circuit: 'open', retryAfterMs: gate.retryAfterMs });
    try {
      return await this.attempts(mode, name, options, work);
    } finally {
      // A probe that ended without a verdict (cancelled) must not keep the breaker half-open.
      if (gate.probe) this.breaker.abandonProbe();
    }
  }

  private async attempts<T>(mode: 'READ' | 'WRITE', name: string, options: RunOptions, work: (tx: Transaction) => Promise<T>): Promise<T> {
    const started = performance.now();
    let connectDelay = 150;
    let transientDelay = 100;
    for (let attempt = 1; ; attempt++) {
      if (attempt > 1 && options.signal?.aborted) throw new AppError('TIMEOUT', { message: `"${name}" was cancelled.` });
      try {
        const result = await this.once(mode, options, work);
        this.answered();
        this.log.debug('graph query', { query: name, mode, ms: Math.round(performance.now() - started), attempt });
        return result;
      } catch (error) {
        if (options.signal?.aborted) throw new AppError('TIMEOUT', { message: `"${name}" was cancelled.`, cause: error });
        const elapsed = performance.now() - started;
        if (isConnectionFailure(error)) {
          if (elapsed + connectDelay < this.connectRetryMs) {
            await sleep(connectDelay, options.signal);
            connectDelay *= 2;
            continue;
          }
          // Opened only when a call gives up, so one stale pooled connection does not fail its neighbours.
          this.breaker.failed();
        } else {
          this.answered();
          if (neo4j.isRetryableError(error) && elapsed + transientDelay < this.maxRetryMs) {
            await sleep(transientDelay * (0.8 + Math.random() * 0.4), options.signal);
            transientDelay *= 2;
            continue;
          }
        }
        const mapped = mapDriverError(error, { query: name, uri: this.connection.uri });
        this.log.warn('graph query failed', { query: name, code: mapped.code, attempts: attempt, cause: String((error as Error).message ?? error) });
        throw mapped;
      }
    }
  }

  /** One attempt in an explicit transaction on a session that shares the process's bookmarks. */
  private async once<T>(mode: 'READ' | 'WRITE', options: RunOptions, work: (tx: Transaction) => Promise<T>): Promise<T> {
    const session: Session = this.driver.session({
      database: this.connection.database,
      defaultAccessMode: mode === 'READ' ? neo4j.session.READ : neo4j.session.WRITE,
      bookmarkManager: this.bookmarkManager,
    });
    // Closing the session rolls back and stops the server-side work.
    const onAbort = (): void => void session.close().catch(() => undefined);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const tx = await session.beginTransaction({ timeout: options.timeoutMs ?? this.txTimeoutMs });
      // The server answered BEGIN: it is there, whatever the transaction does next.
      this.answered();
      try {
        const result = await work(tx);
        await tx.commit();
        return result;
      } catch (error) {
        if (tx.isOpen()) await tx.rollback().catch(() => undefined);
        throw error;
      }
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
      await session.close().catch(() => undefined);
    }
  }

  private unreachable(name: string, details: Record<string, unknown>): AppError {
    return new AppError('GRAPH_UNAVAILABLE', {
      message: `Neo4j at ${this.connection.uri} is not reachable. Start it with \`graphgate db start\` (or check NEO4J_URI), then retry.`,
      details: { query: name, ...details },
    });
  }
}

/** Waits `ms`, or less when the signal aborts (the loop then reports the cancellation). */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

async function runIn<P extends Record<string, unknown>, R>(tx: Transaction, query: Query<P, R>, params: P): Promise<R[]> {
  const result = await tx.run(query.text, params);
  return result.records.map((record) => toPlain(record.toObject()) as R);
}
