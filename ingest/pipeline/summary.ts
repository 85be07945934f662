import { emptyHistorySummary, historyLine, type HistorySummary } from '../history/history-summary.js';
import type { ParseEventKind } from '../model/facts.js';

/** What one ingest run did; returned by ingestRepository and printed by the CLI. */
export interface IngestSummary {
  repoId: string;
  root: string;
  snapshotId: string;
  previousSnapshotId: string | null;
  /** False when the graph already held this snapshot and nothing was written. */
  wrote: boolean;
  mode: 'full' | 'incremental' | 'paths';
  /** Where the repo's File rows came from: the graph, or a watcher's cache of its last run (known-files.ts). */
  knownFrom: 'graph' | 'cache';
  /**
   * How the facts were written: `atomic` = replaced and re-linked in one transaction (an incremental run
   * within `atomicMaxFiles`), `batched` = bounded transactions then the link step, `none` = nothing to write.
   */
  writeMode: 'atomic' | 'batched' | 'none';
  /**
   * The ts-morph project of the run: `all` = filled with every TypeScript file, `on-demand` = the files
   * parsed plus those extractors loaded (ingest/README.md "On-demand project"), `streamed` = bounded by
   * `maxFiles` (set, or chosen from the heap limit), `dropped` files let go on the way ("Streamed project");
   * `files` it held at the end.
   */
  project: { mode: 'all' | 'on-demand' | 'streamed' | 'none'; files: number; maxFiles?: number; dropped?: number };
  /** Node rows (Ref nodes included) and intra-file edge rows of the parsed files (compared with `atomicMaxRows`). */
  writeRows: number;
  /** `statUnchanged`: files a warm cache proved unchanged by their stat, so they were not read (counted in `unchanged`). */
  files: { seen: number; parsed: number; unchanged: number; added: number; changed: number; deleted: number; dependents: number; skipped: number; statUnchanged: number; mountsUnchanged: number };
  /** Nodes written in this run, per label (a node with labels Symbol+Component counts in both). */
  facts: Record<string, number>;
  /** Relationships written in this run, per type (references included). */
  edges: Record<string, number>;
  /** ParseEvents recorded in this run, per kind. */
  events: Partial<Record<ParseEventKind, number>>;
  /** References resolved in this run, per status, and per target kind. */
  refs: { byStatus: Record<string, number>; byKind: Record<string, Record<string, number>>; relinked: number; dangling: number };
  deletedFacts: number;
  droppedEdges: number;
  policy: { rows: number; created: number; unchanged: number; superseded: number; memories: number; errors: Array<{ file: string; line: number; message: string }> };
  /** Git history → Commit nodes and CHANGED edges (ingest/history/): commits added/removed, time, git warnings. */
  history: HistorySummary;
  /** Whole-tree runs: files whose facts came from the extraction cache, files added to it, and the write's ms (extraction-cache.ts). */
  extractionCache?: { hits: number; stored: number; saveMs: number };
  /** All facts of the repo after the run, per label (when requested). */
  totals?: Record<string, number>;
  timings: {
    totalMs: number; discoverMs: number; readMs: number; parseMs: number; writeMs: number; linkMs: number; policyMs: number; lockWaitMs: number;
    /** Waiting for the eventually consistent full-text indexes to catch up with the run's writes. */
    fulltextMs: number;
    /** Loading the graph's File rows (0 when the watcher's cache was current). */
    knownMs: number;
    /** Computing the snapshot id over all files. */
    snapshotMs: number;
    extractors: Record<string, number>;
  };
  filesPerSecond: number;
}

/** The run's counts as its snapshot record keeps them (`Snapshot.summary`). */
export function recordedSummary(summary: IngestSummary): string {
  return JSON.stringify({ files: summary.files, facts: summary.facts, events: summary.events, refs: summary.refs.byStatus });
}

/**
 * The run's timings as its snapshot record keeps them (`Snapshot.timingsJson`; the observer console's
 * `/metrics` shows the recent ones): taken when the snapshot is recorded, so `totalMs` runs up to that
 * write and the full-text refresh wait after it is not included. `historyMs` is the git history sync.
 */
export function recordedTimings(summary: IngestSummary, untilRecordMs: number, historyMs: number): string {
  const t = summary.timings;
  return JSON.stringify({
    mode: summary.mode, filesSeen: summary.files.seen, filesParsed: summary.files.parsed, totalMs: untilRecordMs,
    phases: {
      lockWaitMs: t.lockWaitMs, knownMs: t.knownMs, discoverMs: t.discoverMs, readMs: t.readMs, snapshotMs: t.snapshotMs,
      parseMs: t.parseMs, writeMs: t.writeMs, linkMs: t.linkMs, policyMs: t.policyMs, historyMs,
    },
    extractors: t.extractors,
  });
}

export function emptySummary(repoId: string, root: string): IngestSummary {
  return {
    repoId, root, snapshotId: '', previousSnapshotId: null, wrote: false, mode: 'full', knownFrom: 'graph', writeMode: 'none', project: { mode: 'none', files: 0 }, writeRows: 0,
    files: { seen: 0, parsed: 0, unchanged: 0, added: 0, changed: 0, deleted: 0, dependents: 0, skipped: 0, statUnchanged: 0, mountsUnchanged: 0 },
    facts: {}, edges: {}, events: {}, refs: { byStatus: {}, byKind: {}, relinked: 0, dangling: 0 }, deletedFacts: 0, droppedEdges: 0,
    policy: { rows: 0, created: 0, unchanged: 0, superseded: 0, memories: 0, errors: [] },
    history: emptyHistorySummary(),
    timings: { totalMs: 0, discoverMs: 0, readMs: 0, parseMs: 0, writeMs: 0, linkMs: 0, policyMs: 0, fulltextMs: 0, lockWaitMs: 0, knownMs: 0, snapshotMs: 0, extractors: {} },
    filesPerSecond: 0,
  };
}

const list = (counts: Record<string, number | undefined>): string =>
  Object.entries(counts)
    .filter(([, n]) => (n ?? 0) > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, n]) => `${k} ${n}`)
    .join(', ') || 'none';

/** Human-readable lines for a summary (the CLI's non-JSON output). */
export function summaryLines(s: IngestSummary): string[] {
  const f = s.files;
  const lines = [
    `repo ${s.repoId} at ${s.root}`,
    `snapshot ${s.snapshotId}${s.previousSnapshotId === s.snapshotId ? ' (unchanged)' : s.previousSnapshotId ? ` (was ${s.previousSnapshotId})` : ''}`,
    `files: ${f.seen} seen, ${f.parsed} parsed (${f.added} added, ${f.changed} changed, ${f.dependents} dependents), ${f.deleted} deleted, ${f.unchanged} unchanged, ${f.skipped} skipped`,
    ...(s.project.mode === 'streamed' ? [`streamed: at most ${s.project.maxFiles} parsed files held at once, ${s.project.dropped} let go on the way (ingest/README.md, "Streamed project")`] : []),
    `facts written: ${list(s.facts)}`,
    `edges written: ${list(s.edges)}`,
    `references: ${list(s.refs.byStatus)}${s.refs.relinked ? ` (${s.refs.relinked} of unchanged files re-linked)` : ''}`,
    `parse events: ${list(s.events)}`,
    `policy plane: ${s.policy.rows} rows (${s.policy.created} new, ${s.policy.superseded} superseding, ${s.policy.unchanged} unchanged), ${s.policy.memories} memories, ${s.policy.errors.length} invalid rows`,
  ];
  for (const e of s.policy.errors.slice(0, 20)) lines.push(`  ${e.file}:${e.line}: ${e.message}`);
  lines.push(historyLine(s.history));
  for (const w of s.history.warnings.slice(0, 5)) lines.push(`  ${w.kind}: ${w.message}`);
  if (s.totals) lines.push(`graph holds: ${list(s.totals)}`);
  const t = s.timings;
  lines.push(`time: ${(t.totalMs / 1000).toFixed(2)} s (parse ${(t.parseMs / 1000).toFixed(2)} s, write ${(t.writeMs / 1000).toFixed(2)} s, link ${(t.linkMs / 1000).toFixed(2)} s), ${s.filesPerSecond.toFixed(0)} files/s`);
  return lines;
}
