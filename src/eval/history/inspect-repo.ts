import { existsSync, realpathSync, statSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { AppError } from '../../errors/index.js';
import { git, gitTry } from './git.js';

export interface InspectedRepo {
  /** realpath of the work tree top. */
  root: string;
  /** The commit HEAD names: mining starts there, and the scratch clone never sees past it. */
  head: string;
  /** The folder the user pointed at, relative to the top (`frontend`), or undefined at the top. */
  pointedSubfolder?: string;
}

/**
 * Checks the user's repository before anything else happens, read-only (no index refresh, no
 * lock): a git work tree, full history, no uncommitted changes to tracked files, a HEAD commit.
 */
export async function inspectRepo(path: string): Promise<InspectedRepo> {
  if (!existsSync(path) || !statSync(path).isDirectory()) {
    throw new AppError('EVAL_NOT_GIT_REPO', { message: `${path} is not a directory.`, details: { path } });
  }
  const real = realpathSync(path);
  const top = await gitTry(real, ['rev-parse', '--show-toplevel']);
  if (top.code !== 0 || !top.stdout.trim()) {
    throw new AppError('EVAL_NOT_GIT_REPO', {
      message: `${real} is not inside a git work tree: the history eval mines tasks from its commits.`,
      details: { path: real },
    });
  }
  const root = realpathSync(top.stdout.trim());
  const rel = relative(root, real).split(sep).join('/');

  const shallow = await git(root, ['rev-parse', '--is-shallow-repository']);
  if (shallow === 'true') {
    throw new AppError('EVAL_SHALLOW_CLONE', {
      message: `${root} is a shallow clone: tasks near its cut would be evaluated against a history that looks empty. Fetch the full history first (git fetch --unshallow).`,
      details: { root },
    });
  }

  const head = await gitTry(root, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}']);
  if (head.code !== 0 || !head.stdout.trim()) {
    throw new AppError('EVAL_NO_TASKS', { message: `${root} has no commits yet.`, details: { root } });
  }

  // Untracked files are left out: they are not history and do not change what is evaluated.
  const status = await git(root, ['status', '--porcelain', '--untracked-files=no']);
  if (status) {
    const files = status.split('\n').slice(0, 5).map((l) => l.slice(3));
    throw new AppError('EVAL_DIRTY_WORKTREE', {
      message: `${root} has uncommitted changes to tracked files (${files.join(', ')}${status.split('\n').length > 5 ? ', …' : ''}). ` +
        'The eval reads committed history only and never touches your checkout, but a dirty tree usually means HEAD is not ' +
        'the state you want measured (a rebase, a merge, work in progress). Commit or stash them and run again.',
      details: { root, files },
    });
  }
  return { root, head: head.stdout.trim(), ...(rel && rel !== '.' ? { pointedSubfolder: rel } : {}) };
}
