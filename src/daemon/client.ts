import { connect } from 'node:net';
import type { DaemonEndpoint } from './endpoint.js';
import { PROTOCOL_VERSION, buildId, type DaemonAnswer, type DaemonRequest, type DaemonStatus } from './protocol.js';

/** The code of the error askDaemon rejects with when the daemon hangs up before answering. */
const CLOSED_UNANSWERED = 'DAEMON_CLOSED_UNANSWERED';
/** How a daemon killed while it accepted the connection ends it: reset, broken, or closed without an answer. */
const DAEMON_GONE = new Set(['ECONNRESET', 'EPIPE', CLOSED_UNANSWERED]);

type Body = DaemonRequest extends infer R ? (R extends DaemonRequest ? Omit<R, 'v' | 'build'> : never) : never;

/**
 * Sends one request to the daemon of `endpoint` and resolves with its final answer (`progress` answers
 * go to `onProgress`). Null when no daemon listens there (no socket, or a stale one); rejects when the
 * daemon hangs up before answering.
 */
export function askDaemon(endpoint: DaemonEndpoint, body: Body, onProgress?: (answer: Extract<DaemonAnswer, { type: 'progress' }>) => void): Promise<DaemonAnswer | null> {
  return new Promise((resolve, reject) => {
    const socket = connect(endpoint.socketPath);
    let buffer = '';
    let final: DaemonAnswer | undefined;
    let connected = false;
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify({ v: PROTOCOL_VERSION, build: buildId(), ...body })}\n`);
    });
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 1);
        let answer: DaemonAnswer;
        try {
          answer = JSON.parse(line) as DaemonAnswer;
        } catch {
          socket.destroy();
          reject(new Error('The ingest daemon answered something that is not JSON.'));
          return;
        }
        if (answer.type === 'progress') onProgress?.(answer);
        else final ??= answer;
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (!connected && (error.code === 'ENOENT' || error.code === 'ECONNREFUSED')) resolve(null);
      else reject(error);
    });
    socket.on('close', () => {
      if (final) resolve(final);
      else if (connected) reject(Object.assign(new Error('The ingest daemon closed the connection without an answer.'), { code: CLOSED_UNANSWERED }));
    });
  });
}

/**
 * The status of the daemon of `endpoint`; null when none answers. A daemon killed (kill -9) just as it
 * accepted the connection resets or closes it without an answer: that is none running too, not an error.
 */
export async function daemonStatus(endpoint: DaemonEndpoint): Promise<DaemonStatus | null> {
  try {
    const answer = await askDaemon(endpoint, { op: 'status' });
    return answer?.type === 'status' ? answer.status : null;
  } catch (error) {
    if (DAEMON_GONE.has((error as NodeJS.ErrnoException).code ?? '')) return null;
    throw error;
  }
}
