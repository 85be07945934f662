import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { git, killRunningGit } from './git.js';

/** Every scratch clone lives in a folder with this prefix under the OS temp dir (and only those are removed). */
export const SCRATCH_PREFIX = 'graphgate-eval-';

/**
 * A scratch clone of the user's repository (a fresh folder from makeScratchDir, so a signal guard
 * can be installed before git writes anything): `git clone --shared --no-checkout` (objects borrowed
 * through alternates, so nothing is copied and the user's .git is only read), then stripped of
 * every ref and reflog, so that nothing in it can reach a commit after the checked-out parent —
 * a lane running `git log --all` sees the parent's history and no more.
 */
export function makeScratchDir(): string {
  return realpathSync(mkdtempSync(join(tmpdir(), SCRATCH_PREFIX)));
}

/** Clones `source` into the (empty) scratch folder `dir`; see the module comment. */
export async function cloneIntoScratch(dir: string, source: string): Promise<void> {
  await git(dir, ['clone', '--quiet', '--shared', '--no-checkout', '--no-tags', '--single-branch', '--', source, dir], 600_000);
  await git(dir, ['config', 'core.logAllRefUpdates', 'false']);
  await git(dir, ['config', 'gc.auto', '0']);
  await git(dir, ['remote', 'remove', 'origin']);
  // Replacement objects (`git replace`, e.g. a placeholder for a blob a partial mirror lacks) are
  // needed to check out the same trees the user sees; the leakage check admits them only when
  // they replace no commit.
  await git(dir, ['fetch', '--quiet', '--no-tags', '--', source, 'refs/replace/*:refs/replace/*'], 600_000);
  rmSync(join(dir, '.git', 'logs'), { recursive: true, force: true });
}

/**
 * Moves the scratch work tree to `sha` (detached, forced, untracked and ignored files removed) and
 * deletes any ref left (the branch the clone started on), so HEAD is the only way into history
 * (replace refs stay: see cloneIntoScratch).
 */
export async function checkoutScratch(dir: string, sha: string): Promise<void> {
  await git(dir, ['checkout', '--quiet', '--detach', '--force', sha], 600_000);
  await git(dir, ['clean', '-ffdxq']);
  const refs = await git(dir, ['for-each-ref', '--format=%(refname)']);
  for (const ref of refs.split('\n').filter((r) => r && !r.startsWith('refs/replace/'))) await git(dir, ['update-ref', '-d', ref]);
  rmSync(join(dir, '.git', 'logs'), { recursive: true, force: true });
}

/** True for a folder this module could have created (a guard against removing anything else). */
export function isScratchDir(dir: string): boolean {
  const base = realpathSync(tmpdir());
  return dir.startsWith(`${base}${sep}${SCRATCH_PREFIX}`) && !dir.slice(base.length + 1).includes(sep);
}

/**
 * Removes a scratch clone (synchronously: it also runs from signal and exit handlers). Retries
 * cover a git that was writing into it and is being killed (ENOTEMPTY while its last files land).
 */
export function removeScratch(dir: string): void {
  if (!isScratchDir(dir) || !existsSync(dir)) return;
  rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
}

export interface ScratchGuard {
  /** Removes the handlers (call when the run ended normally, after removing the scratch itself). */
  dispose(): void;
}

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Removes the scratch clone when the process is interrupted (Ctrl-C, SIGTERM, SIGHUP) or exits
 * without reaching the normal cleanup; the signal is then re-raised so the process ends as it
 * would have. The eval's graph namespace is not touched here (that needs the network): the next
 * run deletes it before it starts.
 */
export function guardScratch(dir: string, options: { keep?: boolean; onSignal?: (signal: NodeJS.Signals) => void } = {}): ScratchGuard {
  const cleanup = (): void => {
    if (!options.keep) removeScratch(dir);
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    // A checkout still writing into the clone would race the removal (seen in CI: the folder stayed).
    killRunningGit();
    try {
      cleanup();
    } catch (error) {
      process.stderr.write(`could not remove the scratch clone ${dir}: ${String(error)}\n`);
    }
    options.onSignal?.(signal);
    dispose();
    process.kill(process.pid, signal);
  };
  const dispose = (): void => {
    for (const s of SIGNALS) process.off(s, onSignal);
    process.off('exit', cleanup);
  };
  for (const s of SIGNALS) process.on(s, onSignal);
  process.on('exit', cleanup);
  return { dispose };
}
