import { readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnResponseSchema, type TurnResponse } from '../../../src/controller/envelope.schema.js';
import type { TurnDispatcher } from '../../../src/controller/turn-dispatcher.js';
import { fileResource, LockService } from '../../../src/execution/locks/lock-service.js';
import { PlanLeases } from '../../../src/execution/locks/plan-leases.js';
import type { Graph } from '../../../src/graph/graph.js';
import { loadQuery } from '../../../src/graph/query-registry.js';
import { PackStore } from '../../../src/pack/index.js';
import type { PlanGraph } from '../../../src/plan/index.js';
import { int, makeDispatcher, readTurns, setWorkState, testConfig } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { git } from '../../support/agent-loop-fixture.js';
import {
  acceptPlan, copyFixture, goldenFixturePlan, ORDERS_LIST_HTML, ORDERS_LIST_TS, ORDERS_SERVICE, PACK_FILES, PLAN_TEST_GATES, planService, startWork, type EnvelopeValues, ingestedGitFixture,
} from '../../support/plan-fixture.js';

const CHAIN = `chain:aggrid:${ORDERS_LIST_HTML}:3`;
const FILE = fileResource(ORDERS_LIST_TS);
const readRepoRoot = loadQuery<{ repoId: string }, { root: string | null }>('test-support/read-repo-root.cypher');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const patchArgs = (from: string, to: string) => ({
  planNodeId: 'c-total-column', targetFile: ORDERS_LIST_TS, edits: [{ type: 'replace_text', oldText: from, newText: to }],
});

// Locks wired into the lifecycle through the dispatcher: plan acceptance leases (reject / block with
// a queue), mutations check and renew leases, completion releases and hands over, reads follow the worktree.
describe('plan acceptance, mutations and completion take, check and release leases (real Neo4j, real git)', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  let rejecting: TurnDispatcher;
  let blocking: TurnDispatcher;
  let locks: LockService;
  const repoId = testNamespace('plan-locks');
  const turn = async (ctl: TurnDispatcher, args: Record<string, unknown>): Promise<TurnResponse> => TurnResponseSchema.parse(await ctl.turn(args));
  const works: Record<string, { ids: { workId: string; agentId: string }; plan: PlanGraph }> = {};

  async function newWork(name: string): Promise<{ workId: string; agentId: string }> {
    const init = await turn(rejecting, { verb: 'initialize_work', originalPrompt: 'Show the order total before the status in the orders grid' });
    const ids = { workId: init.workId!, agentId: init.agentId! };
    await new PackStore({ graph, repoId, repoRoot: fixture.root }).create({ workId: ids.workId, files: PACK_FILES });
    const schema = await planService(graph, repoId, fixture.root).schemaFor(ids.workId);
    works[name] = { ids, plan: goldenFixturePlan(schema.envelope as unknown as EnvelopeValues, CHAIN) };
    return ids;
  }

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = await ingestedGitFixture(graph, repoId);
    rejecting = makeDispatcher(graph, fixture.root, repoId, { config: testConfig(repoId, { gates: PLAN_TEST_GATES, locks: { overlapPolicy: 'reject', leaseSeconds: 900 } }) });
    blocking = makeDispatcher(graph, fixture.root, repoId, { config: testConfig(repoId, { gates: PLAN_TEST_GATES, locks: { overlapPolicy: 'block', leaseSeconds: 900 } }) });
    locks = new LockService({ graph, repoId });
    await newWork('a');
    await newWork('b');
  }, 120_000);
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    fixture?.dispose();
    await graph?.close();
  });

  it('leases every target of an accepted plan in the acceptance commit', async () => {
    const { ids, plan } = works.a!;
    const r = await turn(rejecting, { verb: 'submit_execution_plan', ...ids, args: { planGraph: plan } });
    expect(r.deny).toBeUndefined();
    expect(r.state).toBe('PLAN_ACCEPTED');
    expect(r.result.locks).toMatchObject({ status: 'leased', policy: 'reject', queue: [ids.workId], waitingFor: [], holders: [] });
    expect((r.result.locks as { resources: string[] }).resources).toContain(FILE);
    const held = await locks.holders(works.b!.ids.workId, [FILE]);
    expect(held).toEqual([expect.objectContaining({ resource: FILE, workId: ids.workId, nodeId: 'c-total-column' })]);
  });

  it('under reject, a second plan on the same file is refused with EXEC_SIDE_EFFECT_COLLISION naming the holder; state stays PLANNING, friction recorded', async () => {
    const { ids, plan } = works.b!;
    const r = await turn(rejecting, { verb: 'submit_execution_plan', ...ids, args: { planGraph: plan } });
    expect(r.outcome).toBe('denied');
    expect(r.state).toBe('PLANNING');
    expect(r.deny?.code).toBe('EXEC_SIDE_EFFECT_COLLISION');
    expect(r.deny?.retryable).toBe(true);
    expect(JSON.stringify(r.deny?.details)).toContain(works.a!.ids.workId);
    const [log] = await graph.read(readTurns, { repoId, workId: ids.workId });
    expect(log!.friction.map((f) => f.code)).toContain('EXEC_SIDE_EFFECT_COLLISION');
    expect(await locks.holders(works.a!.ids.workId, [FILE])).toEqual([]);
  });

  it('the acceptance-time overlap check rejects a plan overlapping another accepted plan even without leases, listing it', async () => {
    const c = await startWork(graph, repoId, fixture.root);
    const d = await startWork(graph, repoId, fixture.root);
    const plans = planService(graph, repoId, fixture.root);
    // c's plan accepted without leases (as before locks were wired in); d's plan targets the same file.
    await acceptPlan(graph, repoId, plans, c.workId, works.a!.plan);
    const leases = new PlanLeases(locks, { policy: 'reject', leaseSeconds: 900 });
    const rejected = leases.decide(d.workId, works.a!.plan);
    await expect(rejected).rejects.toMatchObject({ code: 'EXEC_SIDE_EFFECT_COLLISION', details: { policy: 'reject', overlaps: expect.arrayContaining([expect.objectContaining({ workId: c.workId, files: [ORDERS_LIST_TS] })]) } });
    const queued = await new PlanLeases(locks, { policy: 'block', leaseSeconds: 900 }).decide(d.workId, works.a!.plan);
    // Deterministic: earliest acceptance first (a, then c), this work last; nothing leased while queued.
    expect(queued.decision).toMatchObject({ status: 'queued', queue: [works.a!.ids.workId, c.workId, d.workId] });
    expect(await locks.holders(works.a!.ids.workId, [FILE])).toEqual([]);
    await graph.write(setWorkState, { workId: c.workId, repoId, state: 'FAILED', usedTokens: null, totalNodes: null, completedNodes: null });
  });

  it('apply_code_patch renews the lease, and reads follow the worktree afterwards (patched text; Repo.root stays the main checkout)', async () => {
    const { ids } = works.a!;
    const [before] = await locks.holders(works.b!.ids.workId, [FILE]);
    await sleep(20);
    const r = await turn(rejecting, { verb: 'apply_code_patch', ...ids, args: patchArgs("headerName: 'Status',", "headerName: 'Order status',") });
    expect(r.deny).toBeUndefined();
    expect(r.result.lease).toMatchObject({ resource: FILE, reclaimed: [] });
    const [after] = await locks.holders(works.b!.ids.workId, [FILE]);
    expect(Date.parse(after!.expiresAt)).toBeGreaterThan(Date.parse(before!.expiresAt));
    const read = await turn(rejecting, { verb: 'read_file_lines', ...ids, args: { filePath: ORDERS_LIST_TS } });
    expect(read.result.content).toContain("headerName: 'Order status',");
    expect(readFileSync(join(fixture.root, ORDERS_LIST_TS), 'utf8')).not.toContain('Order status');
    const search = await turn(rejecting, { verb: 'search_codebase_text', ...ids, args: { query: 'Order status' } });
    expect(search.result.matches).toEqual([expect.objectContaining({ path: ORDERS_LIST_TS })]);
    // Another work without a worktree still reads the main checkout.
    const other = await turn(rejecting, { verb: 'read_file_lines', ...works.b!.ids, args: { filePath: ORDERS_LIST_TS } });
    expect(other.result.content).not.toContain('Order status');
    expect(await graph.read(readRepoRoot, { repoId })).toEqual([{ root: fixture.root }]);
    // Same symlink-escape rule, rooted at the worktree: a pack file linked out of it is refused.
    const linked = join(fixture.root, '.worktrees', ids.workId, ORDERS_SERVICE);
    rmSync(linked);
    symlinkSync(join(fixture.root, ORDERS_SERVICE), linked);
    const escaped = await turn(rejecting, { verb: 'read_file_lines', ...ids, args: { filePath: ORDERS_SERVICE } });
    expect(escaped.deny?.code).toBe('PATH_REJECTED');
  });

  it('under block, the second plan is accepted but queued; its patches are refused with a retryable collision naming the holder', async () => {
    const { ids } = works.b!;
    // a's patch re-ingested its worktree under this repoId, which moved the repository snapshot: take the envelope again.
    const schema = await planService(graph, repoId, fixture.root).schemaFor(ids.workId);
    const plan = goldenFixturePlan(schema.envelope as unknown as EnvelopeValues, CHAIN);
    const r = await turn(blocking, { verb: 'submit_execution_plan', ...ids, args: { planGraph: plan } });
    expect(r.deny).toBeUndefined();
    expect(r.state).toBe('PLAN_ACCEPTED');
    expect(r.result.locks).toMatchObject({ status: 'queued', policy: 'block', queue: [works.a!.ids.workId, ids.workId], waitingFor: [{ workId: works.a!.ids.workId, files: [ORDERS_LIST_TS] }] });
    expect(r.suggestedAction?.verb).toBe('apply_code_patch');
    const patch = await turn(blocking, { verb: 'apply_code_patch', ...ids, args: patchArgs("headerName: 'Status',", "headerName: 'State',") });
    expect(patch.outcome).toBe('denied');
    expect(patch.deny).toMatchObject({ code: 'EXEC_SIDE_EFFECT_COLLISION', retryable: true, details: { holders: [expect.objectContaining({ resource: FILE, workId: works.a!.ids.workId })] } });
  });

  it('completion releases the leases and hands them to the queued work, which can then proceed', async () => {
    const a = works.a!.ids;
    await graph.write(setWorkState, { workId: a.workId, repoId, state: 'PLAN_ACCEPTED', usedTokens: null, totalNodes: int(3), completedNodes: int(3) });
    const done = await turn(blocking, { verb: 'signal_task_complete', ...a });
    expect(done.deny).toBeUndefined();
    expect(done.state).toBe('COMPLETED');
    const result = done.result.locks as { released: string[]; handedOver: Array<{ workId: string; resources: string[] }> };
    expect(result.released).toContain(FILE);
    expect(result.handedOver).toEqual([expect.objectContaining({ workId: works.b!.ids.workId, resources: expect.arrayContaining([FILE]) })]);
    expect(await locks.holders(a.workId, [FILE])).toEqual([expect.objectContaining({ workId: works.b!.ids.workId })]);
    const patch = await turn(blocking, { verb: 'apply_code_patch', ...works.b!.ids, args: patchArgs("headerName: 'Status',", "headerName: 'State',") });
    expect(patch.deny).toBeUndefined();
    expect(patch.result).toMatchObject({ applied: true, lease: { resource: FILE } });
  });

  it('a patch on a file leased by another live work is refused; an expired lease is reclaimed by the patch with a LeaseReclaim', async () => {
    const e = await startWork(graph, repoId, fixture.root);
    const plans = planService(graph, repoId, fixture.root);
    const schema = await plans.schemaFor(e.workId);
    await acceptPlan(graph, repoId, plans, e.workId, goldenFixturePlan(schema.envelope as unknown as EnvelopeValues, CHAIN));
    // b (live, PLAN_ACCEPTED) holds the file since the hand-over.
    const call = { verb: 'apply_code_patch', workId: e.workId, args: patchArgs("headerName: 'Status',", "headerName: 'Phase',") };
    const refused = await turn(rejecting, call);
    expect(refused.deny).toMatchObject({ code: 'EXEC_SIDE_EFFECT_COLLISION', retryable: true, details: { holders: [expect.objectContaining({ workId: works.b!.ids.workId, nodeId: 'c-total-column' })] } });
    // b's lease expires (an abandoned work): the next mutation takes it over and leaves evidence.
    await locks.release(works.b!.ids.workId);
    await new LockService({ graph, repoId, ttlMs: 1_000 }).acquire(works.b!.ids.workId, 'c-total-column', [FILE]);
    await sleep(1_100);
    const taken = await turn(rejecting, call);
    expect(taken.deny).toBeUndefined();
    expect(taken.result.lease).toMatchObject({ resource: FILE, reclaimed: [{ resource: FILE, fromWorkId: works.b!.ids.workId }] });
    expect(await locks.reclaims(FILE)).toEqual(expect.arrayContaining([expect.objectContaining({ fromWorkId: works.b!.ids.workId, toWorkId: e.workId, toNodeId: 'c-total-column' })]));
  });
});
