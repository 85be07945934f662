import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TurnResponseSchema, type TurnResponse } from '../../../src/controller/envelope.schema.js';
import type { TurnDispatcher } from '../../../src/controller/turn-dispatcher.js';
import { startDashboardServer, type DashboardServer } from '../../../src/dashboard/index.js';
import { fileResource } from '../../../src/execution/locks/lock-service.js';
import { Graph } from '../../../src/graph/graph.js';
import { PackStore } from '../../../src/pack/index.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { deferredTurn, mintId, WorkStore } from '../../../src/session/index.js';
import { makeDispatcher, testConfig } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { httpGet, openSse } from '../../support/http-client.js';
import { TcpProxy } from '../../support/tcp-proxy.js';
import { copyFixture, goldenFixturePlan, ingestedGitFixture, ORDERS_LIST_HTML, ORDERS_LIST_TS, PACK_FILES, PLAN_TEST_GATES, planService, type EnvelopeValues } from '../../support/plan-fixture.js';

const XSS_PROMPT = 'Rename <img src=x onerror="globalThis.__xss=1"> the </td></tr><script>globalThis.__xss=2</script> grid';
// The validate node's gate step: a real process that fails and prints hostile text.
const GATES = {
  ...PLAN_TEST_GATES,
  profiles: { default: { modes: { fast: PLAN_TEST_GATES.profiles.default!.modes.fast!.map((step) => (step.name === 'unit-orders'
    ? { ...step, cmd: [process.execPath, '-e', "console.log('orders spec: <img src=x onerror=alert(1)> failed'); process.exit(1)"] } : step)) } } },
};
const patchArgs = { planNodeId: 'c-total-column', targetFile: ORDERS_LIST_TS, edits: [{ type: 'replace_text', oldText: "headerName: 'Status',", newText: "headerName: 'Order status'," }] };

interface TurnJson { id: string; seq: number; verb: string; outcome: string; denyCodes: string[]; workId: string; agentId: string; latencyMs: number; files: string[] }

// The observer console's JSON and SSE endpoints over turns made by real controller turns (plan
// acceptance with a lease, a patch in a worktree, a collision, a rejected path) on the real Neo4j.
describe('observer console endpoints (real Neo4j, real controller turns)', () => {
  const repoId = testNamespace('observe');
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  let ctl: TurnDispatcher;
  let server: DashboardServer;
  const ids: Record<'a' | 'b' | 'x', { workId: string; agentId: string }> = {} as never;
  const turn = async (args: Record<string, unknown>): Promise<TurnResponse> => TurnResponseSchema.parse(await ctl.turn(args));
  const get = async <T>(path: string): Promise<{ status: number; body: T; headers: Record<string, unknown> }> => {
    const answer = await httpGet(`${server.url}${path.replace(/^\//, '')}`);
    return { status: answer.status, body: JSON.parse(answer.body) as T, headers: answer.headers };
  };

  async function newWork(prompt: string): Promise<{ workId: string; agentId: string; plan: ReturnType<typeof goldenFixturePlan> }> {
    const init = await turn({ verb: 'initialize_work', originalPrompt: prompt });
    const work = { workId: init.workId!, agentId: init.agentId! };
    await new PackStore({ graph, repoId, repoRoot: fixture.root }).create({ workId: work.workId, files: PACK_FILES });
    const schema = await planService(graph, repoId, fixture.root).schemaFor(work.workId);
    return { ...work, plan: goldenFixturePlan(schema.envelope as unknown as EnvelopeValues, `chain:aggrid:${ORDERS_LIST_HTML}:3`) };
  }

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = await ingestedGitFixture(graph, repoId);
    ctl = makeDispatcher(graph, fixture.root, repoId, { config: testConfig(repoId, { gates: GATES, locks: { overlapPolicy: 'reject', leaseSeconds: 900 } }) });
    const a = await newWork('Show the order total before the status in the orders grid');
    const b = await newWork('Show the order total before the status in the orders grid');
    const x = await newWork(XSS_PROMPT);
    Object.assign(ids, { a: { workId: a.workId, agentId: a.agentId }, b: { workId: b.workId, agentId: b.agentId }, x: { workId: x.workId, agentId: x.agentId } });
    expect((await turn({ verb: 'submit_execution_plan', ...ids.a, args: { planGraph: a.plan } })).state).toBe('PLAN_ACCEPTED');
    expect((await turn({ verb: 'submit_execution_plan', ...ids.b, args: { planGraph: b.plan } })).deny?.code).toBe('EXEC_SIDE_EFFECT_COLLISION');
    expect((await turn({ verb: 'apply_code_patch', ...ids.a, args: patchArgs })).deny).toBeUndefined();
    const validation = await turn({ verb: 'run_automation_recipe', ...ids.a, args: {
      recipeId: 'run_targeted_validation', planNodeId: 'v-total-column', params: { step: 'unit-orders' },
      artifactBundleRef: `.ai/tmp/work/${ids.a.workId}/artifacts/v-total-column`, diffSummaryRef: `.ai/tmp/work/${ids.a.workId}/artifacts/v-total-column/diff.summary.json`,
    } });
    expect(validation.result, JSON.stringify(validation.deny)).toMatchObject({ passed: false });
    expect((await turn({ verb: 'read_file_lines', ...ids.x, args: { filePath: '../../etc/passwd' } })).deny?.code).toBe('PATH_REJECTED');
    server = await startDashboardServer({ graph, repoId, repoRoot: fixture.root, port: 0, log: silentLogger, pollMs: 100 });
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    await cleanNamespace(graph, repoId);
    fixture?.dispose();
    await graph?.close();
  });

  describe('/turn', () => {
    it('lists the turns newest first, each numbered in commit order, with the stream position', async () => {
      const { status, body } = await get<{ repoId: string; cursor: number; turns: TurnJson[] }>('/turn?limit=500');
      expect(status).toBe(200);
      expect(body.repoId).toBe(repoId);
      expect(body.turns.map((t) => t.verb)).toEqual([
        'read_file_lines', 'run_automation_recipe', 'apply_code_patch', 'submit_execution_plan', 'submit_execution_plan', 'initialize_work', 'initialize_work', 'initialize_work',
      ]);
      const seqs = body.turns.map((t) => t.seq);
      expect(seqs).toEqual([...seqs].sort((p, q) => q - p));
      expect(new Set(seqs).size).toBe(seqs.length);
      expect(body.cursor).toBe(seqs[0]);
      expect(body.turns[0]).toMatchObject({ workId: ids.x.workId, agentId: ids.x.agentId, outcome: 'denied', denyCodes: ['PATH_REJECTED'], files: ['../../etc/passwd'] });
      expect(body.turns[0]!.latencyMs).toBeGreaterThanOrEqual(0);
    });

    it('filters by work and by agent, and bounds the count', async () => {
      const byWork = await get<{ turns: TurnJson[] }>(`/turn?workId=${ids.a.workId}`);
      expect(byWork.body.turns.map((t) => t.verb)).toEqual(['run_automation_recipe', 'apply_code_patch', 'submit_execution_plan', 'initialize_work']);
      const byAgent = await get<{ turns: TurnJson[] }>(`/turn?agentId=${ids.b.agentId}`);
      expect(byAgent.body.turns.every((t) => t.agentId === ids.b.agentId)).toBe(true);
      expect(byAgent.body.turns).toHaveLength(2);
      const none = await get<{ turns: TurnJson[] }>(`/turn?workId=${ids.a.workId}&agentId=${ids.b.agentId}`);
      expect(none.body.turns).toEqual([]);
      const two = await get<{ turns: TurnJson[] }>('/turn?limit=2');
      expect(two.body.turns).toHaveLength(2);
    });

    it.each([
      ['limit=0', 'limit'],
      ['limit=501', 'limit'],
      ['limit=-1', 'limit'],
      ['limit=NaN', 'limit'],
      ['limit=1e3', 'limit'],
      ['workId=%3Cscript%3E', 'workId'],
      [`workId=${'w'.repeat(201)}`, 'workId'],
      ['agentId=a%00b', 'agentId'],
      ['since=yesterday', '(query)'],
      ['limit=1&limit=2', 'limit'],
    ])('answers ?%s with 400 INVALID_ARGS naming %s', async (query, path) => {
      const { status, body } = await get<{ error: { code: string; retryable: boolean; details: { problems: Array<{ path: string }> } } }>(`/turn?${query}`);
      expect(status).toBe(400);
      expect(body.error).toMatchObject({ code: 'INVALID_ARGS', retryable: false });
      expect(body.error.details.problems.map((p) => p.path)).toContain(path);
    });
  });

  it('/worktrees shows each work with its state, worktree, leases and agents; prompts come back verbatim as data', async () => {
    const { status, body } = await get<{ works: Array<Record<string, any>> }>('/worktrees');
    expect(status).toBe(200);
    const byId = new Map(body.works.map((w) => [w.id, w]));
    const a = byId.get(ids.a.workId)!;
    expect(a).toMatchObject({ state: 'PLAN_ACCEPTED', agents: [expect.objectContaining({ id: ids.a.agentId, actions: 4, rejections: 0 })] });
    expect(a.worktree).toMatchObject({ kind: expect.any(String), root: expect.any(String) });
    expect(a.leases).toEqual(expect.arrayContaining([expect.objectContaining({ resource: fileResource(ORDERS_LIST_TS), nodeId: 'c-total-column', live: true })]));
    expect(byId.get(ids.b.workId)).toMatchObject({ state: 'PLANNING', worktree: null, leases: [], agents: [expect.objectContaining({ rejections: 1 })] });
    expect(byId.get(ids.x.workId)!.originalPrompt).toBe(XSS_PROMPT);
    expect(body.works[0]!.id).toBe(ids.x.workId);
  });

  it('/errors lists the refused turns with their codes, newest first, and filters by work', async () => {
    const { body } = await get<{ errors: TurnJson[] }>('/errors');
    // The hostile prompt matches no file: its initialize_work answered pack_insufficient, a failure too.
    expect(body.errors.map((e) => [e.verb, e.outcome, e.denyCodes])).toEqual([
      ['read_file_lines', 'denied', ['PATH_REJECTED']],
      ['submit_execution_plan', 'denied', ['EXEC_SIDE_EFFECT_COLLISION']],
      ['initialize_work', 'pack_insufficient', []],
    ]);
    const onlyB = await get<{ errors: TurnJson[] }>(`/errors?workId=${ids.b.workId}`);
    expect(onlyB.body.errors).toHaveLength(1);
    expect((await get<unknown>('/errors?limit=x')).status).toBe(400);
  });

  it('/metrics gives per-verb percentiles and rejection counts by code', async () => {
    const { body } = await get<{ windowHours: number; latency: Array<{ verb: string; turns: number; p50: number; p95: number; p99: number; max: number }>; rejections: Array<{ code: string; count: number }>; rejectionsByVerb: unknown[] }>('/metrics?windowHours=1');
    expect(body.windowHours).toBe(1);
    expect(body.latency.map((l) => [l.verb, l.turns])).toEqual([
      ['apply_code_patch', 1], ['initialize_work', 3], ['read_file_lines', 1], ['run_automation_recipe', 1], ['submit_execution_plan', 2],
    ]);
    for (const l of body.latency) expect(l.p50 <= l.p95 && l.p95 <= l.p99 && l.p99 <= l.max).toBe(true);
    expect(body.rejections).toEqual([{ code: 'EXEC_SIDE_EFFECT_COLLISION', count: 1 }, { code: 'PATH_REJECTED', count: 1 }]);
    expect(body.rejectionsByVerb).toEqual(expect.arrayContaining([{ code: 'PATH_REJECTED', verb: 'read_file_lines', count: 1 }]));
    expect((await get<unknown>('/metrics?windowHours=0')).status).toBe(400);
  });

  it('/runs lists the gate runs with their result and the tail of their output, and filters by work', async () => {
    const { status, body } = await get<{ runs: Array<Record<string, unknown>> }>('/runs');
    expect(status).toBe(200);
    expect(body.runs).toEqual([expect.objectContaining({
      workId: ids.a.workId, nodeId: 'v-total-column', hookId: 'h-unit', stepName: 'unit-orders', passed: false, exitCode: 1, timedOut: false,
      outputTail: expect.stringContaining('orders spec: <img src=x onerror=alert(1)> failed'), startedAt: expect.any(String),
    })]);
    expect((await get<{ runs: unknown[] }>(`/runs?workId=${ids.b.workId}`)).body.runs).toEqual([]);
    expect((await get<unknown>('/runs?limit=0')).status).toBe(400);
  });

  it('/health reports Neo4j, the schema version and the observed repository\'s ingest freshness', async () => {
    const { status, body } = await get<Record<string, any>>('/health');
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ok', neo4j: { reachable: true }, schema: { pending: [] } });
    expect(body.schema.version).toBe(body.schema.latest);
    expect(body.observed).toMatchObject({ repoId, ingested: true, writing: false, workingTree: { added: expect.any(Number), changed: expect.any(Number), deleted: 0 } });
    expect(body.observed.files).toBeGreaterThan(10);
    expect(body.repositories).toEqual(expect.arrayContaining([expect.objectContaining({ repoId, snapshotId: expect.any(String) })]));
    expect((await get<unknown>('/health?verbose=1')).status).toBe(400);
  });

  describe('the door', () => {
    it.each(['evil.example', 'evil.example:' + 1, '127.0.0.1.evil.example', 'localhost.evil.example', '127.0.0.300', '[::2]', 'localhost@evil.example', 'LOCALHOST:99999'])('refuses Host %j with 403 and no data', async (host) => {
      const answer = await httpGet(`${server.url}turn`, { headers: { host } });
      expect(answer.status).toBe(403);
      expect(answer.body).not.toContain(ids.a.workId);
      expect(JSON.parse(answer.body).error.code).toBe('UNAUTHORIZED');
    });

    it.each(['localhost', `localhost:${8722}`, '127.0.0.1', '[::1]:80'])('serves Host %j', async (host) => {
      expect((await httpGet(`${server.url}health`, { headers: { host } })).status).toBe(200);
    });

    it('refuses what another site\'s page asks for (Sec-Fetch-Site), but serves its own page and a link to it', async () => {
      for (const site of ['cross-site', 'same-site']) {
        const fetched = await httpGet(`${server.url}turn`, { headers: { 'sec-fetch-site': site, 'sec-fetch-mode': 'cors' } });
        expect(fetched.status).toBe(403);
        const framedStream = await httpGet(`${server.url}stream/events?x=1`, { headers: { 'sec-fetch-site': site, 'sec-fetch-mode': 'no-cors' } });
        expect(framedStream.status).toBe(403);
      }
      expect((await httpGet(server.url, { headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' } })).status).toBe(200);
      expect((await httpGet(`${server.url}turn`, { headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' } })).status).toBe(200);
      expect((await httpGet(`${server.url}turn`, { headers: { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' } })).status).toBe(200);
    });

    it('bounds the open event streams: one more is answered 503 BUSY', async () => {
      const small = await startDashboardServer({ graph, repoId, port: 0, log: silentLogger, pollMs: 100, maxStreams: 1 });
      const first = await openSse(`${small.url}stream/events`);
      try {
        expect(first.status).toBe(200);
        const second = await httpGet(`${small.url}stream/events`);
        expect(second.status).toBe(503);
        expect(JSON.parse(second.body).error).toMatchObject({ code: 'BUSY', retryable: true });
      } finally {
        first.close();
        await small.close();
      }
    });

    it('sends no CORS headers, even to a cross-origin request', async () => {
      const answer = await httpGet(`${server.url}turn`, { headers: { origin: 'http://evil.example' } });
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    });

    it.each(['POST', 'PUT', 'DELETE', 'OPTIONS'])('refuses %s on a read endpoint (the only writes are the review POSTs)', async (method) => {
      const answer = await httpGet(`${server.url}turn`, { method });
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD');
    });

    it('serves the page under a policy that allows only its own script and style', async () => {
      const answer = await httpGet(server.url);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
      expect(answer.headers['content-security-policy']).toContain("default-src 'none'");
      expect(answer.body).toContain('<script type="module" src="/observer.js"></script>');
      expect((await httpGet(`${server.url}nope`)).status).toBe(404);
    });
  });

  describe('/stream/events', () => {
    it('streams a new turn, committed after the stream opened, with its seq as the event id', async () => {
      const stream = await openSse(`${server.url}stream/events`);
      try {
        expect(stream.status).toBe(200);
        const r = await turn({ verb: 'read_file_lines', ...ids.a, args: { filePath: ORDERS_LIST_TS, startLine: 1, endLine: 2 } });
        const events = await stream.waitFor((e) => e.some((x) => x.event === 'turn' && (JSON.parse(x.data) as TurnJson).id === r.traceRef));
        const turns = events.filter((e) => e.event === 'turn');
        expect(turns).toHaveLength(1);
        const data = JSON.parse(turns[0]!.data) as TurnJson;
        expect(turns[0]!.id).toBe(String(data.seq));
        expect(data).toMatchObject({ verb: 'read_file_lines', outcome: 'ok', workId: ids.a.workId, agentId: ids.a.agentId });
      } finally {
        stream.close();
      }
    });

    it('resumes after Last-Event-ID with every later turn in commit order, and ?after does the same for a first connection', async () => {
      const { body } = await get<{ turns: TurnJson[] }>('/turn?limit=500');
      const ascending = [...body.turns].reverse();
      const from = ascending[2]!.seq;
      const expected = ascending.slice(3).map((t) => t.id);
      for (const headers of [{ 'last-event-id': String(from) }]) {
        const stream = await openSse(`${server.url}stream/events?after=0`, headers);
        try {
          const events = await stream.waitFor((e) => e.filter((x) => x.event === 'turn').length >= expected.length);
          expect(events.filter((x) => x.event === 'turn').map((e) => (JSON.parse(e.data) as TurnJson).id)).toEqual(expected);
        } finally {
          stream.close();
        }
      }
      const first = await openSse(`${server.url}stream/events?after=${from}`);
      try {
        const events = await first.waitFor((e) => e.filter((x) => x.event === 'turn').length >= expected.length);
        expect(events.filter((x) => x.event === 'turn').map((e) => e.id)).toEqual(ascending.slice(3).map((t) => String(t.seq)));
      } finally {
        first.close();
      }
    });

    it('derives state, plan, gate and lease events from the committed turns, in commit order, each with its own id', async () => {
      const { body } = await get<{ turns: TurnJson[] }>('/turn?limit=500');
      const seqOf = new Map(body.turns.map((t) => [t.id, t.seq]));
      const stream = await openSse(`${server.url}stream/events?after=0`);
      try {
        const events = await stream.waitFor((e) => e.filter((x) => x.event === 'turn').length >= body.turns.length);
        const seen = events.filter((e) => seqOf.has(String((JSON.parse(e.data) as { turnId?: string; id: string }).turnId ?? (JSON.parse(e.data) as { id: string }).id)));
        const summary = seen.map((e) => {
          const data = JSON.parse(e.data) as Record<string, any>;
          if (e.event === 'turn') return `turn ${data.verb}`;
          if (e.event === 'state') return `state ${data.from}>${data.to}`;
          if (e.event === 'plan') return `plan ${data.verdict} ${data.codes.join(',')}`;
          if (e.event === 'gate') return `gate ${data.stepName} ${data.nodeId} ${data.passed ? 'passed' : 'failed'}`;
          return `${e.event} ${data.change}`;
        });
        expect(summary.slice(0, 17)).toEqual([
          'turn initialize_work', 'state UNINITIALIZED>PLANNING',
          'turn initialize_work', 'state UNINITIALIZED>PLANNING',
          'turn initialize_work', 'state UNINITIALIZED>PLANNING',
          'turn submit_execution_plan', 'state PLANNING>PLAN_ACCEPTED', 'plan accepted ', 'lease acquired',
          'turn submit_execution_plan', 'plan rejected EXEC_SIDE_EFFECT_COLLISION', 'lease refused',
          'turn apply_code_patch',
          'turn run_automation_recipe', 'gate unit-orders v-total-column failed',
          'turn read_file_lines',
        ]);
        // A turn's id is its seq; the events it gives follow it as <seq>.1, <seq>.2 …
        let turnSeq = 0;
        let k = 0;
        for (const e of seen) {
          const data = JSON.parse(e.data) as { seq: number; workId: string };
          if (e.event === 'turn') {
            expect(data.seq).toBeGreaterThan(turnSeq);
            [turnSeq, k] = [data.seq, 0];
            expect(e.id).toBe(String(turnSeq));
          } else {
            k += 1;
            expect([e.id, data.seq]).toEqual([`${turnSeq}.${k}`, turnSeq]);
          }
        }
        const gate = JSON.parse(seen.find((e) => e.event === 'gate')!.data) as Record<string, unknown>;
        expect(gate).toMatchObject({ workId: ids.a.workId, agentId: ids.a.agentId, hookId: 'h-unit', exitCode: 1, timedOut: false, gateRunId: expect.any(String) });
      } finally {
        stream.close();
      }
    });

    it('resumes exactly after any event id (Last-Event-ID <seq>.<k>), across kinds', async () => {
      const all = await openSse(`${server.url}stream/events?after=0`);
      let events: Array<{ id: string; event: string; data: string }>;
      try {
        events = (await all.waitFor((e) => e.some((x) => x.event === 'gate'))).filter((e) => e.id);
      } finally {
        all.close();
      }
      const stopAt = events.findIndex((e) => e.event === 'plan');
      for (const at of [stopAt, stopAt - 1, stopAt + 1]) {
        const expected = events.slice(at + 1, events.findIndex((e) => e.event === 'gate') + 1).map((e) => e.id);
        const resumed = await openSse(`${server.url}stream/events?after=0`, { 'last-event-id': events[at]!.id });
        try {
          const got = await resumed.waitFor((e) => e.some((x) => x.event === 'gate'));
          expect(got.map((e) => e.id).slice(0, expected.length)).toEqual(expected);
        } finally {
          resumed.close();
        }
      }
    });

    it('polls the graph once per console, whatever the number of open streams, and not at all without one', async () => {
      const console2 = await startDashboardServer({ graph, repoId, port: 0, log: silentLogger, pollMs: 50 });
      const streams: Array<Awaited<ReturnType<typeof openSse>>> = [];
      try {
        const idle = console2.polls;
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(console2.polls).toBe(idle);
        const pollsDuring = async (ms: number): Promise<number> => {
          const before = console2.polls;
          await new Promise((resolve) => setTimeout(resolve, ms));
          return console2.polls - before;
        };
        streams.push(await openSse(`${console2.url}stream/events`));
        const one = await pollsDuring(1000);
        for (let i = 0; i < 9; i += 1) streams.push(await openSse(`${console2.url}stream/events`));
        const ten = await pollsDuring(1000);
        expect(one).toBeGreaterThan(5);
        // Ten streams polling on their own would read ten times as often.
        expect(ten).toBeLessThan(one * 2 + 3);
        const r = await turn({ verb: 'read_file_lines', ...ids.b, args: { filePath: ORDERS_LIST_TS, startLine: 1, endLine: 1 } });
        for (const stream of streams) await stream.waitFor((e) => e.some((x) => x.event === 'turn' && (JSON.parse(x.data) as TurnJson).id === r.traceRef));
      } finally {
        for (const stream of streams) stream.close();
        await console2.close();
      }
    });

    it('numbers concurrent turns of several works in commit order: none is skipped by a stream following along', async () => {
      const stream = await openSse(`${server.url}stream/events`);
      try {
        const read = (who: 'a' | 'b' | 'x') => turn({ verb: 'read_resource', ...ids[who], args: { uri: `graphgate://work/${ids[who].workId}/pack` } });
        const answers = await Promise.all([read('a'), read('b'), read('x'), read('a'), read('b'), read('x')]);
        const wanted = new Set(answers.map((r) => r.traceRef));
        const events = await stream.waitFor((e) => e.filter((x) => x.event === 'turn').length >= wanted.size);
        const seqs = events.map((e) => Number(e.id));
        expect(seqs).toEqual([...seqs].sort((p, q) => p - q));
        expect(new Set(events.map((e) => (JSON.parse(e.data) as TurnJson).id))).toEqual(wanted);
      } finally {
        stream.close();
      }
    });

    it('streams turns the outbox writes late (answered while the graph was away) after those already sent, once', async () => {
      const stream = await openSse(`${server.url}stream/events`);
      try {
        const answeredAt = new Date(Date.now() - 60_000);
        const records = [1, 2].map((n) => deferredTurn({
          workId: ids.x.workId, agentId: ids.x.agentId, tokens: 10, transition: null, friction: [],
          turn: { id: mintId('trace'), runSessionId: null, verb: 'read_resource', outcome: 'ok', denyCodes: [], latencyMs: n, stateBefore: 'PLANNING', stateAfter: 'PLANNING', traceMeta: null },
        }, answeredAt));
        const store = new WorkStore({ graph, repoId });
        expect(await store.logDeferred(records)).toBe(2);
        expect(await store.logDeferred(records)).toBe(0);
        const events = await stream.waitFor((e) => e.filter((x) => x.event === 'turn').length >= 2);
        expect(events.map((e) => (JSON.parse(e.data) as TurnJson).id)).toEqual(records.map((r) => r.turn.id));
        const { body } = await get<{ cursor: number }>('/turn?limit=1');
        expect(events.map((e) => Number(e.id))).toEqual([body.cursor - 1, body.cursor]);
      } finally {
        stream.close();
      }
    });

    it('survives Neo4j going away: says so on the stream and in /health and /turn (503), then resumes without losing a turn', async () => {
      const proxy = await TcpProxy.start(inject('neo4j').uri);
      const viaProxy = new Graph({ connection: { ...inject('neo4j'), uri: proxy.uri() }, log: silentLogger });
      const viewer = await startDashboardServer({ graph: viaProxy, repoId, port: 0, log: silentLogger, pollMs: 100 });
      const stream = await openSse(`${viewer.url}stream/events`);
      try {
        await proxy.cut();
        const [down] = (await stream.waitFor((e) => e.some((x) => x.event === 'unavailable'))).filter((x) => x.event === 'unavailable');
        expect(JSON.parse(down!.data)).toMatchObject({ code: 'GRAPH_UNAVAILABLE', retryable: true });
        const health = await httpGet(`${viewer.url}health`);
        expect(health.status).toBe(503);
        expect(JSON.parse(health.body)).toMatchObject({ status: 'down', neo4j: { reachable: false, error: { code: 'GRAPH_UNAVAILABLE' } } });
        const turns = await httpGet(`${viewer.url}turn`);
        expect(turns.status).toBe(503);
        expect(JSON.parse(turns.body).error).toMatchObject({ code: 'GRAPH_UNAVAILABLE', retryable: true });
        // Committed (through the other connection) while the console cannot read.
        const r = await turn({ verb: 'read_file_lines', ...ids.a, args: { filePath: ORDERS_LIST_TS, startLine: 1, endLine: 1 } });
        await proxy.restore();
        const events = await stream.waitFor((e) => e.some((x) => x.event === 'turn' && (JSON.parse(x.data) as TurnJson).id === r.traceRef), 15_000);
        expect(events.map((e) => e.event)).toEqual(['unavailable', 'available', 'turn']);
      } finally {
        stream.close();
        await viewer.close();
        await viaProxy.close();
        await proxy.close();
      }
    });

    it('streams from the newest turn when Last-Event-ID is past it (a wiped or replaced database)', async () => {
      const stream = await openSse(`${server.url}stream/events`, { 'last-event-id': '999999999' });
      try {
        const r = await turn({ verb: 'read_file_lines', ...ids.a, args: { filePath: ORDERS_LIST_TS, startLine: 1, endLine: 1 } });
        const events = await stream.waitFor((e) => e.some((x) => x.event === 'turn'));
        expect(events.map((e) => (JSON.parse(e.data) as TurnJson).id)).toEqual([r.traceRef]);
      } finally {
        stream.close();
      }
    });

    it('answers a malformed Last-Event-ID or after with 400', async () => {
      for (const [path, headers] of [['stream/events', { 'last-event-id': 'abc' }], ['stream/events?after=-1', {}], ['stream/events?x=1', {}]] as const) {
        const answer = await httpGet(`${server.url}${path}`, { headers });
        expect(answer.status).toBe(400);
        expect(JSON.parse(answer.body).error.code).toBe('INVALID_ARGS');
      }
    });
  });
});
