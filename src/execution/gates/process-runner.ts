import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import { onAbort } from '../../runtime/abort.js';

export interface RunArgvOptions {
  argv: readonly string[];
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  /** Most bytes kept of each stream (the tail is kept). */
  maxOutputBytes?: number;
  /** Grace period between SIGTERM and SIGKILL of the process group. */
  killGraceMs?: number;
  /**
   * Kill the group at once when the child's resident memory exceeds this many bytes (polled from
   * `/proc/<pid>/status`, so enforced on Linux only). Unlike `--max-old-space-size` it also counts
   * memory outside the JS heap (typed arrays, buffers).
   */
  maxRssBytes?: number;
  /** CPU niceness of the process (Linux/macOS); its children inherit it. Unset: the controller's own. */
  niceness?: number;
  signal?: AbortSignal;
}

export interface RunArgvResult {
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  /** The process could not be started (missing executable, bad cwd). */
  spawnError: string | null;
  /** Killed because its resident memory passed `maxRssBytes`. */
  memoryExceeded: boolean;
  durationMs: number;
  stdout: string;
  stderr: string;
}

class TailBuffer {
  private chunks: Buffer[] = [];
  private size = 0;
  truncated = false;
  constructor(private readonly max: number) {}
  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    while (this.size > this.max && this.chunks.length > 1) {
      this.size -= this.chunks.shift()!.length;
      this.truncated = true;
    }
  }
  text(): string {
    const all = Buffer.concat(this.chunks);
    const kept = all.length > this.max ? all.subarray(all.length - this.max) : all;
    return (this.truncated || kept.length < all.length ? '…[truncated]\n' : '') + kept.toString('utf8');
  }
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** Resident set size of a process in bytes, or null where /proc is unavailable or the process is gone. */
function residentBytes(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

const RSS_POLL_MS = 20;

function setNiceness(pid: number, niceness: number): void {
  try {
    setPriority(pid, niceness);
  } catch {
    // Not permitted or not supported (Windows priority classes): the step runs at the controller's priority.
  }
}

/**
 * Runs an argv (no shell) in its own process group with a hard timeout: on timeout or abort the
 * whole group gets SIGTERM, then SIGKILL after a grace period, so grandchildren die too.
 */
export function runArgv(options: RunArgvOptions): Promise<RunArgvResult> {
  const { argv, cwd, env, timeoutMs, maxOutputBytes = 256 * 1024, killGraceMs = 2_000 } = options;
  const started = performance.now();
  const stdout = new TailBuffer(maxOutputBytes);
  const stderr = new TailBuffer(maxOutputBytes);
  return new Promise((resolve) => {
    let timedOut = false;
    let memoryExceeded = false;
    let spawnError: string | null = null;
    let graceTimer: NodeJS.Timeout | undefined;
    const child = spawn(argv[0]!, argv.slice(1), { cwd, env, shell: false, detached: true, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    // Set before the child has started its own children (they inherit it at fork).
    if (options.niceness !== undefined && child.pid !== undefined) setNiceness(child.pid, options.niceness);
    const stop = () => {
      killGroup(child.pid, 'SIGTERM');
      graceTimer = setTimeout(() => killGroup(child.pid, 'SIGKILL'), killGraceMs);
      graceTimer.unref();
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, timeoutMs);
    const { maxRssBytes } = options;
    const rssWatch = maxRssBytes === undefined ? undefined : setInterval(() => {
      const rss = child.pid === undefined ? null : residentBytes(child.pid);
      if (rss === null || rss <= maxRssBytes) return;
      memoryExceeded = true;
      clearInterval(rssWatch);
      killGroup(child.pid, 'SIGKILL');
    }, RSS_POLL_MS);
    const detach = onAbort(options.signal, stop);
    child.stdout.on('data', (c: Buffer) => stdout.push(c));
    child.stderr.on('data', (c: Buffer) => stderr.push(c));
    child.on('error', (error: NodeJS.ErrnoException) => {
      spawnError = error.code ?? 'spawn_failed';
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearInterval(rssWatch);
      if (graceTimer) clearTimeout(graceTimer);
      // Reap anything the step left behind in its group.
      if (!spawnError) killGroup(child.pid, 'SIGKILL');
      detach();
      resolve({
        exitCode: code, signal: signal ?? null, timedOut, spawnError, memoryExceeded,
        durationMs: Math.round(performance.now() - started), stdout: stdout.text(), stderr: stderr.text(),
      });
    });
  });
}
