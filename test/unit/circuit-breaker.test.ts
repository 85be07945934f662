import { describe, expect, it } from 'vitest';
import { CircuitBreaker } from '../../src/graph/circuit-breaker.js';

describe('CircuitBreaker', () => {
  const clock = () => {
    let t = 1_000;
    return { now: () => t, advance: (ms: number) => void (t += ms) };
  };

  it('refuses calls for the open window after a failure, then lets exactly one probe through', () => {
    const c = clock();
    const breaker = new CircuitBreaker(1_500, c.now);
    expect(breaker.tryAcquire()).toEqual({ allowed: true, probe: false });
    breaker.failed();
    expect(breaker.tryAcquire()).toEqual({ allowed: false, retryAfterMs: 1_500 });
    c.advance(1_500);
    expect(breaker.tryAcquire()).toEqual({ allowed: true, probe: true });
    expect(breaker.tryAcquire().allowed).toBe(false); // the probe is still out
    breaker.succeeded();
    expect(breaker.tryAcquire()).toEqual({ allowed: true, probe: false });
    expect(breaker.isOpen).toBe(false);
  });

  it('re-opens when the probe fails, and lets the next call probe when a probe is abandoned', () => {
    const c = clock();
    const breaker = new CircuitBreaker(1_000, c.now);
    breaker.failed();
    c.advance(1_000);
    expect(breaker.tryAcquire()).toEqual({ allowed: true, probe: true });
    breaker.failed();
    expect(breaker.tryAcquire().allowed).toBe(false);
    c.advance(1_000);
    expect(breaker.tryAcquire()).toEqual({ allowed: true, probe: true });
    breaker.abandonProbe();
    expect(breaker.tryAcquire()).toEqual({ allowed: true, probe: true });
  });
});
