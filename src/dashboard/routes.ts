import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HealthService } from './health.service.js';
import { sendJson, sendText } from './http-response.js';
import type { MetricsService } from './metrics.service.js';
import type { ObserverService } from './observer.service.js';
import { ApproveBody, EmptyQuery, ErrorsQuery, MetricsQuery, parseBody, parseQuery, PendingQuery, RejectBody, ReviewBundleQuery, RunsQuery, TurnQuery, WorkQuery, WorksQuery } from './params.js';
import type { ReviewBundleService } from './review-bundle.service.js';
import type { ReviewService } from './review.service.js';
import { readReviewRequest } from './review-guard.js';
import type { WorkViewService } from './work-view.service.js';

export interface RouteContext {
  req: IncomingMessage;
  res: ServerResponse;
  query: URLSearchParams;
  head: boolean;
}

export interface DashboardServices {
  observer: ObserverService;
  health: HealthService;
  metrics: MetricsService;
  workView: WorkViewService;
  review: ReviewService;
  reviewBundles: ReviewBundleService;
  /** The GraphQL mutation token when review from the console is on; never sent in any answer. */
  reviewToken: string | undefined;
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
  '/work': async ({ observer, workView }, { res, query, head }) => {
    const input = parseQuery(WorkQuery, query);
    sendJson(res, 200, { repoId: observer.repoId, ...(await workView.work(input.workId)) }, head);
  },
  '/work/review-bundle': async ({ reviewBundles }, { res, query, head }) => {
    const input = parseQuery(ReviewBundleQuery, query);
    sendText(res, 200, await reviewBundles.file(input.workId, input.nodeId, input.file), head);
  },
  '/metrics': async ({ observer, metrics }, { res, query, head }) => {
    const input = parseQuery(MetricsQuery, query);
    sendJson(res, 200, { repoId: observer.repoId, ...(await metrics.metrics(input.windowHours)) }, head);
  },
  '/policies/pending': async ({ observer, review, reviewToken }, { res, query, head }) => {
    const input = parseQuery(PendingQuery, query);
    sendJson(res, 200, { repoId: observer.repoId, review: { enabled: reviewToken !== undefined }, ...(await review.pending(input.limit)) }, head);
  },
};

/** The only writes: a person's approve/reject of a memory, behind the GraphQL mutation token (review-guard.ts). */
export const REVIEW_ROUTES: Record<string, JsonRoute> = {
  '/memories/approve': async ({ observer, review, reviewToken }, { req, res, query }) => {
    parseQuery(EmptyQuery, query);
    const input = parseBody(ApproveBody, await readReviewRequest(req, reviewToken));
    sendJson(res, 200, { repoId: observer.repoId, transition: await review.decide({ id: input.id, to: 'approved', ...(input.why ? { why: input.why } : {}) }) });
  },
  '/memories/reject': async ({ observer, review, reviewToken }, { req, res, query }) => {
    parseQuery(EmptyQuery, query);
    const input = parseBody(RejectBody, await readReviewRequest(req, reviewToken));
    sendJson(res, 200, { repoId: observer.repoId, transition: await review.decide({ id: input.id, to: 'rejected', why: input.why }) });
  },
};
