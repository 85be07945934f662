import type { IngestProgress, IngestSummary, PipelineSettings, TsProjectCache } from '../../ingest/index.js';
import type { Graph, WarmPlansReport } from '../graph/index.js';
import { summaryLines } from '../../ingest/pipeline/summary.js';
import type { Logger } from '../runtime/logger.js';

export interface IngestRun {
  root: string;
  settings: Partial<PipelineSettings>;
  warmPlans: boolean;
  onProgress?: (progress: IngestProgress) => void;
  projectCache?: TsProjectCache;
}

/** What `graphgate ingest` prints: the run summary, the plan warm-up when one ran, and who ran it. */
export type IngestResult = IngestSummary & { planWarmUp?: WarmPlansReport; daemon?: { pid: number } };

/** One ingest as the CLI runs it, in its own process or in the daemon: the run, then the opt-in plan warm-up. */
export async function runIngest(graph: Graph, log: Logger, run: IngestRun): Promise<IngestResult> {
  const [{ ingestRepository }, { ingestMovesPlans, warmPlans }] = await Promise.all([import('../../ingest/index.js'), import('../graph/index.js')]);
  const summary = await ingestRepository({ graph, root: run.root, log, settings: run.settings, onProgress: run.onProgress, projectCache: run.projectCache });
  // Agents started together would otherwise each plan the same statements again, side by side.
  const warm = run.warmPlans && ingestMovesPlans(summary) ? await warmPlans(graph, { log }) : undefined;
  return { ...summary, ...(warm ? { planWarmUp: warm } : {}) };
}

/** The readable lines of a result (without --json). */
export function ingestResultLines(result: IngestResult): string[] {
  const warm = result.planWarmUp;
  return [
    ...summaryLines(result),
    ...(warm && warm.shapes > 0 ? [`planned ${warm.warmed} statement shape(s) for agents in ${(warm.ms / 1000).toFixed(1)} s`] : []),
    ...(result.daemon ? [`(ingested by the daemon, pid ${result.daemon.pid})`] : []),
  ];
}
