import { hostname } from 'node:os';
import { AppError } from '../../src/errors/index.js';
import { int, type Graph } from '../../src/graph/index.js';
import type { Logger } from '../../src/runtime/logger.js';
import { newHolderId, pidAlive } from '../../src/runtime/process-liveness.js';
import type { HistoryStateRow } from '../history/history.queries.js';
import { acquireLock, releaseLock, renewLock, takeOverLock, type RepoRow } from '../write/ingest.queries.js';

/** The longest pause between two tries for a held lock (each try is one small write). */
const MAX_POLL_MS = 250;

export interface HeldLock {
  owner: string;
  /**
   * The Repo row (undefined: no Repo node) and history state as the lock was taken, read in the same
   * statement: a one-file run saves a round trip each. Undefined when the lock was taken over from a dead holder.
   */
  seen?: { repo: RepoRow | undefined; history: HistoryStateRow };
  release(): Promise<void>;
  /** The caller released the lock in a transaction of its own (releaseLock with `owner`): stop renewing, and release() does nothing. */
  releasedWith(): void;
}

/**
 * A holder `host:pid:random` (`newHolderId`) is dead when it ran on this host, is not this process (whose own runs
 * queue here), and its pid is gone. Holders on other hosts are only replaced when their lease lapses.
 */
export function holderIsDead(holder: string): boolean {
  const [host, pidText] = holder.split(':');
  const pid = Number(pidText);
  return host === hostname() && Number.isInteger(pid) && pid > 0 && pid !== process.pid && !pidAlive(pid);
}

/**
 * Serialises ingests of one repo across processes with a lock node in Neo4j (the store every
 * ingester shares, unlike a file system): `(:IngestLock {id: <repoId>:ingest-lock})` holds an owner
 * and a lease expiry in server time. The holder renews the lease every third of it; a crashed
 * holder's lock is taken over once the lease lapsed, or at once when it died on this host. A second ingest polls (every 250 ms at most) until it
 * gets the lock or `waitMs` passes (then TIMEOUT).
 */
export async function acquireIngestLock(graph: Graph, repoId: string, options: { leaseMs: number; waitMs: number; log: Logger; renew?: boolean }): Promise<HeldLock> {
  const owner = newHolderId();
  const started = Date.now();
  let delay = 50;
  let logged = false;
  let seen: HeldLock['seen'];
  for (;;) {
    const [row] = await graph.write(acquireLock, { repoId, owner, leaseMs: int(options.leaseMs) });
    if (row?.acquired) {
      if (row.history) seen = { repo: row.repo ?? undefined, history: row.history };
      break;
    }
    // A holder killed on this host (kill -9 mid-ingest) would block everyone until its lease lapses.
    if (row?.holder && holderIsDead(row.holder)) {
      const [taken] = await graph.write(takeOverLock, { repoId, deadOwner: row.holder, owner, leaseMs: int(options.leaseMs) });
      if (taken?.acquired) {
        options.log.warn('took over the ingest lock of a dead process', { repoId, holder: row.holder });
        break;
      }
    }
    if (Date.now() - started >= options.waitMs) {
      throw new AppError('TIMEOUT', { message: `Another ingest of this repository holds the lock (${row?.holder ?? 'unknown'}).`, details: { repoId } });
    }
    if (!logged) options.log.info('waiting for another ingest of this repository', { repoId, holder: row?.holder });
    logged = true;
    // A short, jittered poll: a holder's run is often under a second (eight MCP processes checking one
    // repo at start), and a 2 s cap left the lock idle for up to that long between holders.
    await new Promise((r) => setTimeout(r, delay * (0.75 + Math.random() / 2)));
    delay = Math.min(delay * 2, MAX_POLL_MS);
  }
  const timer = setInterval(() => {
    if (options.renew === false) return;
    graph.write(renewLock, { repoId, owner, leaseMs: int(options.leaseMs) }).catch((error: unknown) => options.log.warn('ingest lock renewal failed', { repoId, cause: String(error) }));
  }, Math.max(1_000, Math.floor(options.leaseMs / 3)));
  timer.unref();
  let released = false;
  return {
    owner,
    ...(seen ? { seen } : {}),
    release: async () => {
      clearInterval(timer);
      if (released) return;
      released = true;
      await graph.write(releaseLock, { repoId, owner }).catch((error: unknown) => options.log.warn('ingest lock release failed', { repoId, cause: String(error) }));
    },
    releasedWith: () => {
      clearInterval(timer);
      released = true;
    },
  };
}
