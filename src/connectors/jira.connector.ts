import { lstat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Fetched, JiraTicket } from '../retrieval/assemble/artifact-fetch.js';
import type { HttpKernel } from './http-kernel.js';
import { redact } from './redact.js';

const KEY = /^[A-Z][A-Z0-9]{1,9}-\d{1,7}$/;
const FIELDS = 'summary,description,issuetype,labels,components';

/** Jira credentials: `.ai/auth/jira.token` holds the PAT, or `{"baseUrl", "token"}` as JSON. */
export interface JiraAuth {
  baseUrl: string;
  token: string;
}

/** Reads the PAT (and base URL) from `.ai/auth/jira.token`; the base URL may also come from GRAPHGATE_JIRA_URL. Null when absent. */
export async function readJiraAuth(root: string, env: NodeJS.ProcessEnv = process.env): Promise<JiraAuth | null> {
  const path = join(root, '.ai', 'auth', 'jira.token');
  const info = await lstat(path).catch(() => undefined);
  if (!info?.isFile() || info.isSymbolicLink() || info.size > 16_384) return null;
  const text = (await readFile(path, 'utf8')).trim();
  let token = text;
  let baseUrl = env.GRAPHGATE_JIRA_URL ?? '';
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as { baseUrl?: unknown; token?: unknown };
      token = typeof parsed.token === 'string' ? parsed.token : '';
      if (typeof parsed.baseUrl === 'string') baseUrl = parsed.baseUrl;
    } catch {
      return null;
    }
  }
  if (!token || !/^https?:\/\//.test(baseUrl)) return null;
  return { baseUrl: baseUrl.replace(/\/+$/, ''), token };
}

/** Plain text of a Jira description (wiki markup or an Atlassian document), bounded. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value.slice(0, 200_000);
  const parts: string[] = [];
  const walk = (node: unknown, depth: number): void => {
    if (!node || typeof node !== 'object' || depth > 50 || parts.length > 5000) return;
    const n = node as { text?: unknown; content?: unknown; type?: unknown };
    if (typeof n.text === 'string') parts.push(n.text);
    if (Array.isArray(n.content)) for (const c of n.content) walk(c, depth + 1);
    if (n.type === 'paragraph' || n.type === 'listItem' || n.type === 'heading') parts.push('\n');
  };
  walk(value, 0);
  return parts.join('').slice(0, 200_000);
}

/** Acceptance criteria: the list items after an "Acceptance criteria" heading in the description. */
export function acceptanceCriteriaOf(description: string): string[] {
  const lines = description.split(/\r?\n/);
  const start = lines.findIndex((l) => /acceptance\s+criteria/i.test(l));
  if (start < 0) return [];
  const out: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^\s*(h\d\.|#{1,6}\s)/.test(line) && out.length > 0) break;
    const item = line.replace(/^\s*(?:[-*#•]+|\d+[.)])\s*/, '').trim();
    if (item && item !== line.trim() || /^(given|when|then)\b/i.test(item)) out.push(item.slice(0, 4000));
  }
  return out.slice(0, 100);
}

/**
 * Jira issue fetch (REST v2) with the PAT from `.ai/auth/jira.token`, on the shared HTTP kernel.
 * Fields become the TaskSpec inputs: summary, description, issue type, labels, components and the
 * acceptance criteria listed in the description. Missing credentials, an invalid key or any HTTP
 * failure is a `{ ok: false, reason }` (the token never appears in it).
 */
export function jiraFetcher(input: { root: string; kernel: HttpKernel; env?: NodeJS.ProcessEnv }) {
  return async (key: string, signal?: AbortSignal): Promise<Fetched<JiraTicket>> => {
    if (!KEY.test(key)) return { ok: false, reason: `"${key.slice(0, 40)}" is not a Jira issue key` };
    const auth = await readJiraAuth(input.root, input.env);
    if (!auth) return { ok: false, reason: 'no Jira credentials (.ai/auth/jira.token with a PAT, and a base URL)' };
    const url = `${auth.baseUrl}/rest/api/2/issue/${encodeURIComponent(key)}?fields=${FIELDS}`;
    const res = await input.kernel.get(url, { headers: { Authorization: `Bearer ${auth.token}`, Accept: 'application/json' }, cacheKey: `jira:${auth.baseUrl}:${key}`, ...(signal ? { signal } : {}) });
    if (!res.ok) return { ok: false, reason: redact(`${res.code}: ${res.message}`, [auth.token]) };
    try {
      const body = JSON.parse(res.body) as { key?: unknown; fields?: Record<string, unknown> };
      const f = body.fields ?? {};
      const description = textOf(f.description);
      const names = (v: unknown): string[] => (Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x : typeof (x as { name?: unknown })?.name === 'string' ? String((x as { name: string }).name) : '')).filter(Boolean).slice(0, 100) : []);
      const issueType = (f.issuetype as { name?: unknown } | undefined)?.name;
      return {
        ok: true,
        value: {
          key, url: `${auth.baseUrl}/browse/${key}`,
          ...(typeof f.summary === 'string' ? { summary: f.summary.slice(0, 2000) } : {}),
          ...(description ? { description } : {}),
          ...(typeof issueType === 'string' ? { issueType: issueType.slice(0, 100) } : {}),
          labels: names(f.labels).map((l) => l.slice(0, 200)), components: names(f.components).map((c) => c.slice(0, 200)),
          acceptanceCriteria: acceptanceCriteriaOf(description),
        },
      };
    } catch {
      return { ok: false, reason: 'invalid_response: the Jira answer is not JSON' };
    }
  };
}
