import type { Graph } from '../../src/graph/index.js';
import { readFileHashes } from '../write/ingest.queries.js';
import type { FileStat } from './read-files.js';
import type { SnapshotEntry } from './snapshot.js';
import type { TsProjectCache } from './project-cache.js';

/** What a file's extraction read besides its own text: a change there re-extracts it. */
export interface FileDeps {
  /** Other repo files the extractors read (a templateUrl): a change there re-extracts this file. */
  reads: string[];
  /** Files its route mounts come from: a change there re-extracts it only when `mountSig` changes. */
  mountReads: string[];
  /** The routes extractor's mount signature (extractors/routes/file-mounts.ts); null for a file without routes. */
  mountSig: string | null;
}

export const NO_DEPS: FileDeps = { reads: [], mountReads: [], mountSig: null };

/** What the graph's File node of a path says: the content hashes and what its facts depend on (FileDeps). */
export interface KnownFile extends SnapshotEntry, FileDeps {
  /** Never in the graph: the stat of the file when this process hashed it (warm cache), or an earlier one did (stat-cache.ts). */
  stat?: FileStat;
}

/** The File rows of a repo as of one snapshot (what `TsProjectCache.known` holds between runs). */
export interface KnownFiles {
  repoId: string;
  snapshotId: string;
  files: Map<string, KnownFile>;
}

/**
 * The repo's File rows: from the warm cache when it describes exactly the snapshot the graph is at
 * (`Repo.snapshotId`, read at the start of every run), else from the graph. Reading 10,000 rows
 * was the largest cost of a one-file watcher run (≈120–220 ms), and the snapshot id is a hash over
 * every path and content hash, so an equal id means equal rows. A run that fails leaves the cache
 * empty (see `takeKnown`), so a half-written run never leaves a cache that disagrees with the graph.
 */
export async function loadKnownFiles(graph: Graph, repoId: string, graphSnapshotId: string | null, warm?: KnownFiles): Promise<Map<string, KnownFile>> {
  if (isCurrent(warm, repoId, graphSnapshotId)) return warm.files;
  const rows = await graph.read(readFileHashes, { repoId });
  return new Map(rows.map((r) => [r.path, {
    path: r.path, sha256: r.sha256, blob: r.blob, executable: r.executable, reads: r.reads ?? [], mountReads: r.mountReads ?? [], mountSig: r.mountSig ?? null,
  }]));
}

/** True when the cached rows describe the snapshot the graph is at (null: unknown, or a run died writing). */
export function isCurrent(warm: KnownFiles | undefined, repoId: string, graphSnapshotId: string | null): warm is KnownFiles {
  return warm !== undefined && graphSnapshotId !== null && warm.repoId === repoId && warm.snapshotId === graphSnapshotId;
}

/** Removes the cached rows for the duration of a run; `rememberKnownFiles` puts the new ones back on success. */
export function takeKnown(cache: TsProjectCache | undefined): KnownFiles | undefined {
  const known = cache?.known;
  if (cache) cache.known = undefined;
  return known;
}

export function rememberKnownFiles(cache: TsProjectCache | undefined, known: KnownFiles): void {
  if (cache) cache.known = known;
}

/** Which rows read each path, the plain way and for route mounts (FileDeps), per map of File rows. */
interface Readers {
  reads: Map<string, Set<string>>;
  mountReads: Map<string, Set<string>>;
}

/**
 * Kept beside a warm cache's File rows, which later runs change in place (putKnownFile): a one-file run
 * of ever-gauzy scanned its 10,523 rows twice for the readers of the changed file (4.4 ms every edit).
 */
const readersByMap = new WeakMap<ReadonlyMap<string, KnownFile>, Readers>();

function indexRow(readers: Readers, file: FileDeps & { path: string }, add: boolean): void {
  const mark = (index: Map<string, Set<string>>, read: string): void => {
    const rows = index.get(read);
    if (add) {
      if (rows) rows.add(file.path);
      else index.set(read, new Set([file.path]));
    } else if (rows?.delete(file.path) && rows.size === 0) index.delete(read);
  };
  for (const read of file.reads) mark(readers.reads, read);
  for (const read of file.mountReads) mark(readers.mountReads, read);
}

function readersOf(known: ReadonlyMap<string, KnownFile>): Readers {
  let readers = readersByMap.get(known);
  if (readers) return readers;
  readers = { reads: new Map(), mountReads: new Map() };
  for (const file of known.values()) indexRow(readers, file, true);
  readersByMap.set(known, readers);
  return readers;
}

/** Sets a path's File row (undefined: deletes it). Every change to a map of rows goes through here, so its readers stay current. */
export function putKnownFile(known: Map<string, KnownFile>, path: string, row: KnownFile | undefined): void {
  const readers = readersByMap.get(known);
  const before = known.get(path);
  if (readers && before) indexRow(readers, before, false);
  if (!row) {
    known.delete(path);
    return;
  }
  known.set(path, row);
  if (readers) indexRow(readers, row, true);
}

function readersOfAny(index: Map<string, Set<string>>, paths: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const path of paths) for (const reader of index.get(path) ?? []) out.add(reader);
  return out;
}

/**
 * Files whose extraction read one of `paths` (a component and its templateUrl), computed from the
 * File rows in memory instead of a scan of every File node of the repo.
 */
export function dependentsOf(known: ReadonlyMap<string, KnownFile>, paths: ReadonlySet<string>): string[] {
  return [...readersOfAny(readersOf(known).reads, paths)].filter((path) => !paths.has(path)).sort();
}

/**
 * Files whose route mounts were computed from one of `paths` (and that `dependentsOf` does not already
 * return): re-extracted only when their mount signature moves (pipeline/mount-dependents.ts).
 */
export function mountDependentsOf(known: ReadonlyMap<string, KnownFile>, paths: ReadonlySet<string>): string[] {
  const readers = readersOf(known);
  const plain = readersOfAny(readers.reads, paths);
  return [...readersOfAny(readers.mountReads, paths)].filter((path) => !paths.has(path) && !plain.has(path)).sort();
}
