import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { deleteRepository } from '../../ingest/index.js';
import { openGraph } from '../../src/graph/index.js';
import { SHARED_INSTANCES } from '../../src/graph/local-neo4j/layout.js';
import { createLogger } from '../../src/runtime/logger.js';
import { percentile } from '../../src/eval/metrics.js';
import { runCliIngest } from './real/cli-ingest.js';
import { git } from './real/scratch-clone.js';

/**
 * `npm run bench:ingest -- --cold <runs> [--repo <path>]`: the first ingest right after a server
 * start (issue 12's "the sample's first ingest < 3 s after a fresh start"). Each run stops and starts
 * the benchmark's own local instance with the CLI (`graphgate db stop` / `db start`), then ingests a
 * copy of the repository (the bundled sample by default) into a fresh namespace, as a new user's
 * first `graphgate ingest` does, and deletes the namespace.
 */
const CLI = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));
const SAMPLE = fileURLToPath(new URL('../../../test/fixtures/workspace', import.meta.url));
const GOAL_MS = 3000;

interface ColdRun { startMs: number; wallMs: number; ingestMs: number; writeMs: number; linkMs: number }

/** A CLI command in its own process (the instance comes from GRAPHGATE_NEO4J_INSTANCE); its wall time. */
async function cli(args: string[]): Promise<number> {
  const started = performance.now();
  await promisify(execFile)(process.execPath, [CLI, ...args], { timeout: 300_000 });
  return performance.now() - started;
}

/** A git repository holding a copy of `source`'s files (one commit): the user's checkout is never touched. */
function copyAsRepository(source: string): { root: string; dispose: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'graphgate-bench-cold-'));
  const root = join(dir, 'repo');
  cpSync(source, root, { recursive: true, filter: (path) => !/[\\/](\.git|node_modules)$/.test(path) });
  git(root, ['init', '--quiet']);
  git(root, ['add', '--all']);
  git(root, ['-c', 'user.name=bench', '-c', 'user.email=bench@localhost', 'commit', '--quiet', '--no-verify', '-m', 'copy']);
  return { root, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function runColdStartBenchmark(options: { runs: number; repo?: string }): Promise<number> {
  const instance = process.env.GRAPHGATE_NEO4J_INSTANCE ?? 'bench-cold';
  if (process.env.NEO4J_URI) return fail('--cold restarts a local instance; unset NEO4J_URI');
  if (SHARED_INSTANCES.has(instance)) return fail(`--cold stops and starts its instance: use one of its own, not "${instance}" (GRAPHGATE_NEO4J_INSTANCE)`);
  // The CLI children, runCliIngest and openGraph all read the instance from the environment.
  process.env.GRAPHGATE_NEO4J_INSTANCE = instance;
  const copy = copyAsRepository(options.repo ?? SAMPLE);
  const log = createLogger(process.env.GRAPHGATE_LOG_LEVEL ? undefined : 'warn');
  const runs: ColdRun[] = [];
  try {
    for (let i = 0; i < options.runs; i++) {
      await cli(['db', 'stop']);
      const startMs = await cli(['db', 'start']);
      const repoId = `bench-cold-${process.pid}-${i}`;
      const ingest = await runCliIngest(copy.root, repoId);
      const t = ingest.summary?.timings;
      if (!t) return fail(`run ${i + 1}: the ingest failed (exit ${ingest.run.exitCode}): ${ingest.run.stderrTail.trim().split('\n').slice(-3).join(' | ')}`);
      runs.push({ startMs, wallMs: ingest.run.wallMs, ingestMs: t.totalMs, writeMs: t.writeMs, linkMs: t.linkMs });
      process.stderr.write(`run ${i + 1}: db start ${s(startMs)}, first ingest ${s(ingest.run.wallMs)} CLI wall (ingest ${s(t.totalMs)}; write ${s(t.writeMs)}, link ${s(t.linkMs)})\n`);
      const graph = await openGraph({ log });
      try {
        await deleteRepository(graph, repoId);
      } finally {
        await graph.close();
      }
    }
  } finally {
    copy.dispose();
  }
  report(runs, instance, options);
  return 0;
}

function report(runs: ColdRun[], instance: string, options: { runs: number; repo?: string }): void {
  const col = (pick: (r: ColdRun) => number): string => {
    const v = runs.map(pick);
    return `p50 ${s(percentile(v, 50))}, min ${s(Math.min(...v))}, max ${s(Math.max(...v))}`;
  };
  const median = percentile(runs.map((r) => r.ingestMs), 50);
  process.stdout.write([
    `first ingest after a server start: ${options.repo ?? 'the bundled sample'}, ${runs.length} runs, instance ${instance}, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`,
    `  db start     ${col((r) => r.startMs)}`,
    `  CLI wall     ${col((r) => r.wallMs)}`,
    `  ingest       ${col((r) => r.ingestMs)}   goal < ${s(GOAL_MS)}: ${median < GOAL_MS ? 'met' : 'not met'}`,
    `  write        ${col((r) => r.writeMs)}`,
    `  link         ${col((r) => r.linkMs)}`,
    `reproduce: GRAPHGATE_NEO4J_INSTANCE=${instance} npm run bench:ingest -- --cold ${options.runs}${options.repo ? ` --repo ${options.repo}` : ''}`,
    '',
  ].join('\n'));
}

const s = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

function fail(message: string): number {
  process.stderr.write(`${message}\n`);
  return 1;
}
