import { cpSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ingestRepository } from '../../ingest/index.js';
import { loadQuery, openGraph } from '../../src/graph/index.js';
import { PackStore } from '../../src/pack/index.js';
import { PlanService } from '../../src/plan/plan-service.js';
import type { PlanGraph } from '../../src/plan/schema/plan-graph.schema.js';
import { createLogger } from '../../src/runtime/logger.js';
import { packageRoot } from '../../src/runtime/package-root.js';
import { mintId, WorkStore } from '../../src/session/index.js';
import { benchPlan } from './bench-plan.js';

/**
 * `npm run bench:plan`: p50/p95 of validating a 50-node PlanGraph (accepted, and one with violations)
 * through the PlanService against a warm Neo4j holding the ingested fixture workspace. Uses NEO4J_URI
 * when set, else the local managed instance. Nothing is persisted by a validation.
 */
const deleteNamespace = loadQuery<{ repoId: string }, { deleted: number }>('test-support/delete-namespace.cypher');

const iterations = Number(process.env.BENCH_ITERATIONS ?? 100);
const warmup = Number(process.env.BENCH_WARMUP ?? 10);
const log = createLogger('warn');
const repoId = `bench-plan-${process.pid}`;
const parent = realpathSync(mkdtempSync(join(tmpdir(), 'graphgate-bench-plan-')));
const root = join(parent, 'workspace');
cpSync(join(packageRoot(), 'test', 'fixtures', 'workspace'), root, { recursive: true });

const graph = await openGraph({ log });
try {
  await ingestRepository({ graph, root, log, settings: { repoId } });
  const sessions = new WorkStore({ graph, repoId });
  const work = await sessions.create({ workId: mintId('work'), state: 'PLANNING', runSessionId: mintId('run'), originalPrompt: 'bench', agentId: mintId('agent'), maxTokens: 100_000, thresholdTokens: 60_000 });
  const { files } = benchPlan.packFiles();
  await new PackStore({ graph, repoId, repoRoot: root }).create({ workId: work.id, files });
  const gates = {
    defaultTimeoutSeconds: 600,
    profiles: { default: { modes: { fast: [{ name: 'unit', cmd: ['npx', 'cypress', 'run', '--spec', 'cypress/e2e/orders.cy.ts'], piercesShadowDom: true }] } } },
    commitGates: { 'commit-fast': { profile: 'default', mode: 'fast' } },
  };
  const service = new PlanService({ graph, repoId, worktreeRoot: root, config: { gates, recipes: { enabled: ['run_targeted_validation'] } } });
  const schema = await service.schemaFor(work.id);
  const good: PlanGraph = benchPlan.build(schema.envelope as Record<string, unknown>);
  const bad = structuredClone(good);
  bad.proofRefs = [];
  for (const node of bad.nodes) if (node.kind === 'change') node.verificationHooks[0]!.ref = 'npm-test';
  const first = await service.validate(work.id, good);
  if (!first.accepted) throw new Error(`the bench plan must be accepted: ${JSON.stringify(first.violations.slice(0, 3))}`);
  const measure = async (plan: PlanGraph): Promise<{ p50: number; p95: number; max: number; violations: number }> => {
    let violations = 0;
    for (let i = 0; i < warmup; i += 1) await service.validate(work.id, plan);
    const samples: number[] = [];
    for (let i = 0; i < iterations; i += 1) {
      const started = performance.now();
      violations = (await service.validate(work.id, plan)).violations.length;
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    const q = (p: number): number => Math.round((samples[Math.min(samples.length - 1, Math.floor(p * samples.length))] ?? 0) * 10) / 10;
    return { p50: q(0.5), p95: q(0.95), max: q(1), violations };
  };
  const rows = [
    { scenario: `accepted (${good.nodes.length} nodes)`, ...(await measure(good)) },
    { scenario: `rejected (${bad.nodes.length} nodes)`, ...(await measure(bad)) },
  ];
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify({ iterations, warmup, rows }, null, 2)}\n`);
  else {
    process.stdout.write(`plan validation (PlanService.validate), warm Neo4j, ${iterations} runs each after ${warmup} warm-up runs; goal p95 < 200 ms\n`);
    for (const r of rows) process.stdout.write(`${r.scenario.padEnd(24)} p50 ${String(r.p50).padStart(7)} ms   p95 ${String(r.p95).padStart(7)} ms   max ${String(r.max).padStart(7)} ms   violations ${r.violations}\n`);
    process.stdout.write('reproduce: npm run bench:plan   (BENCH_ITERATIONS, BENCH_WARMUP; NEO4J_URI to use another server)\n');
  }
} finally {
  await graph.write(deleteNamespace, { repoId }).catch(() => undefined);
  await graph.close();
  rmSync(parent, { recursive: true, force: true });
}
