import { closeSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { removeQuietly } from './cache-files.js';
import { dirOf, ENTRY_FORMAT, limitOf, pruneEntries, TRAILER_BYTES, TreeEntry, type CachedExtraction, type ExtractionCacheOptions, type TreeIndex } from './extraction-cache.js';

/**
 * Writes a tree's entry while the run extracts: each file's JSON goes to a temp file at once, so the run
 * keeps only the index (a 9,000-file monorepo does not hold every file's facts until its end). `finish`
 * adds the files the entry held before that this run did not extract, the index and its trailer, and
 * renames the temp file into place. Best effort: an entry that cannot be written (a full disk, over the
 * size bound) is dropped, and only costs a later run its extraction.
 */
export class TreeEntryWriter {
  private fd: number | undefined;
  private offset = 0;
  private readonly files: TreeIndex['files'] = {};
  private done = false;
  private readonly limit: number;
  private readonly target: string;
  private readonly temp: string;
  /** Files this run extracted (given to `add`), whether or not the entry is written. */
  extracted = 0;

  constructor(private readonly key: string, private readonly options: ExtractionCacheOptions, private readonly previous: TreeEntry = TreeEntry.empty()) {
    this.limit = limitOf(options);
    this.target = join(dirOf(options), `${key}.json`);
    this.temp = `${this.target}.${process.pid}.tmp`;
    if (this.limit === 0) this.done = true;
  }

  add(path: string, entry: CachedExtraction): void {
    this.extracted++;
    if (!this.done) this.append(path, entry.sha256, entry.deps.mountSig, Buffer.from(JSON.stringify(entry)));
  }

  /** Completes the entry; its size in bytes, or 0 when nothing was written. */
  finish(): number {
    if (this.done || this.extracted === 0) {
      this.abort();
      return 0;
    }
    for (const [path, sha256] of this.previous.shas) {
      if (this.files[path]) continue;
      const body = this.previous.raw(path);
      if (body) this.append(path, sha256, this.previous.mountSig(path) ?? null, body);
    }
    const index = Buffer.from(JSON.stringify({ format: ENTRY_FORMAT, key: this.key, files: this.files } satisfies TreeIndex));
    const trailer = Buffer.from(`${String(this.offset).padStart(TRAILER_BYTES - 1, '0')}\n`, 'latin1');
    const size = this.offset + index.length + trailer.length;
    // One tree larger than the whole bound would only evict every other entry and then itself.
    if (this.done || size > this.limit || !this.write(index) || !this.write(trailer)) {
      this.abort();
      return 0;
    }
    try {
      closeSync(this.fd as number);
      this.fd = undefined;
      renameSync(this.temp, this.target);
      this.done = true;
      pruneEntries(dirOf(this.options), this.limit);
      return size;
    } catch {
      this.abort();
      return 0;
    }
  }

  /** Drops the entry being written (nothing is renamed into place). Safe to call more than once. */
  abort(): void {
    if (this.fd !== undefined) {
      try {
        closeSync(this.fd);
      } catch {
        // Closed already: the temp file is still removed below.
      }
      this.fd = undefined;
      removeQuietly(this.temp);
    }
    this.done = true;
  }

  private append(path: string, sha256: string, mountSig: string | null, body: Buffer): boolean {
    const at = this.offset;
    if (at + body.length > this.limit || !this.write(body)) {
      this.abort();
      return false;
    }
    this.files[path] = [sha256, at, body.length, mountSig];
    return true;
  }

  private write(bytes: Buffer): boolean {
    try {
      if (this.fd === undefined) {
        mkdirSync(dirOf(this.options), { recursive: true, mode: 0o700 });
        this.fd = openSync(this.temp, 'w', 0o600);
      }
      let written = 0;
      while (written < bytes.length) written += writeSync(this.fd, bytes, written, bytes.length - written, this.offset + written);
      this.offset += bytes.length;
      return true;
    } catch {
      return false;
    }
  }
}
