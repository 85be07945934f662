import { relative, sep } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import type { Graph } from '../../src/graph/index.js';
import type { Logger } from '../../src/runtime/logger.js';
import { canonicalRoot, createPathFilter, isSafeRelativePath } from './discovery.js';
import { ingestRepository, type IngestOptions } from './ingest-repository.js';
import { resolveSettings, type PipelineSettings } from './settings.js';
import type { IngestSummary } from './summary.js';
import { createTsProjectCache, type TsProjectCache } from './project-cache.js';

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
  /** How long after it watches the idle warm-up starts (default 0; the MCP server leaves an agent's first turns the cores). */
  warmDelayMs?: number;
  /**
   * Resolves when the process is quiet enough for a warm-up step (the MCP server: no turn running);
   * awaited before the parsers load and before each step, outside the queue of re-ingests.
   */
  quiet?: () => Promise<void>;
}

export interface RepoWatcher {
  /** Resolves once every watched folder is being watched (changes before that may be missed). */
  ready(): Promise<void>;
  /** The repo-relative folders being watched ('' = the root), for diagnostics. */
  folders(): string[];
  /** Resolves when the runs queued so far are done (tests use it). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** A pause that does not keep the process alive (a closed watcher's warm-up must not hold the exit). */
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms).unref());

const POLICY_INPUT = /^\.ai\/(graph\/seed\/.+\.jsonl|memory\/[^/]+\.jsonl?)$/;
/** Folders on the way to the policy inputs: never pruned although `.ai/` is excluded from discovery. */
const POLICY_DIRS = ['.ai/graph/seed', '.ai/memory'];
const PROBES = ['probe.ts', 'probe.html', 'probe.json', 'probe.scss', 'sub/probe.ts', 'sub/probe.html'];

/**
 * A folder the watcher need not enter: no file below it could be ingested (node_modules, dist, .git,
 * .worktrees…). Probed with a few file names, so a pattern that excludes only some files of a folder
 * never hides the others.
 */
export function prunableFolder(keep: (path: string) => boolean, folder: string): boolean {
  if (POLICY_DIRS.some((d) => d === folder || d.startsWith(`${folder}/`) || folder.startsWith(`${d}/`))) return false;
  return !PROBES.some((probe) => keep(`${folder}/${probe}`));
}

export function watchRepository(options: WatchOptions): RepoWatcher {
  const root = canonicalRoot(options.root);
  const settings = resolveSettings(root, options.settings);
  const keep = createPathFilter(settings);
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
  // chokidar, not fs.watch({recursive}): on Linux Node's recursive watch walks and watches every
  // folder, node_modules included (~100 MB and a blocked event loop per process on a real checkout).
  const watcher: FSWatcher = watch(root, {
    ignoreInitial: true,
    followSymlinks: false,
    ignored: (abs, stats) => {
      const rel = relative(root, abs).split(sep).join('/');
      return rel !== '' && stats?.isDirectory() === true && prunableFolder(keep, rel);
    },
  });
  // chokidar reports existing symlinks as `add` during its first scan despite ignoreInitial: events
  // before `ready` are dropped (the ingest that precedes a watcher already read the tree).
  let scanned = false;
  watcher.on('all', (_event, abs) => {
    if (closed || !scanned) return;
    const path = relative(root, abs).split(sep).join('/');
    if (!isSafeRelativePath(path) || !(keep(path) || POLICY_INPUT.test(path))) return;
    pending.add(path);
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, options.debounceMs ?? 250);
  });
  watcher.on('error', (error) => options.log.warn('watcher error', { cause: String(error) }));
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => {
    scanned = true;
    resolve();
  }));
  // Idle warm-up of the project (warm-project.ts): one bounded step at a time behind the queued runs,
  // then a pause as long as the step, so it takes at most half a core from whatever else runs.
  const step = async <T>(work: () => T | Promise<T>): Promise<T | undefined> => {
    await options.quiet?.();
    let took = 0;
    let result: T | undefined;
    running = running
      .then(() => new Promise<void>((r) => setImmediate(r)))
      .then(async () => {
        const t = performance.now();
        if (!closed) result = await work();
        took = performance.now() - t;
      })
      .catch((error: unknown) => options.log.warn('watch warm-up step failed', { cause: String(error) }));
    await running;
    await sleep(took);
    return result;
  };
  if (settings.watchWarmUp) {
    void ready
      .then(() => sleep(options.warmDelayMs ?? 0))
      .then(() => options.quiet?.())
      // Imported here, not at the top: a watcher that never warms never loads the parsers for it.
      .then(async () => (await import('./warm-project.js')).warmProject(projectCache, root, options.log, { step, stopped: () => closed, extraction: { settings, extractors: options.extractors }, graph: options.graph }))
      .then((stats) => stats && options.log.info('watch project warmed', { ...stats }))
      .catch((error: unknown) => options.log.warn('watch warm-up failed', { cause: String(error) }));
  }
  return {
    ready: () => ready,
    folders: () => Object.keys(watcher.getWatched()).map((abs) => relative(root, abs).split(sep).join('/')).filter((rel) => !rel.startsWith('..')).sort(),
    idle: async () => {
      while (timer || pending.size) await new Promise((r) => setTimeout(r, 50));
      await running;
    },
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      await watcher.close();
      await running;
    },
  };
}
