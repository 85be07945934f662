import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProcedureRefusal } from '../../src/graph/driver-errors.js';
import { FirstUseGate, serverStartTime } from '../../src/graph/first-use-gate.js';
import type { Graph } from '../../src/graph/graph.js';
import { silentLogger } from '../../src/runtime/logger.js';
import { openTestGraph } from '../support/graph.js';

// Each gate instance stands for one MCP process (its own holder id); each test uses its own gate id.
describe('first use after a server start, by one process while the others wait (real Neo4j)', () => {
  let graph: Graph;
  const gateId = () => `first-use:test-${randomBytes(4).toString('hex')}`;
  const released = () => {
    let release!: () => void;
    const promise = new Promise<void>((resolve) => (release = resolve));
    return { promise, release };
  };

  beforeAll(() => {
    graph = openTestGraph();
  });
  afterAll(async () => {
    await graph.close();
  });

  it('the server says when it started', async () => {
    const startedAt = await serverStartTime(graph);
    expect(startedAt).toBeGreaterThan(Date.UTC(2020, 0, 1));
    expect(startedAt).toBeLessThanOrEqual(Date.now());
  });

  it('tells a procedure the server refuses for good (a locked-down user: no gate) from other failures', async () => {
    const adHoc = (text: string) => ({ name: 'ad-hoc', file: 'ad-hoc', text });
    const refusal = await graph.read(adHoc('CALL dbms.graphgateNoSuchProcedure()'), {}).catch((error: unknown) => error);
    expect(isProcedureRefusal(refusal)).toBe(true);
    const typo = await graph.read(adHoc('RETURN 1 +'), {}).catch((error: unknown) => error);
    expect(typo).toBeInstanceOf(Error);
    expect(isProcedureRefusal(typo)).toBe(false);
  });

  it('runs the first use in one process; another waits for it, and a later one does not wait at all', async () => {
    const id = gateId();
    const order: string[] = [];
    const first = released();
    const a = new FirstUseGate(graph, id, { log: silentLogger, pollMs: 50 });
    const b = new FirstUseGate(graph, id, { log: silentLogger, pollMs: 50 });
    const aRun = a.run(async () => {
      order.push('a:start');
      await first.promise;
      order.push('a:end');
      return 'a';
    });
    await expect.poll(() => order).toEqual(['a:start']);
    let waits = 0;
    const bRun = b.run(async () => {
      order.push('b:start');
      return 'b';
    }, { onWait: () => waits++ });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(order).toEqual(['a:start']);
    first.release();
    expect(await aRun).toBe('a');
    expect(await bRun).toBe('b');
    expect(order).toEqual(['a:start', 'a:end', 'b:start']);
    expect(waits).toBe(1);

    // A process that starts now finds the first use done: it runs at once.
    const c = new FirstUseGate(graph, id, { log: silentLogger, pollMs: 50, maxWaitMs: 60_000 });
    const t0 = performance.now();
    await c.run(async () => order.push('c'));
    expect(performance.now() - t0).toBeLessThan(3_000);
    expect(order.at(-1)).toBe('c');
  });

  it('takes the first use over when its holder died (its lease ran out)', async () => {
    const id = gateId();
    const dead = new FirstUseGate(graph, id, { log: silentLogger, leaseMs: 700 });
    const started = released();
    // The holder never finishes: a process killed in the middle of its first pack.
    void dead.run(async () => {
      started.release();
      await new Promise(() => undefined);
    });
    await started.promise;
    const next = new FirstUseGate(graph, id, { log: silentLogger, pollMs: 50, maxWaitMs: 60_000 });
    const t0 = performance.now();
    let ran = false;
    await next.run(async () => { ran = true; });
    expect(ran).toBe(true);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(400);
    expect(performance.now() - t0).toBeLessThan(10_000);
  });

  it('waits no longer than maxWaitMs for a slow holder, and an operation that throws still releases the others', async () => {
    const id = gateId();
    const slow = released();
    const holder = new FirstUseGate(graph, id, { log: silentLogger });
    const held = released();
    const holding = holder.run(async () => {
      held.release();
      await slow.promise;
      throw new Error('the first pack failed');
    });
    await held.promise;
    const impatient = new FirstUseGate(graph, id, { log: silentLogger, pollMs: 50, maxWaitMs: 500 });
    const t0 = performance.now();
    await impatient.run(async () => undefined);
    const waited = performance.now() - t0;
    expect(waited).toBeGreaterThanOrEqual(450);
    expect(waited).toBeLessThan(5_000);

    slow.release();
    await expect(holding).rejects.toThrow('the first pack failed');
    // The failed first use still counts as done: nobody waits on it again.
    const later = new FirstUseGate(graph, id, { log: silentLogger, pollMs: 50, maxWaitMs: 60_000 });
    await expect.poll(async () => {
      const t1 = performance.now();
      await later.run(async () => undefined);
      return performance.now() - t1 < 3_000;
    }).toBe(true);
  });
});
