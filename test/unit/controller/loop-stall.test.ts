import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { LoopStall } from '../../../src/controller/loop-stall.js';

const busy = (ms: number): void => {
  const until = performance.now() + ms;
  while (performance.now() < until) { /* hold the event loop */ }
};

describe('LoopStall: the longest event-loop stall since the last read', () => {
  it('reads a synchronous block, then starts over', async () => {
    const stall = LoopStall.shared();
    stall.takeMaxMs();
    await sleep(60);
    busy(250);
    await sleep(60);
    expect(stall.takeMaxMs()).toBeGreaterThanOrEqual(200);
    await sleep(100);
    expect(stall.takeMaxMs()).toBeLessThan(200);
  });

  it('is one per process', () => {
    expect(LoopStall.shared()).toBe(LoopStall.shared());
  });
});
