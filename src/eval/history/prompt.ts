/**
 * From a commit message to the task's prompt (pure). The prompt is the message as the team wrote
 * it — subject, a blank line, body — so the ticket key stays in it by default (a user pasting a
 * ticket title carries the key too, and a lane that follows keys through history is fair game:
 * it only sees earlier commits). The leading key is also kept in its own field so a run can be
 * made without it (`--strip-ticket-key`), as RETRIEVAL-EVIDENCE.md did.
 */

/** Longest prompt handed to the systems (the GraphQL pack input's bound). */
export const MAX_PROMPT_CHARS = 20_000;

const KEY = String.raw`(?:[A-Z][A-Z0-9_]+-\d+|#\d+)`;
/** `ABC-123: x`, `ABC-123 - x`, `ABC-123 x`, `[ABC-123] x`, `(ABC-123): x`, `#123 x`, `[#123] x`. */
const LEADING_KEY = new RegExp(String.raw`^\s*(?:\[(${KEY})\]|\((${KEY})\)|(${KEY})(?=[\s:|–-]))\s*[:|–-]?\s*`);

/**
 * Trailers tools add to a message (sign-offs, co-authors, review links, Gerrit ids, `git cherry-pick
 * -x` notes): metadata, not request text; they name people and commits — a history lane could match
 * an author, or the sha of the very change it is asked to find.
 */
const TOOL_TRAILER = /^((signed-off-by|co-authored-by|change-id|reviewed-by|reviewed-on|acked-by|tested-by|cc):|\(cherry picked from commit [0-9a-f]+\))/i;

export interface SplitSubject {
  /** The leading ticket key (`ABC-123`, `#123`), or null. */
  ticketKey: string | null;
  /** The subject without that key and its separator. */
  rest: string;
}

/** Splits a leading ticket key from a subject; the rest must keep some text, else there is no key. */
export function splitTicketKey(subject: string): SplitSubject {
  const m = LEADING_KEY.exec(subject);
  if (!m) return { ticketKey: null, rest: subject.trim() };
  const rest = subject.slice(m[0].length).trim();
  if (!rest) return { ticketKey: null, rest: subject.trim() };
  return { ticketKey: m[1] ?? m[2] ?? m[3] ?? null, rest };
}

/** The body without tool trailers, trimmed. */
export function cleanBody(body: string): string {
  return body.split('\n').filter((line) => !TOOL_TRAILER.test(line.trim())).join('\n').trim();
}

/** subject + "\n\n" + body (cleaned), capped; with `stripKey` the subject loses its leading ticket key. */
export function buildPrompt(subject: string, body: string, options: { stripKey?: boolean } = {}): string {
  const head = options.stripKey ? splitTicketKey(subject).rest : subject.trim();
  const text = cleanBody(body);
  const prompt = text ? `${head}\n\n${text}` : head;
  return prompt.length > MAX_PROMPT_CHARS ? prompt.slice(0, MAX_PROMPT_CHARS) : prompt;
}

/**
 * The form in which two subjects count as "the same" for the repeated-subject split: no leading
 * ticket key, no trailing PR number `(#123)`, lower case, single spaces. Teams reuse subjects
 * ("Fix tests", "Update translations") with different keys; those are repeats.
 */
export function normaliseSubject(subject: string): string {
  return splitTicketKey(subject).rest.replace(/\s*\(#\d+\)\s*$/, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Words in a subject (after its ticket key): the "too short to be a task" rule counts these. */
export function subjectWords(subject: string): number {
  return splitTicketKey(subject).rest.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}
