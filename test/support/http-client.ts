import { request } from 'node:http';

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A plain HTTP request with full control of the headers (fetch does not let a test forge `Host`); `body` is sent with its Content-Length. */
export function httpGet(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    if (options.body !== undefined) req.setHeader('content-length', Buffer.byteLength(options.body));
    req.end(options.body);
  });
}

export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

/** A Server-Sent Events reader over node:http: collects events, waits for one that matches. */
export interface SseClient {
  status: number;
  events: SseEvent[];
  waitFor(match: (events: SseEvent[]) => boolean, timeoutMs?: number): Promise<SseEvent[]>;
  close(): void;
}

export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const events: SseEvent[] = [];
    const waiters = new Set<() => void>();
    const req = request(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = { event: 'message', data: '' };
          let hasData = false;
          for (const line of block.split('\n')) {
            const [field, ...rest] = line.split(':');
            const value = rest.join(':').replace(/^ /, '');
            if (field === 'id') event.id = value;
            else if (field === 'event') event.event = value;
            else if (field === 'data') {
              event.data += (hasData ? '\n' : '') + value;
              hasData = true;
            }
          }
          if (hasData) events.push(event);
        }
        for (const wake of waiters) wake();
      });
      resolve({
        status: res.statusCode ?? 0,
        events,
        close: () => req.destroy(),
        waitFor: (match, timeoutMs = 10_000) => new Promise((done, fail) => {
          const check = (): void => {
            if (!match(events)) return;
            waiters.delete(check);
            clearTimeout(timer);
            done(events);
          };
          const timer = setTimeout(() => {
            waiters.delete(check);
            fail(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.id))}`));
          }, timeoutMs);
          waiters.add(check);
          check();
        }),
      });
    });
    req.on('error', reject);
    req.end();
  });
}
