import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileResource, LockService } from '../../../src/execution/locks/lock-service.js';
import { PlanLeases } from '../../../src/execution/locks/plan-leases.js';
import type { Graph } from '../../../src/graph/graph.js';
import type { PlanGraph } from '../../../src/plan/index.js';
import { mintId, WorkStore } from '../../../src/session/index.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';

const FILE = 'src/app/shared.ts';
const plan = { nodes: [{ kind: 'change', nodeId: 'c-1', targetFile: FILE, targetSymbols: [] }] } as unknown as Pick<PlanGraph, 'nodes'>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The wait estimate from the graph: completions record LeaseHold durations; with three of them the
// estimate is the median hold minus what the holder already held (basis "measured").
describe('wait estimates from measured lease holds (real Neo4j)', () => {
  let graph: Graph;
  let locks: LockService;
  const repoId = testNamespace('lock-wait');
  const newWork = async () => (await new WorkStore({ graph, repoId }).create({
    workId: mintId('work'), state: 'PLAN_ACCEPTED', runSessionId: mintId('run'), originalPrompt: 'shared file', agentId: mintId('agent'), maxTokens: 100_000, thresholdTokens: 60_000,
  })).id;

  beforeAll(() => {
    graph = openTestGraph();
    locks = new LockService({ graph, repoId });
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    await graph.close();
  });

  it('records a LeaseHold per completion (not per resubmission) and estimates from the median once three are measured', async () => {
    let now = () => new Date();
    const leases = (policy: 'reject' | 'block') => new PlanLeases(locks, { policy, leaseSeconds: 900, now: () => now() });
    for (let i = 0; i < 3; i++) {
      const work = await newWork();
      await locks.acquire(work, 'c-1', [fileResource(FILE)]);
      await sleep(150 + i * 100);
      await graph.writeTx('test', (tx) => leases('block').releaseAndHandOver(tx, work));
    }
    const stats = await locks.holdStats([]);
    expect(stats.holdMs).toHaveLength(3);
    expect(Math.min(...stats.holdMs)).toBeGreaterThanOrEqual(150);

    const holder = await newWork();
    await locks.acquire(holder, 'c-1', [fileResource(FILE)]);
    // The estimate reads the clock: pin it 10 ms after the holder took its lease (no dependence on test speed).
    const [held] = (await locks.holdStats([holder])).held;
    now = () => new Date(Date.parse(held!.acquiredAt!) + 10);
    const waiting = await newWork();
    const queued = await leases('block').decide(waiting, plan);
    expect(queued.decision).toMatchObject({ status: 'queued', queue: [holder, waiting], position: 2, wait: { basis: 'measured', upTo: false, samples: 3 } });
    const wait = queued.decision.wait!;
    expect(wait.typicalHoldMs).toBeGreaterThanOrEqual(250);
    expect(wait.estimatedMs).toBe(wait.typicalHoldMs! - 10);
    expect(wait.how).toContain('median hold of the last 3 works');
    expect(queued.decision.retryAfterMs).toBe(2_000);
    await expect(leases('reject').decide(waiting, plan)).rejects.toMatchObject({
      code: 'EXEC_SIDE_EFFECT_COLLISION', details: { position: 2, retryAfterMs: 2_000, wait: { basis: 'measured' } },
    });

    // A release that is not a completion (a resubmission, or an explicit release) records no hold.
    await locks.release(holder);
    expect((await locks.holdStats([])).holdMs).toHaveLength(3);
  });
});
