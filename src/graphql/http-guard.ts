import type { IncomingMessage, ServerResponse } from 'node:http';
import { isLoopback } from './config.js';

export interface HttpGuardOptions {
  /** The server is bound to loopback: only loopback Host headers are served (DNS rebinding). */
  loopbackOnly: boolean;
  maxBodyBytes: number;
}

function hostName(header: string | undefined): string {
  if (!header) return '';
  if (header.startsWith('[')) return header.slice(0, header.indexOf(']') + 1);
  return header.split(':')[0] ?? '';
}

function answer(res: ServerResponse, status: number, message: string): true {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ errors: [{ message }] }));
  return true;
}

/**
 * Answers, before yoga sees it, a request this server must not process: a foreign Host header on
 * a loopback server (a web page rebinding its DNS name to 127.0.0.1), a body without a declared
 * length, or a body over the limit. Returns true when it answered.
 */
export function rejectAtDoor(req: IncomingMessage, res: ServerResponse, options: HttpGuardOptions): boolean {
  if (options.loopbackOnly && !isLoopback(hostName(req.headers.host))) {
    return answer(res, 403, 'This server only answers requests addressed to localhost.');
  }
  if (req.method === 'POST') {
    const length = Number(req.headers['content-length']);
    if (!Number.isFinite(length) || req.headers['content-length'] === undefined) return answer(res, 411, 'A request body needs a Content-Length.');
    if (length > options.maxBodyBytes) return answer(res, 413, `The request body is larger than ${options.maxBodyBytes} bytes.`);
  }
  return false;
}
