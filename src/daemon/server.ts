import { chmodSync, mkdirSync, unlinkSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { dirname, isAbsolute } from 'node:path';
import { z } from 'zod';
import { projectMaxFilesSchema } from '../../ingest/pipeline/settings.js';
import { AppError, toAppError } from '../errors/index.js';
import type { Graph } from '../graph/index.js';
import type { Logger } from '../runtime/logger.js';
import { askDaemon } from './client.js';
import { MAX_SOCKET_PATH, type DaemonEndpoint } from './endpoint.js';
import { MAX_REQUEST_BYTES, PROTOCOL_VERSION, buildId, type DaemonAnswer, type DaemonStatus, type IngestSettingsWire } from './protocol.js';

const settings = z.object({
  repoId: z.string().min(1).max(200).optional(),
  include: z.array(z.string().max(1000)).max(200).optional(),
  exclude: z.array(z.string().max(1000)).max(200).optional(),
  anchorDepth: z.number().int().min(1).max(20).optional(),
  projectMaxFiles: projectMaxFilesSchema.optional(),
}).strict() satisfies z.ZodType<IngestSettingsWire>;

const request = z.discriminatedUnion('op', [
  z.object({
    v: z.literal(PROTOCOL_VERSION), build: z.string(), op: z.literal('ingest'),
    root: z.string().min(1).max(4096).refine(isAbsolute, 'root must be an absolute path'), settings, warmPlans: z.boolean(), progress: z.boolean(),
  }).strict(),
  z.object({ v: z.literal(PROTOCOL_VERSION), build: z.string(), op: z.literal('status') }).strict(),
  z.object({ v: z.literal(PROTOCOL_VERSION), build: z.string(), op: z.literal('stop') }).strict(),
]);
type Request = z.infer<typeof request>;
type IngestRequest = Extract<Request, { op: 'ingest' }>;

export interface IngestDaemonOptions {
  graph: Graph;
  endpoint: DaemonEndpoint;
  log: Logger;
  /** Runs one ingest request and gives the CLI's result value (summary and plan warm-up). */
  ingest: (job: IngestRequest, onProgress: (answer: DaemonAnswer) => void) => Promise<Record<string, unknown>>;
  /** Stop after this long without a request (0: never). */
  idleMs: number;
  /** How long a connection may take to send its request line (default 10 s). */
  requestTimeoutMs?: number;
  /** The build it claims (default `buildId()`; tests name another to act as an older daemon). */
  build?: string;
}

export interface IngestDaemon {
  status(): DaemonStatus;
  /** Resolves once the daemon stopped (a `stop` request, `close()` or the idle timeout). */
  readonly stopped: Promise<void>;
  close(): Promise<void>;
}

/**
 * The ingest daemon: one process per Neo4j target keeps the driver connected and the parsers loaded, and
 * runs the CLI's ingests one at a time, so a checkout's re-ingest skips the process start and the module
 * loading (most of its cost: bench/ingest/README.md). The socket is the user's own (0600 in a 0700 folder).
 */
export async function startIngestDaemon(options: IngestDaemonOptions): Promise<IngestDaemon> {
  const { endpoint, log } = options;
  if (Buffer.byteLength(endpoint.socketPath) > MAX_SOCKET_PATH) {
    throw new AppError('INVALID_CONFIG', { message: `The daemon's socket path ${endpoint.socketPath} is longer than a Unix socket allows (${MAX_SOCKET_PATH} bytes); set GRAPHGATE_HOME to a shorter folder.` });
  }
  await clearStaleSocket(endpoint);
  const build = options.build ?? buildId();
  const startedAt = new Date().toISOString();
  let served = 0;
  let queue: Promise<unknown> = Promise.resolve();
  let pending = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  let closing: Promise<void> | undefined;
  let markStopped!: () => void;
  const stopped = new Promise<void>((resolve) => (markStopped = resolve));

  const status = (): DaemonStatus => ({
    pid: process.pid, build, startedAt, served, neo4j: options.graph.connection.uri, rssMb: Math.round(process.memoryUsage().rss / 1e6),
  });
  const armIdle = (): void => {
    clearTimeout(idleTimer);
    if (options.idleMs > 0 && pending === 0) idleTimer = setTimeout(() => void close('idle'), options.idleMs).unref();
  };

  const handle = async (socket: Socket, line: string): Promise<void> => {
    const send = (answer: DaemonAnswer): void => {
      if (!socket.destroyed) socket.write(`${JSON.stringify(answer)}\n`);
    };
    let parsed: Request;
    try {
      parsed = parseRequest(line);
    } catch (error) {
      send({ type: 'error', error: wireError(error) });
      return;
    }
    // Status and stop answer any build: `graphgate daemon stop` after an upgrade must still stop the old daemon.
    if (parsed.op === 'status') return send({ type: 'status', status: status() });
    if (parsed.op === 'stop') {
      send({ type: 'stopping' });
      void close('stop request');
      return;
    }
    if (parsed.build !== build) return send({ type: 'build-mismatch', build });
    if (closing) return send({ type: 'error', error: { code: 'BUSY', message: 'The ingest daemon is stopping; run the ingest again (it then runs in the CLI\'s own process).' } });
    pending += 1;
    clearTimeout(idleTimer);
    const job = parsed;
    const run = queue.then(async () => {
      const started = performance.now();
      try {
        const value = await retryPastOpenCircuit(() => options.ingest(job, (answer) => job.progress && send(answer)));
        served += 1;
        log.info('daemon ingest', { root: job.root, ms: Math.round(performance.now() - started) });
        send({ type: 'result', value });
      } catch (error) {
        log.warn('daemon ingest failed', { root: job.root, error: String((error as Error)?.message ?? error) });
        send({ type: 'error', error: wireError(error) });
      } finally {
        pending -= 1;
        armIdle();
      }
    });
    queue = run;
    await run;
  };

  const server: Server = createServer((socket) => {
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    // A client that connects and says nothing does not hold a connection for ever.
    socket.setTimeout(options.requestTimeoutMs ?? 10_000, () => socket.destroy());
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      const end = buffer.indexOf('\n');
      if (end < 0 && buffer.length <= MAX_REQUEST_BYTES) return;
      const line = end < 0 ? '' : buffer.slice(0, end);
      buffer = '';
      socket.removeAllListeners('data');
      socket.setTimeout(0);
      if (end < 0 || end > MAX_REQUEST_BYTES) {
        socket.end(`${JSON.stringify({ type: 'error', error: { code: 'INVALID_ARGS', message: `A request is one JSON line of at most ${MAX_REQUEST_BYTES} bytes.` } } satisfies DaemonAnswer)}\n`);
        return;
      }
      void handle(socket, line).finally(() => socket.end());
    });
  });

  mkdirSync(dirname(endpoint.socketPath), { recursive: true, mode: 0o700 });
  chmodSync(dirname(endpoint.socketPath), 0o700);
  // The socket is created with the process umask: narrowed while it is bound, so no one else can connect even for a moment.
  const umask = process.umask(0o077);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(endpoint.socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } finally {
    process.umask(umask);
  }
  chmodSync(endpoint.socketPath, 0o600);
  armIdle();
  log.info('daemon listening', { socket: endpoint.socketPath, pid: process.pid, build });

  const close = (why: string): Promise<void> => {
    closing ??= (async () => {
      log.info('daemon stopping', { why, served });
      clearTimeout(idleTimer);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      removeSocket(endpoint.socketPath);
      await queue.catch(() => undefined);
      markStopped();
    })();
    return closing;
  };
  return { status, stopped, close: () => close('closed') };
}

/**
 * An earlier request's outage leaves the driver's circuit breaker open for a moment, and a request then
 * fails before trying the server. A CLI in its own process would have tried: so does the daemon, once,
 * when the window ends (the ingest had not started: the breaker refuses a run's first query).
 */
async function retryPastOpenCircuit<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const circuit = error instanceof AppError && error.code === 'GRAPH_UNAVAILABLE' && error.details.circuit === 'open';
    if (!circuit) throw error;
    const wait = Number(error.details.retryAfterMs ?? 0);
    await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(wait, 0), 5_000) + 10));
    return run();
  }
}

function parseRequest(line: string): Request {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch {
    throw new AppError('INVALID_ARGS', { message: 'A daemon request is one line of JSON.' });
  }
  const result = request.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new AppError('INVALID_ARGS', { message: `Invalid daemon request: ${issue?.path.join('.') || 'request'}: ${issue?.message}.` });
  }
  return result.data;
}

/** The error as the client prints it: an AppError's code and message; an unexpected error's own message. */
function wireError(error: unknown): { code: string; message: string; details?: Record<string, unknown> } {
  const app = toAppError(error);
  const message = app.code === 'INTERNAL' && !(error instanceof AppError) ? String((error as Error)?.message ?? error) : app.message;
  return { code: app.code, message, ...(Object.keys(app.details).length ? { details: app.details } : {}) };
}

/** A socket file nobody answers on (a daemon that was killed) is removed; one that answers is another daemon. */
async function clearStaleSocket(endpoint: DaemonEndpoint): Promise<void> {
  const answer = await askDaemon(endpoint, { op: 'status' }).catch(() => null);
  if (answer?.type === 'status') {
    throw new AppError('PORT_IN_USE', { message: `An ingest daemon already runs for this Neo4j (pid ${answer.status.pid}); stop it with \`graphgate daemon stop\`.` });
  }
  removeSocket(endpoint.socketPath);
}

function removeSocket(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
