import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** git with a fixed environment (never prompts), trimmed stdout. */
export const git = (cwd: string, args: string[]): string =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } }).trim();

/**
 * Runs `work` on a `git clone --shared` of `root` checked out (detached) at `commit`, in a temp dir
 * removed afterwards: the user's checkout is only read.
 */
export async function withScratchClone<T>(root: string, commit: string, work: (clone: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'graphgate-bench-clone-'));
  const clone = join(dir, 'repo');
  try {
    git(dir, ['clone', '--quiet', '--shared', '--no-checkout', root, clone]);
    git(clone, ['checkout', '--quiet', '--detach', commit]);
    return await work(clone);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
