import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '../../errors/index.js';
import { runArgv } from '../gates/process-runner.js';
import { scrubSecrets, secretValuesOf } from '../gates/secret-scrubber.js';
import { PRELOAD_SOURCE, RESULT_MARK, RUNNER_SOURCE } from './sandbox-child.scripts.js';
import { checkSandboxReturn, type ReturnShape } from './sandbox-return.js';

export type SandboxDenyReason = 'preflight' | 'timeout' | 'memory' | 'access_denied' | 'threw' | 'shape_mismatch' | 'placeholder_return' | 'crashed';

export interface SandboxRequest {
  code: string;
  /** Declared inputs (JSON values), frozen in the child as `inputs`. */
  inputs: Record<string, unknown>;
  /** Readable pack files: repo-relative path → real absolute path (already checked to be in the pack). */
  packFiles: Record<string, string>;
  returns: ReturnShape;
  timeoutMs?: number;
  memoryMb?: number;
  /** Tests only: run without the static preflight to exercise the process boundary itself. */
  skipPreflight?: boolean;
  signal?: AbortSignal;
}

export interface SandboxResult {
  value: unknown;
  logs: string[];
  durationMs: number;
}

function deny(reason: SandboxDenyReason, message: string, extra: Record<string, unknown> = {}): AppError {
  return new AppError('SANDBOX_DENIED', { message, details: { reason, ...extra } });
}

const secrets = () => secretValuesOf(process.env);
/** Resident memory allowed beyond the heap cap: Node's own baseline, the young generation and slack. */
const RSS_OVERHEAD_MB = 192;
// Node 20 names the permission model `--experimental-permission`; Node 23+ calls it `--permission`.
const PERMISSION_FLAG = Number(process.versions.node.split('.')[0]) >= 23 ? '--permission' : '--experimental-permission';

/**
 * Runs an async IIFE in a separate Node process: empty environment, a fresh temp folder as cwd,
 * `--max-old-space-size`, the permission model (reads: the run folder and the declared pack files
 * only; no child processes, workers or writes), network and process APIs removed by a preload,
 * and a hard timeout that kills the process group. The value must match the declared shape and
 * be substantive.
 */
export async function runSandboxedCode(req: SandboxRequest): Promise<SandboxResult> {
  if (!req.skipPreflight) {
    // Imported here: the preflight parses with TypeScript, which a server that never sandboxes need not load.
    const { preflightSandboxCode } = await import('./sandbox-preflight.js');
    const problems = preflightSandboxCode(req.code, Object.keys(req.inputs));
    if (problems.length > 0) throw deny('preflight', `The code was refused before running: ${problems.map((p) => p.message).join('; ')}.`, { problems });
  }
  const dir = await realpath(await mkdtemp(join(tmpdir(), 'gg-sandbox-')));
  try {
    await Promise.all([
      writeFile(join(dir, 'preload.mjs'), PRELOAD_SOURCE), writeFile(join(dir, 'runner.mjs'), RUNNER_SOURCE), writeFile(join(dir, 'code.js'), req.code),
      writeFile(join(dir, 'inputs.json'), JSON.stringify(req.inputs)), writeFile(join(dir, 'pack.json'), JSON.stringify(req.packFiles)),
    ]);
    const argv = [
      process.execPath, `--max-old-space-size=${req.memoryMb ?? 128}`, '--no-warnings',
      PERMISSION_FLAG, `--allow-fs-read=${dir}`, ...Object.values(req.packFiles).map((p) => `--allow-fs-read=${p}`),
      '--import', join(dir, 'preload.mjs'), join(dir, 'runner.mjs'),
    ];
    const memoryMb = req.memoryMb ?? 128;
    const run = await runArgv({
      argv, cwd: dir, env: {}, timeoutMs: req.timeoutMs ?? 5_000, maxOutputBytes: 1024 * 1024, killGraceMs: 200, signal: req.signal,
      // The heap flag does not bound typed arrays and buffers; the resident-memory watch does (Linux).
      maxRssBytes: (memoryMb + RSS_OVERHEAD_MB) * 1024 * 1024,
    });
    if (run.memoryExceeded) throw deny('memory', `The code exceeded the sandbox memory cap (${memoryMb} MB heap, ${memoryMb + RSS_OVERHEAD_MB} MB resident) and was stopped.`);
    if (run.timedOut) throw deny('timeout', `The code did not finish within ${req.timeoutMs ?? 5_000} ms and was killed.`);
    const line = run.stdout.split('\n').reverse().find((l) => l.startsWith(RESULT_MARK));
    if (!line) {
      const oom = /heap out of memory|Allocation failed/i.test(run.stderr) || run.signal === 'SIGABRT' || run.exitCode === 134;
      if (oom) throw deny('memory', `The code exceeded the ${memoryMb} MB memory cap and was stopped.`);
      throw deny('crashed', 'The sandbox process ended without a result.', { exitCode: run.exitCode, signal: run.signal, stderr: scrubSecrets(run.stderr.slice(-500), secrets()) });
    }
    const payload = JSON.parse(line.slice(RESULT_MARK.length)) as { ok: boolean; value?: unknown; error?: string; code?: string | null; logs: string[] };
    if (!payload.ok) {
      const access = payload.code === 'ERR_ACCESS_DENIED' || payload.code === 'ERR_SANDBOX_DENIED' || /not a declared pack file|not available in the sandbox|not defined/.test(payload.error ?? '');
      throw deny(access ? 'access_denied' : 'threw', `The code failed: ${scrubSecrets(payload.error ?? 'unknown error', secrets())}`, { errorCode: payload.code ?? null });
    }
    const problems = checkSandboxReturn(payload.value, req.returns);
    if (problems.length > 0) {
      const placeholder = problems.some((p) => p.includes('placeholder'));
      throw deny(placeholder ? 'placeholder_return' : 'shape_mismatch', `The result does not match the declared shape: ${problems.join('; ')}.`, { problems });
    }
    return { value: payload.value, logs: payload.logs.map((l) => scrubSecrets(l, secrets())), durationMs: run.durationMs };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
