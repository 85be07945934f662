import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AppError } from '../../../src/errors/index.js';
import { PROCESS_INSTANCE_ID } from '../../../src/execution/idempotency/operation-owner.js';
import { OperationStore } from '../../../src/execution/idempotency/operation-store.js';
import type { Graph } from '../../../src/graph/graph.js';
import { loadQuery } from '../../../src/graph/query-registry.js';
import { packageRoot } from '../../../src/runtime/package-root.js';
import { WorkStore } from '../../../src/session/index.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';

const run = promisify(execFile);
const readOperation = loadQuery<{ repoId: string; workId: string; operationId: string }, { op: Record<string, unknown> | null }>('test-support/read-operation.cypher');
const DIST = join(packageRoot(), 'dist', 'src');

async function refused(p: Promise<unknown>): Promise<AppError> {
  const error = await p.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

/**
 * A real second process claims `operationId`, records an intent and dies by SIGKILL (no cleanup),
 * exactly as a server killed mid-operation does. Returns the dead process's pid.
 */
async function claimInDyingProcess(repoId: string, workId: string, operationId: string): Promise<number> {
  const script = `
    const { Graph } = await import(${JSON.stringify(join(DIST, 'graph', 'graph.js'))});
    const { OperationStore } = await import(${JSON.stringify(join(DIST, 'execution', 'idempotency', 'operation-store.js'))});
    const { silentLogger } = await import(${JSON.stringify(join(DIST, 'runtime', 'logger.js'))});
    const graph = new Graph({ connection: JSON.parse(process.env.TEST_NEO4J), log: silentLogger });
    const store = new OperationStore({ graph, repoId: process.env.TEST_REPO });
    const claim = await store.claim({ workId: process.env.TEST_WORK, operationId: process.env.TEST_OP, verb: 'apply_code_patch', args: { n: 1 }, traceRef: 'trace-dying' });
    await store.recordIntent(claim, { kind: 'patch', marker: 'written-by-the-dead' });
    process.stdout.write(String(process.pid));
    process.kill(process.pid, 'SIGKILL');`;
  const env = { ...process.env, TEST_NEO4J: JSON.stringify(inject('neo4j')), TEST_REPO: repoId, TEST_WORK: workId, TEST_OP: operationId };
  const out = await run(process.execPath, ['--input-type=module', '-e', script], { env, timeout: 60_000 }).then(
    () => { throw new Error('the claiming process was expected to die'); },
    (e: { signal?: string; stdout?: string }) => e,
  );
  expect(out.signal).toBe('SIGKILL');
  return Number(out.stdout);
}

describe('operation claims: owner, expiry and takeover (real Neo4j, real processes)', () => {
  let graph: Graph;
  let workId: string;
  const repoId = testNamespace('op-takeover');
  const op = async (operationId: string) => (await graph.read(readOperation, { repoId, workId, operationId }))[0]!.op;

  beforeAll(async () => {
    graph = openTestGraph();
    workId = `work-${repoId}`;
    await new WorkStore({ graph, repoId }).create({ workId, state: 'PLAN_ACCEPTED', runSessionId: 'run-1', originalPrompt: null, agentId: 'agent-1', maxTokens: 100_000, thresholdTokens: 60_000 });
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    await graph?.close();
  });

  it('records the owner and expiry; a live owner answers a retryable VERSION_CONFLICT with retryAfterMs', async () => {
    const store = new OperationStore({ graph, repoId, claimTtlMs: 60_000 });
    const first = await store.claim({ workId, operationId: 'op-live-0001', verb: 'apply_code_patch', args: { a: 1 }, traceRef: 'trace-live' });
    expect(first.kind).toBe('new');
    expect(await op('op-live-0001')).toMatchObject({ status: 'running', ownerInstance: PROCESS_INSTANCE_ID, ownerPid: process.pid, ownerTraceRef: 'trace-live', takeovers: 0 });
    const conflict = await refused(store.claim({ workId, operationId: 'op-live-0001', verb: 'apply_code_patch', args: { a: 1 } }));
    expect(conflict.code).toBe('VERSION_CONFLICT');
    expect(conflict.retryable).toBe(true);
    expect(conflict.details).toMatchObject({ operationId: 'op-live-0001', owner: { pid: process.pid, traceRef: 'trace-live' } });
    expect(conflict.details.retryAfterMs).toBeGreaterThanOrEqual(250);
    expect(conflict.details.retryAfterMs).toBeLessThanOrEqual(2_000);
    // Other arguments under the same key are still refused as such.
    expect((await refused(store.claim({ workId, operationId: 'op-live-0001', verb: 'apply_code_patch', args: { a: 2 } }))).code).toBe('INVALID_ARGS');
  });

  it('takes over a claim whose owner was killed, with the intent it recorded; the dead owner cannot complete it any more', async () => {
    const pid = await claimInDyingProcess(repoId, workId, 'op-dead-0001');
    expect(await op('op-dead-0001')).toMatchObject({ status: 'running', ownerPid: pid, ownerTraceRef: 'trace-dying' });
    const store = new OperationStore({ graph, repoId, claimTtlMs: 60_000 });
    const claim = await store.claim({ workId, operationId: 'op-dead-0001', verb: 'apply_code_patch', args: { n: 1 }, traceRef: 'trace-retry' });
    expect(claim).toMatchObject({ kind: 'takeover', reason: 'owner_dead', intent: { kind: 'patch', marker: 'written-by-the-dead' }, previousOwner: { pid, traceRef: 'trace-dying' } });
    expect(await op('op-dead-0001')).toMatchObject({ status: 'running', ownerPid: process.pid, ownerTraceRef: 'trace-retry', previousOwnerPid: pid, takeovers: 1, lastTakeoverReason: 'owner_dead' });
    if (claim.kind !== 'takeover') throw new Error('expected a takeover');
    // The old claim token is fenced off: it can neither record, complete nor abandon.
    const stale = { ...claim, token: 'not-the-holder' };
    expect((await refused(store.recordIntent(stale, { kind: 'patch' }))).code).toBe('VERSION_CONFLICT');
    expect(await store.complete(stale, { by: 'stale' })).toBe(false);
    await store.abandon(stale);
    expect(await store.complete(claim, { by: 'retry' })).toBe(true);
    expect(await store.claim({ workId, operationId: 'op-dead-0001', verb: 'apply_code_patch', args: { n: 1 } })).toEqual({ kind: 'replay', result: { by: 'retry' } });
  }, 90_000);

  it('takes over an expired claim of a live owner, and of two racing retries exactly one wins', async () => {
    const short = new OperationStore({ graph, repoId, claimTtlMs: 300 });
    let casLost = 0;
    for (let round = 0; round < 5; round++) {
      const operationId = `op-race-000${round}`;
      const first = await short.claim({ workId, operationId, verb: 'run_automation_recipe', args: { round } });
      expect(first.kind).toBe('new');
      await new Promise((r) => setTimeout(r, 400));
      // Four retries at once, each its own store (as separate processes would be): one takes over, the rest conflict.
      const retries = await Promise.allSettled([0, 1, 2, 3].map(() => new OperationStore({ graph, repoId, claimTtlMs: 60_000 }).claim({ workId, operationId, verb: 'run_automation_recipe', args: { round } })));
      const won = retries.filter((r) => r.status === 'fulfilled');
      expect(won).toHaveLength(1);
      expect((won[0] as PromiseFulfilledResult<{ kind: string; reason?: string }>).value).toMatchObject({ kind: 'takeover', reason: 'expired' });
      for (const r of retries) if (r.status === 'rejected') expect((r.reason as AppError).code).toBe('VERSION_CONFLICT');
      casLost += retries.filter((r) => r.status === 'rejected' && /just taken over/.test((r.reason as Error).message)).length;
      expect(await op(operationId)).toMatchObject({ takeovers: 1 });
      // The original owner, still alive but expired, lost the claim.
      if (first.kind === 'new') expect(await short.complete(first, { late: true })).toBe(false);
    }
    // Some retries saw the expired claim and lost the compare-and-set itself (not merely a later read): the race was real.
    expect(casLost).toBeGreaterThan(0);
  });

  it('a released claim (failure after its intent) is taken over at once and keeps its intent; a failed one repeats its refusal', async () => {
    const store = new OperationStore({ graph, repoId, claimTtlMs: 60_000 });
    const claim = await store.claim({ workId, operationId: 'op-release-01', verb: 'apply_code_patch', args: {} });
    if (claim.kind !== 'new') throw new Error('expected a new claim');
    await store.recordIntent(claim, { kind: 'patch', sha256Before: 'b', sha256After: 'a' });
    await store.release(claim);
    const again = await store.claim({ workId, operationId: 'op-release-01', verb: 'apply_code_patch', args: {} });
    expect(again).toMatchObject({ kind: 'takeover', reason: 'expired', intent: { sha256Before: 'b', sha256After: 'a' } });
    if (again.kind !== 'takeover') throw new Error('expected a takeover');
    await store.fail(again, new AppError('INVALID_ARGS', { message: 'the file changed since', details: { reason: 'file_changed_since_intent' } }));
    const refusal = await refused(store.claim({ workId, operationId: 'op-release-01', verb: 'apply_code_patch', args: {} }));
    expect(refusal).toMatchObject({ code: 'INVALID_ARGS', message: 'the file changed since', details: { reason: 'file_changed_since_intent', operationId: 'op-release-01' } });
  });
});
