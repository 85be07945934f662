import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { runArgv } from '../../../src/execution/gates/process-runner.js';
import { runSandboxedCode } from '../../../src/execution/sandbox/sandbox-runner.js';

// Memory outside the JS heap (typed arrays, buffers) is not bounded by --max-old-space-size; the
// resident-memory watch of runArgv is what stops it. /proc is Linux-only, so is the watch.
// Each case starts children that allocate hundreds of MB (and the sandbox case loads the preflight's
// parser on first use): on two busy cores that passes vitest's 5 s default, so the bound is the runs' own.
describe.runIf(existsSync('/proc/self/status'))('resident-memory cap', { timeout: 45_000 }, () => {
  const hog = 'const keep = []; for (let i = 0; i < 12; i += 1) keep.push(Buffer.alloc(32 * 1024 * 1024, 1)); setTimeout(() => {}, 200);';

  it('kills a process whose resident memory passes maxRssBytes, and leaves one under it alone', async () => {
    const capped = await runArgv({ argv: [process.execPath, '-e', hog], cwd: tmpdir(), env: {}, timeoutMs: 20_000, maxRssBytes: 160 * 1024 * 1024 });
    expect(capped).toMatchObject({ memoryExceeded: true, signal: 'SIGKILL', timedOut: false });
    const free = await runArgv({ argv: [process.execPath, '-e', hog], cwd: tmpdir(), env: {}, timeoutMs: 20_000, maxRssBytes: 2048 * 1024 * 1024 });
    expect(free).toMatchObject({ memoryExceeded: false, exitCode: 0 });
  });

  it('stops sandboxed code that allocates typed arrays past the cap (they live outside the heap)', async () => {
    const code = '(async () => { const keep = []; for (let i = 0; i < 16; i += 1) keep.push(new Uint8Array(64 * 1024 * 1024).fill(1)); return keep.length; })()';
    await expect(runSandboxedCode({ code, inputs: {}, packFiles: {}, returns: { type: 'integer' }, timeoutMs: 20_000 })).rejects.toMatchObject({ code: 'SANDBOX_DENIED', details: { reason: 'memory' } });
    const small = '(async () => new Uint8Array(32 * 1024 * 1024).fill(1).length)()';
    expect((await runSandboxedCode({ code: small, inputs: {}, packFiles: {}, returns: { type: 'integer' }, timeoutMs: 20_000 })).value).toBe(32 * 1024 * 1024);
  });
});
