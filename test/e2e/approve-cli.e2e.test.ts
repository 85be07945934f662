import { execFile, execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApprovalStore, hashApprovalToken } from '../../src/execution/side-effects/approval-store.js';
import { WorkspaceManager } from '../../src/execution/worktree/workspace-manager.js';
import type { Graph } from '../../src/graph/graph.js';
import { loadQuery } from '../../src/graph/query-registry.js';
import { packageRoot } from '../../src/runtime/package-root.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';
import { acceptPlan, copyFixture, goldenFixturePlan, PLAN_TEST_GATES, planService, startWork, type EnvelopeValues } from '../support/plan-fixture.js';

const run = promisify(execFile);
const cli = join(packageRoot(), 'dist', 'src', 'cli', 'main.js');
const readRecords = loadQuery<{ repoId: string; workId: string }, { approvals: Array<Record<string, unknown>> }>('test-support/read-side-effect-records.cypher');
const ENVELOPE = { workId: 'w', worktreeRoot: '.', repoSnapshotId: 's', contextPackRef: 'p', contextPackHash: 'h', scopeAllowlistRef: 'a', policyVersionSet: [] } as unknown as EnvelopeValues;

describe('graphgate approve (built CLI, real Neo4j, real git)', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  const repoId = testNamespace('approve-cli');
  const works: Record<'ready' | 'planning' | 'noWorktree', string> = { ready: '', planning: '', noWorktree: '' };
  let planId = '';

  async function approve(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const neo4j = inject('neo4j');
    const env = { ...process.env, NEO4J_URI: neo4j.uri, NEO4J_USERNAME: neo4j.username, NEO4J_PASSWORD: neo4j.password, GRAPHGATE_LOG_LEVEL: '' };
    try {
      const { stdout, stderr } = await run('node', [cli, 'approve', ...args, '--repo', fixture.root], { env, timeout: 60_000 });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const e = error as { code?: number; stdout?: string; stderr?: string };
      return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
    }
  }

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = copyFixture();
    // The CLI finds the works of this repository under the repoId its config names.
    writeFileSync(join(fixture.root, '.ai', 'config', 'repo.json'), JSON.stringify({ repo: { id: repoId }, gates: PLAN_TEST_GATES }));
    const git = (...args: string[]) => execFileSync('git', ['-C', fixture.root, ...args], { env: { ...process.env, GIT_AUTHOR_NAME: 'u', GIT_AUTHOR_EMAIL: 'u@u', GIT_COMMITTER_NAME: 'u', GIT_COMMITTER_EMAIL: 'u@u' } });
    git('init', '-q', '-b', 'main');
    git('add', '-A');
    git('commit', '-q', '-m', 'fixture');
    const plans = planService(graph, repoId, fixture.root);
    for (const key of Object.keys(works) as Array<keyof typeof works>) works[key] = (await startWork(graph, repoId, fixture.root, [])).workId;
    await acceptPlan(graph, repoId, plans, works.ready, goldenFixturePlan(ENVELOPE, 'chain:x'));
    await acceptPlan(graph, repoId, plans, works.noWorktree, goldenFixturePlan(ENVELOPE, 'chain:x'));
    await new WorkspaceManager({ graph, repoId, repoRoot: fixture.root }).ensure(works.ready);
    planId = (await plans.readPlan(works.ready))!.plan!.id;
  }, 120_000);
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    fixture?.dispose();
    await graph?.close();
  });

  it('prints a single-use token whose SHA-256 alone is stored, for the current plan', async () => {
    const result = await approve(works.ready, '--json', '--ttl', '30');
    expect(result.code, result.stderr).toBe(0);
    const approval = JSON.parse(result.stdout) as { token: string; workId: string; planId: string; branch: string; expiresAt: string };
    expect(approval).toMatchObject({ workId: works.ready, planId, branch: `graphgate/${works.ready}` });
    expect(approval.token).toMatch(/^gga_[A-Za-z0-9_-]{43}$/);
    const minutes = (Date.parse(approval.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(28);
    expect(minutes).toBeLessThanOrEqual(30);
    const [records] = await graph.read(readRecords, { repoId, workId: works.ready });
    expect(records!.approvals).toEqual([expect.objectContaining({ tokenHash: hashApprovalToken(approval.token), planId, usedAt: null })]);
    expect(JSON.stringify(records!.approvals)).not.toContain(approval.token);
    // The merge verb's side accepts it (and a token it never printed is refused).
    const store = new ApprovalStore({ graph, repoId, workspaces: new WorkspaceManager({ graph, repoId, repoRoot: fixture.root }) });
    await expect(store.verify({ workId: works.ready, token: approval.token, planId })).resolves.toMatchObject({ approvalId: expect.stringMatching(/^approval:/) });
    await expect(store.verify({ workId: works.ready, token: `${approval.token}x`, planId })).rejects.toMatchObject({ code: 'UNAUTHORIZED', details: { reason: 'token_unknown' } });
  });

  it('prints the token as the last line for a person, and a new token each time', async () => {
    const first = await approve(works.ready);
    const second = await approve(works.ready);
    expect(first.code, first.stderr).toBe(0);
    const last = (out: string) => out.trim().split('\n').pop();
    expect(last(first.stdout)).toMatch(/^gga_/);
    expect(last(first.stdout)).not.toBe(last(second.stdout));
    expect(first.stdout).toContain(`graphgate/${works.ready}`);
  });

  it.each([
    ['a work still planning', 'planning', 'ILLEGAL_TRANSITION', /PLANNING/],
    ['a work without a worktree', 'noWorktree', 'NOT_FOUND', /no git worktree/],
  ] as const)('refuses %s with a clear error and a non-zero exit', async (_name, key, code, message) => {
    const result = await approve(works[key]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toContain(`[${code}]`);
  });

  it('refuses an unknown work and a bad --ttl', async () => {
    const unknown = await approve('work-does-not-exist');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('[NOT_FOUND]');
    const ttl = await approve(works.ready, '--ttl', 'soon');
    expect(ttl.code).toBe(1);
    expect(ttl.stderr).toContain('[INVALID_ARGS]');
  });
});
