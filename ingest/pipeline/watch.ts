import { watch, type FSWatcher } from 'node:fs';
import type { Graph } from '../../src/graph/index.js';
import type { Logger } from '../../src/runtime/logger.js';
import { canonicalRoot, createPathFilter, isSafeRelativePath } from './discovery.js';
import { ingestRepository, type IngestOptions } from './ingest-repository.js';
import { resolveSettings, type PipelineSettings } from './settings.js';
import type { IngestSummary } from './summary.js';
import { createTsProjectCache, type TsProjectCache } from './ts-project.js';

export interface WatchOptions {
  graph: Graph;
  root: string;
  log: Logger;
  settings?: Partial<PipelineSettings>;
  /** Quiet period after the last change before re-ingesting (default 250 ms). */
  debounceMs?: number;
  onRun?: (summary: IngestSummary) => void;
  onError?: (error: unknown) => void;
  /** The extractor set (default: the registry). */
  extractors?: IngestOptions['extractors'];
  /** The project of the initial full run, so the first change is already incremental. */
  projectCache?: TsProjectCache;
}

export interface RepoWatcher {
  /** Resolves when the runs queued so far are done (tests use it). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const POLICY_INPUT = /^\.ai\/(graph\/seed\/.+\.jsonl|memory\/[^/]+\.jsonl?)$/;

/**
 * Keeps the graph current: fs.watch (recursive) on the root, changes debounced, then an
 * incremental ingest of exactly the changed paths. Runs never overlap; changes that arrive during
 * a run are collected for the next one.
 */
export function watchRepository(options: WatchOptions): RepoWatcher {
  const root = canonicalRoot(options.root);
  const keep = createPathFilter(resolveSettings(root, options.settings));
  const projectCache = options.projectCache ?? createTsProjectCache();
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let closed = false;

  const flush = (): void => {
    timer = undefined;
    if (pending.size === 0 || closed) return;
    const paths = [...pending];
    pending.clear();
    running = running.then(async () => {
      try {
        const summary = await ingestRepository({ graph: options.graph, root, log: options.log, settings: options.settings, changedPaths: paths, totals: false, projectCache, extractors: options.extractors });
        options.onRun?.(summary);
      } catch (error) {
        (options.onError ?? ((e) => options.log.error('watch ingest failed', { cause: String(e) })))(error);
      }
    });
  };
  const watcher: FSWatcher = watch(root, { recursive: true }, (_event, name) => {
    if (!name || closed) return;
    const path = name.toString().split('\\').join('/');
    if (!isSafeRelativePath(path) || !(keep(path) || POLICY_INPUT.test(path))) return;
    pending.add(path);
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, options.debounceMs ?? 250);
  });
  watcher.on('error', (error) => options.log.warn('watcher error', { cause: String(error) }));
  return {
    idle: async () => {
      while (timer || pending.size) await new Promise((r) => setTimeout(r, 50));
      await running;
    },
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      watcher.close();
      await running;
    },
  };
}
