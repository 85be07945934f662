import type { RawCommit } from './commit-facts.js';

/**
 * Parses the output of `git log -z --name-only --format=<LOG_FORMAT(nonce)>` as it streams in.
 *
 * With `-z` every field the format prints and every path ends with a NUL, and git's own separators are
 * NULs or a newline before the path list. Commit messages cannot contain NUL (git refuses them), so
 * NUL-separated tokens are unambiguous, and each record starts with a per-run random nonce token that
 * no message can reproduce by accident. Bytes are decoded as UTF-8 leniently: junk becomes U+FFFD.
 */
export const logFormat = (nonce: string): string => `%x00${nonce}%x00%H%x00%ct%x00%s%x00%b%x00`;

export interface LogParserLimits {
  /** Paths kept per commit (all are counted). */
  maxFiles: number;
  /** Bytes kept of one token (a 1 MB commit body is cut, not buffered whole). */
  maxTokenBytes: number;
}

export const DEFAULT_LOG_LIMITS: LogParserLimits = { maxFiles: 100, maxTokenBytes: 16_384 };

const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

export class LogStreamParser {
  /** Records that did not have a valid sha or time (skipped). */
  malformed = 0;
  private readonly decoder = new TextDecoder('utf-8', { fatal: false });
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private record: { fields: string[]; files: string[]; fileCount: number } | null = null;

  constructor(private readonly nonce: string, private readonly limits: LogParserLimits = DEFAULT_LOG_LIMITS) {}

  /** Feeds a chunk; returns the commits completed by it. */
  push(chunk: Buffer): RawCommit[] {
    const out: RawCommit[] = [];
    let start = 0;
    for (let nul = chunk.indexOf(0, start); nul !== -1; nul = chunk.indexOf(0, start)) {
      this.keep(chunk.subarray(start, nul));
      this.token(this.takeToken(), out);
      start = nul + 1;
    }
    this.keep(chunk.subarray(start));
    return out;
  }

  /** Ends the stream; returns the last commit. */
  end(): RawCommit[] {
    const out: RawCommit[] = [];
    if (this.pendingBytes > 0) this.token(this.takeToken(), out);
    this.flush(out);
    return out;
  }

  private keep(part: Buffer): void {
    const room = this.limits.maxTokenBytes - this.pendingBytes;
    if (room <= 0 || part.length === 0) return;
    const kept = part.length > room ? part.subarray(0, room) : part;
    // Copy: the caller's chunk buffer may be reused.
    this.pending.push(Buffer.from(kept));
    this.pendingBytes += kept.length;
  }

  private takeToken(): string {
    const text = this.decoder.decode(this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending));
    this.pending = [];
    this.pendingBytes = 0;
    return text;
  }

  private token(text: string, out: RawCommit[]): void {
    if (text === this.nonce) {
      this.flush(out);
      this.record = { fields: [], files: [], fileCount: 0 };
      return;
    }
    const record = this.record;
    if (!record) return; // anything before the first record
    if (record.fields.length < 4) {
      record.fields.push(text);
      return;
    }
    // git puts a newline before the path list; empty tokens are its separators.
    const path = text.startsWith('\n') ? text.slice(1) : text;
    if (path.length === 0) return;
    record.fileCount += 1;
    if (record.files.length < this.limits.maxFiles) record.files.push(path);
  }

  private flush(out: RawCommit[]): void {
    const record = this.record;
    this.record = null;
    if (!record) return;
    const [sha = '', time = '', subject = '', body = ''] = record.fields;
    if (!SHA.test(sha) || !/^\d{1,12}$/.test(time)) {
      this.malformed += 1;
      return;
    }
    out.push({ sha, time: Number(time), subject, body, files: record.files, fileCount: record.fileCount });
  }
}
