import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { AppError } from '../../errors/index.js';

const run = promisify(execFile);

/** A value that goes into a git argv where it could be read as an option (`-x`, `--upload-pack=…`) is refused. */
export function requireNotOption(value: string, what: string): string {
  if (value.length === 0 || value.startsWith('-') || value.includes('\0')) {
    throw new AppError('INVALID_ARGS', { message: `${what} must not be empty or start with '-'.`, details: { what } });
  }
  return value;
}

/** The minimal environment git runs with (no inherited credentials helpers, no prompts, C locale). */
function gitEnv(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/', LC_ALL: 'C', GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'graphgate', GIT_AUTHOR_EMAIL: 'graphgate@localhost',
    GIT_COMMITTER_NAME: 'graphgate', GIT_COMMITTER_EMAIL: 'graphgate@localhost',
  };
}

/**
 * Runs `git -C cwd ...args` as an argv array (never a shell string), with a fixed environment and a
 * timeout. Throws INTERNAL with git's first stderr line (no stack, no env) on failure.
 */
export async function git(cwd: string, args: readonly string[], options: { timeoutMs?: number } = {}): Promise<string> {
  try {
    const { stdout } = await run('git', ['-C', cwd, ...args], { timeout: options.timeoutMs ?? 30_000, env: gitEnv(), maxBuffer: 8 << 20 });
    return stdout.trim();
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').split('\n')[0]?.slice(0, 300) ?? '';
    throw new AppError('INTERNAL', { message: `git ${args[0] ?? ''} failed.`, details: { command: args[0], stderr }, cause: error });
  }
}

/** The work tree top of `dir`, or undefined when it is not inside a git repository (or git is missing). */
export async function gitTopLevel(dir: string): Promise<string | undefined> {
  try {
    const top = await git(dir, ['rev-parse', '--show-toplevel'], { timeoutMs: 5_000 });
    return top || undefined;
  } catch {
    return undefined;
  }
}

/** The outcome of a git call whose non-zero exit is an answer, not a failure (`merge-tree` conflicts, `merge-base --is-ancestor`). */
export interface GitOutcome { code: number; stdout: string; stderr: string }

/** Like `git`, but returns the exit code instead of throwing on a non-zero exit (a spawn failure or timeout still throws INTERNAL). */
export async function gitOutcome(cwd: string, args: readonly string[], options: { timeoutMs?: number } = {}): Promise<GitOutcome> {
  try {
    const { stdout, stderr } = await run('git', ['-C', cwd, ...args], { timeout: options.timeoutMs ?? 30_000, env: gitEnv(), maxBuffer: 8 << 20 });
    return { code: 0, stdout: stdout.trim(), stderr: stderr.trim() };
  } catch (error) {
    const e = error as { code?: unknown; killed?: boolean; stdout?: unknown; stderr?: unknown };
    if (typeof e.code !== 'number' || e.killed) {
      throw new AppError('INTERNAL', { message: `git ${args[0] ?? ''} failed.`, details: { command: args[0] }, cause: error });
    }
    return { code: e.code, stdout: String(e.stdout ?? '').trim(), stderr: String(e.stderr ?? '').split('\n')[0]?.slice(0, 300) ?? '' };
  }
}
