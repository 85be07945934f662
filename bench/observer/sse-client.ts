import { request, type ClientRequest } from 'node:http';

export interface SseEvent {
  id: string | undefined;
  event: string;
  data: string;
  /** performance.now() when the event's last line arrived. */
  receivedAt: number;
}

export interface SseClient {
  /** Resolves when the server has answered 200 and sent its first line (the stream is polling). */
  connected: Promise<void>;
  /** Bytes received so far (events and keep-alive comments). */
  readonly bytes: number;
  close(): void;
}

/** A minimal EventSource for the benchmark: one GET of `/stream/events`, events parsed as they arrive. */
export function openSse(baseUrl: string, onEvent: (event: SseEvent) => void = () => undefined): SseClient {
  let bytes = 0;
  let req: ClientRequest | undefined;
  const connected = new Promise<void>((resolve, reject) => {
    // No keep-alive agent: each stream is its own connection, as each browser tab's would be.
    req = request(new URL('stream/events', baseUrl), { agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`/stream/events answered ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      let fields: { id?: string; event?: string; data: string[] } = { data: [] };
      res.on('data', (chunk: string) => {
        bytes += Buffer.byteLength(chunk);
        resolve();
        buffer += chunk;
        let newline: number;
        while ((newline = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          if (line === '') {
            if (fields.data.length > 0) onEvent({ id: fields.id, event: fields.event ?? 'message', data: fields.data.join('\n'), receivedAt: performance.now() });
            fields = { data: [] };
          } else if (!line.startsWith(':')) {
            const colon = line.indexOf(':');
            const name = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (name === 'data') fields.data.push(value);
            else if (name === 'id') fields.id = value;
            else if (name === 'event') fields.event = value;
          }
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
  // A stream closed by close() ends with an error nobody waits for.
  connected.catch(() => undefined);
  return {
    connected,
    get bytes() {
      return bytes;
    },
    close: () => void req?.destroy(),
  };
}
