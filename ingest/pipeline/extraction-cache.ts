import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../../src/errors/index.js';
import { graphgateHome } from '../../src/graph/local-neo4j/layout.js';
import type { FileTextFields } from '../../src/text/file-text.js';
import type { FileFacts } from '../model/facts.js';
import { evictLeastRecent, listCacheFiles, removeQuietly } from './cache-files.js';
import type { FileDeps } from './known-files.js';

/**
 * Extracted facts kept on disk by snapshot: (repo id, snapshot id, extraction key). The snapshot id is a
 * hash of every ingested file's path and content, and extraction is a function of that tree, the
 * settings and the extractor version (the extraction key), so an entry is exactly what extracting the
 * file again would give. Hits come when a tree is ingested again: a branch switch back, a re-ingest
 * after the repository's facts were deleted, the history eval revisiting a commit. Keyed by the whole
 * tree rather than by each file's content on purpose: names resolve across files (an import's
 * declaration, a barrel, a route's loaders), and those reads are not all recorded per file
 * (ingest/README.md, "Extraction cache"). Machine-local, under GRAPHGATE_HOME, bounded in bytes.
 */
export const ENTRY_FORMAT = 4;

const DEFAULT_MAX_MB = 256;
/** The index's byte offset, 20 decimal digits and a newline, ends the file. */
export const TRAILER_BYTES = 21;

export interface CachedExtraction {
  sha256: string;
  facts: FileFacts;
  deps: FileDeps;
  /** The File node's searchable text (src/text/file-text.ts): computing it needs the TypeScript scanner. */
  text: FileTextFields;
}

/** What the write step needs of one extracted file: its facts, what they depend on, its searchable text. */
export type ExtractedFile = Omit<CachedExtraction, 'sha256'>;

/**
 * An entry file: each file's JSON one after the other (written as the run extracts them, so a run holds
 * no facts for the cache), then this index as JSON, then its byte offset as TRAILER_BYTES of text.
 */
export interface TreeIndex {
  format: number;
  key: string;
  /** By path: content hash, byte offset and length of its JSON, its mount signature (mount dependents need no body). */
  files: Record<string, [sha256: string, offset: number, length: number, mountSig: string | null]>;
}

export interface ExtractionCacheOptions {
  /** The folder (default `$GRAPHGATE_HOME/extraction-cache`). */
  dir?: string;
  /** Bound on the folder's size; 0 turns the cache off (default `GRAPHGATE_EXTRACTION_CACHE_MB`, else 256). */
  maxBytes?: number;
}

export function extractionCacheLimit(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.GRAPHGATE_EXTRACTION_CACHE_MB;
  const mb = raw === undefined || raw.trim() === '' ? DEFAULT_MAX_MB : Number(raw);
  if (!Number.isFinite(mb) || mb < 0) {
    throw new AppError('INVALID_CONFIG', { message: `GRAPHGATE_EXTRACTION_CACHE_MB must be a number of megabytes ≥ 0 (0 turns the cache off), got "${raw}"` });
  }
  return Math.floor(mb * 1024 * 1024);
}

/** The entry of one tree, or undefined when the snapshot is not content-addressed (nothing to key it by). */
export function treeKey(repoId: string, snapshotId: string, extractionKey: string): string | undefined {
  if (!/^(?:git|content):[0-9a-f]{16,}$/.test(snapshotId)) return undefined;
  return createHash('sha256').update(`${ENTRY_FORMAT}\0${repoId}\0${snapshotId}\0${extractionKey}`).digest('hex').slice(0, 40);
}

export function dirOf(options: ExtractionCacheOptions): string {
  return options.dir ?? join(graphgateHome(), 'extraction-cache');
}

export function limitOf(options: ExtractionCacheOptions): number {
  return options.maxBytes ?? extractionCacheLimit();
}

/**
 * One tree's entry as found on disk: which files it holds, with their content hashes and mount
 * signatures, and each file's facts read only when asked (a checkout back to a tree reads the twenty
 * files it needs, not the tree's thousands). The file stays open until `close`, so an entry another
 * process renames over it meanwhile cannot mix into this one.
 */
export class TreeEntry {
  private constructor(
    private fd: number | undefined,
    private readonly index: TreeIndex['files'],
    readonly shas: ReadonlyMap<string, string>,
  ) {}

  static empty(): TreeEntry {
    return new TreeEntry(undefined, {}, new Map());
  }

  static open(path: string, key: string): TreeEntry {
    let fd: number | undefined;
    try {
      fd = openSync(path, 'r');
      const index = JSON.parse(readIndexText(fd)) as TreeIndex;
      if (index?.format !== ENTRY_FORMAT || index.key !== key || typeof index.files !== 'object' || index.files === null) throw new Error('not this entry');
      const shas = new Map<string, string>();
      for (const [file, row] of Object.entries(index.files)) if (isIndexRow(row)) shas.set(file, row[0]);
      return new TreeEntry(fd, index.files, shas);
    } catch {
      if (fd !== undefined) closeSync(fd);
      return TreeEntry.empty();
    }
  }

  mountSig(path: string): string | null | undefined {
    return this.shas.has(path) ? (this.index[path]?.[3] ?? null) : undefined;
  }

  /** The file's JSON as stored (copied as is when the entry is written again). */
  raw(path: string): Buffer | undefined {
    const row = this.shas.has(path) ? this.index[path] : undefined;
    if (!row || this.fd === undefined) return undefined;
    const buffer = Buffer.alloc(row[2]);
    try {
      return readSync(this.fd, buffer, 0, row[2], row[1]) === row[2] ? buffer : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * The file's cached extraction, or undefined when absent or unreadable. Parsed on every call and not
   * kept: a run over a whole tree from the cache must not hold every file's facts at once.
   */
  get(path: string): CachedExtraction | undefined {
    const raw = this.raw(path);
    if (!raw) return undefined;
    try {
      const entry = JSON.parse(raw.toString('utf8')) as CachedExtraction;
      return isEntry(path, entry) && entry.sha256 === this.shas.get(path) ? entry : undefined;
    } catch {
      return undefined;
    }
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

function isIndexRow(row: unknown): row is TreeIndex['files'][string] {
  return Array.isArray(row) && row.length === 4 && typeof row[0] === 'string' && Number.isInteger(row[1]) && Number.isInteger(row[2]) && (row[3] === null || typeof row[3] === 'string');
}

/** The index's JSON: between the offset the trailer names and the trailer. */
function readIndexText(fd: number): string {
  const size = fstatSync(fd).size;
  if (size < TRAILER_BYTES) throw new Error('too short');
  const trailer = Buffer.alloc(TRAILER_BYTES);
  readSync(fd, trailer, 0, TRAILER_BYTES, size - TRAILER_BYTES);
  const text = trailer.toString('latin1');
  if (!/^\d{20}\n$/.test(text)) throw new Error('no trailer');
  const at = Number(text.slice(0, 20));
  const length = size - TRAILER_BYTES - at;
  if (!Number.isSafeInteger(at) || length <= 0) throw new Error('bad trailer');
  const index = Buffer.alloc(length);
  if (readSync(fd, index, 0, length, at) !== length) throw new Error('short index');
  return index.toString('utf8');
}

/** The tree's entry on disk (empty when there is none, it is unreadable, or the cache is off). */
export function openTreeEntry(key: string, options: ExtractionCacheOptions = {}): TreeEntry {
  return limitOf(options) === 0 ? TreeEntry.empty() : TreeEntry.open(join(dirOf(options), `${key}.json`), key);
}

function isEntry(path: string, entry: CachedExtraction): boolean {
  const { facts, deps, text } = entry ?? {};
  return typeof entry?.sha256 === 'string' && facts?.path === path && typeof text === 'object' && text !== null
    && [text.ftName, text.ftFolders, text.ftIdents, text.ftText, text.ftComments].every((t) => typeof t === 'string') && [facts.nodes, facts.edges, facts.refs, facts.events].every(Array.isArray)
    && Array.isArray(deps?.reads) && Array.isArray(deps?.mountReads) && (deps.mountSig === null || typeof deps.mountSig === 'string');
}

/** A temp file not written to for this long belongs to a run that died (kill -9) before finishing its entry. */
const STALE_TEMP_MS = 10 * 60_000;

/**
 * Removes the least recently written entries until the folder fits `limit` bytes, and the temp files of
 * runs that died while writing one (they count towards the folder's size, so they must not pile up).
 */
export function pruneEntries(dir: string, limit: number, now = Date.now()): void {
  for (const temp of listCacheFiles(dir, '.tmp')) if (now - temp.mtimeMs > STALE_TEMP_MS) removeQuietly(temp.path);
  evictLeastRecent(listCacheFiles(dir, '.json'), { maxBytes: limit });
}
