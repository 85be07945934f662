import { constants } from 'node:fs';
import { appendFile, cp, lstat, mkdir, readdir, readFile, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../errors/index.js';
import type { Graph, RunOptions } from '../../graph/index.js';
import { isWithin } from '../../paths/index.js';
import { git, gitTopLevel, requireNotOption } from './git-cli.js';
import { readWorktree, recordWorktree } from './worktree.queries.js';

/** Where a work's mutations happen: a git worktree on its own branch, or a copied workspace. */
export interface Workspace {
  workId: string;
  kind: 'git-worktree' | 'copy';
  /** Real absolute path of the workspace root. */
  root: string;
  branch: string | null;
  baseCommit: string | null;
}

const WORK_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
/** Never copied into a fallback workspace (VCS data, other workspaces, dependencies, scratch). */
const COPY_SKIP = new Set(['.git', '.worktrees', 'node_modules']);

/**
 * Copies `src` into `dest` entry by entry (reflinks where supported; symlinks copied as links, never
 * followed), skipping COPY_SKIP folders and `.ai/tmp` (where the copy itself lives).
 */
async function copyTree(src: string, dest: string, rel: string): Promise<void> {
  await mkdir(dest, { recursive: true });
  for (const entry of await readdir(src, { withFileTypes: true })) {
    const childRel = rel ? `${rel}/${entry.name}` : entry.name;
    if (COPY_SKIP.has(entry.name) || childRel === '.ai/tmp') continue;
    if (entry.isDirectory() && (childRel === '.ai' || '.ai/tmp'.startsWith(`${childRel}/`))) {
      await copyTree(join(src, entry.name), join(dest, entry.name), childRel);
      continue;
    }
    await cp(join(src, entry.name), join(dest, entry.name), { recursive: true, verbatimSymlinks: true, mode: constants.COPYFILE_FICLONE });
  }
}

/** A work id that is safe as a folder name and a branch component. */
export function requireWorkId(workId: string): string {
  if (!WORK_ID.test(workId) || workId.includes('..')) throw new AppError('INVALID_ARGS', { message: 'The work id cannot name a workspace.', details: { workId: workId.slice(0, 130) } });
  return requireNotOption(workId, 'workId');
}

/**
 * Creates and finds per-work workspaces so the user's working tree is never modified:
 * - git repository: `git worktree add .worktrees/<workId> -b graphgate/<workId> <HEAD commit>`
 *   (excluded from the main tree's `git status` through `.git/info/exclude`);
 * - otherwise: a copy of the repository under `.ai/tmp/work/<workId>/workspace` (reflinks where the
 *   file system supports them; `.git`, `.worktrees`, `node_modules` and `.ai/tmp` are not copied).
 * The workspace is recorded as `(:Work)-[:HAS_WORKTREE]->(:Worktree)`. Creation is idempotent.
 */
export class WorkspaceManager {
  private readonly pending = new Map<string, Promise<Workspace>>();

  constructor(private readonly options: { graph: Graph; repoId: string; repoRoot: string }) {}

  /** The work's workspace, created on first use. */
  ensure(workId: string, run?: RunOptions): Promise<Workspace> {
    try {
      requireWorkId(workId);
    } catch (error) {
      return Promise.reject(error);
    }
    const inFlight = this.pending.get(workId);
    if (inFlight) return inFlight;
    const created = this.create(workId, run).finally(() => this.pending.delete(workId));
    this.pending.set(workId, created);
    return created;
  }

  /** The recorded workspace, if the work has one whose folder still exists. */
  async find(workId: string, run?: RunOptions): Promise<Workspace | undefined> {
    const [row] = await this.options.graph.read(readWorktree, { repoId: this.options.repoId, workId }, run);
    if (!row) return undefined;
    const root = await realpath(row.root).catch(() => undefined);
    if (!root) return undefined;
    return { workId, kind: row.kind === 'copy' ? 'copy' : 'git-worktree', root, branch: row.branch, baseCommit: row.baseCommit };
  }

  private async create(workId: string, run?: RunOptions): Promise<Workspace> {
    const existing = await this.find(workId, run);
    if (existing) return existing;
    const repoRoot = await realpath(this.options.repoRoot);
    const top = await gitTopLevel(repoRoot);
    const ws = top !== undefined && (await realpath(top)) === repoRoot ? await this.gitWorktree(repoRoot, workId) : await this.copyWorkspace(repoRoot, workId);
    await this.options.graph.write(recordWorktree, {
      repoId: this.options.repoId, workId, kind: ws.kind, root: ws.root, branch: ws.branch, baseCommit: ws.baseCommit, snapshotId: null,
    }, run);
    return ws;
  }

  private async gitWorktree(repoRoot: string, workId: string): Promise<Workspace> {
    const dir = join(repoRoot, '.worktrees', workId);
    const branch = `graphgate/${workId}`;
    const baseCommit = await git(repoRoot, ['rev-parse', '--verify', 'HEAD^{commit}']);
    if (!/^[0-9a-f]{40,64}$/.test(baseCommit)) throw new AppError('INTERNAL', { message: 'The repository has no commit to cut a worktree from.' });
    await this.excludeWorktrees(repoRoot);
    const present = await lstat(dir).catch(() => undefined);
    if (!present) {
      await mkdir(join(repoRoot, '.worktrees'), { recursive: true });
      const parent = await lstat(join(repoRoot, '.worktrees'));
      if (parent.isSymbolicLink() || !parent.isDirectory()) {
        throw new AppError('PATH_REJECTED', { message: '.worktrees is not a plain folder of the repository.', details: { reason: 'outside_root' } });
      }
      await git(repoRoot, ['worktree', 'prune']);
      const branchExists = await git(repoRoot, ['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`]).then(() => true, () => false);
      const args = branchExists ? ['worktree', 'add', '--', dir, branch] : ['worktree', 'add', '-b', branch, '--', dir, baseCommit];
      await git(repoRoot, args, { timeoutMs: 120_000 });
    } else if (present.isSymbolicLink() || !present.isDirectory()) {
      throw new AppError('PATH_REJECTED', { message: 'The worktree location is not a plain folder.', details: { reason: 'outside_root' } });
    }
    const root = await realpath(dir);
    if (!isWithin(repoRoot, root)) throw new AppError('PATH_REJECTED', { message: 'The worktree resolves outside the repository.', details: { reason: 'outside_root' } });
    return { workId, kind: 'git-worktree', root, branch, baseCommit };
  }

  /** `.worktrees/` goes into the repository's local exclude file (not the user's .gitignore). */
  private async excludeWorktrees(repoRoot: string): Promise<void> {
    const commonDir = await git(repoRoot, ['rev-parse', '--path-format=absolute', '--git-common-dir']);
    const file = join(commonDir, 'info', 'exclude');
    const current = await readFile(file, 'utf8').catch(() => '');
    if (current.split('\n').some((l) => l.trim() === '/.worktrees/')) return;
    await mkdir(join(commonDir, 'info'), { recursive: true });
    await appendFile(file, `${current === '' || current.endsWith('\n') ? '' : '\n'}/.worktrees/\n`);
  }

  private async copyWorkspace(repoRoot: string, workId: string): Promise<Workspace> {
    const dir = join(repoRoot, '.ai', 'tmp', 'work', workId, 'workspace');
    if (!(await lstat(dir).catch(() => undefined))) {
      await mkdir(join(repoRoot, '.ai', 'tmp', 'work', workId), { recursive: true });
      await copyTree(repoRoot, dir, '');
    }
    const root = await realpath(dir);
    if (!isWithin(repoRoot, root)) throw new AppError('PATH_REJECTED', { message: 'The workspace resolves outside the repository.', details: { reason: 'outside_root' } });
    return { workId, kind: 'copy', root, branch: null, baseCommit: null };
  }
}
