import { wordParts } from '../lexemes/lexeme-normalizer.js';
import type { Lexeme } from '../lexemes/lexeme.model.js';
import { promptTerms } from '../text/prompt-terms.js';
import { compareText, round } from '../shared/stable-order.js';
import type { HistoryCommitRow } from './history.queries.js';

/**
 * Commit-log words `promptTerms` does not already drop (it drops fix/add/update/change/bug/issue…):
 * every history is full of them, so a match says nothing about which files a task is about.
 */
export const COMMIT_VOCABULARY: ReadonlySet<string> = new Set([
  'revert', 'reverts', 'reverted', 'bump', 'bumps', 'bumped', 'ticket', 'tickets', 'commit', 'commits', 'hotfixes', 'fixup', 'squash',
]);

const TICKET_IN_PROMPT = /(?<![A-Za-z0-9_-])([A-Z][A-Z0-9]{1,9})-(\d{1,7})(?![A-Za-z0-9_])/g;

/**
 * The words the lane searches commit messages for: the text lanes' `promptTerms` of the prompt (or,
 * without a prompt, of the positive lexemes) — identifier parts, no stop-words, no task or commit
 * vocabulary, no numbers — with ticket keys taken out first (they are matched exactly, not as `abc`).
 */
export function historyQueryWords(prompt: string | undefined, lexemes: readonly Lexeme[]): string[] {
  const text = prompt !== undefined && prompt.trim().length > 0
    ? prompt.slice(0, 20_000)
    : lexemes.filter((l) => l.polarity === 'positive' && l.boost > 0.05 && l.kind !== 'TICKET_KEY').map((l) => l.raw).join(' ');
  return promptTerms(text.replace(TICKET_IN_PROMPT, ' ')).filter((w) => !COMMIT_VOCABULARY.has(w));
}

/** Ticket keys the task names: `ABC-123` written in the prompt, and TICKET_KEY lexemes (a fetched Jira key). */
export function promptTickets(prompt: string | undefined, lexemes: readonly Lexeme[]): string[] {
  const keys = new Set<string>();
  for (const m of (prompt ?? '').slice(0, 20_000).matchAll(TICKET_IN_PROMPT)) keys.add(`${m[1]}-${Number(m[2])}`);
  for (const l of lexemes) {
    const m = l.kind === 'TICKET_KEY' && l.polarity === 'positive' ? /^([a-z][a-z0-9]{1,9})-(\d{1,7})$/i.exec(l.norm) : null;
    if (m) keys.add(`${(m[1] as string).toUpperCase()}-${Number(m[2])}`);
  }
  return [...keys].sort(compareText).slice(0, 16);
}

/** Crude suffix stripping, only to say in a reason which words a commit matched (Lucene did the real matching). */
function stem(word: string): string {
  return word.replace(/(?:ing|ed|es|s)$/, '').replace(/(.)\1$/, '$1');
}

export interface HistoryScoringOptions {
  /** Recency: exp(−rank / recencyScale), rank = newer commits of the window. */
  recencyScale: number;
}

export const DEFAULT_HISTORY_SCORING: HistoryScoringOptions = { recencyScale: 1_000 };

export interface HistoryFileScore {
  id: string;
  path: string;
  score: number;
  reasons: string[];
}

interface FileTally {
  id: string;
  path: string;
  text: number;
  ticket: number;
  commits: Array<{ row: HistoryCommitRow; part: number }>;
  words: Set<string>;
  tickets: Set<string>;
}

const clip = (s: string, n: number): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/**
 * Each changed file gets Σ commitScore × 1/√(files in the commit) × exp(−rank / 1000) over the
 * commits found by text; files of commits carrying the prompt's ticket key come first: they score
 * above every text-only file (ordered among themselves by the same per-commit weights), plus their
 * text part. Deterministic: ties break on path.
 */
export function scoreHistoryFiles(
  rows: readonly HistoryCommitRow[], words: readonly string[], tickets: readonly string[], options: HistoryScoringOptions = DEFAULT_HISTORY_SCORING,
): HistoryFileScore[] {
  const stems = new Map(words.map((w) => [stem(w), w]));
  const byPath = new Map<string, FileTally>();
  for (const row of rows) {
    const weight = (1 / Math.sqrt(Math.max(1, row.fileCount))) * Math.exp(-Math.max(0, row.rank) / options.recencyScale);
    const message = `${row.subject}\n${row.body}`;
    const matchedWords = [...new Set(wordParts(message).map(stem))].flatMap((s) => (stems.has(s) ? [stems.get(s) as string] : []));
    const matchedTickets = row.tickets.filter((t) => tickets.includes(t));
    for (const file of row.files) {
      const tally = byPath.get(file.path) ?? { id: file.id, path: file.path, text: 0, ticket: 0, commits: [], words: new Set<string>(), tickets: new Set<string>() };
      byPath.set(file.path, tally);
      const textPart = row.score * weight;
      tally.text += textPart;
      if (row.ticket) tally.ticket += weight;
      tally.commits.push({ row, part: row.ticket ? weight + textPart : textPart });
      matchedWords.forEach((w) => tally.words.add(w));
      matchedTickets.forEach((t) => tally.tickets.add(t));
    }
  }
  const tallies = [...byPath.values()];
  const maxText = Math.max(0, ...tallies.map((t) => t.text));
  return tallies
    .map((t) => ({
      id: t.id,
      path: t.path,
      score: round(t.ticket > 0 ? (maxText + 1) * (1 + t.ticket) + t.text : t.text, 6),
      reasons: reasonsOf(t),
    }))
    .filter((f) => f.score > 0)
    .sort((a, b) => b.score - a.score || compareText(a.path, b.path));
}

function reasonsOf(t: FileTally): string[] {
  const best = [...t.commits].sort((a, b) => b.part - a.part || compareText(a.row.sha, b.row.sha))[0]?.row;
  const example = best ? ` (e.g. ${best.sha.slice(0, 7)} '${clip(best.subject, 80)}')` : '';
  const n = new Set(t.commits.map((c) => c.row.sha)).size;
  const commits = `${n} past commit${n === 1 ? '' : 's'}`;
  const reasons: string[] = [];
  if (t.tickets.size > 0 || t.ticket > 0) reasons.push(clip(`changed by ${commits} of ticket ${[...t.tickets].sort(compareText).join(', ') || 'key'}${example}`, 500));
  else {
    const words = [...t.words].sort(compareText).slice(0, 6).join(' ');
    reasons.push(clip(`changed by ${commits}${words ? ` matching '${words}'` : ' with a similar message'}${example}`, 500));
  }
  return reasons;
}
