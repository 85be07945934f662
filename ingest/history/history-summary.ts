import type { ParseEventFact } from '../model/facts.js';

/** What the history step of one ingest run did (IngestSummary.history). */
export interface HistorySummary {
  /**
   * `off`: `historyMaxCommits` is 0; `no-git`: the root is not in a git work tree; `unchanged`: HEAD and
   * bound as at the last sync (only new files were linked); `synced`: the window was reconciled;
   * `failed`: git failed — the stored history is left as it was and `warnings` say why.
   */
  status: 'off' | 'no-git' | 'unchanged' | 'synced' | 'failed';
  /** The HEAD the stored history now describes (null: none). */
  head: string | null;
  /** Commits stored for the repo after the run (the window from HEAD). */
  commits: number;
  added: number;
  removed: number;
  /** CHANGED edges created for files that appeared in this run (or by a repair of a cut-short sync). */
  linked: number;
  ms: number;
  /** Of `ms`, the time spent waiting for git. */
  gitMs: number;
  /** git failures and unreadable log records, as ParseEvents of the repo (path `''`, parser `git-history`). */
  warnings: ParseEventFact[];
}

export function emptyHistorySummary(): HistorySummary {
  return { status: 'no-git', head: null, commits: 0, added: 0, removed: 0, linked: 0, ms: 0, gitMs: 0, warnings: [] };
}

/** One line for the CLI's summary. */
export function historyLine(h: HistorySummary): string {
  const head = h.head ? ` at ${h.head.slice(0, 12)}` : '';
  const what = h.status === 'synced' || h.status === 'unchanged'
    ? `${h.commits} commits${head} (${h.added} added, ${h.removed} removed, ${h.linked} file links)`
    : h.status;
  return `history: ${what} in ${(h.ms / 1000).toFixed(2)} s${h.warnings.length ? `, ${h.warnings.length} warnings` : ''}`;
}
