import type { LogCommit } from './commit-log.js';
import { buildPrompt, splitTicketKey, subjectWords } from './prompt.js';

/**
 * Mining evaluation tasks from commits (pure). A task is one commit: the prompt is its message,
 * the answer the source files it MODIFIED (status M: they exist at the parent, where the task is
 * run). Commits that are not a developer's request — merges, reverts, releases and dependency
 * bumps, formatting/lint sweeps, huge or one-word commits — are skipped with a reason.
 */

export interface MiningOptions {
  /** Answer file endings (default `.ts`, `.html`; `.d.ts` is never an answer: ingestion skips it). */
  extensions?: readonly string[];
  /** More answer files than this: skipped as huge (default 20). */
  maxAnswerFiles?: number;
  /** More changed files (any kind, any status) than this: skipped as huge (default 60). */
  maxChangedFiles?: number;
  /** Fewer words in the subject (after its ticket key) than this: skipped (default 3). */
  minSubjectWords?: number;
  /** Repo-relative POSIX folder: every answer file must be under it; answers become relative to it. */
  subfolder?: string;
  /** Prompt without the leading ticket key. */
  stripTicketKey?: boolean;
}

export type SkipReason =
  | 'merge' | 'root-commit' | 'revert' | 'release-or-bump' | 'format-or-lint'
  | 'short-subject' | 'huge' | 'no-answer-files' | 'outside-subfolder';

export interface HistoryTask {
  /** The short sha (12 hex digits). */
  id: string;
  sha: string;
  /** The first parent: the snapshot (tree and history) the task is run on. */
  parent: string;
  date: string;
  subject: string;
  /** The leading ticket key of the subject, or null (kept in the prompt unless stripTicketKey). */
  ticketKey: string | null;
  /** What both systems are given: subject + "\n\n" + body (tool trailers removed). */
  prompt: string;
  /** Modified source files, relative to the ingest root (the subfolder when one is set). */
  expected: string[];
  /** True when the commit changed only spec files, so the answer is those spec files. */
  specOnly: boolean;
  /** All files the commit changed (any kind). */
  changedFiles: number;
}

export type Classification = { ok: true; task: HistoryTask } | { ok: false; reason: SkipReason };

const DEFAULTS = { extensions: ['.ts', '.html'], maxAnswerFiles: 20, maxChangedFiles: 60, minSubjectWords: 3 } as const;

const REVERT = /^(revert\b|revert:|revert\()/i;
/** A merge made as a plain commit (squashed "Merge branch …", "Merging all changes from main"). */
const MERGE_SUBJECT = /^(merge (branch|pull request|remote-tracking)|merging\b|merged? ('[^']+'|"[^"]+"|\S+) (into|from) (main|master|dev|develop|release)\b)/i;
/** Release commits and dependency updates (conventional scopes, "Bump x from a to b", bare versions). */
const RELEASE_OR_BUMP = [
  /^(chore|build|ci)\((release|deps|deps-dev|dependencies|version|npm|yarn)\)/i,
  /^(release|bump|version|prepare release)\b/i,
  /\bbump(s|ed|ing)?\b.*\b(from|to|version|versions|dependenc(y|ies)|deps)\b/i,
  /^\s*v?\d+\.\d+\.\d+\S*\s*$/,
  /\b(release|version)\s+v?\d+\.\d+/i,
  /\b(update|upgrade)[sd]?\b.*\b(dependenc(y|ies)|deps|lock ?file|package-lock|yarn\.lock)\b/i,
];
/** Formatting and lint sweeps: the words say so ("format" alone would also hit "date format"). */
const FORMAT_OR_LINT = [
  /\b(prettier|eslint|tslint|stylelint|lint|linting|linter|lint-fix|reformat\w*|formatting)\b/i,
  /^(format|prettify)\b/i,
];

const SPEC = /\.(spec|test)\.ts$/;

function isAnswerCandidate(path: string, extensions: readonly string[]): boolean {
  return extensions.some((e) => path.endsWith(e)) && !path.endsWith('.d.ts');
}

/** Normalises a subfolder option to `a/b` (no leading/trailing slash); rejects traversal. */
export function normaliseSubfolder(subfolder: string | undefined): string | undefined {
  if (subfolder === undefined) return undefined;
  const s = subfolder.replace(/\\/g, '/').replace(/^\.\/+/, '').replace(/^\/+|\/+$/g, '');
  if (!s || s === '.') return undefined;
  if (s.split('/').some((p) => p === '..' || p === '')) throw new Error(`subfolder must be a repo-relative folder: ${subfolder}`);
  return s;
}

/** Decides whether a commit is a task, and builds it. */
export function classifyCommit(commit: LogCommit, options: MiningOptions = {}): Classification {
  const o = { ...DEFAULTS, ...options };
  const skip = (reason: SkipReason): Classification => ({ ok: false, reason });
  if (commit.parents.length > 1 || MERGE_SUBJECT.test(splitTicketKey(commit.subject).rest)) return skip('merge');
  if (commit.parents.length === 0) return skip('root-commit');
  const subject = commit.subject;
  if (REVERT.test(subject) || REVERT.test(splitTicketKey(subject).rest)) return skip('revert');
  if (RELEASE_OR_BUMP.some((r) => r.test(subject))) return skip('release-or-bump');
  if (FORMAT_OR_LINT.some((r) => r.test(subject))) return skip('format-or-lint');
  if (subjectWords(subject) < o.minSubjectWords) return skip('short-subject');
  if (commit.changes.length > o.maxChangedFiles) return skip('huge');

  let candidates = commit.changes.filter((c) => c.status === 'M' && isAnswerCandidate(c.path, o.extensions)).map((c) => c.path);
  const subfolder = normaliseSubfolder(o.subfolder);
  if (subfolder && candidates.length) {
    if (candidates.some((p) => !p.startsWith(`${subfolder}/`))) return skip('outside-subfolder');
    candidates = candidates.map((p) => p.slice(subfolder.length + 1));
  }
  // Spec files are part of the answer only when they are all the commit changed in source.
  const nonSpec = candidates.filter((p) => !SPEC.test(p));
  const expected = [...new Set(nonSpec.length ? nonSpec : candidates)].sort();
  if (expected.length === 0) return skip('no-answer-files');
  if (expected.length > o.maxAnswerFiles) return skip('huge');

  return {
    ok: true,
    task: {
      id: commit.sha.slice(0, 12),
      sha: commit.sha,
      parent: commit.parents[0]!,
      date: commit.date,
      subject,
      ticketKey: splitTicketKey(subject).ticketKey,
      prompt: buildPrompt(subject, commit.body, { stripKey: o.stripTicketKey }),
      expected,
      specOnly: nonSpec.length === 0,
      changedFiles: commit.changes.length,
    },
  };
}

export interface MiningResult {
  /** Oldest → newest (the scratch checkout moves forward, so each ingest is incremental). */
  tasks: HistoryTask[];
  /** Commits read (newest first, until enough tasks were found or history ended). */
  scanned: number;
  skipped: Partial<Record<SkipReason, number>>;
}

/**
 * Collects the newest `limit` qualifying commits from a newest-first stream. Newest rather than
 * evenly spaced: it is what a team's next tasks look like, and the scan can stop early.
 */
export class TaskMiner {
  private readonly found: HistoryTask[] = [];
  private readonly skipped: Partial<Record<SkipReason, number>> = {};
  private scanned = 0;

  constructor(private readonly limit: number, private readonly options: MiningOptions = {}) {}

  /** Feeds commits (newest first); returns false once enough tasks were found. */
  add(commits: Iterable<LogCommit>): boolean {
    for (const commit of commits) {
      if (this.done) return false;
      this.scanned += 1;
      const c = classifyCommit(commit, this.options);
      if (c.ok) this.found.push(c.task);
      else this.skipped[c.reason] = (this.skipped[c.reason] ?? 0) + 1;
    }
    return !this.done;
  }

  get done(): boolean {
    return this.found.length >= this.limit;
  }

  result(): MiningResult {
    return { tasks: [...this.found].reverse(), scanned: this.scanned, skipped: { ...this.skipped } };
  }
}

/** Mines a whole newest-first list at once (tests, small histories). */
export function mineTasks(commits: readonly LogCommit[], limit: number, options: MiningOptions = {}): MiningResult {
  const miner = new TaskMiner(limit, options);
  miner.add(commits);
  return miner.result();
}
