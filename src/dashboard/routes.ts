import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HealthService } from './health.service.js';
import { sendJson } from './http-response.js';
import type { ObserverService } from './observer.service.js';
import { EmptyQuery, ErrorsQuery, MetricsQuery, parseQuery, RunsQuery, TurnQuery, WorksQuery } from './params.js';

export interface RouteContext {
  req: IncomingMessage;
  res: ServerResponse;
  query: URLSearchParams;
  head: boolean;
}

export interface DashboardServices {
  observer: ObserverService;
  health: HealthService;
}

/** A JSON route: validates its query, asks one domain service, answers. No Cypher here. */
export type JsonRoute = (services: DashboardServices, ctx: RouteContext) => Promise<void>;

/** The read-only JSON endpoints, by path. */
export const JSON_ROUTES: Record<string, JsonRoute> = {
  '/health': async ({ health }, { res, query, head }) => {
    parseQuery(EmptyQuery, query);
    const body = await health.health();
    sendJson(res, body.status === 'down' ? 503 : 200, body, head);
  },
  '/turn': async ({ observer }, { res, query, head }) => {
    const input = parseQuery(TurnQuery, query);
    const { cursor, turns } = await observer.recentTurns(input);
    sendJson(res, 200, { repoId: observer.repoId, cursor, turns }, head);
  },
  '/worktrees': async ({ observer }, { res, query, head }) => {
    const input = parseQuery(WorksQuery, query);
    sendJson(res, 200, { repoId: observer.repoId, works: await observer.works(input.limit) }, head);
  },
  '/errors': async ({ observer }, { res, query, head }) => {
    const input = parseQuery(ErrorsQuery, query);
    sendJson(res, 200, { repoId: observer.repoId, errors: await observer.errors(input) }, head);
  },
  '/runs': async ({ observer }, { res, query, head }) => {
    const input = parseQuery(RunsQuery, query);
    sendJson(res, 200, { repoId: observer.repoId, runs: await observer.gateRuns(input) }, head);
  },
  '/metrics': async ({ observer }, { res, query, head }) => {
    const input = parseQuery(MetricsQuery, query);
    sendJson(res, 200, { repoId: observer.repoId, ...(await observer.metrics(input.windowHours)) }, head);
  },
};
