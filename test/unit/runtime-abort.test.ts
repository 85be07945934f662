import { describe, expect, it } from 'vitest';
import { onAbort } from '../../src/runtime/abort.js';

describe('onAbort', () => {
  it('runs on a later abort once, not after detaching, and at once for a signal aborted before', () => {
    const later = new AbortController();
    let calls = 0;
    onAbort(later.signal, () => calls++);
    later.abort();
    later.abort();
    expect(calls).toBe(1);

    const detached = new AbortController();
    let detachedCalls = 0;
    onAbort(detached.signal, () => detachedCalls++)();
    detached.abort();
    expect(detachedCalls).toBe(0);

    let early = 0;
    onAbort(AbortSignal.abort(), () => early++);
    expect(early).toBe(1);
    expect(() => onAbort(undefined, () => { throw new Error('never'); })()).not.toThrow();
  });
});
