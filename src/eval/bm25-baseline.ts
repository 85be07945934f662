import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import MiniSearch from 'minisearch';

/** Files larger than this are indexed by path only (as ingestion skips parsing big files). */
const MAX_CONTENT_BYTES = 2 * 1024 * 1024;

interface Doc {
  id: number;
  path: string;
  content: string;
}

/**
 * The baseline: plain BM25 over the repository's files (content + path) with MiniSearch's default
 * tokenizer and scoring — no boosts, no fuzzy or prefix matching, no code-aware splitting, so it
 * stands for "what a text search engine gives you". Query terms are OR-combined.
 */
export class Bm25Baseline {
  private constructor(private readonly index: MiniSearch<Doc>, private readonly paths: string[], readonly buildMs: number) {}

  /** Reads the files (repo-relative paths under `root`) and indexes them. Unreadable files are indexed by path. */
  static async build(root: string, paths: readonly string[]): Promise<Bm25Baseline> {
    const started = performance.now();
    const index = new MiniSearch<Doc>({ fields: ['path', 'content'], storeFields: [] });
    const docs: Doc[] = [];
    for (const [id, path] of paths.entries()) {
      let content = '';
      try {
        const bytes = await readFile(join(root, path));
        if (bytes.length <= MAX_CONTENT_BYTES && !bytes.subarray(0, 8000).includes(0)) content = bytes.toString('utf8');
      } catch {
        content = '';
      }
      docs.push({ id, path, content });
    }
    index.addAll(docs);
    return new Bm25Baseline(index, [...paths], Math.round(performance.now() - started));
  }

  get size(): number {
    return this.paths.length;
  }

  /** The top-k file paths for a query (ties broken by path, so runs are repeatable). */
  search(query: string, k: number): { files: string[]; ms: number } {
    const started = performance.now();
    const results = this.index.search(query, { combineWith: 'OR' })
      .map((r) => ({ path: this.paths[r.id as number]!, score: r.score }))
      .sort((a, b) => b.score - a.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return { files: results.slice(0, Math.max(0, k)).map((r) => r.path), ms: performance.now() - started };
  }
}
