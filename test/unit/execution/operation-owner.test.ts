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

  it.skipIf(process.platform !== 'linux')('judges a killed child its parent has not reaped yet (a zombie) dead', async (ctx) => {
    // `sh` forks a child and execs a sleep that never waits for it: once the child is killed it stays a zombie.
    const parent = spawn('sh', ['-c', 'sleep 30 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const zombiePid = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (d: Buffer) => resolve(d.toString().trim()))));
    try {
      expect(ownerIsDead({ ...other, pid: zombiePid })).toBe(false);
      // Kill only once the shell has exec'd its sleep: a shell still running reaps the child itself.
      await new Promise((r) => setTimeout(r, 300));
      process.kill(zombiePid, 'SIGKILL');
      await new Promise((r) => setTimeout(r, 200));
      expect(ownerIsDead({ ...other, pid: zombiePid })).toBe(true);
      // Under a parent that ignores SIGCHLD (inherited, as under Node 24's test workers) the kernel reaps at once: no zombie was judged.
      let reaped = false;
      try {
        process.kill(zombiePid, 0);
      } catch {
        reaped = true;
      }
      if (reaped) ctx.skip();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('treats another instance holding this process\'s own pid as dead (a pid reused after a restart)', () => {
    expect(ownerIsDead({ ...other, pid: process.pid })).toBe(true);
  });

  it('records this process and the turn; the claim lives the turn timeout plus a margin', () => {
    expect(currentOwner('trace-1')).toEqual({ instanceId: PROCESS_INSTANCE_ID, pid: process.pid, host: hostname(), traceRef: 'trace-1' });
    expect(claimTtlMs(30_000)).toBeGreaterThan(30_000);
  });
});
