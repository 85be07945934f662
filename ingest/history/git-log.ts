import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { isAbsolute, resolve } from 'node:path';
import type { RawCommit } from './commit-facts.js';
import { DEFAULT_LOG_LIMITS, logFormat, LogStreamParser } from './log-stream.js';

/**
 * Reads history with git, always as an argv array (never a shell) with a fixed environment, like
 * pipeline/repo-identity.ts: no pager, no prompts, no locale, no optional index locks, and config
 * that could change the output (signatures) switched off on the command line.
 */
const GIT_ENV = {
  PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', GIT_OPTIONAL_LOCKS: '0', GIT_PAGER: 'cat',
};
const GIT_CONFIG = ['-c', 'log.showSignature=false', '-c', 'core.quotePath=false'];
/** A full commit id (SHA-1 or SHA-256 repositories). */
export const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/** git ran but failed (or answered something unexpected): the caller reports it as a warning. */
export class GitHistoryError extends Error {
  constructor(message: string, readonly exitCode: number | null) {
    super(message);
    this.name = 'GitHistoryError';
  }
}

interface GitOutput { code: number | null; stdout: string; stderr: string }

function runGit(root: string, args: string[], timeoutMs: number): Promise<GitOutput> {
  return new Promise((resolve, reject) => {
    execFile('git', ['-C', root, ...GIT_CONFIG, ...args], { env: GIT_ENV, timeout: timeoutMs, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') reject(new GitHistoryError(`git ${args[0]} failed: ${error.message}`, null));
      else resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
    });
  });
}

const firstLine = (text: string): string => text.trim().split('\n')[0]?.slice(0, 300) ?? '';

/** Where the checkout stands: its HEAD commit (null: no commit yet) and the root's path below the top level (`''` or `sub/`). */
export interface GitHead {
  head: string | null;
  prefix: string;
}

/** `git rev-parse --show-prefix --verify -q HEAD`; exit 1 in a repository without refs means "no commits yet". */
export async function readGitHead(root: string, timeoutMs = 10_000): Promise<GitHead> {
  const { code, stdout, stderr } = await runGit(root, ['rev-parse', '--show-prefix', '--verify', '-q', 'HEAD'], timeoutMs);
  const [prefix = '', head = ''] = stdout.split('\n');
  if (code === 0 && SHA.test(head)) return { head, prefix };
  // HEAD does not resolve: a fresh repository has no refs at all; with refs, HEAD is broken, and
  // reading it as "no history" would delete the stored commits.
  if (code === 1 && (await runGit(root, ['for-each-ref', '--count=1', '--format=%(refname)'], timeoutMs)).stdout.trim() === '') return { head: null, prefix };
  throw new GitHistoryError(`git rev-parse HEAD failed (exit ${code}): ${firstLine(stderr)}`, code);
}

/** The root's git dir and common dir (a linked worktree's common dir is the main repository's), absolute; null when git cannot say. */
export async function readGitDirs(root: string, timeoutMs = 10_000): Promise<{ gitDir: string; commonDir: string } | null> {
  const out = await runGit(root, ['rev-parse', '--absolute-git-dir', '--git-common-dir'], timeoutMs).catch(() => undefined);
  const [gitDir = '', common = ''] = out?.code === 0 ? out.stdout.split('\n') : [];
  if (!isAbsolute(gitDir) || !common) return null;
  return { gitDir, commonDir: isAbsolute(common) ? common : resolve(root, common) };
}

/** Limits git to the root's folder when the root is a sub-folder of the work tree (a monorepo package). */
const scoped = (prefix: string): string[] => (prefix ? ['--full-history', '--', '.'] : []);

/**
 * The window: up to `max` non-merge commits reachable from HEAD, newest first (git's commit-date order).
 * Merges are left out: their changes are those of the branch commits already listed.
 */
export async function readWindowShas(root: string, head: string, prefix: string, max: number, timeoutMs = 60_000): Promise<string[]> {
  if (max <= 0) return [];
  const { code, stdout, stderr } = await runGit(root, ['rev-list', '--no-merges', `--max-count=${max}`, head, ...scoped(prefix)], timeoutMs);
  if (code !== 0) throw new GitHistoryError(`git rev-list failed (exit ${code}): ${firstLine(stderr)}`, code);
  const shas = stdout.split('\n').filter((s) => s.length > 0);
  if (!shas.every((s) => SHA.test(s))) throw new GitHistoryError('git rev-list printed something that is not a commit id', code);
  return shas;
}

/**
 * Message, time and changed paths of the given commits, in one `git log --no-walk --stdin` process
 * (the shas go through stdin, so the argv stays fixed whatever their number), streamed through
 * `onCommit` as they are parsed. Paths are relative to the root (`--relative`); renames count as a
 * delete and an add (`--no-renames`), so both paths are listed.
 */
export async function readCommits(root: string, shas: readonly string[], onCommit: (commit: RawCommit) => void, options: { maxFiles?: number; timeoutMs?: number } = {}): Promise<{ malformed: number }> {
  if (shas.length === 0) return { malformed: 0 };
  if (!shas.every((s) => SHA.test(s))) throw new GitHistoryError('not a commit id', null);
  const nonce = `graphgate-${randomBytes(16).toString('hex')}`;
  const parser = new LogStreamParser(nonce, { ...DEFAULT_LOG_LIMITS, maxFiles: options.maxFiles ?? DEFAULT_LOG_LIMITS.maxFiles });
  const args = [
    '-C', root, ...GIT_CONFIG, 'log', '--no-walk=unsorted', '--stdin', '-z', '--name-only', '--no-renames', '--relative', '--no-color',
    '--no-ext-diff', '--no-textconv', `--format=${logFormat(nonce)}`,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, { env: GIT_ENV, stdio: ['pipe', 'pipe', 'pipe'], timeout: options.timeoutMs ?? 120_000 });
    let stderr = '';
    let failed: unknown;
    const deliver = (commits: RawCommit[]): void => {
      try {
        for (const c of commits) onCommit(c);
      } catch (error) {
        failed ??= error;
        child.kill();
      }
    };
    child.stdout.on('data', (chunk: Buffer) => deliver(parser.push(chunk)));
    child.stderr.on('data', (chunk: Buffer) => void (stderr.length < 4_000 && (stderr += chunk.toString('utf8'))));
    child.on('error', (error) => reject(new GitHistoryError(`git log could not run: ${error.message}`, null)));
    child.on('close', (code, signal) => {
      if (failed) return reject(failed);
      if (code !== 0) return reject(new GitHistoryError(`git log failed (${signal ? `signal ${signal}` : `exit ${code}`}): ${firstLine(stderr)}`, code));
      deliver(parser.end());
      if (failed) return reject(failed);
      resolve({ malformed: parser.malformed });
    });
    // A git that exits early closes stdin under us; the close handler reports why.
    child.stdin.on('error', () => undefined);
    child.stdin.end(`${shas.join('\n')}\n`);
  });
}
