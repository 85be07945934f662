import { spawn } from 'node:child_process';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { claimTtlMs, currentOwner, ownerIsDead, PROCESS_INSTANCE_ID } from '../../../src/execution/idempotency/operation-owner.js';

/** A real child process: alive until `stop`, and a pid that is gone once it has been reaped. */
function child() {
  const proc = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => proc.on('exit', () => resolve()));
  return { pid: proc.pid!, stop: async () => { proc.kill('SIGKILL'); await exited; } };
}

describe('operation claim owners', () => {
  const other = { instanceId: 'proc:another', host: hostname() };

  it('judges an owner dead only when it ran here, is not this process and its pid is gone', async () => {
    const c = child();
    expect(ownerIsDead({ ...other, pid: c.pid })).toBe(false);
    await c.stop();
    expect(ownerIsDead({ ...other, pid: c.pid })).toBe(true);
    // Another host's pid means nothing here; this process's own claims are never dead.
    expect(ownerIsDead({ instanceId: 'proc:another', host: `${hostname()}-elsewhere`, pid: c.pid })).toBe(false);
    expect(ownerIsDead({ instanceId: PROCESS_INSTANCE_ID, host: hostname(), pid: c.pid })).toBe(false);
    expect(ownerIsDead({ instanceId: null, host: hostname(), pid: c.pid })).toBe(false);
  });

  it('treats another instance holding this process\'s own pid as dead (a pid reused after a restart)', () => {
    expect(ownerIsDead({ ...other, pid: process.pid })).toBe(true);
  });

  it('records this process and the turn; the claim lives the turn timeout plus a margin', () => {
    expect(currentOwner('trace-1')).toEqual({ instanceId: PROCESS_INSTANCE_ID, pid: process.pid, host: hostname(), traceRef: 'trace-1' });
    expect(claimTtlMs(30_000)).toBeGreaterThan(30_000);
  });
});
