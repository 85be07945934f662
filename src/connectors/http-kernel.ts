import { onAbort } from '../runtime/abort.js';
import { redact } from './redact.js';

/** Normalised connector failures (what a missingness entry reports). */
export const CONNECTOR_ERRORS = ['offline', 'timeout', 'unauthorized', 'not_found', 'rate_limited', 'http_error', 'invalid_response', 'too_large', 'refused'] as const;
export type ConnectorErrorCode = (typeof CONNECTOR_ERRORS)[number];

export type HttpResult = { ok: true; status: number; body: string; contentType: string; cached: boolean } | { ok: false; code: ConnectorErrorCode; status?: number; message: string };

export interface HttpKernelOptions {
  /** Attempts per request (first try included). */
  attempts?: number;
  /** First backoff delay; doubles each retry (with Retry-After taking precedence, capped by `maxDelayMs`). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  timeoutMs?: number;
  maxBytes?: number;
  cacheTtlMs?: number;
  /** Secrets that must never appear in messages (tokens). */
  secrets?: () => readonly string[];
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

const RETRYABLE = new Set([408, 425, 429, 500, 502, 503, 504]);

/** Seconds or an HTTP date → milliseconds to wait (null when absent or unreadable). */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}

/**
 * The one HTTP kernel under every connector: GET with a per-request timeout, retries with exponential
 * backoff on network errors and retryable statuses (honouring Retry-After on 429/503), a response
 * size cap, an in-memory cache of successful answers, normalised error codes and secrets redacted from
 * every message. It never throws: a failure is a result the caller turns into a missingness entry.
 */
export class HttpKernel {
  private readonly cache = new Map<string, { at: number; result: HttpResult & { ok: true } }>();
  private readonly o: Required<Omit<HttpKernelOptions, 'secrets'>> & { secrets: () => readonly string[] };

  constructor(options: HttpKernelOptions = {}) {
    this.o = {
      attempts: options.attempts ?? 3, baseDelayMs: options.baseDelayMs ?? 200, maxDelayMs: options.maxDelayMs ?? 5_000, timeoutMs: options.timeoutMs ?? 5_000,
      maxBytes: options.maxBytes ?? 5 * 1024 * 1024, cacheTtlMs: options.cacheTtlMs ?? 5 * 60_000, secrets: options.secrets ?? (() => []),
      fetch: options.fetch ?? fetch, sleep: options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))), now: options.now ?? Date.now,
    };
  }

  async get(url: string, init: { headers?: Record<string, string>; cacheKey?: string; signal?: AbortSignal } = {}): Promise<HttpResult> {
    const key = init.cacheKey ?? url;
    const hit = this.cache.get(key);
    if (hit && this.o.now() - hit.at < this.o.cacheTtlMs) return { ...hit.result, cached: true };
    let last: HttpResult = { ok: false, code: 'offline', message: 'not attempted' };
    for (let attempt = 1; attempt <= this.o.attempts; attempt++) {
      if (init.signal?.aborted) return { ok: false, code: 'timeout', message: 'cancelled' };
      const { result, wait } = await this.once(url, init);
      if (result.ok) {
        this.cache.set(key, { at: this.o.now(), result });
        if (this.cache.size > 500) this.cache.delete(this.cache.keys().next().value as string);
        return result;
      }
      last = result;
      if (wait === null || attempt === this.o.attempts) break;
      await this.o.sleep(Math.min(this.o.maxDelayMs, wait ?? this.o.baseDelayMs * 2 ** (attempt - 1)));
    }
    return last;
  }

  /** One attempt; `wait` is null when retrying cannot help, undefined for the default backoff. */
  private async once(url: string, init: { headers?: Record<string, string>; signal?: AbortSignal }): Promise<{ result: HttpResult; wait: number | null | undefined }> {
    const clean = (m: string): string => redact(m, this.o.secrets()).slice(0, 500);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.o.timeoutMs);
    const detach = onAbort(init.signal, () => controller.abort());
    try {
      const res = await this.o.fetch(url, { headers: init.headers ?? {}, signal: controller.signal, redirect: 'error' });
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        const wait = RETRYABLE.has(res.status) ? (retryAfterMs(res.headers.get('retry-after'), this.o.now()) ?? undefined) : null;
        const code: ConnectorErrorCode = res.status === 401 || res.status === 403 ? 'unauthorized' : res.status === 404 ? 'not_found' : res.status === 429 ? 'rate_limited' : 'http_error';
        return { result: { ok: false, code, status: res.status, message: clean(`HTTP ${res.status} from ${url}`) }, wait };
      }
      const length = Number(res.headers.get('content-length') ?? '0');
      if (length > this.o.maxBytes) {
        await res.body?.cancel().catch(() => undefined);
        return { result: { ok: false, code: 'too_large', status: res.status, message: clean(`response of ${length} bytes exceeds ${this.o.maxBytes}`) }, wait: null };
      }
      const body = await res.text();
      if (Buffer.byteLength(body) > this.o.maxBytes) return { result: { ok: false, code: 'too_large', status: res.status, message: clean(`response exceeds ${this.o.maxBytes} bytes`) }, wait: null };
      return { result: { ok: true, status: res.status, body, contentType: res.headers.get('content-type') ?? '', cached: false }, wait: null };
    } catch (error) {
      const timedOut = controller.signal.aborted && !init.signal?.aborted;
      const message = clean(`${timedOut ? 'timed out' : 'request failed'}: ${(error as Error).message ?? String(error)} (${url})`);
      return { result: { ok: false, code: timedOut ? 'timeout' : 'offline', message }, wait: init.signal?.aborted ? null : undefined };
    } finally {
      clearTimeout(timer);
      detach();
    }
  }
}
