import { lexTokens } from '../../src/text/lex-text.js';
import { repoSearchKey } from '../../src/text/repo-search-key.js';

/** One commit as read from `git log` (decoded, not yet escaped or capped). */
export interface RawCommit {
  sha: string;
  /** Committer time, epoch seconds (the order `git log` lists commits in). */
  time: number;
  subject: string;
  body: string;
  /** Repo-relative paths the commit touched (at most `MAX_FILES_READ` kept by the reader). */
  files: string[];
  /** How many paths it touched, all of them counted. */
  fileCount: number;
}

/** The stored form of a commit: the `(:Commit)` node's properties. */
export interface CommitProps {
  id: string;
  repoId: string;
  sha: string;
  subject: string;
  body: string;
  time: number;
  files: string[];
  fileCount: number;
  tickets: string[];
  searchText: string;
  /** The repository as one digit token (src/text/repo-search-key.ts): the lane's query requires it. */
  ftRepo: string;
}

export const MAX_SUBJECT_CHARS = 500;
export const MAX_BODY_CHARS = 2_000;
/** Paths stored per commit; the lane ignores commits above 60 files, so more would only cost space. */
export const MAX_STORED_FILES = 100;
export const MAX_TICKETS = 20;
const MAX_SEARCH_TEXT_CHARS = 2_000;

export const commitId = (repoId: string, sha: string): string => `${repoId}:commit:${sha}`;

/**
 * C0/C1 controls (newline and tab kept where asked), bidi embeddings/overrides/isolates/marks,
 * zero-width characters, the BOM, line/paragraph separators and lone surrogates. They are stored as
 * visible `\uXXXX` text so a commit message cannot disguise itself in a pack or in Neo4j Browser.
 */
const UNSAFE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200B-\u200F\u2028-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const hex4 = (c: string): string => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/** Escapes control and bidi characters; `multiline` keeps `\n` and `\t` (a body), otherwise they are escaped too. */
export function escapeControls(text: string, multiline: boolean): string {
  const unified = text.replace(/\r\n?/g, '\n');
  const escaped = unified.replace(UNSAFE, hex4);
  return multiline ? escaped : escaped.replace(/[\n\t]/g, hex4);
}

/** Cuts to `max` UTF-16 units without splitting a surrogate pair. */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end);
}

/** Prefixes that look like ticket keys but name standards and encodings (`UTF-8`, `ES-2015`, `SHA-256`). */
const NOT_TICKET = new Set([
  'UTF', 'ISO', 'RFC', 'ES', 'ECMA', 'HTTP', 'SHA', 'MD', 'TLS', 'SSL', 'IPV', 'CVE', 'WCAG', 'ANSI', 'IEEE', 'PEP', 'AES', 'RSA', 'WIN', 'X', 'V',
]);
const TICKET = /(?<![A-Za-z0-9_-])([A-Za-z][A-Za-z0-9]{1,9})-(\d{1,7})(?![A-Za-z0-9_])/g;

/** Ticket keys (`ABC-123`, also written `abc-123`) in text, uppercased, distinct, in order of appearance. */
export function extractTickets(text: string, max = MAX_TICKETS): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(TICKET)) {
    const project = (m[1] as string).toUpperCase();
    if (NOT_TICKET.has(project) || /^\d/.test(project)) continue;
    out.add(`${project}-${Number(m[2])}`);
    if (out.size >= max) break;
  }
  return [...out];
}

const COMPOUND = /\p{Ll}\p{Lu}|[\p{L}\p{N}][-_./$][\p{L}\p{N}]/u;

/**
 * The parts of compound identifiers in a message (`OrderDetailComponent`, `order-detail.component.ts`
 * → `order detail component ts`): the `english` analyzer keeps such words whole, so a prompt saying
 * "order detail" would not match them without this field.
 */
export function identifierParts(text: string): string {
  const parts = new Set<string>();
  for (const chunk of text.split(/\s+/)) {
    if (!COMPOUND.test(chunk)) continue;
    const whole = chunk.toLowerCase();
    for (const t of lexTokens(chunk)) if (t !== whole && !/[-_$]/.test(t)) parts.add(t);
  }
  return capText([...parts].join(' '), MAX_SEARCH_TEXT_CHARS);
}

/** A commit as stored: escaped, capped, with its ticket keys and identifier parts. */
export function commitProps(repoId: string, raw: RawCommit): CommitProps {
  const subject = capText(escapeControls(raw.subject.trim(), false), MAX_SUBJECT_CHARS);
  const body = capText(escapeControls(raw.body.replace(/\s+$/, ''), true), MAX_BODY_CHARS);
  const files = [...new Set(raw.files)].slice(0, MAX_STORED_FILES);
  return {
    id: commitId(repoId, raw.sha),
    repoId,
    sha: raw.sha,
    subject,
    body,
    time: raw.time,
    files,
    fileCount: Math.max(raw.fileCount, files.length),
    tickets: extractTickets(`${raw.subject}\n${raw.body}`),
    searchText: identifierParts(`${raw.subject} ${capText(raw.body, MAX_BODY_CHARS)}`),
    ftRepo: repoSearchKey(repoId),
  };
}
