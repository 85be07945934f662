import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatesConfig } from '../../../src/config/index.js';
import { buildChildEnv } from '../../../src/execution/gates/child-env.js';
import { DEFAULT_GATE_NICENESS, runGateStep } from '../../../src/execution/gates/gate-runner.js';
import { runArgv } from '../../../src/execution/gates/process-runner.js';
import { scrubSecrets, secretValuesOf } from '../../../src/execution/gates/secret-scrubber.js';

const node = process.execPath;
const FAILING_JUNIT = '<testsuite name="s"><testcase name="a"/><testcase name="b"><failure message="boom"/></testcase></testsuite>';

function gates(steps: GatesConfig['profiles'][string]['modes'][string], extra: Partial<GatesConfig> = {}): GatesConfig {
  return { defaultTimeoutSeconds: 30, profiles: { default: { modes: { fast: steps } } }, commitGates: {}, ...extra };
}

describe('gate step runner', () => {
  let root: string;
  let outside: string;
  beforeAll(() => {
    const parent = realpathSync(mkdtempSync(join(tmpdir(), 'gg-gate-')));
    root = join(parent, 'wt');
    outside = join(parent, 'outside');
    mkdirSync(join(root, 'pkg'), { recursive: true });
    mkdirSync(outside);
    symlinkSync(outside, join(root, 'escape'));
    writeFileSync(join(root, 'failing.xml'), FAILING_JUNIT);
  });
  afterAll(() => rmSync(join(root, '..'), { recursive: true, force: true }));

  it('runs an argv in the step cwd and passes on exit 0', async () => {
    const r = await runGateStep({ gates: gates([{ name: 'where', cmd: [node, '-e', 'console.log(process.cwd())'], cwd: 'pkg' }]), stepName: 'where', worktreeRoot: root });
    expect(r).toMatchObject({ passed: true, exitCode: 0, timedOut: false, cwd: 'pkg', stepName: 'where' });
    expect(r.output.trim()).toBe(join(root, 'pkg'));
    expect(r.overheadMs).toBeGreaterThanOrEqual(0);
  });

  it('fails on a non-zero exit and on a JUnit report with failures even when the exit code is 0', async () => {
    const fail = await runGateStep({ gates: gates([{ name: 'x', cmd: [node, '-e', 'process.exit(3)'] }]), stepName: 'x', worktreeRoot: root });
    expect(fail).toMatchObject({ passed: false, exitCode: 3 });
    const junit = await runGateStep({ gates: gates([{ name: 'j', cmd: [node, '-e', ''], reports: { junit: 'failing.xml' } }]), stepName: 'j', worktreeRoot: root });
    expect(junit).toMatchObject({ passed: false, exitCode: 0, junit: { tests: 2, failures: 1 } });
  });

  it('passes only allowlisted variables plus the step env, and scrubs secret values and tokens from output', async () => {
    const parentEnv = { PATH: process.env.PATH, HOME: '/home/x', NEO4J_PASSWORD: 'hunter2-secret', GITHUB_TOKEN: 'ghp_abcdefghijklmnopqrstuvwxyz0123456789' };
    const step = { name: 'env', cmd: [node, '-e', 'console.log(JSON.stringify(process.env)); console.log("ghp_abcdefghijklmnopqrstuvwxyz0123456789 hunter2-secret")'], env: { API_TOKEN: 'step-token-value' } };
    const r = await runGateStep({ gates: gates([step]), stepName: 'env', worktreeRoot: root, parentEnv });
    const env = JSON.parse(r.output.split('\n')[0]!) as Record<string, string>;
    expect(Object.keys(env).sort()).toEqual(['API_TOKEN', 'HOME', 'PATH']);
    expect(env.API_TOKEN).toBe('[REDACTED]');
    expect(r.output).not.toContain('hunter2-secret');
    expect(r.output).not.toContain('ghp_');
  });

  it('runs steps and their children at gates.niceness (default 10), so builds yield the CPU to turns', async () => {
    const base = getPriority();
    // The step prints its own niceness and its child's (children inherit it at fork).
    const script = 'const os = require("os"); const c = require("child_process").execFileSync(process.execPath, ["-e", "process.stdout.write(String(require(\\"os\\").getPriority()))"]); console.log(os.getPriority(), String(c))';
    const byDefault = await runGateStep({ gates: gates([{ name: 'nice', cmd: [node, '-e', script] }]), stepName: 'nice', worktreeRoot: root });
    const expected = Math.min(19, Math.max(base, DEFAULT_GATE_NICENESS));
    expect(byDefault.output.trim()).toBe(`${expected} ${expected}`);
    const configured = await runGateStep({ gates: gates([{ name: 'nice', cmd: [node, '-e', script] }], { niceness: 15 }), stepName: 'nice', worktreeRoot: root });
    expect(configured.output.trim()).toBe(`${Math.max(base, 15)} ${Math.max(base, 15)}`);
  });

  it('kills the whole process group on timeout', async () => {
    const script = 'require("child_process").spawn(process.execPath, ["-e", "setInterval(()=>{},1000)"], { stdio: "inherit" }); setInterval(() => {}, 1000)';
    const r = await runGateStep({ gates: gates([{ name: 'hang', cmd: [node, '-e', script], timeout_seconds: 1 }]), stepName: 'hang', worktreeRoot: root });
    expect(r).toMatchObject({ passed: false, timedOut: true, timeoutSeconds: 1 });
    expect(r.durationMs).toBeLessThan(5_000);
  });

  it('times out a bare argv run', async () => {
    const r = await runArgv({ argv: [node, '-e', 'setTimeout(()=>{}, 10000)'], cwd: root, env: buildChildEnv(process.env), timeoutMs: 300 });
    expect(r.timedOut).toBe(true);
  });

  it('stops a run whose signal was aborted before it started', async () => {
    const r = await runArgv({ argv: [node, '-e', 'setTimeout(()=>{}, 10000)'], cwd: root, env: buildChildEnv(process.env), timeoutMs: 20_000, signal: AbortSignal.abort() });
    expect(r.timedOut).toBe(false);
    expect(r.signal).toBe('SIGTERM');
    expect(r.durationMs).toBeLessThan(5_000);
  });

  it('reports a missing executable without throwing', async () => {
    const r = await runGateStep({ gates: gates([{ name: 'nope', cmd: ['definitely-not-a-binary-gg'] }]), stepName: 'nope', worktreeRoot: root });
    expect(r).toMatchObject({ passed: false, spawnError: 'ENOENT' });
  });

  it.each([
    ['an option-like agent argument', { extraArgs: ['--exec=rm'] }, 'INVALID_ARGS'],
    ['a traversal agent argument', { extraArgs: ['../x'] }, 'INVALID_ARGS'],
    ['a cwd outside the worktree', { cwd: '../outside' }, 'PATH_REJECTED'],
    ['a cwd through a symlink out of the worktree', { cwd: 'escape' }, 'PATH_REJECTED'],
    ['an unknown step', { stepName: 'missing' }, 'INVALID_ARGS'],
  ])('refuses %s', async (_n, extra, code) => {
    const input = { gates: gates([{ name: 'ok', cmd: [node, '-e', ''] }]), stepName: 'ok', worktreeRoot: root, ...extra };
    await expect(runGateStep(input)).rejects.toMatchObject({ code });
  });

  it('refuses a destructive configured step with EXEC_UNGATED_SIDE_EFFECT', async () => {
    const g = gates([{ name: 'push', cmd: ['git', 'push', '--force'] }, { name: 'wipe', cmd: ['rm', '-rf', '..'] }]);
    await expect(runGateStep({ gates: g, stepName: 'push', worktreeRoot: root })).rejects.toMatchObject({ code: 'EXEC_UNGATED_SIDE_EFFECT' });
    await expect(runGateStep({ gates: g, stepName: 'wipe', worktreeRoot: root })).rejects.toMatchObject({ code: 'EXEC_UNGATED_SIDE_EFFECT' });
  });
});

describe('secret scrubbing', () => {
  it('picks secret-looking names only and redacts URL credentials, bearer tokens and PEM keys', () => {
    expect(secretValuesOf({ DB_PASSWORD: 'p4ssw0rd!', HOME: '/home/abcdef', NPM_TOKEN: 'abc', SHORT_TOKEN: 'x' })).toEqual(['p4ssw0rd!']);
    const text = 'https://user:s3cretpass@host/x Authorization: Bearer abcdefghijklmnop -----BEGIN RSA PRIVATE KEY-----\nAAA\n-----END RSA PRIVATE KEY-----';
    const out = scrubSecrets(text);
    expect(out).not.toMatch(/s3cretpass|abcdefghijklmnop|AAA/);
    expect(out).toContain('https://user:[REDACTED]@host/x');
  });
});
