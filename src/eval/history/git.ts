import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { AppError } from '../../errors/index.js';
import { LOG_ARGS, LOG_FORMAT, LogRecordSplitter, type LogCommit } from './commit-log.js';

const run = promisify(execFile);

/**
 * git for the history eval: argv arrays (never a shell), a fixed environment, timeouts.
 * GIT_OPTIONAL_LOCKS=0 keeps read commands (`status`) from refreshing the user's index: the
 * evaluated repository's .git is never written.
 */
function gitEnv(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/', LC_ALL: 'C',
    GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', GIT_CONFIG_NOSYSTEM: '1',
  };
}

/** git processes still running: a signal handler kills them before it removes the folder they write into. */
const running = new Set<ChildProcess>();

function track(child: ChildProcess): void {
  running.add(child);
  child.once('close', () => running.delete(child));
  child.once('error', () => running.delete(child));
}

/** SIGKILLs every git this module started that is still running (synchronous: called from signal handlers). */
export function killRunningGit(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

export interface GitResult { code: number; stdout: string; stderr: string }

/** Runs `git -C cwd …args`; a non-zero exit is returned, not thrown (a missing git or a timeout throws). */
export async function gitTry(cwd: string, args: readonly string[], timeoutMs = 120_000): Promise<GitResult> {
  try {
    const pending = run('git', ['-C', cwd, ...args], { env: gitEnv(), timeout: timeoutMs, maxBuffer: 256 << 20 });
    track(pending.child);
    const { stdout, stderr } = await pending;
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: unknown; killed?: boolean; stdout?: unknown; stderr?: unknown };
    if (typeof e.code !== 'number' || e.killed) {
      throw new AppError('PREREQUISITE_MISSING', { message: `git ${args[0] ?? ''} could not run (is git installed?): ${String((error as Error).message).slice(0, 200)}`, cause: error });
    }
    return { code: e.code, stdout: String(e.stdout ?? ''), stderr: String(e.stderr ?? '') };
  }
}

/** Runs git and returns trimmed stdout; a non-zero exit throws INTERNAL with git's first stderr line. */
export async function git(cwd: string, args: readonly string[], timeoutMs?: number): Promise<string> {
  const r = await gitTry(cwd, args, timeoutMs);
  if (r.code !== 0) {
    const line = r.stderr.split('\n').find((l) => l.trim())?.slice(0, 300) ?? '';
    throw new AppError('INTERNAL', { message: `git ${args[0] ?? ''} failed: ${line}`, details: { args: args.slice(0, 4), stderr: line } });
  }
  return r.stdout.trim();
}

export interface LogWindow {
  /** Passed to git as --since=/--until= (any date git understands). */
  since?: string;
  until?: string;
}

/**
 * Streams `git log <rev>` newest first into `onCommits` until it returns false (enough tasks),
 * then stops git. Memory stays bounded on long histories, and mining 50 tasks reads only as far
 * back as it must.
 */
export async function streamLog(cwd: string, rev: string, window: LogWindow, onCommits: (commits: LogCommit[]) => boolean): Promise<void> {
  const args = ['-C', cwd, '-c', 'core.quotePath=false', 'log', LOG_FORMAT, ...LOG_ARGS];
  if (window.since) args.push(`--since=${window.since}`);
  if (window.until) args.push(`--until=${window.until}`);
  args.push(rev, '--');
  const child = spawn('git', args, { env: gitEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
  track(child);
  const splitter = new LogRecordSplitter();
  let stopped = false;
  let stderr = '';
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d: string) => void (stderr.length < 2000 && (stderr += d)));
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code));
  });
  child.stdout.on('data', (chunk: string) => {
    if (stopped) return;
    if (!onCommits(splitter.push(chunk))) {
      stopped = true;
      child.kill('SIGTERM');
    }
  });
  let code: number | null;
  try {
    code = await exited;
  } catch (error) {
    throw new AppError('PREREQUISITE_MISSING', { message: `git log could not run (is git installed?)`, cause: error });
  }
  if (stopped) return;
  if (code !== 0) throw new AppError('INTERNAL', { message: `git log failed: ${stderr.split('\n')[0]?.slice(0, 300) ?? ''}` });
  onCommits(splitter.end());
}
