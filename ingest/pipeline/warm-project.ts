import type { Logger } from '../../src/runtime/logger.js';
import { lazyTargetsOf, reachOf } from '../extractors/routes/index.js';
import type { TsProjectCache } from './project-cache.js';
import { projectForWarmUp } from './ts-project.js';

export interface WarmStats {
  /** Lazy-route targets whose reach was computed. */
  targets: number;
  /** Files the project holds afterwards. */
  held: number;
  ms: number;
}

/** Runs one bounded piece of the warm-up and gives its result (the watcher queues it behind its ingest runs; undefined once it closed). */
export type WarmStep = <T>(work: () => T) => Promise<T | undefined>;

/**
 * Warms a watcher's project while it is idle: builds the lazy-route index and every lazy target's
 * reach, which the first routing-module edit after the start would otherwise build (ever-gauzy: that
 * edit took 4.5–4.6 s, 0.4 s after the warm-up; bench/ingest/README.md). The index first, then one
 * target per step, each queued behind the watcher's runs through `step`; `stopped` ends it early.
 * It loads only what that edit would load, so it changes no fact. Loading every file ahead of its first
 * edit was measured too and not kept: no gain on kendraio, slower edits on ever-gauzy (8,226 files, 0.9 GB).
 */
export async function warmProject(cache: TsProjectCache, root: string, log: Logger, options: { step: WarmStep; stopped: () => boolean }): Promise<WarmStats | undefined> {
  const started = performance.now();
  const repoId = cache.identity?.value.repoId;
  if (!repoId) return undefined;
  const project = await options.step(() => projectForWarmUp(cache, root, log));
  if (!project) return undefined;
  const env = { repoId, root, project };
  const targets = (await options.step(() => lazyTargetsOf(env))) ?? [];
  for (const target of targets) {
    // A run in between may have replaced the project (another root): its index is its own then.
    if (options.stopped() || cache.project !== project) return undefined;
    await options.step(() => reachOf(env, target));
  }
  return { targets: targets.length, held: project.getSourceFiles().length, ms: Math.round(performance.now() - started) };
}
