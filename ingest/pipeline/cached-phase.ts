import { openTreeEntry, treeKey, type TreeEntry } from './extraction-cache.js';
import { TreeEntryWriter } from './extraction-cache-writer.js';
import { isLoaderText } from '../extractors/routes/loader-text.js';
import { extractionKey } from './extraction-key.js';
import { extractorsFingerprint } from './extraction-fingerprint.js';
import { isTypeScriptKind } from './file-kind.js';
import type { FileDeps } from './known-files.js';
import { parseAndWrite } from './parse-and-write.js';
import type { ParsePhaseInput } from './parse-phase.js';
import { readOne } from './read-files.js';
import type { PipelineSettings } from './settings.js';
import type { IngestSummary } from './summary.js';
import type { IngestOptions } from './ingest-repository.js';

// The extraction cache inside a run (extraction-cache.ts keeps it on disk). No parser is imported here:
// a run whose files all come from the cache writes them without loading ts-morph or the extractors.

/** A run's view of its tree's entry: the files extracted before, and those this run extracts. */
export interface RunCache {
  /** The entry as this run found it (open until saveRunExtractions, or the run's end in ingest-repository.ts). */
  entry: TreeEntry;
  /** The entry this run writes: the files it extracts, as it extracts them. */
  writer: TreeEntryWriter;
}

/**
 * The tree's entry for a run over the whole tree with the registered extractors. Watcher and overlay
 * runs (a path list, a work's few files) make a new tree on every edit, so they neither read nor fill it.
 */
export function openRunCache(options: IngestOptions, settings: PipelineSettings, repoId: string, snapshotId: string): RunCache | undefined {
  if (options.changedPaths || options.factsOnly || options.extractors) return undefined;
  const key = treeKey(repoId, snapshotId, `${extractionKey(settings)}:${extractorsFingerprint()}`);
  if (!key) return undefined;
  const where = options.extractionCache ?? {};
  const entry = openTreeEntry(key, where);
  return { entry, writer: new TreeEntryWriter(key, where, entry) };
}

/**
 * The cache alone can serve the run: every file to parse is a hit, and on an incremental run the files
 * whose route mounts moved can be found without parsing. That holds when the entry has every file of
 * the tree (its mount signatures are compared with the stored ones), or when no file to parse has
 * loader syntax (nothing is newly mounted) and the entry has every file whose mounts were read from a
 * changed or deleted file (`mountCandidates`, the ones mount-dependents.ts would look at).
 */
export function cacheServesRun(cache: RunCache | undefined, input: Pick<ParsePhaseInput, 'toParse' | 'entries' | 'incremental' | 'mountCandidates'>): cache is RunCache {
  if (!cache || cache.entry.shas.size === 0) return false;
  const hit = (path: string, sha256: string | undefined): boolean => sha256 !== undefined && cache.entry.shas.get(path) === sha256;
  if (!input.toParse.every((i) => hit(i.path, i.sha256))) return false;
  if (!input.incremental) return true;
  if ([...input.entries].every(([path, entry]) => hit(path, entry.sha256))) return true;
  const loaders = input.toParse.some((i) => isTypeScriptKind(i.kind) && !i.skipReason && isLoaderText(i.text));
  return !loaders && input.mountCandidates.every((path) => hit(path, input.entries.get(path)?.sha256));
}

/**
 * Writes a run's files from the cache (cacheServesRun said it can); returns each file's dependencies,
 * or undefined, before writing anything, when a file's facts cannot be read back (the parse phase runs).
 */
export async function cachedPhase(input: ParsePhaseInput & { cache: RunCache }): Promise<Map<string, FileDeps> | undefined> {
  const { options, settings, repoId, summary, deleted, toParse, known, incremental, cache } = input;
  if (incremental) await addMountDependentsFromCache(input);
  // Every file read back once before anything is written (parsed again when written: not kept, for memory).
  if (!toParse.every((i) => cache.entry.get(i.path) !== undefined)) return undefined;
  const written = await parseAndWrite({ graph: options.graph, settings, repoId, summary, onProgress: options.onProgress, toParse, deleted, known, incremental, cache });
  summary.project = { mode: 'none', files: 0 };
  saveRunExtractions(cache, summary, toParse.length);
  return written;
}

/**
 * Files not queued whose mount signature in this tree (the cache's) differs from the one stored with
 * their facts: their routes moved, so they are re-written (counted as dependents), as
 * mount-dependents.ts does by parsing.
 */
async function addMountDependentsFromCache(input: ParsePhaseInput & { cache: RunCache }): Promise<void> {
  const { root, settings, summary, current, toParse, known, cache } = input;
  const queued = new Set(toParse.map((i) => i.path));
  const { entry } = cache;
  const complete = [...input.entries.keys()].every((path) => entry.shas.has(path));
  const candidates = complete ? [...input.entries.keys()] : input.mountCandidates;
  let added = 0;
  for (const path of [...new Set(candidates)].sort()) {
    const mountSig = entry.mountSig(path);
    if (mountSig === undefined || queued.has(path) || !input.entries.has(path)) continue;
    if (mountSig === (known.get(path)?.mountSig ?? null)) continue;
    const info = current.get(path) ?? readOne(root, path, settings.maxFileBytes);
    if (!info || info.sha256 !== entry.shas.get(path)) continue;
    toParse.push(info);
    current.set(path, info);
    added++;
  }
  summary.files.dependents += added;
  summary.files.parsed = toParse.length;
}

/** Completes the tree's entry with what the run extracted, closes it, and reports the cache's share of the run. */
export function saveRunExtractions(cache: RunCache, summary: IngestSummary, parsed: number): void {
  const started = performance.now();
  const bytes = cache.writer.finish();
  cache.entry.close();
  summary.extractionCache = { hits: parsed - cache.writer.extracted, stored: bytes > 0 ? cache.writer.extracted : 0, saveMs: Math.round(performance.now() - started) };
}

/** At the end of a run, whatever happened: nothing half-written stays, the entry file is closed. */
export function closeRunCache(cache: RunCache | undefined): void {
  cache?.writer.abort();
  cache?.entry.close();
}
