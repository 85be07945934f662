import { randomUUID } from 'node:crypto';
import type { GateStep, GatesConfig } from '../../config/index.js';
import { AppError } from '../../errors/index.js';
import { canonicalRepoPath, readTextCapped, realRoot, resolveExisting } from '../../paths/index.js';
import { assertNotDestructive } from '../safety/destructive-command.js';
import { buildChildEnv, DEFAULT_ENV_ALLOWLIST } from './child-env.js';
import { parseJunitXml, type JunitSummary } from './junit-report.parser.js';
import { parseLcov, type LcovSummary } from './lcov-report.parser.js';
import { runArgv } from './process-runner.js';
import { scrubSecrets, secretValuesOf } from './secret-scrubber.js';

/** The outcome of one gate step, with secrets already scrubbed from its output. */
export interface GateStepResult {
  id: string;
  stepName: string;
  cmd: string[];
  cwd: string;
  passed: boolean;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  spawnError: string | null;
  timeoutSeconds: number;
  startedAt: string;
  /** Wall time of the child process. */
  durationMs: number;
  /** Wall time of the whole run (resolution, spawn, reports) beyond `durationMs`. */
  overheadMs: number;
  /** Scrubbed tail of stdout + stderr (≤ 8 KiB). */
  output: string;
  junit: JunitSummary | null;
  lcov: LcovSummary['totals'] | null;
}

export interface RunGateStepInput {
  gates: GatesConfig;
  stepName: string;
  /** The work's worktree (absolute); the step runs inside it. */
  worktreeRoot: string;
  /** Agent-chosen working directory, repo-relative (the step's own `cwd` wins). */
  cwd?: string;
  /** Agent-provided extra arguments (paths): never option-like. */
  extraArgs?: readonly string[];
  parentEnv?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
}

const OUTPUT_TAIL = 8 * 1024;
const MAX_REPORT_BYTES = 16 * 1024 * 1024;
/** Niceness of gate steps when `gates.niceness` is not set. */
export const DEFAULT_GATE_NICENESS = 10;

/** The configured step with this name (profiles and modes in name order; the first wins). */
export function findGateStep(gates: GatesConfig, name: string): GateStep | undefined {
  for (const profile of Object.keys(gates.profiles).sort()) {
    const modes = gates.profiles[profile]!.modes;
    for (const mode of Object.keys(modes).sort()) {
      const step = modes[mode]!.find((s) => s.name === name);
      if (step) return step;
    }
  }
  return undefined;
}

/** Refuses agent arguments that could become options (`-x`, `--flag`) or are not plain repo paths. */
export function checkAgentArgs(args: readonly string[]): void {
  for (const [i, arg] of args.entries()) {
    if (arg.startsWith('-')) throw new AppError('INVALID_ARGS', { message: `Argument ${i + 1} starts with '-': agent arguments are never options.`, details: { index: i } });
    const check = canonicalRepoPath(arg);
    if (!check.ok) throw new AppError('INVALID_ARGS', { message: `Argument ${i + 1} is not a repo-relative path (${check.reason}).`, details: { index: i, reason: check.reason } });
  }
}

async function readReport<T>(root: string, rel: string | undefined, parse: (text: string) => T): Promise<T | null> {
  if (!rel) return null;
  try {
    return parse(await readTextCapped(await resolveExisting(root, rel), MAX_REPORT_BYTES));
  } catch {
    return null;
  }
}

/**
 * Runs one configured gate step in the worktree: argv only, allowlisted environment, destructive
 * commands refused, default or per-step timeout (process group killed), reports parsed, output scrubbed.
 */
export async function runGateStep(input: RunGateStepInput): Promise<GateStepResult> {
  const began = performance.now();
  const step = findGateStep(input.gates, input.stepName);
  if (!step) throw new AppError('INVALID_ARGS', { message: `No configured gate step named ${input.stepName}.`, details: { stepName: input.stepName } });
  const extra = input.extraArgs ?? [];
  checkAgentArgs(extra);
  const root = await realRoot(input.worktreeRoot);
  const cwdInput = step.cwd ?? input.cwd;
  const cwd = cwdInput === undefined || cwdInput === '.' ? { absolute: root, relative: '.' } : await resolveExisting(root, cwdInput);
  const argv = [...step.cmd, ...extra];
  assertNotDestructive(argv, { worktreeRoot: root, cwd: cwd.absolute }, `gate step ${step.name}`);
  const parentEnv = input.parentEnv ?? process.env;
  const env = buildChildEnv(parentEnv, input.gates.envAllowlist ?? DEFAULT_ENV_ALLOWLIST, step.env);
  const secrets = secretValuesOf({ ...parentEnv, ...step.env });
  const timeoutSeconds = step.timeout_seconds ?? input.gates.defaultTimeoutSeconds;
  const startedAt = new Date().toISOString();
  const run = await runArgv({
    argv, cwd: cwd.absolute, env, timeoutMs: timeoutSeconds * 1000, maxOutputBytes: 64 * 1024, signal: input.signal,
    // Gates are batch work: under load they yield the CPU to other works' turns (issue 19's soak: gates of eight works starved submissions).
    niceness: input.gates.niceness ?? DEFAULT_GATE_NICENESS,
  });
  const junit = await readReport(root, step.reports?.junit, parseJunitXml);
  const lcov = await readReport(root, step.reports?.lcov, (t) => parseLcov(t).totals);
  const combined = `${run.stdout}${run.stderr ? `\n[stderr]\n${run.stderr}` : ''}`;
  const output = scrubSecrets(combined.length > OUTPUT_TAIL ? combined.slice(-OUTPUT_TAIL) : combined, secrets);
  const testsFailed = junit !== null && junit.failures + junit.errors > 0;
  const passed = run.exitCode === 0 && !run.timedOut && run.spawnError === null && !testsFailed;
  return {
    id: `gaterun:${randomUUID()}`, stepName: step.name, cmd: argv.map((a) => scrubSecrets(a, secrets)), cwd: cwd.relative || '.',
    passed, exitCode: run.exitCode, signal: run.signal, timedOut: run.timedOut, spawnError: run.spawnError, timeoutSeconds, startedAt,
    durationMs: run.durationMs, overheadMs: Math.max(0, Math.round(performance.now() - began) - run.durationMs), output, junit, lcov,
  };
}
