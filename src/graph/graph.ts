import neo4j, { type Driver, type ManagedTransaction, type Session } from 'neo4j-driver';
import { AppError } from '../errors/index.js';
import type { Logger } from '../runtime/logger.js';
import { mapDriverError } from './driver-errors.js';
import type { Query } from './query-registry.js';
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
  /** How long the driver keeps retrying transient failures (default 5 s, so nothing hangs). */
  maxRetryMs?: number;
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

/** The only place that talks to the driver: one driver per process, read/write with retries. */
export class Graph {
  readonly connection: ConnectionInfo;
  private readonly driver: Driver;
  private readonly log: Logger;
  private readonly txTimeoutMs: number;

  constructor(options: GraphOptions) {
    this.connection = options.connection;
    this.log = options.log;
    this.txTimeoutMs = options.txTimeoutMs ?? 30_000;
    const { uri, username, password } = options.connection;
    this.driver = neo4j.driver(uri, neo4j.auth.basic(username, password), {
      maxTransactionRetryTime: options.maxRetryMs ?? 5_000,
      connectionTimeout: 5_000,
      connectionAcquisitionTimeout: 10_000,
      userAgent: 'graphgate',
    });
  }

  async read<P extends Record<string, unknown>, R>(query: Query<P, R>, params: P, options: RunOptions = {}): Promise<R[]> {
    return this.execute('READ', query.name, options, (tx) => runIn(tx, query, params));
  }

  async write<P extends Record<string, unknown>, R>(query: Query<P, R>, params: P, options: RunOptions = {}): Promise<R[]> {
    return this.execute('WRITE', query.name, options, (tx) => runIn(tx, query, params));
  }

  /** Several registry queries in one read transaction. */
  async readTx<T>(name: string, work: (tx: GraphTx) => Promise<T>, options: RunOptions = {}): Promise<T> {
    return this.execute('READ', name, options, (tx) => work({ run: (q, p) => runIn(tx, q, p) }));
  }

  /** Several registry queries in one write transaction (all or nothing). */
  async writeTx<T>(name: string, work: (tx: GraphTx) => Promise<T>, options: RunOptions = {}): Promise<T> {
    return this.execute('WRITE', name, options, (tx) => work({ run: (q, p) => runIn(tx, q, p) }));
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
    await this.driver.close();
  }

  private async execute<T>(mode: 'READ' | 'WRITE', name: string, options: RunOptions, work: (tx: ManagedTransaction) => Promise<T>): Promise<T> {
    if (options.signal?.aborted) throw new AppError('TIMEOUT', { message: `"${name}" was cancelled before it started.` });
    const session: Session = this.driver.session({
      database: this.connection.database,
      defaultAccessMode: mode === 'READ' ? neo4j.session.READ : neo4j.session.WRITE,
    });
    const onAbort = (): void => void session.close();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const started = performance.now();
    const config = { timeout: options.timeoutMs ?? this.txTimeoutMs };
    try {
      const result = mode === 'READ' ? await session.executeRead(work, config) : await session.executeWrite(work, config);
      this.log.debug('graph query', { query: name, mode, ms: Math.round(performance.now() - started) });
      return result;
    } catch (error) {
      if (options.signal?.aborted) throw new AppError('TIMEOUT', { message: `"${name}" was cancelled.`, cause: error });
      const mapped = mapDriverError(error, { query: name, uri: this.connection.uri });
      this.log.warn('graph query failed', { query: name, code: mapped.code, cause: String((error as Error).message ?? error) });
      throw mapped;
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
      await session.close();
    }
  }
}

async function runIn<P extends Record<string, unknown>, R>(tx: ManagedTransaction, query: Query<P, R>, params: P): Promise<R[]> {
  const result = await tx.run(query.text, params);
  return result.records.map((record) => toPlain(record.toObject()) as R);
}
