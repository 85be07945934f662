import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Graph } from '../../src/graph/graph.js';
import { showMemory } from '../../src/memory/review.js';
import { packageRoot } from '../../src/runtime/package-root.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';
import { seedMemory } from '../support/memory.js';

const run = promisify(execFile);
const cli = join(packageRoot(), 'dist', 'src', 'cli', 'main.js');

// Issue 13 item 7: a person reviews memories with `graphgate memory …` (built CLI, real Neo4j).
describe('graphgate memory (built CLI, real Neo4j)', () => {
  let graph: Graph;
  let root: string;
  const repoId = testNamespace('memory-cli');
  const ids = { rule: `${repoId}-rule`, info: `${repoId}-info`, doubt: `${repoId}-doubt` };
  const person = `person:${userInfo().username}`;

  async function memory(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const neo4j = inject('neo4j');
    const env = { ...process.env, NEO4J_URI: neo4j.uri, NEO4J_USERNAME: neo4j.username, NEO4J_PASSWORD: neo4j.password, GRAPHGATE_LOG_LEVEL: '' };
    try {
      const { stdout, stderr } = await run('node', [cli, 'memory', ...args, '--repo', root], { env, timeout: 60_000 });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code?: number; stdout?: string; stderr?: string };
      return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
    }
  }
  const stateOf = async (id: string) => (await showMemory(graph, repoId, id)).memory.state;

  beforeAll(async () => {
    graph = openTestGraph();
    root = realpathSync(mkdtempSync(join(tmpdir(), 'gg-memory-cli-')));
    mkdirSync(join(root, '.ai', 'config'), { recursive: true });
    // The CLI finds the memories of this repository under the repoId its config names.
    writeFileSync(join(root, '.ai', 'config', 'repo.json'), JSON.stringify({ repo: { id: repoId } }));
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    await seedMemory(graph, repoId, { id: ids.rule, state: 'pending', enforcementType: 'plan_rule', createdAt: hoursAgo(72) });
    await seedMemory(graph, repoId, { id: ids.info, state: 'pending', enforcementType: 'informational', createdAt: hoursAgo(72) });
    await seedMemory(graph, repoId, { id: ids.doubt, state: 'pending', enforcementType: 'plan_rule', createdAt: hoursAgo(1) });
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    rmSync(root, { recursive: true, force: true });
    await graph?.close();
  });

  it('lists memories after the lifecycle sweep: an informational one past the contest window is provisional, plan_rules wait', async () => {
    const listed = await memory('list', '--json');
    expect(listed.code, listed.stderr).toBe(0);
    const rows = JSON.parse(listed.stdout) as Array<{ memoryId: string; state: string; enforcementType: string }>;
    expect(Object.fromEntries(rows.map((r) => [r.memoryId, r.state]))).toEqual({ [ids.rule]: 'pending', [ids.info]: 'provisional', [ids.doubt]: 'pending' });
    expect(listed.stderr).toContain(`${ids.info}: pending → provisional`);
    const pending = await memory('list', '--state', 'pending');
    expect(pending.code, pending.stderr).toBe(0);
    expect(pending.stdout.trim().split('\n')).toHaveLength(2);
    expect(pending.stdout).toMatch(new RegExp(`^pending\\s+plan_rule\\s+${ids.rule}\\s+PLAN_VERIFICATION_WEAK`, 'm'));
    expect((await memory('list', '--state', 'retired')).stdout.trim()).toBe('No retired memories.');
  });

  it('shows one memory readable and as JSON', async () => {
    const shown = await memory('show', ids.rule);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/^state: pending since /m);
    expect(shown.stdout).toMatch(/^type: plan_rule {2}trigger: friction/m);
    expect(shown.stdout).toContain('"denyCode":"PLAN_VERIFICATION_WEAK"');
    expect(shown.stdout).toContain('transitions: none');
    const json = JSON.parse((await memory('show', ids.info, '--json')).stdout) as { memory: Record<string, unknown>; transitions: Array<Record<string, unknown>> };
    expect(json.memory).toMatchObject({ id: ids.info, state: 'provisional', expiresAt: expect.any(String) });
    expect(json.transitions).toEqual([expect.objectContaining({ from: 'pending', to: 'provisional', who: 'system:lifecycle' })]);
  });

  it('approves a pending plan_rule as the OS user, recorded in the graph and the changelog', async () => {
    const approved = await memory('approve', ids.rule);
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout.trim()).toBe(`${ids.rule}: pending → approved by ${person}.`);
    expect(await stateOf(ids.rule)).toBe('approved');
    const lines = readFileSync(join(root, '.ai', 'memory', 'changelog.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => `${String(l.memoryId)} ${String(l.to)} ${String(l.who)}`)).toEqual([`${ids.info} provisional system:lifecycle`, `${ids.rule} approved ${person}`]);
  });

  it('rejects with --why, and refuses a reject without one', async () => {
    const missing = await memory('reject', ids.doubt);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('--why');
    expect(await stateOf(ids.doubt)).toBe('pending');
    const rejected = await memory('reject', ids.doubt, '--why', 'the folder has no validation step to ask for', '--json');
    expect(rejected.code, rejected.stderr).toBe(0);
    expect(JSON.parse(rejected.stdout)).toMatchObject({ from: 'pending', to: 'rejected', who: person, why: 'the folder has no validation step to ask for' });
  });

  it.each([
    ['approve a rejected memory', ['approve', ids.doubt], 'ILLEGAL_TRANSITION', /is rejected; it cannot become approved/],
    ['reject an approved memory', ['reject', ids.rule, '--why', 'changed my mind'], 'ILLEGAL_TRANSITION', /approved memories can only become retired/],
    ['retire a provisional memory', ['retire', ids.info], 'ILLEGAL_TRANSITION', /provisional memories can only become approved or rejected/],
    ['show an unknown memory', ['show', 'no-such-memory'], 'NOT_FOUND', /No memory no-such-memory/],
    ['list an unknown state', ['list', '--state', 'gone'], 'INVALID_ARGS', /--state must be one of/],
  ] as const)('refuses to %s with a clear error, a non-zero exit and no change', async (_name, args, code, message) => {
    const before = await Promise.all([ids.rule, ids.info, ids.doubt].map(stateOf));
    const result = await memory(...args);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toContain(`[${code}]`);
    expect(await Promise.all([ids.rule, ids.info, ids.doubt].map(stateOf))).toEqual(before);
  });

  it('retires an approved memory', async () => {
    const retired = await memory('retire', ids.rule, '--why', 'the folder was removed');
    expect(retired.code, retired.stderr).toBe(0);
    expect((await showMemory(graph, repoId, ids.rule)).transitions.map((t) => `${t.to} ${t.who}`)).toEqual([`approved ${person}`, `retired ${person}`]);
  });
});
