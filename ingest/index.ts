/** Public API of ingestion: the pipeline entry points and the summary shape. */
export { ingestRepository, type IngestOptions } from './pipeline/ingest-repository.js';
export { watchRepository, type RepoWatcher, type WatchOptions } from './pipeline/watch.js';
export { summaryLines, type IngestSummary } from './pipeline/summary.js';
export { terminalProgress, type IngestProgress, type ProgressListener } from './pipeline/progress.js';
export { DEFAULT_SETTINGS, resolveSettings, type PipelineSettings } from './pipeline/settings.js';
export { extractors } from './extractors/index.js';
export { createTsProjectCache, type TsProjectCache } from './pipeline/ts-project.js';
export { warmProject, type WarmStats } from './pipeline/warm-project.js';
export { deleteRepository } from './write/delete-repository.js';
