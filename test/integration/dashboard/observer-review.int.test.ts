import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import { TurnResponseSchema, type TurnResponse } from '../../../src/controller/envelope.schema.js';
import type { TurnDispatcher } from '../../../src/controller/turn-dispatcher.js';
import { startDashboardServer, type DashboardServer } from '../../../src/dashboard/index.js';
import type { Graph } from '../../../src/graph/graph.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { WorkStore } from '../../../src/session/index.js';
import { makeDispatcher, testConfig } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { httpGet, type HttpAnswer } from '../../support/http-client.js';
import { copyFixture, PLAN_TEST_GATES, workWithWeakTwin } from '../../support/plan-fixture.js';

const TOKEN = 'observer-review-token-0123456789';
const HOSTILE_NOTES = 'map <img src=x onerror="globalThis.__xss=1"> by hand';
// A migration rule still waiting for a person (status candidate), from the repository's seed files.
const CANDIDATE_RULE = JSON.stringify({
  id: 'migration.adp-tooltip', type: 'migration_rule', version: 1, updated_at: '2026-02-01T10:00:00Z', updated_by: 'test',
  from_tag: 'adp-tooltip', to_tag: 'sdf-tooltip', status: 'candidate', notes: HOSTILE_NOTES,
});

interface Memory { id: string; memoryId: string; state: string; enforcementType: string; trigger: string; rejectionCodes: string[]; anchors: string[] }
interface ErrorBody { error: { code: string; message: string; details?: { problems?: Array<{ path: string }> } } }

// The observer console's work view, the rest of /metrics and the review queue over real controller
// turns: two works refused for a weak plan in one folder (friction, a pending memory at threshold 1),
// the first then accepted with the fix (the friction resolved).
describe('observer console: work view, metrics, pending review (real Neo4j, real controller turns)', () => {
  const repoId = testNamespace('observe-review');
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  let ctl: TurnDispatcher;
  let readOnly: DashboardServer;
  let review: DashboardServer;
  const works: Array<{ workId: string; agentId: string }> = [];
  const turn = async (args: Record<string, unknown>): Promise<TurnResponse> => TurnResponseSchema.parse(await ctl.turn(args));
  const get = async <T>(server: DashboardServer, path: string): Promise<{ status: number; body: T }> => {
    const answer = await httpGet(`${server.url}${path.replace(/^\//, '')}`);
    return { status: answer.status, body: JSON.parse(answer.body) as T };
  };
  const post = (server: DashboardServer, path: string, body: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer> =>
    httpGet(`${server.url}${path.replace(/^\//, '')}`, {
      method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}`, ...headers },
    });
  const pending = async (server: DashboardServer) => (await get<{ review: { enabled: boolean }; memories: Memory[]; policies: Array<Record<string, unknown>> }>(server, '/policies/pending')).body;

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = copyFixture();
    mkdirSync(join(fixture.root, '.ai', 'graph', 'seed'), { recursive: true });
    writeFileSync(join(fixture.root, '.ai', 'graph', 'seed', 'migration.jsonl'), `${CANDIDATE_RULE}\n`);
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId }, totals: false });
    ctl = makeDispatcher(graph, fixture.root, repoId, {
      config: testConfig(repoId, { gates: PLAN_TEST_GATES, locks: { overlapPolicy: 'block', leaseSeconds: 900 } }),
      sessions: new WorkStore({ graph, repoId, rejectionThreshold: 1 }),
    });
    for (const fix of [true, false]) {
      const { ids, good, weak } = await workWithWeakTwin(turn, graph, repoId, fixture.root);
      expect((await turn({ verb: 'submit_execution_plan', ...ids, args: { planGraph: weak } })).deny?.code).toBe('PLAN_VERIFICATION_WEAK');
      await ctl.settled(10_000);
      if (fix) expect((await turn({ verb: 'submit_execution_plan', ...ids, args: { planGraph: good } })).state).toBe('PLAN_ACCEPTED');
      works.push(ids);
    }
    readOnly = await startDashboardServer({ graph, repoId, port: 0, log: silentLogger });
    review = await startDashboardServer({ graph, repoId, port: 0, log: silentLogger, reviewToken: TOKEN });
  }, 180_000);

  afterAll(async () => {
    await readOnly?.close();
    await review?.close();
    await cleanNamespace(graph, repoId);
    fixture?.dispose();
    await graph?.close();
  });

  describe('/work', () => {
    it('shows a work\'s state path from its turns, its current plan\'s nodes with status, and its gate runs', async () => {
      const { status, body } = await get<Record<string, any>>(readOnly, `/work?workId=${works[0]!.workId}`);
      expect(status).toBe(200);
      expect(body.work).toMatchObject({ id: works[0]!.workId, state: 'PLAN_ACCEPTED', plan: { status: 'accepted', id: expect.any(String) } });
      const states = (body.statePath as Array<{ state: string; verb: string | null }>).map((s) => s.state);
      expect(states.at(-1)).toBe('PLAN_ACCEPTED');
      // The refused submission left the work where it was: no step of its own.
      expect(states.filter((s, i) => s === states[i - 1])).toEqual([]);
      expect(body.statePath.at(-1).verb).toBe('submit_execution_plan');
      expect(body.statePathTruncated).toBe(false);
      const nodes = body.work.nodes as Array<{ nodeId: string; kind: string; outcome: string; ordinal: number; dependsOn: string[] }>;
      expect(nodes.length).toBeGreaterThan(1);
      expect(nodes.map((n) => n.ordinal)).toEqual([...nodes.keys()]);
      expect(nodes.every((n) => n.outcome === 'pending')).toBe(true);
      expect(nodes.map((n) => n.kind)).toEqual(expect.arrayContaining(['change', 'validate']));
      expect(body.gateRuns).toEqual([]);
    });

    it('shows a refused work with no plan, answers an unknown work 404 and a bad id 400', async () => {
      const { body } = await get<Record<string, any>>(readOnly, `/work?workId=${works[1]!.workId}`);
      expect(body.work).toMatchObject({ state: 'PLANNING', plan: null, nodes: [] });
      const unknown = await get<ErrorBody>(readOnly, '/work?workId=work-none');
      expect([unknown.status, unknown.body.error.code]).toEqual([404, 'NOT_FOUND']);
      for (const query of ['', '?workId=', '?workId=%3Cb%3E', `?workId=${works[0]!.workId}&limit=1`]) {
        const bad = await get<ErrorBody>(readOnly, `/work${query}`);
        expect([bad.status, bad.body.error.code]).toEqual([400, 'INVALID_ARGS']);
      }
    });
  });

  it('/metrics adds the rejection heatmap (code × domain anchor), pack outcomes, latency series and the memory plane\'s metrics', async () => {
    const { status, body } = await get<Record<string, any>>(readOnly, '/metrics?windowHours=1');
    expect(status).toBe(200);
    expect(body.rejectionHeatmap).toEqual([expect.objectContaining({ code: 'PLAN_VERIFICATION_WEAK', events: 2, works: 2, anchorId: expect.any(String), anchor: expect.any(String) })]);
    expect(body.packOutcomes).toEqual([{ outcome: 'ok', count: 2 }]);
    expect(body.latencySeries).toEqual([
      { verb: 'initialize_work', latencies: [expect.any(Number), expect.any(Number)] },
      { verb: 'submit_execution_plan', latencies: [expect.any(Number), expect.any(Number), expect.any(Number)] },
    ]);
    expect(body.memory.friction).toEqual({ events: 2, resolved: 1, resolutionRate: 0.5 });
    expect(body.memory.memoriesByState).toEqual([{ state: 'pending', count: 2 }]);
    expect(body.memory.enforcement.planSubmissions).toBe(3);
  });

  describe('/policies/pending', () => {
    it('lists the memories waiting for a person and the candidate migration rule, hostile text verbatim', async () => {
      const body = await pending(readOnly);
      expect(body.review).toEqual({ enabled: false });
      // At threshold 1 the first refusal scaffolds the plan_rule; the second, with the first work's fix on record, a few_shot.
      expect(body.memories.map((m) => [m.enforcementType, m.state, m.trigger, m.rejectionCodes]).sort()).toEqual([
        ['few_shot', 'pending', 'friction', ['PLAN_VERIFICATION_WEAK']], ['plan_rule', 'pending', 'friction', ['PLAN_VERIFICATION_WEAK']],
      ]);
      // graphgate's own seeds add their candidate and unknown mappings; approved ones are not listed.
      expect(body.policies).toContainEqual({ id: 'migration.adp-tooltip', type: 'migration_rule', status: 'candidate', fromTag: 'adp-tooltip', toTag: 'sdf-tooltip', notes: HOSTILE_NOTES, sourceFile: '.ai/graph/seed/migration.jsonl:1', version: 1 });
      expect(body.policies.every((p) => p.status === 'candidate' || p.status === 'unknown')).toBe(true);
      expect((await pending(review)).review).toEqual({ enabled: true });
      expect((await get<ErrorBody>(readOnly, '/policies/pending?limit=0')).status).toBe(400);
    });
  });

  describe('approve / reject (POST, the GraphQL mutation token)', () => {
    const expectRefused = (answer: HttpAnswer, status: number, code: string) => {
      expect([answer.status, (JSON.parse(answer.body) as ErrorBody).error.code]).toEqual([status, code]);
    };

    it('refuses every write on a console started without the token, even with a token in the request', async () => {
      const [memory] = (await pending(readOnly)).memories;
      expectRefused(await post(readOnly, '/memories/approve', { id: memory!.id }), 403, 'UNAUTHORIZED');
      expect((await pending(readOnly)).memories.map((m) => m.id)).toContain(memory!.id);
    });

    it('refuses a request without the token, with a wrong one, from another site, not JSON, or malformed', async () => {
      const [memory] = (await pending(review)).memories;
      const body = { id: memory!.id };
      expectRefused(await post(review, '/memories/approve', body, { authorization: '' }), 401, 'UNAUTHORIZED');
      expectRefused(await post(review, '/memories/approve', body, { authorization: `Bearer ${TOKEN}x` }), 401, 'UNAUTHORIZED');
      expectRefused(await post(review, '/memories/approve', body, { authorization: TOKEN }), 401, 'UNAUTHORIZED');
      expectRefused(await post(review, '/memories/approve', body, { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' }), 403, 'UNAUTHORIZED');
      expectRefused(await post(review, '/memories/approve', body, { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors' }), 403, 'UNAUTHORIZED');
      expectRefused(await post(review, '/memories/approve', body, { origin: 'http://evil.example' }), 403, 'UNAUTHORIZED');
      expectRefused(await post(review, '/memories/approve', body, { host: 'evil.example' }), 403, 'UNAUTHORIZED');
      expectRefused(await post(review, '/memories/approve', body, { 'content-type': 'text/plain' }), 415, 'INVALID_ARGS');
      expectRefused(await post(review, '/memories/approve', 'x'.repeat(9_000)), 413, 'INVALID_ARGS');
      expectRefused(await post(review, '/memories/approve', '{"id":'), 400, 'INVALID_ARGS');
      expectRefused(await post(review, '/memories/approve', { id: memory!.id, extra: 1 }), 400, 'INVALID_ARGS');
      expectRefused(await post(review, '/memories/approve', { id: '<script>' }), 400, 'INVALID_ARGS');
      expectRefused(await post(review, '/memories/reject', { id: memory!.id }), 400, 'INVALID_ARGS');
      expectRefused(await post(review, '/memories/reject', { id: memory!.id, why: '   ' }), 400, 'INVALID_ARGS');
      const viaGet = await httpGet(`${review.url}memories/approve`);
      expect([viaGet.status, viaGet.headers.allow]).toEqual([405, 'POST']);
      expect((await pending(review)).memories.map((m) => m.id)).toContain(memory!.id);
    });

    it('approves with the token as person:dashboard; the memory leaves the queue and cannot be approved twice', async () => {
      const memory = (await pending(review)).memories.find((m) => m.enforcementType === 'few_shot');
      // Its id holds its domain anchor's id, slashes included.
      expect(memory!.id).toContain('/');
      const answer = await post(review, '/memories/approve', { id: memory!.id, why: 'reviewed in the console' }, { origin: new URL(review.url).origin });
      expect(answer.status, answer.body).toBe(200);
      expect(JSON.parse(answer.body).transition).toMatchObject({ memoryId: memory!.id, from: 'pending', to: 'approved', who: 'person:dashboard', why: 'reviewed in the console' });
      expect((await pending(review)).memories.map((m) => m.id)).not.toContain(memory!.id);
      expectRefused(await post(review, '/memories/approve', { id: memory!.id }), 409, 'ILLEGAL_TRANSITION');
      expectRefused(await post(review, '/memories/approve', { id: 'mem-none' }), 404, 'NOT_FOUND');
      const metrics = await get<Record<string, any>>(review, '/metrics');
      expect(metrics.body.memory.memoriesByState).toEqual(expect.arrayContaining([{ state: 'approved', count: 1 }]));
    });

    it('rejects with the token and a reason', async () => {
      const rest = (await pending(review)).memories;
      expect(rest.map((m) => m.enforcementType)).toEqual(['plan_rule']);
      const answer = await post(review, '/memories/reject', { id: rest[0]!.id, why: 'not a rule we want' });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).transition).toMatchObject({ from: 'pending', to: 'rejected', who: 'person:dashboard', why: 'not a rule we want' });
      expect((await pending(review)).memories).toEqual([]);
    });

    it('never puts the token into an answer', async () => {
      for (const path of ['/', '/observer.js', '/policies/pending', '/metrics', '/health', `/work?workId=${works[0]!.workId}`]) {
        expect((await httpGet(`${review.url}${path.slice(1)}`)).body).not.toContain(TOKEN);
      }
    });
  });
});
