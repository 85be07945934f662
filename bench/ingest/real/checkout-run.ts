import { runCliIngest, type CliIngest } from './cli-ingest.js';
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
}

/**
 * Clones the repository with `git clone --shared` into a temp dir (the user's checkout is only
 * read: rev-parse), checks out its HEAD there and ingests it into `repoId` (which already holds the
 * first ingest of the same commit), then checks out `ref` and ingests again: the CLI cost of a
 * branch switch. The clone is removed afterwards.
 */
export async function measureCheckout(root: string, ref: string, repoId: string): Promise<CheckoutResult> {
  const head = git(root, ['rev-parse', 'HEAD']);
  const target = git(root, ['rev-parse', '--verify', `${ref}^{commit}`]);
  return withScratchClone(root, head, async (clone) => {
    const filesChanged = git(clone, ['diff', '--name-only', head, target]).split('\n').filter(Boolean).length;
    const secondClone = await runCliIngest(clone, repoId);
    git(clone, ['checkout', '--quiet', '--detach', target]);
    const afterCheckout = await runCliIngest(clone, repoId);
    return { head, target, filesChanged, secondClone, afterCheckout };
  });
}
