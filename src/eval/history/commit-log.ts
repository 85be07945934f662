/**
 * Reading `git log` output into commits (pure). One record per commit, introduced by a record
 * separator (0x1e), header fields separated by a unit separator (0x1f), then git's `--name-status`
 * lines. Renames are switched off (`--no-renames`) so the statuses do not depend on the user's
 * diff.renames config: a rename shows as D + A, and neither is a modified file.
 */

/** The `--format` that parseLogRecord reads: sha, parents, committer date, subject, body. */
export const LOG_FORMAT = '--format=%x1e%H%x1f%P%x1f%cI%x1f%s%x1f%b%x1f';

/** git log arguments after the format (name-status, renames off, stable path quoting). */
export const LOG_ARGS = ['--name-status', '--no-renames', '--no-color', '--no-ext-diff'] as const;

export interface FileChange {
  /** git's status letter: A added, M modified, D deleted, T type change. */
  status: string;
  path: string;
}

export interface LogCommit {
  sha: string;
  parents: string[];
  /** Committer date, ISO 8601 (what --since/--until filter on). */
  date: string;
  subject: string;
  body: string;
  changes: FileChange[];
}

/** Parses one record (the text between two 0x1e separators); undefined when it is not a commit. */
export function parseLogRecord(record: string): LogCommit | undefined {
  const fields = record.split('\x1f');
  if (fields.length < 6) return undefined;
  const [sha, parents, date, subject, ...rest] = fields;
  // The name-status block is after the last separator; a body holding 0x1f (never seen) stays whole.
  const tail = rest.pop() ?? '';
  const body = rest.join('\x1f');
  if (!sha || !/^[0-9a-f]{40,64}$/.test(sha.trim())) return undefined;
  const changes: FileChange[] = [];
  for (const line of tail.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab <= 0) continue;
    changes.push({ status: line.slice(0, tab).trim(), path: line.slice(tab + 1).split('\t')[0]! });
  }
  return {
    sha: sha.trim(),
    parents: (parents ?? '').trim().split(/\s+/).filter(Boolean),
    date: (date ?? '').trim(),
    subject: (subject ?? '').trim(),
    body: body.trim(),
    changes,
  };
}

/**
 * Splits a stream of log output into complete records: feed chunks, get the records that are
 * complete so far; `end()` returns the last one. Lets the miner stop git as soon as it has enough.
 */
export class LogRecordSplitter {
  private buffer = '';

  push(chunk: string): LogCommit[] {
    this.buffer += chunk;
    const parts = this.buffer.split('\x1e');
    this.buffer = parts.pop() ?? '';
    return parts.map(parseLogRecord).filter((c): c is LogCommit => c !== undefined);
  }

  end(): LogCommit[] {
    const last = parseLogRecord(this.buffer);
    this.buffer = '';
    return last ? [last] : [];
  }
}
