import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { ingestRepository, type ProgressListener } from '../../ingest/index.js';
import { loadConfig, type Config } from '../config/index.js';
import type { Graph } from '../graph/index.js';
import { agGridOriginChains, countChains, federationChains, type ChainCounts } from '../retrieval/proof-chains/index.js';
import type { Logger } from '../runtime/logger.js';
import { Bm25Baseline, minisearchVersion } from './bm25-baseline.js';
import { listRepoFiles } from './eval.queries.js';
import { aggregate, scoreTask, type OverallMetrics } from './metrics.js';
import { buildEvalPack } from './pack-adapter.js';
import type { TaskRow } from './report-table.js';
import { readTaskFile } from './task-file.schema.js';

export interface EvalOptions {
  graph: Graph;
  /** The repository to evaluate on (ingested under `repoId`). */
  repoRoot: string;
  /** JSON task file (see task-file.schema.ts). */
  tasksFile: string;
  /** Default `eval-<sha256(realpath)[0:12]>`, so evaluations never mix with a repo's working data. */
  repoId?: string;
  /** Baseline k when graphgate's pack is empty (otherwise k = graphgate's pack size). Default 10. */
  fallbackK?: number;
  /** Default: the repository's layered configuration (limits.packMaxFiles …). */
  config?: Config;
  log: Logger;
  onStage?: (text: string) => void;
  onIngestProgress?: ProgressListener;
}

export interface EvalReport {
  generatedAt: string;
  repo: { root: string; repoId: string; snapshotId: string; files: number; ingestMs: number };
  tasksFile: string;
  packBuilder: string;
  baseline: { library: string; scoring: string; indexMs: number; kRule: string };
  proofChains: { aggridOrigin: ChainCounts; federation: ChainCounts };
  /** Expected files of the task file that are not File facts of the repo (a typo, or a file ingestion skips). */
  unknownExpectedFiles: Array<{ task: string; file: string }>;
  tasks: TaskRow[];
  overall: { graphgate: OverallMetrics; baseline: OverallMetrics };
}

/**
 * Runs the golden tasks of a task file on a repository: ingests it, then for every task builds
 * graphgate's pack (through the one adapter) and the BM25 baseline's top-k at the same size, and
 * scores both with the same file-level metrics. Returns the full report (the CLI prints and saves it).
 */
export async function runEval(options: EvalOptions): Promise<EvalReport> {
  const { graph, log } = options;
  const stage = options.onStage ?? (() => {});
  const root = realpathSync(options.repoRoot);
  const taskFile = readTaskFile(options.tasksFile);
  const repoId = options.repoId ?? `eval-${createHash('sha256').update(root).digest('hex').slice(0, 12)}`;

  stage(`ingesting ${root} as ${repoId}`);
  const ingestStarted = performance.now();
  const summary = await ingestRepository({ graph, root, log, settings: { repoId }, onProgress: options.onIngestProgress });
  const ingestMs = Math.round(performance.now() - ingestStarted);
  const config = options.config ?? loadConfig({ repoRoot: root }).config;

  const paths = (await graph.read(listRepoFiles, { repoId })).map((f) => f.path);
  stage(`indexing ${paths.length} files for the BM25 baseline`);
  const baseline = await Bm25Baseline.build(root, paths);
  stage('computing proof chains');
  const aggrid = await agGridOriginChains({ graph, repoId });
  const federation = await federationChains({ graph, repoId });
  const chains = [...aggrid, ...federation];

  const known = new Set(paths);
  const unknownExpectedFiles = taskFile.tasks.flatMap((t) =>
    [...new Set([...t.expected.files, ...t.expected.entrypoints.map((a) => a.file), ...t.expected.definitions.map((a) => a.file)])]
      .filter((f) => !known.has(f)).map((file) => ({ task: t.id, file })));

  const rows: TaskRow[] = [];
  let packBuilder = 'none';
  for (const [i, task] of taskFile.tasks.entries()) {
    stage(`task ${i + 1}/${taskFile.tasks.length}: ${task.id}`);
    const lexemes = task.lexemes ?? [];
    const started = performance.now();
    const pack = await buildEvalPack({ graph, repoId, repoRoot: root, config, prompt: task.prompt, lexemes });
    const packMs = performance.now() - started;
    packBuilder = pack.builder;
    const k = pack.files.length > 0 ? pack.files.length : (options.fallbackK ?? 10);
    const bm25 = baseline.search([task.prompt, ...lexemes].join(' '), k);
    rows.push({
      id: task.id,
      class: task.class,
      graphgate: scoreTask(task, { files: pack.files, claimedSufficient: pack.outcome === 'ok', latencyMs: packMs }, chains),
      baseline: scoreTask(task, { files: bm25.files, claimedSufficient: null, latencyMs: bm25.ms }, chains),
    });
  }

  return {
    generatedAt: new Date().toISOString(),
    repo: { root, repoId, snapshotId: summary.snapshotId, files: paths.length, ingestMs },
    tasksFile: realpathSync(options.tasksFile),
    packBuilder,
    baseline: {
      library: `minisearch@${minisearchVersion()}`,
      scoring: 'BM25 over path + content, default tokenizer, OR query of prompt + lexemes, no boosts/fuzzy/prefix',
      indexMs: baseline.buildMs,
      kRule: `k = graphgate's pack size for the task (${options.fallbackK ?? 10} when that pack is empty)`,
    },
    proofChains: { aggridOrigin: countChains(aggrid), federation: countChains(federation) },
    unknownExpectedFiles,
    tasks: rows,
    overall: { graphgate: aggregate(rows.map((r) => r.graphgate)), baseline: aggregate(rows.map((r) => r.baseline)) },
  };
}
