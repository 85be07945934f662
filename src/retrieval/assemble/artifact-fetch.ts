import type { ArtifactStatus } from '../lanes/artifact.lane.js';
import type { JiraFields, Lexeme } from '../lexemes/lexeme.model.js';
import { sortedUnique } from '../shared/stable-order.js';

/** A fetched Jira ticket (fields for the TaskSpec and lexemes). */
export type JiraTicket = JiraFields & { key: string; url?: string };

/** What a connector answers: the artifact, or why it is missing (offline, auth, not found …) — never a throw. */
export type Fetched<T> = { ok: true; value: T } | { ok: false; reason: string };

/** The connectors pack assembly may use (src/connectors provides them; absent = offline). */
export interface ArtifactFetchers {
  jira?: (key: string, signal?: AbortSignal) => Promise<Fetched<JiraTicket>>;
  openApi?: (url: string, signal?: AbortSignal) => Promise<Fetched<{ title?: string; endpointPaths: string[] }>>;
}

const SPEC_URL = /\bhttps?:\/\/[^\s"'<>)]+/gi;
const SPEC_HINT = /(swagger|openapi|api-docs|\.ya?ml$|\.json$)/i;

/** OpenAPI/Swagger URLs a prompt or attachment refs name (http/https only, at most 3). */
export function specUrlsOf(texts: readonly string[]): string[] {
  return sortedUnique(texts.flatMap((t) => t.slice(0, 100_000).match(SPEC_URL) ?? []).map((u) => u.replace(/[.,;:]+$/, '')).filter((u) => SPEC_HINT.test(u) && u.length <= 2048)).slice(0, 3);
}

/** Ticket keys among the lexemes, in their canonical (upper-case) form (at most 3). */
export function ticketKeysOf(lexemes: readonly Lexeme[]): string[] {
  return sortedUnique(lexemes.filter((l) => l.kind === 'TICKET_KEY' && l.polarity === 'positive').map((l) => l.norm.toUpperCase())).slice(0, 3);
}

/**
 * Fetches what the task references — the first Jira ticket its lexemes name (unless fields were given)
 * and the OpenAPI documents it links — through the connectors. Every reference gets a status; a
 * failure is a `missing` status with the reason, never an error.
 */
export async function fetchArtifacts(input: { fetchers?: ArtifactFetchers | null; lexemes: readonly Lexeme[]; texts: readonly string[]; jiraGiven: boolean; signal?: AbortSignal }): Promise<{ jira: JiraTicket | null; endpointPaths: string[]; specRefs: string[]; statuses: ArtifactStatus[] }> {
  const statuses: ArtifactStatus[] = [];
  let jira: JiraTicket | null = null;
  const keys = input.jiraGiven ? [] : ticketKeysOf(input.lexemes);
  for (const key of keys) {
    if (!input.fetchers?.jira) {
      statuses.push({ kind: 'jira', ref: key, status: 'missing', detail: 'no Jira connector is configured (offline)' });
      continue;
    }
    const got = await input.fetchers.jira(key, input.signal);
    if (got.ok && !jira) jira = got.value;
    statuses.push(got.ok ? { kind: 'jira', ref: key, status: 'fetched', detail: got.value.summary?.slice(0, 200) ?? 'fetched' } : { kind: 'jira', ref: key, status: 'missing', detail: got.reason });
  }
  const endpointPaths: string[] = [];
  const specRefs: string[] = [];
  for (const url of specUrlsOf(input.texts)) {
    if (!input.fetchers?.openApi) {
      statuses.push({ kind: 'openapi', ref: url, status: 'missing', detail: 'no OpenAPI connector is configured (offline)' });
      continue;
    }
    const got = await input.fetchers.openApi(url, input.signal);
    if (got.ok) {
      endpointPaths.push(...got.value.endpointPaths.slice(0, 200));
      specRefs.push(url);
    }
    statuses.push(got.ok ? { kind: 'openapi', ref: url, status: 'fetched', detail: `${got.value.endpointPaths.length} endpoint path(s)` } : { kind: 'openapi', ref: url, status: 'missing', detail: got.reason });
  }
  return { jira, endpointPaths: sortedUnique(endpointPaths), specRefs, statuses };
}
