import type { PathSet } from '../extractors/support/project-files.js';
import { fileKind, isTypeScriptKind } from './file-kind.js';
import type { SnapshotEntry } from './snapshot.js';

/** The snapshot's files by path: a Map on a whole-tree run, an EntriesDelta on a watcher's. */
export interface SnapshotEntries extends Iterable<[string, SnapshotEntry]> {
  readonly size: number;
  get(path: string): SnapshotEntry | undefined;
  has(path: string): boolean;
  keys(): Iterable<string>;
  values(): Iterable<SnapshotEntry>;
}

/**
 * The snapshot after a watcher's run as the last snapshot's files plus what this run read or found
 * gone. Copying 10,000 entries, and walking them for the tree id and the TypeScript paths, cost a
 * one-file run ~15 ms of CPU on ever-gauzy; a delta costs what changed. The base must not change
 * while the delta is in use.
 */
export class EntriesDelta implements SnapshotEntries {
  readonly upserts = new Map<string, SnapshotEntry>();
  readonly removed = new Set<string>();
  private added = 0;

  constructor(readonly base: ReadonlyMap<string, SnapshotEntry>) {}

  get size(): number {
    return this.base.size + this.added - this.removed.size;
  }

  get(path: string): SnapshotEntry | undefined {
    return this.removed.has(path) ? undefined : (this.upserts.get(path) ?? this.base.get(path));
  }

  has(path: string): boolean {
    return !this.removed.has(path) && (this.upserts.has(path) || this.base.has(path));
  }

  set(path: string, entry: SnapshotEntry): void {
    if (!this.base.has(path) && !this.upserts.has(path)) this.added++;
    this.removed.delete(path);
    this.upserts.set(path, entry);
  }

  delete(path: string): void {
    if (this.upserts.delete(path) && !this.base.has(path)) this.added--;
    if (this.base.has(path)) this.removed.add(path);
  }

  *entries(): Generator<[string, SnapshotEntry]> {
    for (const [path, entry] of this.base) if (!this.removed.has(path)) yield [path, this.upserts.get(path) ?? entry];
    for (const [path, entry] of this.upserts) if (!this.base.has(path)) yield [path, entry];
  }

  [Symbol.iterator](): Iterator<[string, SnapshotEntry]> {
    return this.entries();
  }

  *keys(): Generator<string> {
    for (const [path] of this.entries()) yield path;
  }

  *values(): Generator<SnapshotEntry> {
    for (const [, entry] of this.entries()) yield entry;
  }
}

const isTypeScriptPath = (path: string): boolean => isTypeScriptKind(fileKind(path));

/** TypeScript paths of a base map, kept while the map lives; advanceTsPaths keeps them in step with its changes. */
const tsPathsOfBase = new WeakMap<ReadonlyMap<string, unknown>, Set<string>>();

function baseTsPaths(base: ReadonlyMap<string, unknown>): Set<string> {
  let paths = tsPathsOfBase.get(base);
  if (!paths) tsPathsOfBase.set(base, (paths = new Set([...base.keys()].filter(isTypeScriptPath))));
  return paths;
}

/** Tells the kept TypeScript paths of `base` (if any) that it gained `upserted` paths and lost `removed` ones. */
export function advanceTsPaths(base: ReadonlyMap<string, unknown>, upserted: Iterable<string>, removed: Iterable<string>): void {
  const paths = tsPathsOfBase.get(base);
  if (!paths) return;
  for (const path of removed) paths.delete(path);
  for (const path of upserted) if (isTypeScriptPath(path)) paths.add(path);
}

/** The snapshot's TypeScript paths (what the project may load): over a delta, its base's kept set and the delta. */
export function typeScriptPaths(entries: SnapshotEntries): PathSet {
  if (!(entries instanceof EntriesDelta)) return new Set([...entries.keys()].filter(isTypeScriptPath));
  const base = baseTsPaths(entries.base);
  const gained = [...entries.upserts.keys()].filter((path) => isTypeScriptPath(path) && !base.has(path));
  const lost = [...entries.removed].filter((path) => base.has(path));
  return {
    size: base.size + gained.length - lost.length,
    has: (path) => (base.has(path) && !entries.removed.has(path)) || gained.includes(path),
    *[Symbol.iterator]() {
      for (const path of base) if (!entries.removed.has(path)) yield path;
      yield* gained;
    },
  };
}
