import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { procCpuMs } from '../../../bench/proc-cpu.js';

describe('procCpuMs', () => {
  it('reads a live process\'s user + system CPU from /proc, in ms, and it grows with work', () => {
    const before = procCpuMs(process.pid);
    expect(before).toBeGreaterThan(0);
    // Spend 200 ms of CPU (as the process itself counts it), however busy the machine is.
    const start = process.cpuUsage();
    while (process.cpuUsage(start).user + process.cpuUsage(start).system < 200_000) Math.sqrt(Math.random());
    expect(procCpuMs(process.pid)).toBeGreaterThanOrEqual(before + 180);
  });

  it('throws for a process that is gone', () => {
    const pid = spawnSync(process.execPath, ['-e', '']).pid!;
    expect(() => procCpuMs(pid)).toThrow();
  });
});
