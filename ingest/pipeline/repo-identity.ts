import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface RepoIdentity {
  repoId: string;
  /** Where the id came from: the settings, the git remote URL, or the realpath of the root. */
  source: 'settings' | 'git-remote' | 'path';
  /** The remote URL with any credentials removed (never stored with userinfo). */
  remote?: string;
  inGit: boolean;
}

/** Runs git with an argv array in `root`, a fixed environment and a timeout; undefined on failure. */
async function git(root: string, args: string[]): Promise<string | undefined> {
  try {
    const { stdout } = await run('git', ['-C', root, ...args], {
      timeout: 5_000,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' },
      maxBuffer: 1 << 20,
    });
    return stdout.trim();
  } catch {
    return undefined;
  }
}

/**
 * Normalises a remote so the same repository gives the same id whatever the protocol:
 * `git@host:org/x.git`, `https://user:token@host/org/x` and `ssh://git@host/org/x.git` all become
 * `host/org/x`. Credentials never survive.
 */
export function normaliseRemote(url: string): string {
  let s = url.trim();
  const scp = /^[^@/\s]+@([^:/\s]+):(.+)$/.exec(s);
  if (scp) s = `${scp[1]}/${scp[2]}`;
  else {
    try {
      const u = new URL(s);
      s = `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
    } catch {
      s = s.replace(/^[a-z+]+:\/\//i, '').replace(/^[^@/]*@/, '');
    }
  }
  return s.replace(/\.git$/, '').replace(/\/+$/, '').toLowerCase();
}

/** `repo-<16 hex>`: a hash, so ids do not leak hostnames or local paths. */
export function hashRepoKey(key: string): string {
  return `repo-${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
}

/** A stable repoId: the configured one, else the hashed normalised origin URL, else the hashed realpath. */
export async function identifyRepo(root: string, configured?: string): Promise<RepoIdentity> {
  const top = await git(root, ['rev-parse', '--show-toplevel']);
  const inGit = top !== undefined && top.length > 0;
  const rawRemote = inGit ? await git(root, ['config', '--get', 'remote.origin.url']) : undefined;
  const remote = rawRemote ? normaliseRemote(rawRemote) : undefined;
  if (configured) return { repoId: configured, source: 'settings', remote, inGit };
  if (remote) {
    // A sub-folder of a monorepo is its own ingested repo: include the path below the top level.
    const sub = top && root !== top && root.startsWith(`${top}/`) ? root.slice(top.length + 1) : '';
    return { repoId: hashRepoKey(sub ? `${remote}//${sub}` : remote), source: 'git-remote', remote, inGit };
  }
  return { repoId: hashRepoKey(`path:${root}`), source: 'path', inGit };
}
