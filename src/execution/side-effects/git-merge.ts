import { existsSync } from 'node:fs';
import { lstat, realpath, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../errors/index.js';
import { isWithin } from '../../paths/index.js';
import { git, gitOutcome } from '../worktree/git-cli.js';
import type { Workspace } from '../worktree/workspace-manager.js';
import { NON_INTERACTIVE, parseNameStatusZ, parsePorcelainZ } from './git-commit.js';

export interface MergePreflight {
  /** The branch checked out in the main checkout (the merge target). */
  target: string;
  head: string;
  files: string[];
}

export interface MergeResult extends MergePreflight {
  mergeCommit: string;
  worktreeRemoved: boolean;
  branchDeleted: boolean;
}

const collision = (message: string, details: Record<string, unknown>) => new AppError('EXEC_SIDE_EFFECT_COLLISION', { message, details });

/**
 * Checks, without changing anything, that the work branch can merge cleanly into the branch checked
 * out in the main checkout: the worktree has no uncommitted change (gate report files in `ignore` aside), the main checkout is on a branch,
 * its uncommitted changes (untracked files included) touch none of the merged files, and
 * `git merge-tree` finds no conflict.
 */
export async function preflightMerge(repoRoot: string, workspace: Workspace, ignore: readonly string[] = []): Promise<MergePreflight> {
  const branch = workspace.branch;
  if (workspace.kind !== 'git-worktree' || !branch) {
    throw new AppError('ILLEGAL_TRANSITION', { message: 'merge needs a git worktree; this work runs in a copied workspace.', details: { reason: 'not_git' } });
  }
  const pendingInWorktree = parsePorcelainZ(await git(workspace.root, ['status', '--porcelain=v1', '-z', '--untracked-files=all'])).filter((c) => !ignore.includes(c.path));
  if (pendingInWorktree.length > 0) {
    throw new AppError('ILLEGAL_TRANSITION', {
      message: 'The work\'s worktree has uncommitted changes; run the git_commit side effect before merging.',
      details: { reason: 'worktree_dirty', files: pendingInWorktree.slice(0, 50).map((c) => c.path) },
    });
  }
  const target = await gitOutcome(repoRoot, ['symbolic-ref', '--quiet', '--short', 'HEAD']);
  if (target.code !== 0 || target.stdout === '') throw collision('The main checkout is not on a branch (detached HEAD); check out the branch to merge into.', { reason: 'detached_head' });
  if (target.stdout === branch) throw collision(`The main checkout has the work branch ${branch} checked out; check out the branch to merge into.`, { reason: 'target_is_work_branch' });
  const head = await git(repoRoot, ['rev-parse', 'HEAD']);
  const base = await git(repoRoot, ['merge-base', 'HEAD', branch]);
  const files = parseNameStatusZ(await git(repoRoot, ['diff', '--name-status', '-z', '--no-renames', base, branch])).map((c) => c.path);
  if (files.length === 0) throw new AppError('INVALID_ARGS', { message: `${branch} has nothing the main checkout does not already have.`, details: { reason: 'nothing_to_merge' } });
  const touched = new Set(files);
  const dirty = parsePorcelainZ(await git(repoRoot, ['status', '--porcelain=v1', '-z', '--untracked-files=all'])).map((c) => c.path).filter((p) => touched.has(p));
  if (dirty.length > 0) {
    throw collision(`The main checkout has uncommitted changes to ${dirty.length} file(s) the merge would change; commit or stash them, then retry.`, { reason: 'main_tree_dirty', files: dirty.slice(0, 50) });
  }
  const trial = await gitOutcome(repoRoot, ['merge-tree', '--write-tree', '--name-only', '--no-messages', 'HEAD', branch], { timeoutMs: 120_000 });
  if (trial.code === 1) {
    const conflicted = trial.stdout.split('\n').slice(1).filter(Boolean);
    throw collision(`Merging ${branch} into ${target.stdout} would conflict in ${conflicted.length} file(s); resolve by hand.`, { reason: 'merge_conflict', files: conflicted.slice(0, 50) });
  }
  if (trial.code !== 0) throw new AppError('INTERNAL', { message: 'git merge-tree failed.', details: { stderr: trial.stderr } });
  return { target: target.stdout, head, files };
}

/** Deletes leftover gate report files (untracked, plain files inside the worktree) so the worktree can be removed without --force. */
async function removeReports(root: string, reports: readonly string[]): Promise<void> {
  for (const rel of reports) {
    const info = await lstat(join(root, rel)).catch(() => undefined);
    const real = info?.isFile() ? await realpath(join(root, rel)).catch(() => undefined) : undefined;
    if (real && isWithin(root, real)) await unlink(real);
  }
}

/**
 * Merges the work branch into the main checkout's branch with a merge commit (`--no-ff`), aborting
 * cleanly (`git merge --abort`) if git stops half way, so the user's tree is left as it was. Then
 * removes the worktree (`git worktree remove`, never forced) and deletes the branch only when it is
 * fully merged into the target.
 */
export async function mergeWorkBranch(repoRoot: string, workspace: Workspace, preflight: MergePreflight, message: string, ignore: readonly string[] = []): Promise<MergeResult> {
  const branch = workspace.branch!;
  const merged = await gitOutcome(repoRoot, [...NON_INTERACTIVE, 'merge', '--no-ff', '--no-verify', '--no-edit', '-m', message, branch], { timeoutMs: 120_000 });
  if (merged.code !== 0) {
    await gitOutcome(repoRoot, ['merge', '--abort']).catch(() => undefined);
    throw collision(`git merge of ${branch} stopped (${merged.stderr || 'no message'}); it was aborted and the main checkout is unchanged.`, { reason: 'merge_failed' });
  }
  const mergeCommit = await git(repoRoot, ['rev-parse', 'HEAD']);
  return { ...preflight, mergeCommit, ...(await cleanUpMergedWork(repoRoot, workspace, ignore)) };
}

/**
 * After the merge: removes the worktree (`git worktree remove`, never forced) and deletes the branch
 * only when it is fully merged into HEAD. Safe to run again (a crash recovery does): a worktree
 * already gone counts as removed.
 */
export async function cleanUpMergedWork(repoRoot: string, workspace: Workspace, ignore: readonly string[] = []): Promise<{ worktreeRemoved: boolean; branchDeleted: boolean }> {
  const branch = workspace.branch!;
  const worktreesDir = await realpath(join(repoRoot, '.worktrees')).catch(() => undefined);
  let worktreeRemoved = !existsSync(workspace.root);
  if (!worktreeRemoved && worktreesDir && isWithin(worktreesDir, workspace.root)) {
    await removeReports(workspace.root, ignore);
    worktreeRemoved = (await gitOutcome(repoRoot, ['worktree', 'remove', workspace.root])).code === 0;
  }
  let branchDeleted = (await gitOutcome(repoRoot, ['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`])).code !== 0;
  if (!branchDeleted && worktreeRemoved && (await gitOutcome(repoRoot, ['merge-base', '--is-ancestor', branch, 'HEAD'])).code === 0) {
    // `branch -d` (not -D) refuses anything not merged; the destructive check is for agent-built commands, this is graphgate's own cleanup.
    branchDeleted = (await gitOutcome(repoRoot, ['branch', '-d', branch])).code === 0;
  }
  return { worktreeRemoved, branchDeleted };
}
