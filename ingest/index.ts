/** Public API of ingestion: the pipeline entry points and the summary shape. */
export { ingestRepository, type IngestOptions } from './pipeline/ingest-repository.js';
export { watchRepository, type RepoWatcher, type WatchOptions } from './pipeline/watch.js';
export { summaryLines, type IngestSummary } from './pipeline/summary.js';
export { terminalProgress, type IngestProgress, type ProgressListener } from './pipeline/progress.js';
export { DEFAULT_SETTINGS, resolveSettings, type PipelineSettings } from './pipeline/settings.js';
export { createTsProjectCache, type TsProjectCache } from './pipeline/project-cache.js';
export { boundHeapGrowth } from './pipeline/heap.js';
export type { WarmStats } from './pipeline/warm-project.js';

/** The watcher's idle warm-up (pipeline/warm-project.ts), imported on first use: it loads the parsers. */
export const warmProject: typeof import('./pipeline/warm-project.js').warmProject = async (...args) => (await import('./pipeline/warm-project.js')).warmProject(...args);
export { deleteRepository } from './write/delete-repository.js';

/**
 * Loads the parsers (ts-morph, @angular/compiler, the extractors) ahead of the first parse. A long-lived
 * process (the MCP server) calls it at start, so the first edit's re-ingest does not pay 0.5–1.3 s of
 * module loading inside its turn; a one-shot CLI run never calls it.
 */
export async function preloadParsers(): Promise<void> {
  await import('./pipeline/parse-phase.js');
}
