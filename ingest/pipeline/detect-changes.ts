import { relative, resolve, sep } from 'node:path';
import { createPathFilter, discoverFiles, isSafeRelativePath } from './discovery.js';
import { dependentsOf, mountDependentsOf, type KnownFile } from './known-files.js';
import { mapSliced, readOne, statMatches, type SourceInfo } from './read-files.js';
import type { PipelineSettings } from './settings.js';
import type { SnapshotEntry } from './snapshot.js';
import { EntriesDelta, type SnapshotEntries } from './snapshot-entries.js';
import type { IngestSummary } from './summary.js';

export interface Changes {
  /** Every file of the snapshot after this run (what the snapshot id is computed over); a delta over `known` for a watcher's paths. */
  entries: SnapshotEntries;
  /**
   * Files read from disk in this run (all of them but those the warm cache proves unchanged, or the
   * watcher's paths), plus dependents.
   */
  current: Map<string, SourceInfo>;
  deleted: string[];
  /** Added, changed and dependent files, in that order: what gets parsed. */
  toParse: SourceInfo[];
  /** Files whose route mounts came from a changed or deleted file: parsed only when their mounts moved (mount-dependents.ts). */
  mountCandidates: string[];
}

/** Repo-relative POSIX form of a watcher/CLI path, or undefined when it is not inside the root. */
function toRepoPath(root: string, path: string): string | undefined {
  const rel = relative(root, resolve(root, path)).split(sep).join('/');
  return isSafeRelativePath(rel) ? rel : undefined;
}

const since = (t: number): number => Math.round(performance.now() - t);

/**
 * What is on disk now compared with the graph's File rows: all files (discovery + read + hash) or
 * only the paths a watcher reported; then the files whose facts depend on a changed or deleted
 * file (a component reading its templateUrl), which are re-parsed too. Fills the file counters
 * and the read/discover timings of the summary.
 */
export async function detectChanges(
  root: string, settings: PipelineSettings, known: ReadonlyMap<string, KnownFile>, changedPaths: string[] | undefined, summary: IngestSummary,
  onDiscovered?: (total: number) => void,
): Promise<Changes> {
  const entries: Map<string, SnapshotEntry> | EntriesDelta = changedPaths ? new EntriesDelta(known) : new Map();
  const current = new Map<string, SourceInfo>();
  let deleted: string[];
  let t = performance.now();
  if (changedPaths) {
    const keep = createPathFilter(settings);
    const paths = [...new Set(changedPaths.map((p) => toRepoPath(root, p)).filter((p): p is string => p !== undefined && keep(p)))];
    deleted = [];
    for (const path of paths) {
      const info = readOne(root, path, settings.maxFileBytes);
      if (info) current.set(path, info), entries.set(path, info);
      else if (known.has(path)) deleted.push(path), entries.delete(path);
    }
  } else {
    const paths = await discoverFiles(root, settings);
    summary.timings.discoverMs = since(t);
    onDiscovered?.(paths.length);
    t = performance.now();
    // Files this process hashed before and whose stat did not move are not read again (a warm
    // watcher's full rescan of 10,000 files: ~1 s of reading and hashing).
    const read = await mapSliced(paths, (path) => {
      const before = known.get(path);
      if (before?.stat && statMatches(root, path, before.stat)) return before;
      return readOne(root, path, settings.maxFileBytes);
    });
    for (const item of read) {
      if (!item) continue;
      entries.set(item.path, item);
      if ('text' in item) current.set(item.path, item);
      else summary.files.statUnchanged++;
    }
    deleted = [...known.keys()].filter((p) => !entries.has(p));
  }
  summary.timings.readMs = since(t);
  summary.files.seen = changedPaths ? entries.size : current.size + summary.files.statUnchanged;
  const changed = [...current.values()].filter((i) => known.get(i.path)?.sha256 !== i.sha256);
  summary.files.added = changed.filter((i) => !known.has(i.path)).length;
  summary.files.changed = changed.length - summary.files.added;
  summary.files.deleted = deleted.length;
  summary.files.unchanged = current.size + summary.files.statUnchanged - changed.length;

  const toParse = [...changed];
  let mountCandidates: string[] = [];
  if (known.size > 0 && (changed.length || deleted.length)) {
    const touched = new Set([...changed.map((c) => c.path), ...deleted]);
    const dependents = dependentsOf(known, touched);
    mountCandidates = mountDependentsOf(known, touched);
    for (const path of dependents) {
      const info = current.get(path) ?? readOne(root, path, settings.maxFileBytes);
      // Its File row gets the text read here, so the snapshot does too.
      if (info) toParse.push(info), current.set(path, info), entries.set(path, info);
    }
    summary.files.dependents = dependents.length;
  }
  summary.files.parsed = toParse.length;
  summary.files.skipped = toParse.filter((i) => i.skipReason).length;
  return { entries, current, deleted, toParse, mountCandidates };
}
