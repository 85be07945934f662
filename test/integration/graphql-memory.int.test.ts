import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../ingest/index.js';
import type { Graph } from '../../src/graph/graph.js';
import { startGraphqlServer, type GraphqlServer } from '../../src/graphql/index.js';
import { silentLogger } from '../../src/runtime/logger.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';
import { seedMemory } from '../support/memory.js';
import { copyFixture } from '../support/plan-fixture.js';

interface Gql { data?: Record<string, unknown> | null; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> }
const TOKEN = 'memory-review-token-0123456789';

async function post(server: GraphqlServer, query: string, variables: Record<string, unknown>, token?: string): Promise<Gql> {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as Gql;
}
const codes = (r: Gql): unknown[] => (r.errors ?? []).map((e) => e.extensions?.code);

const LIST = 'query($repoId: String!, $state: String) { memories(repoId: $repoId, state: $state) { memoryId state enforcementType rejectionCodes } }';
const SHOW = 'query($repoId: String!, $id: String!) { memory(repoId: $repoId, id: $id) { memoryJson transitions { from to who why } } }';
const APPROVE = 'mutation($repoId: String!, $id: String!) { approveMemory(repoId: $repoId, id: $id, why: "reviewed") { from to who why } }';
const REJECT = 'mutation($repoId: String!, $id: String!, $why: String!) { rejectMemory(repoId: $repoId, id: $id, why: $why) { from to who why } }';
const RETIRE = 'mutation($repoId: String!, $id: String!) { retireMemory(repoId: $repoId, id: $id) { from to who } }';
const PROMOTE = `mutation($repoId: String!, $id: String!, $why: String, $approve: Boolean, $withoutValidation: Boolean) {
  promoteMemory(repoId: $repoId, id: $id, why: $why, approve: $approve, withoutValidation: $withoutValidation) {
    recordId version label written validation { kind why } approval { from to who } transition { from to who why }
  }
}`;

// Issue 13, human review: the operations of `graphgate memory` over GraphQL — queries open, transitions only
// on a server whose mutations are enabled, each with the bearer token, recorded as person:graphql.
describe('memory review over GraphQL (real Neo4j)', () => {
  const repoId = testNamespace('gql-memory');
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  let readOnly: GraphqlServer;
  let review: GraphqlServer;

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = copyFixture();
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId }, totals: false });
    const now = new Date();
    for (const id of ['mem-a', 'mem-b', 'mem-c']) await seedMemory(graph, repoId, { id, state: 'pending', enforcementType: 'plan_rule', createdAt: now });
    readOnly = await startGraphqlServer({ graph, port: 0, log: silentLogger, config: {} });
    review = await startGraphqlServer({ graph, port: 0, log: silentLogger, config: { mutations: true, token: TOKEN } });
  }, 120_000);
  afterAll(async () => {
    await readOnly?.close();
    await review?.close();
    await cleanNamespace(graph, repoId);
    fixture?.dispose();
    await graph.close();
  });

  it('lists and shows memories on a read-only server; a transition there is refused', async () => {
    const list = await post(readOnly, LIST, { repoId, state: 'pending' });
    expect(list.errors).toBeUndefined();
    expect((list.data!.memories as Array<{ memoryId: string }>).map((m) => m.memoryId).sort()).toEqual(['mem-a', 'mem-b', 'mem-c']);
    const shown = await post(readOnly, SHOW, { repoId, id: 'mem-a' });
    expect(JSON.parse((shown.data!.memory as { memoryJson: string }).memoryJson)).toMatchObject({ memoryId: 'mem-a', state: 'pending', planRule: { denyCode: 'PLAN_VERIFICATION_WEAK' } });
    expect((await post(readOnly, SHOW, { repoId, id: 'mem-none' })).data!.memory).toBeNull();
    expect(codes(await post(readOnly, APPROVE, { repoId, id: 'mem-a' }, TOKEN))).toEqual(['MUTATIONS_DISABLED']);
    const metrics = await post(readOnly, 'query($repoId: String!) { memoryMetrics(repoId: $repoId) { friction { events resolutionRate } memoriesByState { state count } enforcement { planSubmissions enforcementRate } } }', { repoId });
    expect(metrics.data!.memoryMetrics).toEqual({ friction: { events: 0, resolutionRate: null }, memoriesByState: [{ state: 'pending', count: 3 }], enforcement: { planSubmissions: 0, enforcementRate: null } });
  });

  it('refuses bad arguments with INVALID_ARGS and an unknown repository with NOT_FOUND', async () => {
    expect(codes(await post(readOnly, LIST, { repoId: '../etc', state: null }))).toEqual(['INVALID_ARGS']);
    expect(codes(await post(readOnly, LIST, { repoId, state: 'sleeping' }))).toEqual(['INVALID_ARGS']);
    expect(codes(await post(readOnly, LIST, { repoId: `${repoId}-none` }))).toEqual(['NOT_FOUND']);
  });

  it('approves, rejects and retires with the token, as person:graphql, and writes the changelog', async () => {
    expect(codes(await post(review, APPROVE, { repoId, id: 'mem-a' }))).toEqual(['UNAUTHORIZED']);
    const approved = await post(review, APPROVE, { repoId, id: 'mem-a' }, TOKEN);
    expect(approved.data!.approveMemory).toEqual({ from: 'pending', to: 'approved', who: 'person:graphql', why: 'reviewed' });
    expect((await post(review, REJECT, { repoId, id: 'mem-b', why: 'too broad' }, TOKEN)).data!.rejectMemory).toMatchObject({ from: 'pending', to: 'rejected', why: 'too broad' });
    expect(codes(await post(review, REJECT, { repoId, id: 'mem-a', why: '   ' }, TOKEN))).toEqual(['INVALID_ARGS']);
    expect((await post(review, RETIRE, { repoId, id: 'mem-a' }, TOKEN)).data!.retireMemory).toEqual({ from: 'approved', to: 'retired', who: 'person:graphql' });
    expect(codes(await post(review, APPROVE, { repoId, id: 'mem-a' }, TOKEN))).toEqual(['ILLEGAL_TRANSITION']);
    const shown = await post(review, SHOW, { repoId, id: 'mem-a' });
    expect((shown.data!.memory as { transitions: Array<{ to: string }> }).transitions.map((t) => t.to)).toEqual(['approved', 'retired']);
    const changelog = readFileSync(join(fixture.root, '.ai', 'memory', 'changelog.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { memoryId: string; to: string; who: string });
    expect(changelog.map((c) => `${c.memoryId}:${c.to}:${c.who}`)).toEqual(['mem-a:approved:person:graphql', 'mem-b:rejected:person:graphql', 'mem-a:retired:person:graphql']);
  });

  it('promotes with the token, as person:graphql, under the same rules as the CLI: validation or an explicit override with a reason', async () => {
    const promotions = join(fixture.root, '.ai', 'graph', 'seed', 'memory-promotions.jsonl');
    expect(codes(await post(readOnly, PROMOTE, { repoId, id: 'mem-c', approve: true }, TOKEN))).toEqual(['MUTATIONS_DISABLED']);
    expect(codes(await post(review, PROMOTE, { repoId, id: 'mem-c', approve: true }))).toEqual(['UNAUTHORIZED']);
    const unvalidated = await post(review, PROMOTE, { repoId, id: 'mem-c', approve: true }, TOKEN);
    expect(codes(unvalidated)).toEqual(['MEMORY_NOT_VALIDATED']);
    expect(codes(await post(review, PROMOTE, { repoId, id: 'mem-c', approve: true, withoutValidation: true }, TOKEN))).toEqual(['INVALID_ARGS']);
    expect(codes(await post(review, PROMOTE, { repoId, id: '../mem-c', withoutValidation: true, why: 'x' }, TOKEN))).toEqual(['INVALID_ARGS']);
    expect(existsSync(promotions)).toBe(false);

    const promoted = await post(review, PROMOTE, { repoId, id: 'mem-c', approve: true, withoutValidation: true, why: 'agreed in review' }, TOKEN);
    expect(promoted.errors).toBeUndefined();
    expect(promoted.data!.promoteMemory).toEqual({
      recordId: 'memory.mem-c', version: 1, label: 'Policy', written: true, validation: { kind: 'override', why: 'agreed in review' },
      approval: { from: 'pending', to: 'approved', who: 'person:graphql' },
      transition: { from: 'approved', to: 'approved', who: 'person:graphql', why: 'promoted to the policy plane as policy memory.mem-c@1 without validation: agreed in review' },
    });
    expect(readFileSync(promotions, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; updated_by: string })).toEqual([expect.objectContaining({ id: 'memory.mem-c', updated_by: 'person:graphql' })]);
  });
});
