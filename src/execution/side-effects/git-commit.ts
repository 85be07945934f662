import { AppError } from '../../errors/index.js';
import { assertNotDestructive } from '../safety/destructive-command.js';
import { git, gitOutcome } from '../worktree/git-cli.js';
import type { Workspace } from '../worktree/workspace-manager.js';

/** One path of `git status --porcelain -z` (renames report the new path). */
export interface ChangedPath { status: string; path: string }

/**
 * Parses `git status --porcelain=v1 -z` output (`XY path\0`, a rename or copy followed by its source
 * path). Tolerates the first entry losing its leading blank to output trimming.
 */
export function parsePorcelainZ(output: string): ChangedPath[] {
  const parts = output.split('\0');
  const out: ChangedPath[] = [];
  for (let i = 0; i < parts.length; i++) {
    const m = /^([A-Z?! ]{1,2}) (.+)$/s.exec(parts[i]!);
    if (!m) continue;
    out.push({ status: m[1]!.trim(), path: m[2]! });
    if (/[RC]/.test(m[1]!)) i++;
  }
  return out;
}

/** Parses `git diff --name-status -z --no-renames` output (`S\0path\0` pairs). */
export function parseNameStatusZ(output: string): ChangedPath[] {
  const parts = output.split('\0').filter((p) => p.length > 0);
  const out: ChangedPath[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) out.push({ status: parts[i]!, path: parts[i + 1]! });
  return out;
}

/** Options every graphgate commit and merge passes: no signing prompts, no user hooks (gates are the verification). */
export const NON_INTERACTIVE = ['-c', 'commit.gpgsign=false', '-c', 'core.hooksPath=/dev/null'] as const;

/** Runs a git argv after the destructive-command check (defence in depth: every argv graphgate builds is checked too). */
export async function safeGit(cwd: string, args: readonly string[], worktreeRoot: string, timeoutMs?: number): Promise<string> {
  assertNotDestructive(['git', ...args], { worktreeRoot, cwd }, 'side effect');
  return git(cwd, args, { timeoutMs });
}

export interface CommitResult {
  commit: string;
  branch: string;
  parent: string;
  files: ChangedPath[];
}

/**
 * Commits every change of the work's git worktree on its own branch (never the main checkout),
 * except `exclude` (gate report files the steps write). The identity is graphgate's, from the
 * environment of this one git call; the user's git configuration is never written.
 */
export async function commitWorktree(workspace: Workspace, message: string, exclude: readonly string[] = []): Promise<CommitResult> {
  if (workspace.kind !== 'git-worktree' || !workspace.branch) {
    throw new AppError('ILLEGAL_TRANSITION', { message: 'git_commit needs a git worktree; this work runs in a copied workspace (the repository is not a git repository).', details: { reason: 'not_git' } });
  }
  const root = workspace.root;
  const head = await git(root, ['rev-parse', '--abbrev-ref', 'HEAD']);
  if (head !== workspace.branch) {
    throw new AppError('EXEC_UNGATED_SIDE_EFFECT', { message: `The worktree is on ${head}, not ${workspace.branch}; graphgate commits only on the work's branch.`, details: { reason: 'wrong_branch', branch: head } });
  }
  // An exclude pathspec naming an ignored file makes `git add` exit 1 ("paths are ignored"), so only
  // report files git would otherwise pick up are excluded; ignored ones stay out on their own.
  const ignored = exclude.length > 0 ? (await gitOutcome(root, ['check-ignore', '--', ...exclude])).stdout.split('\n').filter(Boolean) : [];
  const pathspec = ['.', ...exclude.filter((p) => !ignored.includes(p)).map((p) => `:(exclude,literal)${p}`)];
  await safeGit(root, ['add', '--all', '--', ...pathspec], root);
  const files = parseNameStatusZ(await git(root, ['diff', '--cached', '--name-status', '-z', '--no-renames']));
  if (files.length === 0) {
    throw new AppError('INVALID_ARGS', { message: 'There is nothing to commit in the work\'s worktree.', details: { reason: 'nothing_to_commit' } });
  }
  const parent = await git(root, ['rev-parse', 'HEAD']);
  await safeGit(root, [...NON_INTERACTIVE, 'commit', '--no-verify', '--quiet', '-m', message], root, 120_000);
  const commit = await git(root, ['rev-parse', 'HEAD']);
  return { commit, branch: workspace.branch, parent, files };
}
