import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSandboxedCode, type SandboxRequest } from '../../../src/execution/sandbox/sandbox-runner.js';

// The child-process boundary itself: most cases skip the static preflight on purpose, so the
// permission model and the preload are what stop them.
describe('runSandboxedCode (separate process)', () => {
  let root: string;
  let packFile: string;
  let secretFile: string;
  beforeAll(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'gg-sbx-test-')));
    mkdirSync(join(root, 'src'));
    packFile = join(root, 'src', 'orders.ts');
    secretFile = join(root, 'src', 'secret.ts');
    writeFileSync(packFile, 'export const ORDERS = 3;\nexport const TOTAL = 42;\n');
    writeFileSync(secretFile, 'export const KEY = "not in the pack";\n');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const base = (code: string, extra: Partial<SandboxRequest> = {}): SandboxRequest => ({
    code, inputs: { needle: 'TOTAL' }, packFiles: { 'src/orders.ts': packFile }, returns: { type: 'object', properties: { line: { type: 'string' }, count: { type: 'integer' } } }, ...extra,
  });

  it('runs a good script with declared inputs and pack reads and returns the checked value', async () => {
    const code = `(async () => {
      const text = pack.read('src/orders.ts');
      const line = text.split('\\n').find((l) => l.includes(inputs.needle));
      console.log('found', line);
      return { line, count: text.split('\\n').filter(Boolean).length };
    })()`;
    const result = await runSandboxedCode(base(code));
    expect(result.value).toEqual({ line: 'export const TOTAL = 42;', count: 2 });
    expect(result.logs).toEqual(['found export const TOTAL = 42;']);
  });

  const boundary: Array<[string, string, Partial<SandboxRequest>, string]> = [
    ['an infinite loop', '(async () => { for (;;) {} })()', { timeoutMs: 1_000 }, 'timeout'],
    ['a memory blow-up', '(async () => { const a = []; for (;;) a.push(new Array(1e6).fill(7)); })()', { memoryMb: 32, timeoutMs: 20_000 }, 'memory'],
    ["require('child_process')", "(async () => require('child_process').execSync('id').toString())()", {}, 'access_denied'],
    ["import('node:child_process')", "(async () => (await import('node:child_process')).execSync('id').toString())()", {}, 'access_denied'],
    ['fetch', "(async () => (await fetch('http://127.0.0.1:7474/')).status)()", {}, 'access_denied'],
    ['a raw socket', "(async () => { const net = await import('node:net'); net.connect(7687, '127.0.0.1'); return 'x'; })()", {}, 'access_denied'],
    ['reading ~/.ssh', `(async () => (await import('node:fs')).readdirSync(${JSON.stringify(join(homedir(), '.ssh'))}))()`, {}, 'access_denied'],
    ['reading a non-pack file directly', "(async () => (await import('node:fs')).readFileSync(SECRET, 'utf8'))()", {}, 'access_denied'],
    ['reading a non-pack file through the pack reader', "(async () => pack.read('src/secret.ts'))()", {}, 'access_denied'],
    ['writing a file', "(async () => { (await import('node:fs')).writeFileSync('x.txt', 'x'); return 'done'; })()", {}, 'access_denied'],
    ['a worker thread', "(async () => { const { Worker } = await import('node:worker_threads'); new Worker('console.log(1)', { eval: true }); return 'x'; })()", {}, 'access_denied'],
  ];
  it.each(boundary)('denies %s at the process boundary', async (_n, code, extra, reason) => {
    const src = code.replace('SECRET', JSON.stringify(secretFile));
    await expect(runSandboxedCode(base(src, { skipPreflight: true, returns: { type: 'string' }, ...extra }))).rejects.toMatchObject({ code: 'SANDBOX_DENIED', details: { reason } });
  }, 30_000);

  it.each([
    ['null', '(async () => null)()', { type: 'string' }],
    ['{}', '(async () => ({}))()', { type: 'object', properties: { a: { type: 'string' } } }],
    ["'TODO'", "(async () => 'TODO')()", { type: 'string' }],
    ['a nested placeholder', "(async () => ({ line: '...', count: 1 }))()", { type: 'object', properties: { line: { type: 'string' }, count: { type: 'integer' } } }],
  ] as const)('rejects a placeholder return (%s)', async (_n, code, returns) => {
    await expect(runSandboxedCode(base(code, { returns: returns as SandboxRequest['returns'] }))).rejects.toMatchObject({ code: 'SANDBOX_DENIED', details: { reason: 'placeholder_return' } });
  });

  it('rejects an empty array where content was declared and a shape mismatch', async () => {
    await expect(runSandboxedCode(base('(async () => [])()', { returns: { type: 'array', items: { type: 'string' } } }))).rejects.toMatchObject({ details: { reason: 'shape_mismatch' } });
    await expect(runSandboxedCode(base("(async () => ({ line: 'x', count: 'two' }))()"))).rejects.toMatchObject({ details: { reason: 'shape_mismatch' } });
    await expect(runSandboxedCode(base("(async () => ({ line: 'x', count: 2, extra: true }))()"))).rejects.toMatchObject({ details: { reason: 'shape_mismatch' } });
    await expect(runSandboxedCode(base('(async () => [])()', { returns: { type: 'array', items: { type: 'string' }, allowEmpty: true } }))).resolves.toMatchObject({ value: [] });
  });

  it('passes no environment to the child', async () => {
    process.env.GG_SANDBOX_PROBE_TOKEN = 'should-not-leak';
    try {
      const r = await runSandboxedCode(base("(async () => JSON.stringify(Object.keys(process.env)))()", { skipPreflight: true, returns: { type: 'string' } }));
      expect(r.value).toBe('[]');
    } finally {
      delete process.env.GG_SANDBOX_PROBE_TOKEN;
    }
  });
});
