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
 */
export async function runCliIngest(root: string, repoId: string): Promise<CliIngest> {
  const run = await runMeasured({ script: CLI, args: ['ingest', root, '--repo-id', repoId, '--json'], cwd: root });
  if (run.exitCode !== 0) return { run, summary: null };
  try {
    return { run, summary: JSON.parse(run.stdout) as IngestSummary };
  } catch {
    return { run, summary: null };
  }
}

/** One line for a failed run: exit and the end of stderr. */
export function failureText(ingest: CliIngest): string {
  const tail = ingest.run.stderrTail.trim().split('\n').slice(-5).join('\n      ');
  return `failed (exit ${ingest.run.exitCode ?? ingest.run.signal}): ${tail || 'no output'}`;
}
