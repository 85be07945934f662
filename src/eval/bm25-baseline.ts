import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import MiniSearch from 'minisearch';
import { packageManifest } from '../runtime/package-root.js';

/** Files larger than this are indexed by path only (as ingestion skips parsing big files). */
const MAX_CONTENT_BYTES = 2 * 1024 * 1024;

interface Doc {
  /** The repo-relative path (MiniSearch's document id). */
  id: string;
  path: string;
  content: string;
}

/** A file of the corpus and the hash of its content (null: unknown, read it every time it is synced). */
export interface CorpusFile {
  path: string;
  hash: string | null;
}

export interface SyncStats {
  added: number;
  changed: number;
  removed: number;
  unchanged: number;
  ms: number;
}

async function readText(root: string, path: string): Promise<string> {
  try {
    const bytes = await readFile(join(root, path));
    if (bytes.length <= MAX_CONTENT_BYTES && !bytes.subarray(0, 8000).includes(0)) return bytes.toString('utf8');
  } catch {
    // Unreadable files are indexed by path.
  }
  return '';
}

const newIndex = (): MiniSearch<Doc> => new MiniSearch<Doc>({ fields: ['path', 'content'], storeFields: [], autoVacuum: false });

/**
 * The baseline: plain BM25 over the repository's files (content + path) with MiniSearch's default
 * tokenizer and scoring — no boosts, no fuzzy or prefix matching, no code-aware splitting, so it
 * stands for "what a text search engine gives you". Query terms are OR-combined.
 *
 * The history eval moves one index from snapshot to snapshot with `sync`: only files whose hash
 * changed are read again (discard + add), then the index is vacuumed so document frequencies are
 * exactly those of a fresh build.
 */
export class Bm25Baseline {
  private readonly hashes = new Map<string, string | null>();
  private lastBuildMs = 0;

  private constructor(private readonly index: MiniSearch<Doc>) {}

  /** An empty index, to be filled by `sync`. */
  static empty(): Bm25Baseline {
    return new Bm25Baseline(newIndex());
  }

  /** Reads the files (repo-relative paths under `root`) and indexes them. Unreadable files are indexed by path. */
  static async build(root: string, paths: readonly string[]): Promise<Bm25Baseline> {
    const baseline = Bm25Baseline.empty();
    const stats = await baseline.sync(root, paths.map((path) => ({ path, hash: null })));
    baseline.lastBuildMs = stats.ms;
    return baseline;
  }

  /** Time the initial build took (ms). */
  get buildMs(): number {
    return this.lastBuildMs;
  }

  get size(): number {
    return this.hashes.size;
  }

  /** Brings the index to exactly these files: new and changed ones are (re)read, gone ones discarded. */
  async sync(root: string, files: readonly CorpusFile[]): Promise<SyncStats> {
    const started = performance.now();
    const stats: SyncStats = { added: 0, changed: 0, removed: 0, unchanged: 0, ms: 0 };
    const wanted = new Map(files.map((f) => [f.path, f.hash]));
    let discarded = 0;
    for (const path of [...this.hashes.keys()]) {
      if (wanted.has(path)) continue;
      this.index.discard(path);
      this.hashes.delete(path);
      stats.removed += 1;
      discarded += 1;
    }
    const docs: Doc[] = [];
    for (const [path, hash] of wanted) {
      const known = this.hashes.has(path);
      if (known && hash !== null && this.hashes.get(path) === hash) {
        stats.unchanged += 1;
        continue;
      }
      if (known) {
        this.index.discard(path);
        discarded += 1;
        stats.changed += 1;
      } else {
        stats.added += 1;
      }
      docs.push({ id: path, path, content: await readText(root, path) });
      this.hashes.set(path, hash);
    }
    // One batch: MiniSearch pauses between batches (a zero wait means its default 10 ms).
    if (discarded) await this.index.vacuum({ batchSize: Number.MAX_SAFE_INTEGER });
    this.index.addAll(docs);
    stats.ms = Math.round(performance.now() - started);
    return stats;
  }

  /** The top-k file paths for a query (ties broken by path, so runs are repeatable). */
  search(query: string, k: number): { files: string[]; ms: number } {
    const started = performance.now();
    const results = this.index.search(query, { combineWith: 'OR' })
      .map((r) => ({ path: r.id as string, score: r.score }))
      .sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { files: results.slice(0, Math.max(0, k)).map((r) => r.path), ms: performance.now() - started };
  }
}

/** The MiniSearch version the baseline runs on, as package.json pins it (recorded in every report). */
export function minisearchVersion(): string {
  try {
    return packageManifest().dependencies?.minisearch ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
