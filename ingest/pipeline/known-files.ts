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

/**
 * Files whose extraction read one of `paths` (a component and its templateUrl), computed from the
 * File rows in memory instead of a scan of every File node of the repo.
 */
export function dependentsOf(known: ReadonlyMap<string, KnownFile>, paths: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const file of known.values()) if (!paths.has(file.path) && file.reads.some((p) => paths.has(p))) out.push(file.path);
  return out.sort();
}

/**
 * Files whose route mounts were computed from one of `paths` (and that `dependentsOf` does not already
 * return): re-extracted only when their mount signature moves (pipeline/mount-dependents.ts).
 */
export function mountDependentsOf(known: ReadonlyMap<string, KnownFile>, paths: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const file of known.values()) {
    if (paths.has(file.path) || file.reads.some((p) => paths.has(p))) continue;
    if (file.mountReads.some((p) => paths.has(p))) out.push(file.path);
  }
  return out.sort();
}
