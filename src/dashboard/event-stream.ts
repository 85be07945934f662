import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toAppError } from '../errors/index.js';
import type { Logger } from '../runtime/logger.js';
import { BASE_HEADERS } from './http-response.js';
import type { ObserverService } from './observer.service.js';

export interface EventStreamOptions {
  service: ObserverService;
  log: Logger;
  /** How often the graph is asked for new turns (default 500 ms). */
  pollMs: number;
  /** A comment line this often keeps proxies and the browser from closing an idle stream (default 15 s). */
  heartbeatMs: number;
  /** Turns read per poll; a full batch is followed by another read at once. */
  batch: number;
}

/**
 * Streams a repository's turns as Server-Sent Events, `event: turn`, `id: <Turn.seq>`, data the turn's
 * JSON. Events come from the graph (polled in commit order), so every MCP process writing turns feeds
 * every console, and a reconnecting EventSource resumes from its `Last-Event-ID` without gaps.
 * `from` is the last seq the client has. Ends when the client disconnects or `stop` aborts.
 */
export async function streamTurns(req: IncomingMessage, res: ServerResponse, from: number, options: EventStreamOptions, stop: AbortSignal): Promise<void> {
  res.writeHead(200, { ...BASE_HEADERS, 'content-type': 'text/event-stream; charset=utf-8', connection: 'keep-alive', 'x-accel-buffering': 'no' });
  const closed = new AbortController();
  const end = (): void => closed.abort();
  req.once('close', end);
  stop.addEventListener('abort', end, { once: true });
  let position = from;
  let lastWrite = Date.now();
  let unavailable = false;
  const write = async (text: string): Promise<void> => {
    lastWrite = Date.now();
    if (!res.write(text)) await once(res, 'drain', { signal: closed.signal }).catch(() => undefined);
  };
  try {
    await write(`retry: 2000\n: streaming turns after seq ${position}\n\n`);
    while (!closed.signal.aborted) {
      let full = false;
      try {
        const turns = await options.service.turnsAfter(position, options.batch);
        if (unavailable) await write(`event: available\ndata: {}\n\n`);
        unavailable = false;
        for (const turn of turns) {
          if (closed.signal.aborted) break;
          // JSON has no raw newlines, so one data line carries the whole turn.
          await write(`id: ${turn.seq}\nevent: turn\ndata: ${JSON.stringify(turn)}\n\n`);
          position = turn.seq ?? position;
        }
        full = turns.length === options.batch;
      } catch (error) {
        const app = toAppError(error);
        if (!unavailable) await write(`event: unavailable\ndata: ${JSON.stringify({ code: app.code, message: app.message, retryable: app.retryable })}\n\n`);
        unavailable = true;
      }
      if (Date.now() - lastWrite >= options.heartbeatMs) await write(': keep-alive\n\n');
      if (!full) await sleep(options.pollMs, closed.signal);
    }
  } catch (error) {
    options.log.warn('event stream ended with an error', { code: toAppError(error).code });
  } finally {
    req.off('close', end);
    stop.removeEventListener('abort', end);
    res.end();
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
