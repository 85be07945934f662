import { once } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toAppError } from '../errors/index.js';
import type { Logger } from '../runtime/logger.js';
import type { EventHub, HubNews } from './event-hub.js';
import { BASE_HEADERS } from './http-response.js';
import type { ObserverService } from './observer.service.js';
import { ALL_SENT, unsent, type StreamEvent, type StreamPosition } from './stream-events.js';

export interface EventStreamOptions {
  hub: EventHub;
  service: ObserverService;
  log: Logger;
  /** A comment line this often keeps proxies and the browser from closing an idle stream (default 15 s). */
  heartbeatMs: number;
  /** Turns read per catch-up read. */
  batch: number;
}

/** Hub news a slow client may leave unread; past it the stream drops them and reads its gap from the graph. */
const MAX_QUEUED_NEWS = 64;

/**
 * Streams a repository's events as Server-Sent Events from `start`: `event: turn` (`id: <seq>`) and the
 * events derived from each turn (`state`, `plan`, `gate`, `lease`, `id: <seq>.<k>`; stream-events.ts).
 * Events come from the graph in commit order, so every MCP process writing turns feeds every console,
 * and a reconnecting EventSource resumes from its `Last-Event-ID` without gaps or repeats. New turns
 * come from the console's one poller (`EventHub`); a stream behind it (resuming, or after its client
 * was slow) reads its gap itself. Ends when the client disconnects or `stop` aborts.
 */
export async function streamEvents(req: IncomingMessage, res: ServerResponse, start: StreamPosition, options: EventStreamOptions, stop: AbortSignal): Promise<void> {
  res.writeHead(200, { ...BASE_HEADERS, 'content-type': 'text/event-stream; charset=utf-8', connection: 'keep-alive', 'x-accel-buffering': 'no' });
  const closed = new AbortController();
  const queue: HubNews[] = [];
  let wake: (() => void) | null = null;
  const rouse = (): void => {
    wake?.();
    wake = null;
  };
  const end = (): void => {
    closed.abort();
    rouse();
  };
  req.once('close', end);
  stop.addEventListener('abort', end, { once: true });
  let position = start;
  let lastWrite = Date.now();
  let unavailable = false;
  let behind = true;
  let hubDown = options.hub.unavailable;
  const write = async (text: string): Promise<void> => {
    lastWrite = Date.now();
    if (!res.write(text)) await once(res, 'drain', { signal: closed.signal }).catch(() => undefined);
  };
  const send = async (events: StreamEvent[]): Promise<void> => {
    // JSON has no raw newlines, so one data line carries the whole event.
    for (const event of events) if (!closed.signal.aborted) await write(`id: ${event.id}\nevent: ${event.kind}\ndata: ${JSON.stringify(event.data)}\n\n`);
  };
  const announce = async (down: boolean, error?: unknown): Promise<void> => {
    if (down === unavailable) return;
    unavailable = down;
    await write(down ? `event: unavailable\ndata: ${JSON.stringify(error)}\n\n` : 'event: available\ndata: {}\n\n');
  };
  /** Reads this stream's gap from the graph (its position up to the newest turn); false when the graph did not answer. */
  const catchUp = async (): Promise<boolean> => {
    try {
      for (;;) {
        const after = position.sent === ALL_SENT ? position.seq : position.seq - 1;
        const turns = await options.service.eventsAfter(after, options.batch);
        await announce(false);
        const next = unsent(turns, position);
        await send(next.events);
        position = next.position;
        if (turns.length < options.batch || closed.signal.aborted) break;
      }
      behind = false;
      return true;
    } catch (error) {
      const app = toAppError(error);
      await announce(true, { code: app.code, message: app.message, retryable: app.retryable });
      return false;
    }
  };
  const apply = async (news: HubNews): Promise<void> => {
    if (news.kind === 'unavailable') {
      hubDown = true;
      return announce(true, news.error);
    }
    if (news.kind === 'available') {
      hubDown = false;
      return announce(false);
    }
    if (news.kind === 'reset') {
      if (position.seq > news.seq) position = { seq: news.seq, sent: ALL_SENT };
      return;
    }
    if (news.kind !== 'turns' || behind) return;
    // Turns after `from` serve a stream that has every turn up to `from`; any other stream reads its gap itself.
    if (position.seq < news.from || (position.seq === news.from && position.sent !== ALL_SENT)) {
      behind = true;
      return;
    }
    const next = unsent(news.turns, position);
    await send(next.events);
    position = next.position;
  };

  const unsubscribe = options.hub.subscribe((news) => {
    if (queue.length >= MAX_QUEUED_NEWS) {
      queue.length = 0;
      behind = true;
    }
    queue.push(news);
    rouse();
  });
  try {
    await write(`retry: 2000\n: streaming events after seq ${position.seq}\n\n`);
    while (!closed.signal.aborted) {
      // A failed read is retried at the hub's next news (every poll), never in a tight loop.
      const failed = behind && !hubDown ? !(await catchUp()) : false;
      while (queue.length > 0 && !closed.signal.aborted) await apply(queue.shift()!);
      if (behind && !hubDown && !failed) continue;
      if (Date.now() - lastWrite >= options.heartbeatMs) await write(': keep-alive\n\n');
      if (queue.length === 0 && !closed.signal.aborted) await new Promise<void>((resolve) => (wake = resolve));
    }
  } catch (error) {
    options.log.warn('event stream ended with an error', { code: toAppError(error).code });
  } finally {
    unsubscribe();
    req.off('close', end);
    stop.removeEventListener('abort', end);
    res.end();
  }
}
