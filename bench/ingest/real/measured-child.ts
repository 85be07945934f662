import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Garbage-collection pauses of a measured process (main-thread ms; major includes the final incremental step). */
export interface GcUsage {
  minor: { count: number; ms: number };
  major: { count: number; ms: number };
  /** Incremental marking steps and weak-callback processing. */
  other: { count: number; ms: number };
  /** The largest young generation (V8's new space: both semi-spaces) seen at a collection, MB. */
  youngGenerationMb: number;
}

/** What peak-rss-runner writes on the child's exit. */
export interface ChildUsage {
  code: number;
  maxRssKb: number;
  cpuMs: number;
  gc: GcUsage;
  node: string;
}

/** One child process run: its exit, wall time, its own peak RSS, CPU and GC, and its output. */
export interface MeasuredRun {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** Stopped at `timeoutMs` (killed). */
  timedOut: boolean;
  wallMs: number;
  /** Null when the child died before its exit hook ran (killed by a signal). */
  maxRssMb: number | null;
  cpuMs: number | null;
  /** Null when the child died before its exit hook ran. */
  gc: GcUsage | null;
  /** The Node version the child ran (the benchmark's own binary: run the bench with another node to compare). */
  node: string | null;
  stdout: string;
  /** The last 8 KB of stderr. */
  stderrTail: string;
}

const RUNNER = fileURLToPath(new URL('./peak-rss-runner.js', import.meta.url));
const TAIL_BYTES = 8 * 1024;

/**
 * Runs a Node script in a fresh process through peak-rss-runner, so the RSS and CPU reported are
 * that process's own (not the benchmark's). The wall time includes Node's start-up and module
 * loading, as a user running the command would see it.
 */
export async function runMeasured(input: { script: string; args: string[]; cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<MeasuredRun> {
  const dir = mkdtempSync(join(tmpdir(), 'graphgate-bench-usage-'));
  const usageFile = join(dir, 'usage.json');
  try {
    const started = performance.now();
    const child = spawn(process.execPath, [RUNNER, usageFile, input.script, ...input.args], {
      cwd: input.cwd, env: input.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let err = Buffer.alloc(0);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      err = Buffer.concat([err, chunk]);
      if (err.length > 2 * TAIL_BYTES) err = err.subarray(err.length - TAIL_BYTES);
    });
    let timedOut = false;
    const timer = input.timeoutMs === undefined ? undefined : setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, input.timeoutMs);
    const [exitCode, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code, sig) => resolve([code, sig]));
    }).finally(() => clearTimeout(timer));
    const wallMs = Math.round(performance.now() - started);
    let usage: ChildUsage | undefined;
    try {
      usage = JSON.parse(readFileSync(usageFile, 'utf8')) as ChildUsage;
    } catch {
      usage = undefined;
    }
    return {
      exitCode, signal, timedOut, wallMs,
      maxRssMb: usage ? Math.round(usage.maxRssKb / 1024) : null,
      cpuMs: usage?.cpuMs ?? null,
      gc: usage?.gc ?? null,
      node: usage?.node ?? null,
      stdout: Buffer.concat(out).toString('utf8'),
      stderrTail: err.subarray(Math.max(0, err.length - TAIL_BYTES)).toString('utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
