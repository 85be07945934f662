import { existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../../src/errors/index.js';
import { overlayRepoId } from '../../../src/execution/overlay/overlay-id.js';
import { PatchService } from '../../../src/execution/patches/patch-service.js';
import { WorkspaceManager } from '../../../src/execution/worktree/workspace-manager.js';
import type { Graph } from '../../../src/graph/graph.js';
import { loadQuery } from '../../../src/graph/query-registry.js';
import { PackStore } from '../../../src/pack/index.js';
import type { PlanGraph } from '../../../src/plan/index.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { int, setWorkState } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { copyFixture, goldenFixturePlan, ORDERS_LIST_HTML, ORDERS_LIST_TS, ORDERS_SERVICE, planService, startWork, type EnvelopeValues, ingestedGitFixture } from '../../support/plan-fixture.js';
import { git } from '../../support/agent-loop-fixture.js';
import { denied } from '../../support/denied.js';

const readSymbols = loadQuery<{ repoId: string; path: string }, { names: string[] }>('test-support/read-file-symbols.cypher');
const readTagUsages = loadQuery<{ repoId: string; overlay: { repoId: string | null; paths: string[] }; files: { paths: string[] }; limit: ReturnType<typeof int> }, { tag: string; lineStart: number }>('plan/read-tag-usages.cypher');
const ROUTING = 'projects/host/src/app/app-routing.module.ts';

/** The golden plan plus change nodes for the template, the service (symlink trap) and a file outside the pack. */
function executionPlan(): PlanGraph {
  const env = { workId: 'w', worktreeRoot: '.', repoSnapshotId: 's', contextPackRef: 'p', contextPackHash: 'h', scopeAllowlistRef: 'a', policyVersionSet: [] } as unknown as EnvelopeValues;
  const plan = goldenFixturePlan(env, 'chain:x');
  const change = plan.nodes[0]!;
  const extra = (nodeId: string, targetFile: string) => ({ ...structuredClone(change), nodeId, targetFile }) as typeof change;
  return { ...plan, nodes: [...plan.nodes, extra('c-template', ORDERS_LIST_HTML), extra('c-service', ORDERS_SERVICE), extra('c-routing', ROUTING)] };
}


describe('apply_code_patch in an isolated git worktree (real Neo4j, real git)', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  let service: PatchService;
  let workspaces: WorkspaceManager;
  let caller: { workId: string; pack: { id: string; hash: string; ref: string } };
  const repoId = testNamespace('exec-patch');

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = await ingestedGitFixture(graph, repoId);
    const work = await startWork(graph, repoId, fixture.root, [ORDERS_LIST_TS, ORDERS_LIST_HTML, ORDERS_SERVICE]);
    const plans = planService(graph, repoId, fixture.root);
    const acceptance = plans.acceptance(work.workId, executionPlan());
    await graph.writeTx('test/accept', acceptance.write);
    await graph.write(setWorkState, { workId: work.workId, repoId, state: 'PLAN_ACCEPTED', usedTokens: null, totalNodes: null, completedNodes: null });
    const packs = new PackStore({ graph, repoId, repoRoot: fixture.root });
    const packId = (await graph.read(loadQuery<{ repoId: string; workId: string }, { id: string; hash: string; ref: string }>('plan/read-active-pack.cypher'), { repoId, workId: work.workId }))[0]!;
    caller = { workId: work.workId, pack: { id: packId.id, hash: work.packHash, ref: work.packRef } };
    workspaces = new WorkspaceManager({ graph, repoId, repoRoot: fixture.root });
    service = new PatchService({ graph, repoId, repoRoot: fixture.root, plans, packs, workspaces, log: silentLogger });
  }, 120_000);
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    fixture?.dispose();
    await graph?.close();
  });

  it('applies replace_text only in .worktrees/<workId> on branch graphgate/<workId>, re-ingests, records the node and writes artifacts', async () => {
    const before = readFileSync(join(fixture.root, ORDERS_LIST_TS), 'utf8');
    const out = await service.apply(caller, {
      planNodeId: 'c-total-column', targetFile: ORDERS_LIST_TS, operationId: 'op-total-0001',
      edits: [{ type: 'replace_text', oldText: "headerName: 'Status',", newText: "headerName: 'Order status'," }, { type: 'ast_codemod', codemod: 'rename_identifier_in_file', params: { from: 'OrdersListComponent', to: 'OrderListComponent' } }],
    });
    const wt = join(fixture.root, '.worktrees', caller.workId);
    expect(out.result).toMatchObject({ applied: true, workspace: { kind: 'git-worktree', path: `.worktrees/${caller.workId}`, branch: `graphgate/${caller.workId}` }, edits: [{ changes: 1, startLine: 22 }, { changes: 1 }] });
    expect(git(wt, 'rev-parse', '--abbrev-ref', 'HEAD')).toBe(`graphgate/${caller.workId}`);
    expect(readFileSync(join(wt, ORDERS_LIST_TS), 'utf8')).toContain("headerName: 'Order status'");
    expect(readFileSync(join(fixture.root, ORDERS_LIST_TS), 'utf8')).toBe(before);
    expect(git(fixture.root, 'status', '--porcelain', '--untracked-files=all')).not.toMatch(/orders-list|\.worktrees/);
    // The edit is in the work's overlay; the repository's base keeps the checkout's facts.
    const [symbols] = await graph.read(readSymbols, { repoId: overlayRepoId(repoId, caller.workId), path: ORDERS_LIST_TS });
    expect(symbols!.names).toContain('OrderListComponent');
    expect(symbols!.names).not.toContain('OrdersListComponent');
    const [base] = await graph.read(readSymbols, { repoId, path: ORDERS_LIST_TS });
    expect(base!.names).toContain('OrdersListComponent');
    expect(base!.names).not.toContain('OrderListComponent');
    expect(out.result).toMatchObject({ reingest: { mode: 'paths', filesParsed: 1 } });
    expect(out.progress).toMatchObject({ totalNodes: 6, completedNodes: 0 });
    const view = await planService(graph, repoId, fixture.root).readPlan(caller.workId);
    expect(view!.nodes.find((n) => n.nodeId === 'c-total-column')!.outcome).toBe('succeeded');
    const dir = join(fixture.root, '.ai/tmp/work', caller.workId, 'artifacts/c-total-column');
    for (const f of ['result.json', 'op.log', 'trace.refs.json', 'diff.summary.json', 'validation.json']) expect(existsSync(join(dir, f)), f).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'diff.summary.json'), 'utf8'))).toMatchObject({ file: ORDERS_LIST_TS, changed: true });
    expect(JSON.parse(readFileSync(join(dir, 'trace.refs.json'), 'utf8'))).toMatchObject({ planNodeId: 'c-total-column', operationId: 'op-total-0001', contextPackHash: caller.pack.hash });
  });

  it('returns the recorded result for a retried operationId and never applies twice', async () => {
    const args = { planNodeId: 'c-total-column', targetFile: ORDERS_LIST_TS, operationId: 'op-total-0001', edits: [{ type: 'replace_text' as const, oldText: "headerName: 'Status',", newText: "headerName: 'Order status'," }, { type: 'ast_codemod' as const, codemod: 'rename_identifier_in_file', params: { from: 'OrdersListComponent', to: 'OrderListComponent' } }] };
    const file = join(fixture.root, '.worktrees', caller.workId, ORDERS_LIST_TS);
    const text = readFileSync(file, 'utf8');
    const again = await service.apply(caller, args);
    expect(again.result).toMatchObject({ replayed: true, applied: true, operationId: 'op-total-0001' });
    expect(readFileSync(file, 'utf8')).toBe(text);
    const reused = await denied(service.apply(caller, { ...args, edits: [{ type: 'replace_text', oldText: 'Order status', newText: 'X' }] }));
    expect(reused.code).toBe('INVALID_ARGS');
  });

  it('rewrites a template tag through the codemod in the worktree and the work\'s overlay follows, not the base', async () => {
    const out = await service.apply(caller, { planNodeId: 'c-template', targetFile: ORDERS_LIST_HTML, edits: [{ type: 'ast_codemod', codemod: 'rewrite_template_tag', params: { from: 'sdf-page-header', to: 'sdf-header' } }] });
    // The component whose extraction read the template (the base's File.reads) is re-extracted into the overlay with it.
    expect(out.result).toMatchObject({ reingest: { filesParsed: 2 } });
    const text = readFileSync(join(fixture.root, '.worktrees', caller.workId, ORDERS_LIST_HTML), 'utf8');
    expect(text.split('\n')[1]).toBe('  <sdf-header heading="Orders"></sdf-header>');
    const overlay = { repoId: overlayRepoId(repoId, caller.workId), paths: [ORDERS_LIST_HTML] };
    const usages = await graph.read(readTagUsages, { repoId, overlay, files: { paths: [ORDERS_LIST_HTML] }, limit: int(50) });
    expect(usages.map((u) => u.tag)).toContain('sdf-header');
    expect(usages.map((u) => u.tag)).not.toContain('sdf-page-header');
    const base = await graph.read(readTagUsages, { repoId, overlay: { repoId: null, paths: [] }, files: { paths: [ORDERS_LIST_HTML] }, limit: int(50) });
    expect(base.map((u) => u.tag)).toContain('sdf-page-header');
    expect(base.map((u) => u.tag)).not.toContain('sdf-header');
  });

  it('denies a replace_text that does not match with the nearest match, writing nothing', async () => {
    const error = await denied(service.apply(caller, { planNodeId: 'c-template', targetFile: ORDERS_LIST_HTML, operationId: 'op-miss-0001', edits: [{ type: 'replace_text', oldText: '<sdf-header  heading="Order">', newText: 'x' }] }));
    expect(error.code).toBe('INVALID_ARGS');
    expect(error.details).toMatchObject({ reason: 'not_found', nearest: { startLine: 2 } });
    const ok = await service.apply(caller, { planNodeId: 'c-template', targetFile: ORDERS_LIST_HTML, operationId: 'op-miss-0001', edits: [{ type: 'replace_text', oldText: '<sdf-header  heading="Order">', newText: 'x' }] }).catch((e: AppError) => e.code);
    expect(ok).toBe('INVALID_ARGS');
  });

  it('denies a node that is not an accepted change node, a file that is not the node’s, and a file outside the pack', async () => {
    const edits = [{ type: 'replace_text' as const, oldText: 'a', newText: 'b' }];
    expect((await denied(service.apply(caller, { planNodeId: 'c-unknown', targetFile: ORDERS_LIST_TS, edits }))).code).toBe('PLAN_SCOPE_VIOLATION');
    expect((await denied(service.apply(caller, { planNodeId: 'v-total-column', targetFile: ORDERS_LIST_TS, edits }))).code).toBe('PLAN_SCOPE_VIOLATION');
    expect((await denied(service.apply(caller, { planNodeId: 'c-template', targetFile: ORDERS_LIST_TS, edits }))).code).toBe('PLAN_SCOPE_VIOLATION');
    const outside = await denied(service.apply(caller, { planNodeId: 'c-routing', targetFile: ROUTING, edits }));
    expect(outside.code).toBe('PLAN_SCOPE_VIOLATION');
    expect(outside.message).toMatch(/not in this work's context pack/);
    expect((await denied(service.apply(caller, { planNodeId: 'c-template', targetFile: '../x/y.html', edits }))).code).toBe('PATH_REJECTED');
  });

  it('denies a target that is a symlink out of the worktree and leaves the outside file alone', async () => {
    const outsideFile = join(fixture.root, '..', 'outside.ts');
    writeFileSync(outsideFile, 'export const x = 1;\n');
    const inWorktree = join(fixture.root, '.worktrees', caller.workId, ORDERS_SERVICE);
    rmSync(inWorktree);
    symlinkSync(outsideFile, inWorktree);
    const error = await denied(service.apply(caller, { planNodeId: 'c-service', targetFile: ORDERS_SERVICE, edits: [{ type: 'replace_text', oldText: 'x = 1', newText: 'x = 2' }] }));
    expect(error.code).toBe('PATH_REJECTED');
    expect(readFileSync(outsideFile, 'utf8')).toBe('export const x = 1;\n');
  });
  it('applies a patch once when two calls race with the same operationId, and redacts secrets in artifacts', async () => {
    const args = { planNodeId: 'c-template', targetFile: ORDERS_LIST_HTML, operationId: 'op-race-0001', edits: [{ type: 'replace_text' as const, oldText: 'heading="Orders"', newText: 'heading="Orders" password="hunter22"' }] };
    const results = await Promise.allSettled([service.apply(caller, args), service.apply(caller, args)]);
    const applied = results.filter((r) => r.status === 'fulfilled' && !(r.value.result as { replayed?: boolean }).replayed);
    expect(applied).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as AppError).code).toBe('VERSION_CONFLICT');
    const text = readFileSync(join(fixture.root, '.worktrees', caller.workId, ORDERS_LIST_HTML), 'utf8');
    expect(text.split('hunter22').length).toBe(2);
    const diff = readFileSync(join(fixture.root, '.ai/tmp/work', caller.workId, 'artifacts/c-template/diff.summary.json'), 'utf8');
    expect(diff).not.toContain('hunter22');
    expect(diff).toContain('password=\\"***\\"');
  });
});

describe('workspace creation edge cases', () => {
  it('refuses a .worktrees folder that is a symlink planted in the repository', async () => {
    const graph = openTestGraph();
    const fixture = copyFixture();
    const repoId = testNamespace('exec-wt-link');
    try {
      git(fixture.root, 'init', '-q', '-b', 'main');
      git(fixture.root, 'add', '-A');
      git(fixture.root, 'commit', '-q', '-m', 'fixture');
      symlinkSync(join(fixture.root, '..'), join(fixture.root, '.worktrees'));
      const error = await denied(new WorkspaceManager({ graph, repoId, repoRoot: fixture.root }).ensure('work-planted'));
      expect(error.code).toBe('PATH_REJECTED');
      expect(existsSync(join(fixture.root, '..', 'work-planted'))).toBe(false);
      await expect(new WorkspaceManager({ graph, repoId, repoRoot: fixture.root }).ensure('-bad')).rejects.toThrow(/work id/);
    } finally {
      fixture.dispose();
      await graph.close();
    }
  });

  it('copies the repository under .ai/tmp/work/<workId>/workspace and leaves the original alone', async () => {
    const graph = openTestGraph();
    const fixture = copyFixture();
    const repoId = testNamespace('exec-copy');
    try {
      const work = await startWork(graph, repoId, fixture.root, []);
      const ws = await new WorkspaceManager({ graph, repoId, repoRoot: fixture.root }).ensure(work.workId);
      expect(ws).toMatchObject({ kind: 'copy', branch: null, root: join(fixture.root, '.ai/tmp/work', work.workId, 'workspace') });
      expect(readFileSync(join(ws.root, ORDERS_LIST_TS), 'utf8')).toBe(readFileSync(join(fixture.root, ORDERS_LIST_TS), 'utf8'));
      expect(existsSync(join(ws.root, '.ai/tmp'))).toBe(false);
      writeFileSync(join(ws.root, ORDERS_LIST_TS), 'changed');
      expect(readFileSync(join(fixture.root, ORDERS_LIST_TS), 'utf8')).not.toBe('changed');
      expect((await new WorkspaceManager({ graph, repoId, repoRoot: fixture.root }).ensure(work.workId)).root).toBe(ws.root);
    } finally {
      await cleanNamespace(graph, repoId);
      fixture.dispose();
      await graph.close();
    }
  });
});
