import { parse as parseYaml } from 'yaml';
import type { Fetched } from '../retrieval/assemble/artifact-fetch.js';
import type { HttpKernel } from './http-kernel.js';

/** Hosts OpenAPI documents may be fetched from: GRAPHGATE_OPENAPI_HOSTS (comma-separated); none = fetching disabled. */
export function allowedSpecHosts(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.GRAPHGATE_OPENAPI_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);
}

/** Endpoint paths of an OpenAPI 3 / Swagger 2 document, prefixed with its base path (`servers[0]` path or `basePath`). */
export function endpointPathsOf(doc: unknown): { title?: string; endpointPaths: string[] } {
  if (!doc || typeof doc !== 'object') return { endpointPaths: [] };
  const d = doc as { paths?: unknown; basePath?: unknown; servers?: unknown; info?: { title?: unknown } };
  const server = Array.isArray(d.servers) && typeof (d.servers[0] as { url?: unknown })?.url === 'string' ? String((d.servers[0] as { url: string }).url) : '';
  const base = (typeof d.basePath === 'string' ? d.basePath : server.replace(/^[a-z]+:\/\/[^/]+/i, '')).replace(/\/+$/, '');
  const paths = d.paths && typeof d.paths === 'object' ? Object.keys(d.paths).filter((p) => p.startsWith('/')).slice(0, 2000) : [];
  return { ...(typeof d.info?.title === 'string' ? { title: d.info.title.slice(0, 200) } : {}), endpointPaths: [...new Set(paths.flatMap((p) => (base ? [`${base}${p}`, p] : [p])))].sort() };
}

/**
 * OpenAPI/Swagger fetch by URL on the shared HTTP kernel: http(s) only, only from allowed hosts (a
 * prompt must not make the server call arbitrary internal addresses), JSON or YAML. Answers the
 * document's endpoint paths for the artifact lane, or `{ ok: false, reason }`.
 */
export function openApiFetcher(input: { kernel: HttpKernel; allowedHosts: readonly string[] }) {
  return async (url: string, signal?: AbortSignal): Promise<Fetched<{ title?: string; endpointPaths: string[] }>> => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return { ok: false, reason: 'refused: not a URL' };
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { ok: false, reason: 'refused: only http and https URLs are fetched' };
    if (!input.allowedHosts.includes(parsed.hostname.toLowerCase())) return { ok: false, reason: `refused: ${parsed.hostname} is not an allowed OpenAPI host (GRAPHGATE_OPENAPI_HOSTS)` };
    if (parsed.username || parsed.password) return { ok: false, reason: 'refused: credentials in the URL' };
    const res = await input.kernel.get(parsed.toString(), { headers: { Accept: 'application/json, application/yaml;q=0.9, */*;q=0.5' }, ...(signal ? { signal } : {}) });
    if (!res.ok) return { ok: false, reason: `${res.code}: ${res.message}` };
    try {
      const doc = res.body.trimStart().startsWith('{') ? JSON.parse(res.body) : parseYaml(res.body, { maxAliasCount: 100 });
      const out = endpointPathsOf(doc);
      return out.endpointPaths.length > 0 ? { ok: true, value: out } : { ok: false, reason: 'invalid_response: no paths in the document' };
    } catch {
      return { ok: false, reason: 'invalid_response: neither JSON nor YAML' };
    }
  };
}
