import type { ServerResponse } from 'node:http';
import { AppError, toAppError, type ErrorCode } from '../errors/index.js';
import type { Logger } from '../runtime/logger.js';
import { ReviewRefusal } from './review-guard.js';

/** Sent with every answer: nothing cached, no sniffing, never framed, no referrer. No CORS headers, on purpose. */
export const BASE_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
} as const;

const STATUS: Partial<Record<ErrorCode, number>> = {
  INVALID_ARGS: 400,
  UNAUTHORIZED: 403,
  NOT_FOUND: 404,
  // A method refusal is answered 405 before any route runs; thrown, it is a memory that cannot make that move.
  ILLEGAL_TRANSITION: 409,
  VERSION_CONFLICT: 409,
  BUSY: 503,
  GRAPH_UNAVAILABLE: 503,
  GRAPH_AUTH_FAILED: 503,
  TIMEOUT: 504,
};

export function sendJson(res: ServerResponse, status: number, body: unknown, head = false): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...BASE_HEADERS, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(head ? undefined : text);
}

/** Plain text (a review bundle file): shown by the browser as text, never rendered, under the page's CSP and `nosniff`. */
export function sendText(res: ServerResponse, status: number, text: string, head = false): void {
  res.writeHead(status, {
    ...BASE_HEADERS, 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(text),
    'content-security-policy': "default-src 'none'; sandbox", 'content-disposition': 'inline',
  });
  res.end(head ? undefined : text);
}

/** Answers with `{ error: { code, message, retryable, details } }`; unexpected errors log their stack and say only INTERNAL. */
export function sendError(res: ServerResponse, error: unknown, log: Logger, route: string): void {
  if (error instanceof ReviewRefusal) {
    if (res.headersSent) return void res.destroy();
    return refuse(res, error.status, error.error.code, error.error.message, error.headers);
  }
  const app = toAppError(error);
  const status = STATUS[app.code] ?? 500;
  if (status >= 500) log.warn('dashboard request failed', { route, code: app.code, cause: app.cause instanceof Error ? app.cause.stack : undefined });
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(res, status, { error: app.toJSON() });
}

/** A refusal before any route ran (Host header, method, path). */
export function refuse(res: ServerResponse, status: number, code: ErrorCode, message: string, headers: Record<string, string> = {}): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  sendJson(res, status, { error: new AppError(code, { message }).toJSON() });
}
