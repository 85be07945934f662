import { createTsProjectCache, ingestRepository, watchRepository, type IngestProgress, type RepoWatcher } from '../../ingest/index.js';
import { AppError } from '../errors/index.js';
import { warmPlansOncePerServerStart, type Graph } from '../graph/index.js';
import { repoSnapshotQuery } from '../retrieval/lanes/lane.queries.js';
import { onAbort } from '../runtime/abort.js';
import type { Logger } from '../runtime/logger.js';
import type { WatchLeadership } from './watch-leadership.js';

/** How long after the watcher starts its idle warm-up begins (ingest/pipeline/warm-project.ts). */
const WARM_DELAY_MS = 15_000;
/**
 * A warm-up step runs only once no turn has run for this long. On a server that had just started, the
 * fixed delay alone put the parser load and the lazy-route index inside eight agents' first
 * `initialize_work` (30 s turns on 2 cores).
 */
const QUIET_MS = 1_000;
/** A pause that does not keep the process alive. */
const pause = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms).unref());

export interface RepoKeeperOptions {
  graph: Graph;
  repoRoot: string;
  repoId: string;
  log: Logger;
  /** Ingest on the first call (incrementally when the graph already holds the repository). */
  autoIngest: boolean;
  /** After the first ingest, re-ingest changed files as they change. */
  watch: boolean;
  /** How long one turn waits for a running ingest before answering REPO_INGESTING. */
  waitMs: number;
  /**
   * Who watches the checkout among the processes on it (watch-leadership.ts): this process watches only
   * once it leads, and relies on a living leader's watcher meanwhile. Absent: it always watches.
   */
  leadership?: WatchLeadership;
}

export interface ReadyCall {
  signal?: AbortSignal;
  /** MCP progress notifications (when the client sent a progress token). */
  progress?: (message: string) => void;
  /** The turn builds a pack: without a watcher, the working tree is re-checked first. */
  fresh?: boolean;
  /** `performance.now()` after which the turn stops waiting for an ingest (it leaves the verb time to run). */
  deadline?: number;
}

/**
 * The MCP server owns the freshness of its repository's facts: its first turn ingests (a new
 * repository in full, a known one incrementally), later turns see a watcher's re-ingests. A turn
 * never waits longer than `waitMs` for an ingest, nor past its deadline (a first turn that also
 * started the local server has less left): it answers the retryable REPO_INGESTING with the
 * progress, and the ingest goes on. Several processes on one repository serialise on the ingest
 * lock in Neo4j, so the second finds the work done and writes nothing.
 */
export class RepoKeeper {
  private running: Promise<void> | undefined;
  private progress: IngestProgress | undefined;
  private listeners = new Set<(p: IngestProgress) => void>();
  private watcher: RepoWatcher | undefined;
  private readonly projectCache = createTsProjectCache();
  private firstDone = false;
  private warmAsked = false;
  private closed = false;
  private readonly unsubscribe: () => void;
  /** Turns running now, and when the last one ended (performance.now()): the warm-up waits for quiet. */
  private turnsRunning = 0;
  private lastTurnEnded = 0;

  constructor(private readonly options: RepoKeeperOptions) {
    // A server back from an outage may have restarted with an empty plan cache: ask again (the claim
    // tells a restart from a blip by the server's start time).
    this.unsubscribe = options.graph.whenServerBack(() => {
      if (!this.warmAsked) return;
      this.warmAsked = false;
      this.warmPlans();
    });
  }

  async ready(call: ReadyCall = {}): Promise<void> {
    if (!this.options.autoIngest) return this.requireIngested(call.signal);
    if (!this.running && (!this.firstDone || (call.fresh && !this.watcher && !this.peerWatches()))) this.running = this.ingest();
    if (this.running) await this.wait(this.running, call);
  }

  /** Marks a turn as running until the returned function is called (idempotent): background warm-up yields to it. */
  turnStarted(): () => void {
    this.turnsRunning += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.turnsRunning -= 1;
      this.lastTurnEnded = performance.now();
    };
  }

  /** Resolves once no turn has run for QUIET_MS, or the keeper is closed. */
  private async quiet(): Promise<void> {
    while (!this.closed && (this.turnsRunning > 0 || performance.now() - this.lastTurnEnded < QUIET_MS)) await pause(250);
  }

  /** Whether this process watches the checkout (it leads), for diagnostics and tests. */
  get watching(): boolean {
    return this.watcher !== undefined;
  }

  /** Stops watching and gives up the lead; a first ingest still running is left to the process exit (its lock lease expires). */
  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe();
    await this.watcher?.close();
    this.options.leadership?.release();
  }

  /**
   * Another living process watches this checkout: its re-ingests keep the graph current, so a pack needs
   * no re-check here. Once it is gone the next pack-building turn re-checks the tree, which also takes
   * the lead and starts this process's watcher.
   */
  private peerWatches(): boolean {
    return this.options.watch && this.options.leadership?.peerLeads() === true;
  }

  /**
   * Plans the recorded statement shapes in the background when no process has since the server
   * started (graph/warm-plans.ts; `GRAPHGATE_STATEMENT_SHAPES=off` records and warms nothing). Asked
   * after the first ingest (without auto-ingest: once the repository is found ingested), so the plans
   * are made on the counts agents will query.
   */
  private warmPlans(): void {
    if (this.warmAsked || this.closed) return;
    this.warmAsked = true;
    void warmPlansOncePerServerStart(this.options.graph, { log: this.options.log });
  }

  private async requireIngested(signal?: AbortSignal): Promise<void> {
    const [row] = await this.options.graph.read(repoSnapshotQuery, { repoId: this.options.repoId }, { ...(signal ? { signal } : {}) });
    if (!row?.snapshotId) {
      throw new AppError('REPO_NOT_INGESTED', {
        message: `The repository is not in the graph yet and auto-ingest is off: run \`graphgate ingest ${this.options.repoRoot}\` (or set mcp.autoIngest).`,
        details: { repoId: this.options.repoId },
      });
    }
    this.warmPlans();
  }

  private ingest(): Promise<void> {
    const { graph, repoRoot, repoId, log } = this.options;
    const run = ingestRepository({
      graph, root: repoRoot, log, settings: { repoId }, totals: false, projectCache: this.projectCache,
      onProgress: (p) => {
        this.progress = p;
        for (const listener of this.listeners) listener(p);
      },
    }).then(async (summary) => {
      log.info('mcp ingest finished', { repoId, mode: summary.mode, parsed: summary.files.parsed, ms: summary.timings.totalMs });
      if (!this.firstDone) this.warmPlans();
      this.firstDone = true;
      if (this.options.watch && !this.watcher && !this.closed && (this.options.leadership?.acquire() ?? true)) {
        log.info('mcp watching the repository', { repoId });
        // The project's idle warm-up starts after an agent's opening turns (pack, reads, plan), and each of
        // its steps waits until no turn runs.
        try {
          this.watcher = watchRepository({
            graph, root: repoRoot, log, settings: { repoId }, projectCache: this.projectCache, warmDelayMs: WARM_DELAY_MS, quiet: () => this.quiet(),
          });
        } catch (error) {
          // No watcher: the other servers must not rely on one.
          this.options.leadership?.release();
          throw error;
        }
        // Ready only once every folder is watched: an edit right after the first turn is not missed.
        await this.watcher.ready();
      }
    });
    // The next turn starts over after a failure (a Neo4j outage must not wedge the keeper).
    return run.finally(() => {
      this.running = undefined;
      this.progress = undefined;
    });
  }

  private async wait(run: Promise<void>, call: ReadyCall): Promise<void> {
    const report = (p: IngestProgress): void => call.progress?.(`ingesting the repository: ${p.phase} ${p.done}/${p.total} files`);
    this.listeners.add(report);
    let timer: NodeJS.Timeout | undefined;
    let detach = (): void => undefined;
    const outcome = await Promise.race([
      run.then(() => 'done' as const),
      new Promise<'waiting'>((resolve) => {
        const waitMs = Math.min(this.options.waitMs, call.deadline === undefined ? Infinity : call.deadline - performance.now());
        timer = setTimeout(() => resolve('waiting'), Math.max(0, waitMs));
        detach = onAbort(call.signal, () => resolve('waiting'));
      }),
    ]).finally(() => {
      clearTimeout(timer);
      detach();
      this.listeners.delete(report);
    });
    if (outcome === 'done') return;
    const p = this.progress;
    throw new AppError('REPO_INGESTING', {
      message: p
        ? `graphgate is ingesting this repository (${p.phase}, ${p.done}/${p.total} files); call again in a few seconds.`
        : 'graphgate is ingesting this repository (waiting for another process\'s ingest to finish); call again in a few seconds.',
      details: { repoId: this.options.repoId, phase: p?.phase ?? 'waiting_for_lock', done: p?.done ?? 0, total: p?.total ?? 0, retryAfterMs: 5_000 },
    });
  }
}
