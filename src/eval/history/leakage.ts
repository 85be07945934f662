import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../../errors/index.js';
import type { Graph } from '../../graph/index.js';
import { listCommitShas } from '../eval.queries.js';
import { git, gitTry } from './git.js';
import type { HistoryTask } from './mine-tasks.js';

/**
 * The leakage rule, checked before every task: the snapshot a task is run on — work tree AND
 * history — is the commit's parent, and nothing in the scratch clone reaches the commit itself.
 */
export interface LeakageFacts {
  head: string;
  parent: string;
  sha: string;
  /** `git merge-base --is-ancestor <sha> HEAD` succeeded: the answer is in the visible history. */
  shaReachableFromHead: boolean;
  /** Refs in the scratch clone that could reach commits (replace refs of blobs and trees excepted); there must be none. */
  refs: string[];
  /** A reflog directory exists (it records earlier positions of HEAD, e.g. the branch tip). */
  reflog: boolean;
  /** `git status --porcelain --untracked-files=all --ignored` of the scratch: the tree is exactly the parent's. */
  status: string;
}

/** The problems found (empty: no leak). Pure. */
export function leakageProblems(f: LeakageFacts): string[] {
  const problems: string[] = [];
  if (f.head !== f.parent) problems.push(`HEAD is ${f.head}, not the task's parent ${f.parent}`);
  if (f.sha === f.head || f.shaReachableFromHead) problems.push(`the task's commit ${f.sha} is in the history visible from HEAD`);
  if (f.refs.length) problems.push(`the scratch clone has refs (${f.refs.slice(0, 3).join(', ')}) that may reach later commits`);
  if (f.reflog) problems.push('the scratch clone has a reflog, which may name later commits');
  if (f.status.trim()) problems.push(`the scratch work tree differs from the parent (${f.status.trim().split('\n').slice(0, 3).join('; ')})`);
  return problems;
}

/**
 * Drops `M` lines of files whose blob at the parent is replaced (`git replace`): a mirror that lacks
 * a large binary stands it in with a placeholder, so the work tree holds the placeholder, not the
 * parent's bytes — a known difference, not a leak. Every other line stays.
 */
async function withoutReplacedBlobs(scratch: string, status: string): Promise<string> {
  // `git()` trims its output, so the first line may have lost its leading space.
  const modified = (line: string): string | null => /^ ?M (.+)$/.exec(line)?.[1] ?? null;
  const lines = status.split('\n').filter(Boolean);
  if (!lines.some((l) => modified(l))) return status;
  const replaced = new Set((await git(scratch, ['for-each-ref', '--format=%(refname:strip=2)', 'refs/replace/'])).split('\n').filter(Boolean));
  if (replaced.size === 0) return status;
  const kept: string[] = [];
  for (const line of lines) {
    const path = modified(line);
    if (path) {
      const [, blob] = (await git(scratch, ['ls-files', '-s', '--', path])).split(/\s+/);
      if (blob && replaced.has(blob)) continue;
    }
    kept.push(line);
  }
  return kept.join('\n');
}

/** Gathers the facts from the scratch clone and throws EVAL_LEAKAGE when any rule is broken. */
export async function verifyNoLeakage(scratch: string, task: Pick<HistoryTask, 'sha' | 'parent' | 'id'>): Promise<void> {
  const head = await git(scratch, ['rev-parse', 'HEAD']);
  const ancestor = await gitTry(scratch, ['merge-base', '--is-ancestor', task.sha, 'HEAD']);
  if (ancestor.code !== 0 && ancestor.code !== 1) throw new AppError('INTERNAL', { message: `git merge-base failed: ${ancestor.stderr.split('\n')[0]}` });
  // A replace ref is harmless unless it swaps in a commit (its name is the replaced object's id).
  const refs = (await git(scratch, ['for-each-ref', '--format=%(refname) %(objecttype)'])).split('\n').filter(Boolean)
    .filter((line) => !(line.startsWith('refs/replace/') && !line.endsWith(' commit') && !line.endsWith(' tag')))
    .map((line) => line.split(' ')[0]!);
  const status = await withoutReplacedBlobs(scratch, await git(scratch, ['status', '--porcelain', '--untracked-files=all', '--ignored']));
  const problems = leakageProblems({
    head, parent: task.parent, sha: task.sha, shaReachableFromHead: ancestor.code === 0, refs,
    reflog: existsSync(join(scratch, '.git', 'logs')), status,
  });
  if (problems.length) {
    throw new AppError('EVAL_LEAKAGE', { message: `Task ${task.id}: ${problems.join('; ')}.`, details: { task: task.sha, problems } });
  }
}

/**
 * The graph side of the rule, after the ingest: every Commit the namespace holds is in the parent's
 * history (so neither the task's commit nor any later one). Pure: shas in the graph, shas of
 * `git rev-list HEAD`.
 */
export function graphHistoryProblems(graphShas: readonly string[], visible: ReadonlySet<string>, taskSha: string): string[] {
  const problems: string[] = [];
  if (graphShas.includes(taskSha)) problems.push(`the graph holds the task's own commit ${taskSha}`);
  const foreign = graphShas.filter((s) => s !== taskSha && !visible.has(s));
  if (foreign.length) problems.push(`the graph holds ${foreign.length} commit(s) outside the parent's history (${foreign.slice(0, 3).join(', ')})`);
  return problems;
}

/** Checks the ingested namespace against the scratch's history; throws EVAL_LEAKAGE on a problem. */
export async function verifyGraphHistory(graph: Graph, repoId: string, scratch: string, task: Pick<HistoryTask, 'sha' | 'id'>): Promise<number> {
  const shas = (await graph.read(listCommitShas, { repoId })).map((r) => r.sha);
  if (shas.length === 0) return 0;
  const visible = new Set((await git(scratch, ['rev-list', 'HEAD', '--'], 300_000)).split('\n').filter(Boolean));
  const problems = graphHistoryProblems(shas, visible, task.sha);
  if (problems.length) {
    throw new AppError('EVAL_LEAKAGE', { message: `Task ${task.id}: ${problems.join('; ')}.`, details: { task: task.sha, problems } });
  }
  return shas.length;
}

/**
 * What graphgate is given for a task: the prompt and nothing else (no lexemes, no ticket fetch,
 * no attachments). BM25 gets the same text. Kept in one function so no caller adds a hint.
 */
export function packInputFor(task: Pick<HistoryTask, 'prompt'>): { prompt: string; lexemes: string[] } {
  return { prompt: task.prompt, lexemes: [] };
}
