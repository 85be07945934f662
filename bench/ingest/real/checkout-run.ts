import { runCliIngest, withDaemon, type CliIngest } from './cli-ingest.js';
import { git, withScratchClone } from './scratch-clone.js';

/** The --checkout step: a second clone at the same commit, then a checkout of `ref` in it. */
export interface CheckoutResult {
  head: string;
  target: string;
  /** `git diff --name-only head target`: every path that differs, ingested or not. */
  filesChanged: number;
  /** The scratch clone at HEAD, ingested into the same namespace: a second clone of an ingested repository. */
  secondClone: CliIngest;
  /** After `git checkout <ref>` in the scratch clone. */
  afterCheckout: CliIngest;
  /** Back to HEAD, then to `ref` again: trees ingested before, served by the extraction cache when it is on. */
  backToHead: CliIngest;
  targetAgain: CliIngest;
  /**
   * The same switch back and forth with `graphgate daemon` running, the CLI handing its runs over: the
   * first pair warms the daemon (its JIT), then DAEMON_PAIRS pairs are timed. Runs the daemon did not
   * answer (it runs another build) count as failed.
   */
  daemon: { runs: Array<{ to: 'head' | 'target'; ingest: CliIngest }>; warmUpMs: number[]; reusedRunning: boolean } | { error: string };
}

const DAEMON_PAIRS = 3;

/**
 * Clones the repository with `git clone --shared` into a temp dir (the user's checkout is only
 * read: rev-parse), checks out its HEAD there and ingests it into `repoId` (which already holds the
 * first ingest of the same commit), then checks out `ref` and ingests again: the CLI cost of a
 * branch switch; then back to HEAD and to `ref` again (trees seen before). The clone is removed afterwards.
 */
export async function measureCheckout(root: string, ref: string, repoId: string): Promise<CheckoutResult> {
  const head = git(root, ['rev-parse', 'HEAD']);
  const target = git(root, ['rev-parse', '--verify', `${ref}^{commit}`]);
  return withScratchClone(root, head, async (clone) => {
    const filesChanged = git(clone, ['diff', '--name-only', head, target]).split('\n').filter(Boolean).length;
    const secondClone = await runCliIngest(clone, repoId);
    git(clone, ['checkout', '--quiet', '--detach', target]);
    const afterCheckout = await runCliIngest(clone, repoId);
    git(clone, ['checkout', '--quiet', '--detach', head]);
    const backToHead = await runCliIngest(clone, repoId);
    git(clone, ['checkout', '--quiet', '--detach', target]);
    const targetAgain = await runCliIngest(clone, repoId);
    const daemon = await throughDaemon(clone, repoId, head, target).catch((error: Error) => ({ error: error.message }));
    return { head, target, filesChanged, secondClone, afterCheckout, backToHead, targetAgain, daemon };
  });
}

async function throughDaemon(clone: string, repoId: string, head: string, target: string): Promise<Exclude<CheckoutResult['daemon'], { error: string }>> {
  return withDaemon(clone, async (ingest, reusedRunning) => {
    const switchTo = async (to: 'head' | 'target'): Promise<CliIngest> => {
      git(clone, ['checkout', '--quiet', '--detach', to === 'head' ? head : target]);
      return ingest(clone, repoId);
    };
    const warmUpMs = [(await switchTo('head')).run.wallMs, (await switchTo('target')).run.wallMs];
    const runs: Array<{ to: 'head' | 'target'; ingest: CliIngest }> = [];
    for (let i = 0; i < DAEMON_PAIRS; i++) for (const to of ['head', 'target'] as const) runs.push({ to, ingest: await switchTo(to) });
    return { runs, warmUpMs, reusedRunning };
  });
}
