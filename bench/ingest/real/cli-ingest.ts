import { fileURLToPath } from 'node:url';
import type { IngestSummary } from '../../../ingest/index.js';
import { runMeasured, type MeasuredRun } from './measured-child.js';

/** A `graphgate ingest <root> --repo-id <id> --json` run in its own process, and the summary it printed. */
export interface CliIngest {
  run: MeasuredRun;
  /** Null when the CLI failed (see run.exitCode and run.stderrTail). */
  summary: IngestSummary | null;
}

const CLI = fileURLToPath(new URL('../../../src/cli/main.js', import.meta.url));

/**
 * Ingests `root` through the built CLI, as a user or the history eval would: a cold process, no
 * watcher cache, the Neo4j instance from the environment (GRAPHGATE_NEO4J_INSTANCE / NEO4J_URI).
 * `viaDaemon`: let the CLI hand the run to a running `graphgate daemon` (otherwise `--no-daemon`).
 */
export async function runCliIngest(root: string, repoId: string, viaDaemon = false): Promise<CliIngest> {
  const run = await runMeasured({ script: CLI, args: ['ingest', root, '--repo-id', repoId, '--json', ...(viaDaemon ? [] : ['--no-daemon'])], cwd: root });
  if (run.exitCode !== 0) return { run, summary: null };
  try {
    return { run, summary: JSON.parse(run.stdout) as IngestSummary };
  } catch {
    return { run, summary: null };
  }
}

/** `graphgate daemon start|stop` through the built CLI; the daemon's pid and whether it was already running. */
export async function runDaemonCommand(verb: 'start' | 'stop', cwd: string): Promise<{ pid: number | null; alreadyRunning: boolean }> {
  const run = await runMeasured({ script: CLI, args: ['daemon', verb, '--json'], cwd });
  if (run.exitCode !== 0) throw new Error(`graphgate daemon ${verb} failed: ${run.stderrTail.trim().split('\n').slice(-3).join(' ')}`);
  const value = JSON.parse(run.stdout) as { pid?: number | null; alreadyRunning?: boolean };
  return { pid: value.pid ?? null, alreadyRunning: value.alreadyRunning === true };
}

/**
 * Runs `work` with `graphgate daemon` listening (started for it, and stopped after, unless one already
 * runs). `ingest` hands a CLI run to that daemon; a run another process answered (a daemon of another
 * build, or none) throws.
 */
export async function withDaemon<T>(cwd: string, work: (ingest: (root: string, repoId: string) => Promise<CliIngest>, alreadyRunning: boolean) => Promise<T>): Promise<T> {
  const started = await runDaemonCommand('start', cwd);
  const ingest = async (root: string, repoId: string): Promise<CliIngest> => {
    const run = await runCliIngest(root, repoId, true);
    const pid = (run.summary as { daemon?: { pid: number } } | null)?.daemon?.pid;
    if (run.summary && pid !== started.pid) throw new Error(`the run was not ingested by the daemon (pid ${started.pid}): it runs another build?`);
    return run;
  };
  try {
    return await work(ingest, started.alreadyRunning);
  } finally {
    if (!started.alreadyRunning) await runDaemonCommand('stop', cwd);
  }
}

/** One line for a failed run: exit and the end of stderr. */
export function failureText(ingest: CliIngest): string {
  const tail = ingest.run.stderrTail.trim().split('\n').slice(-5).join('\n      ');
  return `failed (exit ${ingest.run.exitCode ?? ingest.run.signal}): ${tail || 'no output'}`;
}
