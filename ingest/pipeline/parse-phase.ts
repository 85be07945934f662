import { fileTextFields } from '../../src/text/file-text.js';
import { extractors as registeredExtractors } from '../extractors/index.js';
import { discoverFiles } from './discovery.js';
import { saveRunExtractions, type RunCache } from './cached-phase.js';
import { fileKind, isTypeScriptKind } from './file-kind.js';
import type { IngestOptions } from './ingest-repository.js';
import type { FileDeps, KnownFile } from './known-files.js';
import { addMountDependents, mountedByChanged } from './mount-dependents.js';
import { parseAndWrite } from './parse-and-write.js';
import { collectGarbage, heapLimitBytes } from './heap.js';
import { createTsProjectCache, isWarm, type TsProjectCache } from './project-cache.js';
import { automaticProjectBudget, ProjectBudget } from './project-budget.js';
import { readSourceFiles, type SourceInfo } from './read-files.js';
import type { PipelineSettings } from './settings.js';
import { typeScriptPaths, type SnapshotEntries } from './snapshot-entries.js';
import type { IngestSummary } from './summary.js';
import { extractFile, type ExtractionScope } from './run-extractors.js';
import { attachRepoFiles, syncTsProject } from './ts-project.js';

// The part of a run that needs the parsers. ingest-repository.ts imports this module only when a run
// has files to parse or delete, so this file is where ts-morph and the extractors enter the process.

export interface ParsePhaseInput {
  options: IngestOptions;
  root: string;
  settings: PipelineSettings;
  repoId: string;
  summary: IngestSummary;
  /** Every file on disk now, by path. */
  current: Map<string, SourceInfo>;
  /** The snapshot's files with their hashes (what the project must be able to resolve). */
  entries: SnapshotEntries;
  deleted: string[];
  toParse: SourceInfo[];
  mountCandidates: readonly string[];
  known: ReadonlyMap<string, KnownFile>;
  incremental: boolean;
  /** The tree's cached extractions (cached-phase.ts), when this run may use the cache. */
  cache?: RunCache | undefined;
}

const since = (t: number): number => Math.round(performance.now() - t);

/** Prepares the project, adds mount dependents, extracts and writes; returns each parsed file's dependencies. */
export async function parsePhase(input: ParsePhaseInput): Promise<Map<string, FileDeps>> {
  const { options, root, settings, repoId, summary, current, entries, deleted, toParse, known, incremental, cache } = input;
  const tp = performance.now();
  const misses = cache ? toParse.filter((i) => cache.entry.shas.get(i.path) !== i.sha256) : toParse;
  const membershipChanged = summary.files.added > 0 || deleted.length > 0;
  // The project is reached through `projectCache.project` only, so that a one-shot run can let go of it below.
  const { projectCache, mode, budget } = await prepareProject(options, root, settings, current, entries, deleted, misses, membershipChanged);
  // Files mounted below a changed file, or newly mounted by a changed loader: re-extracted when their mounts moved.
  if (incremental) await addMountDependents(projectCache.project!, root, repoId, settings, [...input.mountCandidates, ...mountedByChanged(projectCache.project!, root, repoId, toParse)], known, toParse, current, summary);
  summary.timings.parseMs += since(tp);
  let scope: ExtractionScope | undefined = {
    repoId, snapshotId: summary.snapshotId, root, settings, project: projectCache.project!, extractors: options.extractors ?? registeredExtractors, sources: current, timings: summary.timings.extractors,
  };
  const written = await parseAndWrite({
    graph: options.graph, settings, repoId, summary, onProgress: options.onProgress, toParse, deleted, known, incremental,
    extract: (info) => ({ ...extractFile(scope!, info), text: fileTextFields(info.path, info.text) }), ...(budget ? { afterBatch: () => budget.trim(projectCache.project!) } : {}), ...(cache ? { cache } : {}),
    // A one-shot run (no caller keeps its project) needs no syntax tree after the last extraction. On a large first
    // ingest the trees are half the heap, and the last writes and the link step would otherwise peak on top of them.
    ...(options.projectCache ? {} : { afterExtraction: () => { scope = undefined; projectCache.project = undefined; collectGarbage(); } }),
  });
  summary.project = { mode, files: projectCache.shas.size, ...(budget ? { maxFiles: budget.maxFiles, dropped: budget.dropped } : {}) };
  if (cache) saveRunExtractions(cache, summary, toParse.length);
  return written;
}

/**
 * The TypeScript files of a work's workspace, for its overlay's on-demand project: discovered when the
 * project is cold, then kept with the cache and moved by each run's own changes (a workspace changes only
 * through its work's edits, each re-ingested here).
 */
async function workspaceTypeScript(cache: TsProjectCache, root: string, settings: PipelineSettings, toParse: readonly SourceInfo[], deleted: readonly string[]): Promise<Set<string>> {
  if (!isWarm(cache, root) || cache.workspaceFiles?.root !== root) {
    cache.workspaceFiles = { root, paths: new Set((await discoverFiles(root, settings)).filter((p) => isTypeScriptKind(fileKind(p)))) };
  }
  const { paths } = cache.workspaceFiles;
  for (const info of toParse) if (isTypeScriptKind(info.kind)) paths.add(info.path);
  for (const path of deleted) paths.delete(path);
  return paths;
}

/** `automaticProjectBudget` for the snapshot's TypeScript files, their size estimated from those this run read. */
function automaticBudget(tsFiles: number, read: ReadonlyMap<string, SourceInfo>, heapLimit: number): number {
  let chars = 0;
  let files = 0;
  for (const info of read.values()) {
    if (!isTypeScriptKind(info.kind) || info.skipReason !== undefined) continue;
    chars += info.text.length;
    files++;
  }
  return files === 0 ? 0 : automaticProjectBudget(tsFiles, (chars / files) * tsFiles, heapLimit);
}

/**
 * The run's ts-morph project. A warm cache only takes the changes. A cold one is filled with every
 * TypeScript file of the snapshot when the run parses most of them anyway (a first ingest) and its trees
 * fit the heap; otherwise (a CLI run after a checkout, a watcher's first run, a work's overlay) it gets
 * the files to parse and loads the others when an extractor first needs one (ingest/README.md,
 * "On-demand project").
 */
async function prepareProject(
  options: IngestOptions, root: string, settings: PipelineSettings, current: Map<string, SourceInfo>, present: SnapshotEntries, deleted: string[], toParse: SourceInfo[],
  membershipChanged: boolean,
): Promise<{ projectCache: TsProjectCache; mode: 'all' | 'on-demand' | 'streamed'; budget?: ProjectBudget }> {
  const cache = options.projectCache ?? createTsProjectCache();
  // A work's overlay knows only the files the work changed: the workspace's other files come from a discovery.
  const tsPresent = options.projectFromDiscovery ? await workspaceTypeScript(cache, root, settings, toParse, deleted) : typeScriptPaths(present);
  const onDemand = options.projectFromDiscovery || toParse.length < tsPresent.size / 2;
  // A cold full run over more files than its budget: files parsed when first needed, bounded (project-budget.ts).
  const cold = !onDemand && !isWarm(cache, root);
  const maxFiles = !cold ? 0 : settings.projectMaxFiles === 'auto' ? automaticBudget(tsPresent.size, current, options.heapLimitBytes ?? heapLimitBytes()) : settings.projectMaxFiles;
  const streamed = maxFiles > 0 && tsPresent.size > maxFiles;
  if (!isWarm(cache, root) && !onDemand && !streamed) {
    const tsPaths = [...present.keys()].filter((p) => isTypeScriptKind(fileKind(p)) && !current.has(p));
    if (tsPaths.length) syncTsProject(cache, root, options.log, await readSourceFiles(root, tsPaths, settings.maxFileBytes), []);
  }
  const removals = options.changedPaths ? deleted : [...cache.shas.keys()].filter((p) => !present.has(p));
  // On demand, only the files to parse are synced, plus any the warm project already holds (kept current).
  const parsing = new Set(toParse.map((i) => i.path));
  const upserts = streamed ? [] : onDemand ? [...current.values()].filter((i) => cache.shas.has(i.path) || parsing.has(i.path)) : current.values();
  const project = syncTsProject(cache, root, options.log, upserts, removals, membershipChanged);
  const budget = streamed ? new ProjectBudget(cache, root, maxFiles) : undefined;
  attachRepoFiles(cache, root, project, tsPresent, current, present, budget?.used);
  // `projectCache.shas`: the repo files the project holds (ts-morph's getSourceFiles() walks every folder: ~1 ms per watcher run on 8,000 files).
  return { projectCache: cache, mode: streamed ? 'streamed' : onDemand ? 'on-demand' : 'all', ...(budget ? { budget } : {}) };
}
