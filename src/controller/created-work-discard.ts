import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../runtime/logger.js';
import { discardUnstartedWorks } from '../session/index.js';
import type { ControllerServices } from './services-connection.js';

/**
 * Deadlines of the attempts at deleting a refused turn's new work (its own: the turn's signal is spent).
 * Refusals by timeout come when the server is slow (a cold start): at K=8 a first attempt of 5 s was
 * cancelled for seven of eight works, which then stayed PLANNING until a later sweep.
 */
const DISCARD_ATTEMPTS_MS = [5_000, 15_000, 30_000];

/**
 * Deletes the works that initialize_work turns created and then refused (timeout, cancel, error): no
 * agent holds their ids.
 */
export class CreatedWorkDiscarder {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly options: { repoRoot: string; log: Logger; services: () => ControllerServices | undefined }) {}

  /** The discards still running. */
  pending(): Array<Promise<void>> {
    return [...this.running];
  }

  /**
   * Deletes `workId` once its turn's dispatch settles. Never throws; it tries three times with longer
   * deadlines, and what it still cannot delete the next initialize_work sweeps after the grace period.
   */
  discard(workId: string, dispatched: Promise<unknown>): Promise<void> {
    const { log, repoRoot } = this.options;
    const done = dispatched.catch(() => undefined).then(async () => {
      for (const [attempt, ms] of DISCARD_ATTEMPTS_MS.entries()) {
        const services = this.options.services();
        if (!services) return;
        try {
          await discardUnstartedWorks({
            graph: services.graph, repoId: services.repoId, repoRoot, workIds: [workId], olderThanMs: null,
            run: { signal: AbortSignal.timeout(ms) },
          });
          log.info('discarded a work its initialize_work turn did not hand out', { workId, attempt: attempt + 1 });
          return;
        } catch (error) {
          if (attempt === DISCARD_ATTEMPTS_MS.length - 1) throw error;
          log.debug('discarding a refused turn\'s work: retrying', { workId, error: String(error) });
          await sleep(1_000 * (attempt + 1));
        }
      }
    }).catch((error: unknown) => {
      log.warn('work of a refused initialize_work not discarded; a later initialize_work sweeps it', { workId, error: String(error) });
    }).finally(() => this.running.delete(done));
    this.running.add(done);
    return done;
  }
}
