import { setTimeout as sleep } from 'node:timers/promises';
import { deleteRepository } from '../../../ingest/index.js';
import type { Graph } from '../../../src/graph/index.js';
import { withDaemon, type CliIngest } from './cli-ingest.js';
import { git, withScratchClone } from './scratch-clone.js';

/** The --daemon-first step: first ingests of the repository that the CLI hands to `graphgate daemon`. */
export interface DaemonFirstResult {
  /** Whether a daemon was already running (its environment, not the bench's, then applies). */
  reusedRunning: boolean;
  /** The first run, which warms the daemon (its JIT, the parsers' first use): not in `runs`. */
  warmUp: CliIngest;
  runs: CliIngest[];
  /** The pause after each namespace's deletion, before the next run. */
  settleMs: number;
}

/**
 * Right after the previous run's namespace was deleted, every other first ingest took 4.3–4.6 s instead
 * of 3.6–3.8 s (kendraio through the daemon, back to back, session 50): the server's own statements were
 * slower, still busy after the deletion. A user's first ingest follows no such deletion.
 */
const SETTLE_MS = 15_000;

/**
 * Ingests a scratch clone of `root` at HEAD `count + 1` times, each into a fresh namespace and handed by
 * the CLI to `graphgate daemon` (started for the step unless one runs): what a user's first ingest of a
 * repository costs once a daemon is warm, the default after their first run. Each namespace is deleted
 * after its run, and the server gets SETTLE_MS before the next. A run the daemon did not answer (it
 * runs another build) fails the step.
 */
export async function measureDaemonFirstIngests(root: string, graph: Graph, count: number): Promise<DaemonFirstResult> {
  const head = git(root, ['rev-parse', 'HEAD']);
  return withScratchClone(root, head, (clone) => withDaemon(clone, async (ingest, reusedRunning) => {
    const once = async (): Promise<CliIngest> => {
      const repoId = `bench-daemon-${process.pid}-${Date.now().toString(36)}`;
      try {
        return await ingest(clone, repoId);
      } finally {
        await deleteRepository(graph, repoId);
        await sleep(SETTLE_MS);
      }
    };
    const warmUp = await once();
    const runs: CliIngest[] = [];
    for (let i = 0; i < count; i++) runs.push(await once());
    return { reusedRunning, warmUp, runs, settleMs: SETTLE_MS };
  }));
}
