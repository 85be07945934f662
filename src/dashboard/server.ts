import { setMaxListeners } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError } from '../errors/index.js';
import type { Graph } from '../graph/index.js';
import type { Logger } from '../runtime/logger.js';
import { EventHub } from './event-hub.js';
import { streamEvents } from './event-stream.js';
import { HealthService } from './health.service.js';
import { isForeignPageRequest, isLoopbackAddress, isLoopbackHostHeader } from './host-guard.js';
import { BASE_HEADERS, refuse, sendError } from './http-response.js';
import { MetricsService } from './metrics.service.js';
import { ObserverService } from './observer.service.js';
import { loadPageAssets, PAGE_CSP } from './page-assets.js';
import { parseLastEventId, parseQuery, StreamQuery } from './params.js';
import { ReviewBundleService } from './review-bundle.service.js';
import { ALL_SENT, positionOfEventId } from './stream-events.js';
import { ReviewService } from './review.service.js';
import { JSON_ROUTES, REVIEW_ROUTES, type DashboardServices } from './routes.js';
import { WorkViewService } from './work-view.service.js';

export { DEFAULT_DASHBOARD_PORT } from './port.js';

export interface DashboardServerOptions {
  graph: Graph;
  /** The repository whose works and turns are shown. */
  repoId: string;
  /** Its checkout, when known: `/health` then reports how far the working tree moved since the last ingest. */
  repoRoot?: string;
  port: number;
  /** Bind address (default 127.0.0.1). Only loopback addresses: this increment has no authentication. */
  host?: string;
  log: Logger;
  /** Take any free port when `port` is in use (the default port only). */
  anyPortIfBusy?: boolean;
  pollMs?: number;
  heartbeatMs?: number;
  /** Concurrent `/stream/events` connections (default 32); more are answered 503. */
  maxStreams?: number;
  /**
   * The GraphQL mutation token (GRAPHGATE_GRAPHQL_TOKEN, when GRAPHGATE_GRAPHQL_MUTATIONS is on): with it,
   * a person who has the token approves or rejects memories from the page. Without it the console is read-only.
   */
  reviewToken?: string;
}

export interface DashboardServer {
  url: string;
  port: number;
  readonly polls: number;
  close(): Promise<void>;
}

/** Serves the observer console: the page at `/`, read-only JSON endpoints, and `/stream/events` (SSE). */
export async function startDashboardServer(options: DashboardServerOptions): Promise<DashboardServer> {
  const host = options.host ?? '127.0.0.1';
  if (!isLoopbackAddress(host)) {
    throw new AppError('INVALID_CONFIG', { message: `The observer console binds only to loopback addresses (it has no authentication yet); got --host ${host}.` });
  }
  const { graph, repoId, log } = options;
  const services: DashboardServices = {
    observer: new ObserverService({ graph, repoId }),
    health: new HealthService({ graph, repoId, repoRoot: options.repoRoot }),
    metrics: new MetricsService({ graph, repoId }),
    workView: new WorkViewService({ graph, repoId, bundlesServed: options.repoRoot !== undefined }),
    review: new ReviewService({ graph, repoId }),
    reviewBundles: new ReviewBundleService({ graph, repoId, repoRoot: options.repoRoot }),
    reviewToken: options.reviewToken,
  };
  const assets = loadPageAssets();
  const stopStreams = new AbortController();
  const maxStreams = options.maxStreams ?? 32;
  // Every open stream listens for the stop: without this Node warns of a leak from the 11th on.
  setMaxListeners(maxStreams + 1, stopStreams.signal);
  let openStreams = 0;
  // One poll of the graph for all open streams (event-hub.ts).
  const hub = new EventHub({ service: services.observer, log, pollMs: options.pollMs ?? 500, batch: 100 });
  const stream = { hub, service: services.observer, log, heartbeatMs: options.heartbeatMs ?? 15_000, batch: 100 };

  const server = createServer((req, res) => {
    void (async () => {
      let path = '(unparsed)';
      try {
        // Only the path and query of the request target count; its host part (if any) is ignored.
        const url = new URL(`http://localhost${(req.url ?? '/').startsWith('/') ? req.url : `/${req.url}`}`);
        path = url.pathname;
        if (!isLoopbackHostHeader(req.headers.host)) return refuse(res, 403, 'UNAUTHORIZED', 'This console only answers requests addressed to localhost.');
        if (isForeignPageRequest(req.headers as Record<string, string | undefined>, url.pathname)) return refuse(res, 403, 'UNAUTHORIZED', 'This console does not answer requests made by other sites\' pages.');
        const review = REVIEW_ROUTES[url.pathname];
        if (review) {
          if (req.method !== 'POST') return refuse(res, 405, 'ILLEGAL_TRANSITION', 'Review actions are POST only.', { allow: 'POST' });
          return await review(services, { req, res, query: url.searchParams, head: false });
        }
        if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(res, 405, 'ILLEGAL_TRANSITION', 'Only GET and HEAD here; the only writes are POST /memories/approve and /memories/reject.', { allow: 'GET, HEAD' });
        const head = req.method === 'HEAD';
        const asset = assets.get(url.pathname);
        if (asset) {
          res.writeHead(200, { ...BASE_HEADERS, 'content-type': asset.contentType, 'content-length': asset.body.length, 'content-security-policy': PAGE_CSP });
          return void res.end(head ? undefined : asset.body);
        }
        if (url.pathname === '/stream/events') {
          const input = parseQuery(StreamQuery, url.searchParams);
          // An EventSource reconnecting sends the last id it received; that wins over the page's first position (`after`: a turn seq).
          const lastEvent = parseLastEventId(req.headers['last-event-id']);
          const asked = lastEvent ? positionOfEventId(lastEvent.seq, lastEvent.k) : input.after === undefined ? undefined : { seq: input.after, sent: ALL_SENT };
          // A position past the newest turn (the database was wiped or replaced) would wait for turns that never come.
          const newest = await services.observer.streamPosition();
          const from = asked === undefined || asked.seq > newest ? { seq: newest, sent: ALL_SENT } : asked;
          if (head) return void res.writeHead(200, { ...BASE_HEADERS, 'content-type': 'text/event-stream; charset=utf-8' }).end();
          // Streams share one poll, but each holds a connection and catches up on its own: bound them.
          if (openStreams >= maxStreams) return refuse(res, 503, 'BUSY', `${maxStreams} event streams are open; close one or retry later.`, { 'retry-after': '5' });
          openStreams += 1;
          try {
            return await streamEvents(req, res, from, stream, stopStreams.signal);
          } finally {
            openStreams -= 1;
          }
        }
        const route = JSON_ROUTES[url.pathname];
        if (!route) return refuse(res, 404, 'NOT_FOUND', `No such endpoint: ${url.pathname.slice(0, 100)}`);
        await route(services, { req, res, query: url.searchParams, head });
      } catch (error) {
        sendError(res, error, log, path);
      }
    })();
  });

  const port = await listenOn(server, options.port, host, options.anyPortIfBusy ?? false);
  const urlHost = host === '::1' ? '[::1]' : host;
  const url = `http://${urlHost}:${port}/`;
  log.info('observer console listening', { url, repoId });
  return {
    url,
    port,
    /** How many times the shared poller has read the graph (the bench and tests watch it). */
    get polls() {
      return hub.polls;
    },
    close: async () => {
      stopStreams.abort();
      hub.close();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

async function listenOn(server: Server, port: number, host: string, anyPortIfBusy: boolean): Promise<number> {
  const listen = (p: number) => new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(p, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
  try {
    return await listen(port);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    if (!anyPortIfBusy) throw new AppError('PORT_IN_USE', { message: `Port ${port} on ${host} is in use; choose another with --port.`, cause: error });
    return listen(0);
  }
}
