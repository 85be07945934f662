import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptanceCriteriaOf, createConnectors, endpointPathsOf, HttpKernel, jiraFetcher, openApiFetcher, redact, retryAfterMs } from '../../../src/connectors/index.js';

const TOKEN = 'pat-s3cr3t-token-value';
const SPEC = ['openapi: 3.0.3', 'info: { title: Orders API, version: "1" }', 'servers: [{ url: "https://api.example.com/api" }]', 'paths:', '  /orders/{id}: { get: { responses: { "200": { description: ok } } } }', '  /orders: { get: { responses: { "200": { description: ok } } } }', ''].join('\n');

describe('connectors on a local HTTP server', () => {
  let server: Server;
  let base: string;
  let root: string;
  const hits = new Map<string, number>();
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const url = req.url ?? '';
    hits.set(url.split('?')[0] as string, (hits.get(url.split('?')[0] as string) ?? 0) + 1);
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (url.startsWith('/rest/api/2/issue/ABC-1')) {
      if (req.headers.authorization !== `Bearer ${TOKEN}`) return json(401, { error: 'no' });
      return json(200, { key: 'ABC-1', fields: { summary: 'Open order detail from the grid', issuetype: { name: 'Story' }, labels: ['grid'], components: [{ name: 'orders' }], description: 'Context.\nAcceptance criteria\n- clicking the id opens /orders/:id\n- the status is shown\n' } });
    }
    if (url.startsWith('/rest/api/2/issue/')) return json(404, { errorMessages: ['not found'] });
    if (url === '/flaky') return (hits.get('/flaky') ?? 0) < 3 ? json(503, {}, { 'retry-after': '0' }) : json(200, { ok: true });
    if (url === '/limited') return json(429, {}, { 'retry-after': '2' });
    if (url === '/spec.yaml') {
      res.writeHead(200, { 'content-type': 'application/yaml' });
      return void res.end(SPEC);
    }
    if (url === '/big') return json(200, { data: 'x'.repeat(5000) });
    json(404, {});
  };

  beforeAll(async () => {
    server = createServer(handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    root = mkdtempSync(join(tmpdir(), 'gg-conn-'));
    mkdirSync(join(root, '.ai', 'auth'), { recursive: true });
    writeFileSync(join(root, '.ai', 'auth', 'jira.token'), JSON.stringify({ baseUrl: base, token: TOKEN }));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(root, { recursive: true, force: true });
  });

  const kernel = (waits: number[] = []) => new HttpKernel({ baseDelayMs: 10, sleep: async (ms) => void waits.push(ms), secrets: () => [TOKEN] });

  it('fetches a Jira issue with the PAT from .ai/auth/jira.token and maps its fields to the TaskSpec inputs', async () => {
    const fetchers = createConnectors({ root, env: {} });
    const got = await fetchers.jira!('ABC-1');
    expect(got).toEqual({
      ok: true,
      value: {
        key: 'ABC-1', url: `${base}/browse/ABC-1`, summary: 'Open order detail from the grid', description: expect.stringContaining('Acceptance criteria'), issueType: 'Story',
        labels: ['grid'], components: ['orders'], acceptanceCriteria: ['clicking the id opens /orders/:id', 'the status is shown'],
      },
    });
  });

  it('reports a missing issue or missing credentials as a reason, never with the token', async () => {
    const missing = await jiraFetcher({ root, kernel: kernel() })('ABC-9');
    expect(missing).toEqual({ ok: false, reason: expect.stringMatching(/^not_found/) });
    const noAuth = await jiraFetcher({ root: tmpdir(), kernel: kernel(), env: {} })('ABC-1');
    expect(noAuth).toEqual({ ok: false, reason: expect.stringContaining('no Jira credentials') });
    expect(JSON.stringify([missing, noAuth])).not.toContain(TOKEN);
    expect(await jiraFetcher({ root, kernel: kernel() })('not a key')).toMatchObject({ ok: false });
  });

  it('retries retryable statuses with backoff, honouring Retry-After, then caches the answer', async () => {
    const waits: number[] = [];
    const k = new HttpKernel({ attempts: 4, baseDelayMs: 10, sleep: async (ms) => void waits.push(ms) });
    const first = await k.get(`${base}/flaky`);
    expect(first).toMatchObject({ ok: true, status: 200, cached: false });
    expect(waits).toEqual([0, 0]);
    expect(await k.get(`${base}/flaky`)).toMatchObject({ ok: true, cached: true });
    expect(hits.get('/flaky')).toBe(3);
  });

  it('gives up on a rate limit after its attempts, with the normalised code and the server’s delay', async () => {
    const waits: number[] = [];
    const r = await new HttpKernel({ attempts: 3, sleep: async (ms) => void waits.push(ms) }).get(`${base}/limited`);
    expect(r).toMatchObject({ ok: false, code: 'rate_limited', status: 429 });
    expect(waits).toEqual([2000, 2000]);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 07:27:58 GMT'))).toBe(2000);
  });

  it('normalises offline, oversized and timed-out answers', async () => {
    const offline = await kernel().get('http://127.0.0.1:9/nothing');
    expect(offline).toMatchObject({ ok: false, code: 'offline' });
    const big = await new HttpKernel({ maxBytes: 1000, attempts: 1 }).get(`${base}/big`);
    expect(big).toMatchObject({ ok: false, code: 'too_large' });
  });

  it('fetches an OpenAPI document from an allowed host only, and reads its endpoint paths with the base path', async () => {
    const allowed = await openApiFetcher({ kernel: kernel(), allowedHosts: ['127.0.0.1'] })(`${base}/spec.yaml`);
    expect(allowed).toEqual({ ok: true, value: { title: 'Orders API', endpointPaths: ['/api/orders', '/api/orders/{id}', '/orders', '/orders/{id}'] } });
    expect(await openApiFetcher({ kernel: kernel(), allowedHosts: [] })(`${base}/spec.yaml`)).toMatchObject({ ok: false, reason: expect.stringContaining('not an allowed OpenAPI host') });
    expect(await openApiFetcher({ kernel: kernel(), allowedHosts: ['127.0.0.1'] })('file:///etc/passwd')).toMatchObject({ ok: false, reason: expect.stringContaining('refused') });
    expect(endpointPathsOf({ swagger: '2.0', basePath: '/v1', paths: { '/a': {} } }).endpointPaths).toEqual(['/a', '/v1/a']);
  });

  it('redacts secrets, authorization headers, token query parameters and URL credentials', () => {
    const text = `Authorization: Bearer ${TOKEN} https://u:pw@host/x?token=abc&b=1 ${TOKEN}`;
    const out = redact(text, [TOKEN]);
    expect(out).not.toContain(TOKEN);
    expect(out).not.toContain('pw@');
    expect(out).toContain('token=***');
    expect(acceptanceCriteriaOf('h2. Acceptance Criteria\n* one\n* two\nh2. Notes\n* three')).toEqual(['one', 'two']);
  });
});
