import { existsSync } from 'node:fs';
import { git, gitOutcome } from '../worktree/git-cli.js';
import type { Workspace } from '../worktree/workspace-manager.js';
import { parseNameStatusZ, type CommitResult } from './git-commit.js';

/**
 * Crash recovery of git side effects. A commit or merge made under an `operationId` carries the
 * trailer `Graphgate-Operation: <id>`, so after a takeover the new claim holder can tell from git
 * itself whether the crashed owner's commit or merge landed, and never makes it twice.
 */
export const operationTrailer = (operationId: string): string => `Graphgate-Operation: ${operationId}`;

/** What a side effect records on its Operation right before changing git. */
export interface SideEffectIntent {
  kind: 'side_effect';
  sideEffectType: 'git_commit' | 'review_bundle' | 'merge';
  /** git_commit: the branch head before the commit. merge: the target's head before the merge. */
  head: string | null;
  branch: string | null;
  /** merge: the approval this operation verified and spends. */
  approvalId?: string | null;
}

/** The commit on the work branch (after `since`) whose message carries the operation's trailer, as a CommitResult. */
export async function findOperationCommit(workspace: Workspace, since: string | null, operationId: string): Promise<CommitResult | null> {
  if (workspace.kind !== 'git-worktree' || !workspace.branch || !existsSync(workspace.root)) return null;
  const range = since ? [`${since}..${workspace.branch}`] : [workspace.branch];
  const found = await gitOutcome(workspace.root, ['log', '--format=%H', '--fixed-strings', `--grep=${operationTrailer(operationId)}`, ...range, '--']);
  const commit = found.code === 0 ? found.stdout.split('\n')[0] : '';
  if (!commit) return null;
  const parent = await git(workspace.root, ['rev-parse', `${commit}^`]);
  const files = parseNameStatusZ(await git(workspace.root, ['diff-tree', '-r', '--no-commit-id', '--name-status', '-z', '--no-renames', parent, commit]));
  return { commit, parent, branch: workspace.branch, files };
}

/** The merge commit reachable from the main checkout's HEAD whose message carries the operation's trailer. */
export async function findOperationMerge(repoRoot: string, operationId: string): Promise<{ mergeCommit: string; previousHead: string; target: string } | null> {
  const found = await gitOutcome(repoRoot, ['log', '--merges', '-n', '1', '--format=%H %P', '--fixed-strings', `--grep=${operationTrailer(operationId)}`, 'HEAD', '--']);
  const [mergeCommit, previousHead] = found.code === 0 ? found.stdout.split(' ') : [];
  if (!mergeCommit || !previousHead) return null;
  const target = await gitOutcome(repoRoot, ['symbolic-ref', '--quiet', '--short', 'HEAD']);
  return { mergeCommit, previousHead, target: target.stdout };
}
