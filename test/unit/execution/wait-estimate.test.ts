import { describe, expect, it } from 'vitest';
import { estimateWait, retryAfterMs } from '../../../src/execution/locks/wait-estimate.js';

const now = new Date('2026-01-01T12:00:00.000Z');
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();

describe('estimateWait', () => {
  it('without measured holds: up to the holder lease expiry, plus one full lease per work queued ahead without leases', () => {
    const e = estimateWait({ now, ahead: ['w-a', 'w-b'], held: [{ workId: 'w-a', acquiredAt: at(-60_000), expiresAt: at(840_000) }], holdMs: [10_000], leaseSeconds: 900 });
    expect(e).toMatchObject({ estimatedMs: 840_000 + 900_000, upTo: true, basis: 'lease_expiry', typicalHoldMs: null, samples: 1 });
    expect(e.how).toContain('lease expiry');
  });

  it('with at least three measured holds: median hold minus what the holder already held, plus a median per queued work', () => {
    const e = estimateWait({ now, ahead: ['w-a', 'w-b'], held: [{ workId: 'w-a', acquiredAt: at(-20_000), expiresAt: at(880_000) }], holdMs: [30_000, 60_000, 90_000], leaseSeconds: 900 });
    expect(e).toMatchObject({ estimatedMs: 40_000 + 60_000, upTo: false, basis: 'measured', typicalHoldMs: 60_000, samples: 3 });
    expect(e.how).toContain('median hold of the last 3 works');
  });

  it('a holder already past the median counts up to its lease expiry; parallel holders: the longest wait counts', () => {
    const e = estimateWait({
      now, ahead: ['w-a', 'w-b'], holdMs: [10_000, 10_000, 10_000, 20_000], leaseSeconds: 900,
      held: [{ workId: 'w-a', acquiredAt: at(-50_000), expiresAt: at(300_000) }, { workId: 'w-b', acquiredAt: at(-1_000), expiresAt: at(899_000) }],
    });
    expect(e).toMatchObject({ estimatedMs: 300_000, upTo: true, basis: 'measured', typicalHoldMs: 10_000 });
  });

  it('an expired lease is no wait; the retry delay is bounded to [2 s, 60 s]', () => {
    const e = estimateWait({ now, ahead: ['w-a'], held: [{ workId: 'w-a', acquiredAt: at(-900_000), expiresAt: at(-1) }], holdMs: [], leaseSeconds: 900 });
    expect(e.estimatedMs).toBe(0);
    expect(retryAfterMs(e)).toBe(2_000);
    expect(retryAfterMs({ estimatedMs: 30_000 })).toBe(30_000);
    expect(retryAfterMs({ estimatedMs: 900_000 })).toBe(60_000);
  });

  it('an upper bound only is probed every 10 s per work ahead (capped at 60 s), so waiting works neither idle nor retry together', () => {
    const bound = { estimatedMs: 900_000, upTo: true };
    expect(retryAfterMs(bound, 1)).toBe(10_000);
    expect(retryAfterMs(bound, 3)).toBe(30_000);
    expect(retryAfterMs(bound, 9)).toBe(60_000);
    expect(retryAfterMs({ estimatedMs: 4_000, upTo: true }, 3)).toBe(4_000);
    // A measured estimate is trusted as it is.
    expect(retryAfterMs({ estimatedMs: 45_000, upTo: false }, 1)).toBe(45_000);
  });
});
