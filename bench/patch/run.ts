import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingestRepository } from '../../ingest/index.js';
import { PatchService } from '../../src/execution/patches/patch-service.js';
import { WorkspaceManager } from '../../src/execution/worktree/workspace-manager.js';
import { loadQuery, openGraph } from '../../src/graph/index.js';
import { PackStore } from '../../src/pack/index.js';
import { PlanService } from '../../src/plan/plan-service.js';
import { createLogger } from '../../src/runtime/logger.js';
import { packageRoot } from '../../src/runtime/package-root.js';
import { mintId, WorkStore } from '../../src/session/index.js';
import { goldenFixturePlan, ORDERS_LIST_TS, type EnvelopeValues } from '../../test/support/plan-fixture.js';

/**
 * `npm run bench:patch`: p50/p95 of apply_code_patch (replace_text, in the work's git worktree,
 * including the incremental re-ingest, the node outcome write and the artifacts) on the fixture.
 */
const deleteNamespace = loadQuery<{ repoId: string }, { deleted: number }>('test-support/delete-namespace.cypher');
const setWorkState = loadQuery<{ workId: string; repoId: string; state: string; usedTokens: null; totalNodes: null; completedNodes: null }, { version: number }>('test-support/set-work-state.cypher');
const readActivePack = loadQuery<{ repoId: string; workId: string }, { id: string; hash: string; ref: string }>('plan/read-active-pack.cypher');

const iterations = Number(process.env.BENCH_ITERATIONS ?? 40);
const log = createLogger('warn');
const repoId = `bench-patch-${process.pid}`;
const parent = realpathSync(mkdtempSync(join(tmpdir(), 'graphgate-bench-patch-')));
const root = join(parent, 'workspace');
cpSync(join(packageRoot(), 'test', 'fixtures', 'workspace'), root, { recursive: true });
const env = { ...process.env, GIT_AUTHOR_NAME: 'b', GIT_AUTHOR_EMAIL: 'b@b', GIT_COMMITTER_NAME: 'b', GIT_COMMITTER_EMAIL: 'b@b' };
for (const args of [['init', '-q'], ['add', '-A'], ['commit', '-q', '-m', 'fixture']]) execFileSync('git', ['-C', root, ...args], { env });

const graph = await openGraph({ log });
try {
  await ingestRepository({ graph, root, log, settings: { repoId } });
  const work = await new WorkStore({ graph, repoId }).create({ workId: mintId('work'), state: 'PLANNING', runSessionId: mintId('run'), originalPrompt: 'bench', agentId: mintId('agent'), maxTokens: 100_000, thresholdTokens: 60_000 });
  const packs = new PackStore({ graph, repoId, repoRoot: root });
  const created = await packs.create({ workId: work.id, files: [ORDERS_LIST_TS] });
  const plans = new PlanService({ graph, repoId, worktreeRoot: root, config: { gates: { defaultTimeoutSeconds: 600, profiles: {}, commitGates: {} }, recipes: { enabled: [] } } });
  const plan = goldenFixturePlan({ workId: work.id, worktreeRoot: '.', repoSnapshotId: 's', contextPackRef: 'p', contextPackHash: 'h', scopeAllowlistRef: 'a', policyVersionSet: [] } as unknown as EnvelopeValues, 'chain:x');
  await graph.writeTx('bench/accept', plans.acceptance(work.id, plan).write);
  await graph.write(setWorkState, { workId: work.id, repoId, state: 'PLAN_ACCEPTED', usedTokens: null, totalNodes: null, completedNodes: null });
  const [pack] = await graph.read(readActivePack, { repoId, workId: work.id });
  const service = new PatchService({ graph, repoId, repoRoot: root, plans, packs, log, workspaces: new WorkspaceManager({ graph, repoId, repoRoot: root }), projectCaches: process.env.BENCH_COLD ? undefined : new Map() });
  const caller = { workId: work.id, pack: { id: pack!.id, hash: created.hash, ref: created.ref } };
  const samples: number[] = [];
  for (let i = 0; i < iterations + 1; i += 1) {
    const [from, to] = i % 2 === 0 ? ["headerName: 'Status'", "headerName: 'State'"] : ["headerName: 'State'", "headerName: 'Status'"];
    const started = performance.now();
    await service.apply(caller, { planNodeId: 'c-total-column', targetFile: ORDERS_LIST_TS, operationId: `bench-op-${i}-${process.pid}`, edits: [{ type: 'replace_text', oldText: from, newText: to }] });
    if (i > 0) samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const q = (p: number): number => Math.round((samples[Math.min(samples.length - 1, Math.floor(p * samples.length))] ?? 0) * 10) / 10;
  process.stdout.write(`apply_code_patch (replace_text + re-ingest, ${iterations} runs after the first): p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${q(1)} ms\n`);
} finally {
  await graph.write(deleteNamespace, { repoId }).catch(() => undefined);
  await graph.close();
  rmSync(parent, { recursive: true, force: true });
}
