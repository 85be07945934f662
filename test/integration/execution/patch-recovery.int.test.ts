import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperationStore, sha256 } from '../../../src/execution/idempotency/operation-store.js';
import { summariseDiff } from '../../../src/execution/patches/diff-summary.js';
import type { ApplyCodePatchArgs } from '../../../src/execution/patches/patch-edits.schema.js';
import { PatchService, type PatchWriteIntent } from '../../../src/execution/patches/patch-service.js';
import { WorkspaceManager } from '../../../src/execution/worktree/workspace-manager.js';
import type { Graph } from '../../../src/graph/graph.js';
import { loadQuery } from '../../../src/graph/query-registry.js';
import { PackStore } from '../../../src/pack/index.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { setWorkState } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { copyFixture, goldenFixturePlan, ORDERS_LIST_HTML, ORDERS_LIST_TS, ORDERS_SERVICE, planService, startWork, type EnvelopeValues, ingestedGitFixture } from '../../support/plan-fixture.js';
import { git } from '../../support/agent-loop-fixture.js';
import { denied } from '../../support/denied.js';

const readOperation = loadQuery<{ repoId: string; workId: string; operationId: string }, { op: Record<string, unknown> | null }>('test-support/read-operation.cypher');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// The expiry path of a patch's crash recovery, in process: an owner that claimed an operation and
// recorded its write intent "stops" (its claim simply expires); the next apply takes it over and
// reconciles the worktree file against the recorded hashes.
describe('apply_code_patch takeover after the claim expired (real Neo4j, real git)', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  let service: PatchService;
  let caller: { workId: string; pack: { id: string; hash: string; ref: string } };
  const repoId = testNamespace('patch-recovery');
  const wtFile = (file: string) => join(fixture.root, '.worktrees', caller.workId, file);
  const op = async (operationId: string) => (await graph.read(readOperation, { repoId, workId: caller.workId, operationId }))[0]!.op;

  /** What a crashed owner leaves behind: a claim (expiring in 200 ms) with the intent of `args` on `before`. */
  async function crashedOwner(args: ApplyCodePatchArgs, before: string, after: string, file: string): Promise<void> {
    const store = new OperationStore({ graph, repoId, claimTtlMs: 200 });
    const claim = await store.claim({ workId: caller.workId, operationId: args.operationId!, verb: 'apply_code_patch', args, traceRef: 'trace-crashed' });
    if (claim.kind !== 'new') throw new Error('expected a new claim');
    const intent: PatchWriteIntent = { kind: 'patch', file, sha256Before: sha256(before), sha256After: sha256(after), diff: summariseDiff(file, before, after), reports: [] };
    await store.recordIntent(claim, intent as unknown as Record<string, unknown>);
    await sleep(300);
  }

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = await ingestedGitFixture(graph, repoId);
    const work = await startWork(graph, repoId, fixture.root, [ORDERS_LIST_TS, ORDERS_LIST_HTML, ORDERS_SERVICE]);
    const plans = planService(graph, repoId, fixture.root);
    const env = { workId: 'w', worktreeRoot: '.', repoSnapshotId: 's', contextPackRef: 'p', contextPackHash: 'h', scopeAllowlistRef: 'a', policyVersionSet: [] } as unknown as EnvelopeValues;
    const plan = goldenFixturePlan(env, 'chain:x');
    const template = { ...structuredClone(plan.nodes[0]!), nodeId: 'c-template', targetFile: ORDERS_LIST_HTML } as (typeof plan.nodes)[number];
    await graph.writeTx('test/accept', plans.acceptance(work.workId, { ...plan, nodes: [...plan.nodes, template] }).write);
    await graph.write(setWorkState, { workId: work.workId, repoId, state: 'PLAN_ACCEPTED', usedTokens: null, totalNodes: null, completedNodes: null });
    const pack = (await graph.read(loadQuery<{ repoId: string; workId: string }, { id: string }>('plan/read-active-pack.cypher'), { repoId, workId: work.workId }))[0]!;
    caller = { workId: work.workId, pack: { id: pack.id, hash: work.packHash, ref: work.packRef } };
    service = new PatchService({
      graph, repoId, repoRoot: fixture.root, plans, packs: new PackStore({ graph, repoId, repoRoot: fixture.root }),
      workspaces: new WorkspaceManager({ graph, repoId, repoRoot: fixture.root }), log: silentLogger, claimTtlMs: 60_000,
    });
    // The first mutation cuts the worktree.
    await service.apply(caller, { planNodeId: 'c-template', targetFile: ORDERS_LIST_HTML, edits: [{ type: 'replace_text', oldText: 'heading="Orders"', newText: 'heading="All orders"' }] });
  }, 120_000);
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    fixture?.dispose();
    await graph?.close();
  });

  it('a live owner\'s claim answers VERSION_CONFLICT with retryAfterMs and writes nothing', async () => {
    const args: ApplyCodePatchArgs = { planNodeId: 'c-total-column', targetFile: ORDERS_LIST_TS, operationId: 'op-live-patch-1', edits: [{ type: 'replace_text', oldText: "headerName: 'Status',", newText: "headerName: 'State'," }] };
    const store = new OperationStore({ graph, repoId, claimTtlMs: 60_000 });
    await store.claim({ workId: caller.workId, operationId: 'op-live-patch-1', verb: 'apply_code_patch', args });
    const before = readFileSync(wtFile(ORDERS_LIST_TS), 'utf8');
    const conflict = await denied(service.apply(caller, args));
    expect(conflict).toMatchObject({ code: 'VERSION_CONFLICT', retryable: true, details: { operationId: 'op-live-patch-1', retryAfterMs: expect.any(Number) } });
    expect(readFileSync(wtFile(ORDERS_LIST_TS), 'utf8')).toBe(before);
  });

  it('expired before the write (file equals the recorded before): the edit is written once', async () => {
    const newText = "headerName: 'Status',\n    sortable: true,";
    const args: ApplyCodePatchArgs = { planNodeId: 'c-total-column', targetFile: ORDERS_LIST_TS, operationId: 'op-expired-before', edits: [{ type: 'replace_text', oldText: "headerName: 'Status',", newText }] };
    const before = readFileSync(wtFile(ORDERS_LIST_TS), 'utf8');
    const after = before.replace("headerName: 'Status',", newText);
    await crashedOwner(args, before, after, ORDERS_LIST_TS);
    const out = await service.apply(caller, args);
    expect(out.result).toMatchObject({ applied: true, takeover: { reason: 'expired', write: 'redone', previousOwner: { traceRef: 'trace-crashed' } } });
    expect(readFileSync(wtFile(ORDERS_LIST_TS), 'utf8')).toBe(after);
    expect(await op('op-expired-before')).toMatchObject({ status: 'done', takeovers: 1, lastTakeoverReason: 'expired' });
  });

  it('expired after the write (file equals the recorded after): nothing is written again', async () => {
    const newText = 'heading="All orders" role="banner"';
    const args: ApplyCodePatchArgs = { planNodeId: 'c-template', targetFile: ORDERS_LIST_HTML, operationId: 'op-expired-after', edits: [{ type: 'replace_text', oldText: 'heading="All orders"', newText }] };
    const before = readFileSync(wtFile(ORDERS_LIST_HTML), 'utf8');
    const after = before.replace('heading="All orders"', newText);
    await crashedOwner(args, before, after, ORDERS_LIST_HTML);
    writeFileSync(wtFile(ORDERS_LIST_HTML), after); // the crashed owner's write
    const out = await service.apply(caller, args);
    expect(out.result).toMatchObject({ applied: true, takeover: { reason: 'expired', write: 'already_applied' } });
    // Applied again it would read `role="banner" role="banner"`.
    expect(readFileSync(wtFile(ORDERS_LIST_HTML), 'utf8').split('role="banner"')).toHaveLength(2);
    expect(out.progress).toMatchObject({ totalNodes: expect.any(Number) });
  });

  it('a file changed since the intent is refused (neither completed nor redone), and every retry gets the same refusal', async () => {
    const args: ApplyCodePatchArgs = { planNodeId: 'c-template', targetFile: ORDERS_LIST_HTML, operationId: 'op-diverged-01', edits: [{ type: 'replace_text', oldText: 'role="banner"', newText: 'role="heading"' }] };
    const before = readFileSync(wtFile(ORDERS_LIST_HTML), 'utf8');
    await crashedOwner(args, before, before.replace('role="banner"', 'role="heading"'), ORDERS_LIST_HTML);
    const edited = before.replace('role="banner"', 'role="banner" data-x="1"'); // someone else edited it meanwhile
    writeFileSync(wtFile(ORDERS_LIST_HTML), edited);
    const refusal = await denied(service.apply(caller, args));
    expect(refusal).toMatchObject({ code: 'INVALID_ARGS', details: { reason: 'file_changed_since_intent', path: ORDERS_LIST_HTML } });
    expect(refusal.message).toMatch(/changed since this operation recorded its edit/);
    expect(readFileSync(wtFile(ORDERS_LIST_HTML), 'utf8')).toBe(edited);
    expect(await op('op-diverged-01')).toMatchObject({ status: 'failed' });
    expect((await denied(service.apply(caller, args))).details).toMatchObject({ reason: 'file_changed_since_intent' });
  });
});
