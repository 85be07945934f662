import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import { fileResource, LockService, symbolResource } from '../../../src/execution/locks/lock-service.js';
import { planNodeResources, planTargetFiles } from '../../../src/execution/locks/plan-resources.js';
import type { Graph } from '../../../src/graph/graph.js';
import { readReservations } from '../../../src/plan/plan.queries.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { setWorkState } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, recordedShapes, testNamespace } from '../../support/graph.js';
import { acceptPlan, copyFixture, type EnvelopeValues, goldenFixturePlan, goldenPlanFor, ORDERS_LIST_HTML, ORDERS_LIST_TS, planService, startWork } from '../../support/plan-fixture.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('LockService (collision guard and leases)', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  let locks: LockService;
  const repoId = testNamespace('locks');
  const works: string[] = [];
  const newWork = async () => {
    const { workId } = await startWork(graph, repoId, fixture.root);
    works.push(workId);
    return workId;
  };

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = copyFixture();
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId } });
    locks = new LockService({ graph, repoId });
  }, 120_000);
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    fixture.dispose();
    await graph.close();
  });

  it('lets one work reserve a file and denies another with a retryable collision naming the holder', async () => {
    const [a, b] = [await newWork(), await newWork()];
    const taken = await locks.acquire(a, 'c-1', [fileResource('src/a.ts'), symbolResource('src/a.ts', 'A.run')]);
    expect(taken.resources).toEqual(['file:src/a.ts', 'symbol:src/a.ts#A.run']);
    const denied = locks.acquire(b, 'c-9', [fileResource('src/b.ts'), fileResource('src/a.ts')]);
    await expect(denied).rejects.toMatchObject({ code: 'EXEC_SIDE_EFFECT_COLLISION', retryable: true, details: { holders: [{ resource: 'file:src/a.ts', workId: a, nodeId: 'c-1' }] } });
    // All or nothing: the free key of the failed acquisition is not reserved either.
    expect(await locks.holders(a, ['file:src/b.ts'])).toEqual([]);
    await expect(locks.assertFree(b, ['file:src/a.ts'])).rejects.toMatchObject({ code: 'EXEC_SIDE_EFFECT_COLLISION' });
    await expect(locks.assertFree(a, ['file:src/a.ts'])).resolves.toBeUndefined();
    // The plan validator reads the same reservations.
    expect(await graph.read(readReservations, { repoId, workId: b, request: { resourceKeys: ['file:src/a.ts'] } })).toEqual([{ resourceKey: 'file:src/a.ts', heldByWorkId: a }]);
    expect(await locks.release(a)).toEqual(['file:src/a.ts', 'symbol:src/a.ts#A.run']);
    await expect(locks.acquire(b, 'c-9', ['file:src/a.ts'])).resolves.toMatchObject({ resources: ['file:src/a.ts'] });
    await locks.release(b);
  });

  it('plans each lease statement once, whatever the number of files (the lists travel in one map)', async () => {
    const [a, b] = [await newWork(), await newWork()];
    const shapes = await recordedShapes(async (recording) => {
      const recorded = new LockService({ graph: recording, repoId });
      for (const [work, count] of [[a, 1], [b, 3], [a, 14]] as const) {
        const files = Array.from({ length: count }, (_, i) => fileResource(`src/${work}-${count}-${i}.ts`));
        await recorded.acquire(work, `c-${count}`, files);
        await recorded.holders(work === a ? b : a, files);
      }
    });
    const lease = shapes.filter((x) => x.query === 'execution/lock-acquire' || x.query === 'execution/lock-find-holders');
    expect(lease.map((x) => x.query).sort()).toEqual(['execution/lock-acquire', 'execution/lock-find-holders']);
  });

  it('lets exactly one of two racing works win the same resources', async () => {
    const [a, b] = [await newWork(), await newWork()];
    const keys = ['file:src/race-1.ts', 'file:src/race-2.ts', 'file:src/race-3.ts'];
    const results = await Promise.allSettled([locks.acquire(a, 'n', keys), locks.acquire(b, 'n', [...keys].reverse())]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const loser = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(loser.reason).toMatchObject({ code: 'EXEC_SIDE_EFFECT_COLLISION' });
    const winner = results[0]!.status === 'fulfilled' ? a : b;
    const other = winner === a ? b : a;
    expect((await locks.holders(other, keys)).map((h) => h.workId)).toEqual([winner, winner, winner]);
    await locks.release(winner);
  });

  it('renews a lease and reclaims a stale one with LeaseReclaim evidence', async () => {
    const [a, b] = [await newWork(), await newWork()];
    const short = new LockService({ graph, repoId, ttlMs: 1_000 });
    const first = await short.acquire(a, 'c-a', ['file:src/stale.ts']);
    await sleep(50);
    const [renewed] = await short.renew(a);
    expect(renewed!.resource).toBe('file:src/stale.ts');
    expect(Date.parse(renewed!.expiresAt)).toBeGreaterThan(Date.parse(first.expiresAt));
    await expect(locks.acquire(b, 'c-b', ['file:src/stale.ts'])).rejects.toMatchObject({ code: 'EXEC_SIDE_EFFECT_COLLISION' });
    await sleep(1_100);
    expect(await locks.holders(b, ['file:src/stale.ts'])).toEqual([]);
    const taken = await locks.acquire(b, 'c-b', ['file:src/stale.ts']);
    expect(taken.reclaimed).toEqual([{ resource: 'file:src/stale.ts', fromWorkId: a }]);
    expect(await locks.reclaims('file:src/stale.ts')).toEqual([expect.objectContaining({ fromWorkId: a, fromNodeId: 'c-a', toWorkId: b, toNodeId: 'c-b' })]);
    await locks.release(b);
  });

  it('frees the leases of a finished work', async () => {
    const [a, b] = [await newWork(), await newWork()];
    await locks.acquire(a, 'c', ['file:src/done.ts']);
    await graph.write(setWorkState, { workId: a, repoId, state: 'COMPLETED', usedTokens: null, totalNodes: null, completedNodes: null });
    expect(await locks.holders(b, ['file:src/done.ts'])).toEqual([]);
    await expect(locks.acquire(b, 'c', ['file:src/done.ts'])).resolves.toMatchObject({ reclaimed: [{ resource: 'file:src/done.ts', fromWorkId: a }] });
    await locks.release(b);
  });

  it('leases a whole plan’s targets per node in one go, all or nothing', async () => {
    const [a, b] = [await newWork(), await newWork()];
    const taken = await locks.acquireAll(a, [{ nodeId: 'c-1', resources: ['file:src/p1.ts'] }, { nodeId: 'c-2', resources: ['file:src/p2.ts', 'symbol:src/p2.ts#P'] }]);
    expect(taken.resources).toEqual(['file:src/p1.ts', 'file:src/p2.ts', 'symbol:src/p2.ts#P']);
    expect((await locks.holders(b, ['file:src/p1.ts', 'file:src/p2.ts'])).map((h) => [h.resource, h.nodeId])).toEqual([['file:src/p1.ts', 'c-1'], ['file:src/p2.ts', 'c-2']]);
    await expect(locks.acquireAll(b, [{ nodeId: 'x', resources: ['file:src/p0.ts'] }, { nodeId: 'y', resources: ['file:src/p2.ts'] }])).rejects.toMatchObject({ code: 'EXEC_SIDE_EFFECT_COLLISION' });
    expect(await locks.holders(a, ['file:src/p0.ts'])).toEqual([]);
    await locks.release(a, 'c-1');
    expect((await locks.holders(b, ['file:src/p1.ts', 'file:src/p2.ts'])).map((h) => h.resource)).toEqual(['file:src/p2.ts']);
    await locks.release(a);
  });

  it('detects overlap with another accepted plan: reject throws, block queues deterministically', async () => {
    const [a, b] = [await newWork(), await newWork()];
    const plans = planService(graph, repoId, fixture.root);
    const golden = await goldenPlanFor(plans, a);
    await acceptPlan(graph, repoId, plans, a, golden);
    expect(planTargetFiles(golden)).toEqual([ORDERS_LIST_TS]);
    const leased = await locks.acquireAll(a, planNodeResources(golden));
    expect(leased.resources).toContain(`file:${ORDERS_LIST_TS}`);
    // The validator of the second work now sees the first work's reservations.
    const bGolden = goldenFixturePlan((await plans.schemaFor(b)).envelope as unknown as EnvelopeValues, `chain:aggrid:${ORDERS_LIST_HTML}:3`);
    const verdict = await plans.validate(b, bGolden);
    expect(verdict.accepted).toBe(false);
    expect(verdict.violations.map((v) => v.code)).toContain('EXEC_SIDE_EFFECT_COLLISION');
    expect(await locks.checkPlanOverlap(b, ['src/unrelated.ts'], 'reject')).toEqual({ decision: 'clear', overlaps: [], queue: [b] });
    await expect(locks.checkPlanOverlap(b, [ORDERS_LIST_TS], 'reject')).rejects.toMatchObject({ code: 'EXEC_SIDE_EFFECT_COLLISION', details: { policy: 'reject' } });
    const report = await locks.checkPlanOverlap(b, [ORDERS_LIST_TS, 'src/other.ts'], 'block');
    expect(report).toMatchObject({ decision: 'blocked', queue: [a, b], overlaps: [{ workId: a, files: [ORDERS_LIST_TS] }] });
    await graph.write(setWorkState, { workId: a, repoId, state: 'COMPLETED', usedTokens: null, totalNodes: null, completedNodes: null });
    expect((await locks.checkPlanOverlap(b, [ORDERS_LIST_TS], 'reject')).decision).toBe('clear');
    expect((await plans.validate(b, bGolden)).accepted).toBe(true);
  });
});
