import { spawn } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GatesConfig } from '../../src/config/index.js';
import { buildChildEnv, DEFAULT_ENV_ALLOWLIST } from '../../src/execution/gates/child-env.js';
import { runGateStep } from '../../src/execution/gates/gate-runner.js';
import { GateService } from '../../src/execution/gates/gate-service.js';
import { loadQuery, openGraph } from '../../src/graph/index.js';
import { PlanService } from '../../src/plan/plan-service.js';
import { createLogger } from '../../src/runtime/logger.js';
import { mintId, WorkStore } from '../../src/session/index.js';

/**
 * `npm run bench:gate`: the overhead graphgate adds to a gate run beyond its command's own time.
 * The same trivial command (`node -e ''`) is spawned directly, through `runGateStep` (step lookup,
 * cwd resolution, destructive check, env allowlist, process group, scrubbing) and through
 * `GateService.runStep` (plus the GateRun write to a warm Neo4j), interleaved. Reported: wall times,
 * the time outside the child's own measured run, and the paired difference to the direct spawn.
 */
const deleteNamespace = loadQuery<{ repoId: string }, { deleted: number }>('test-support/delete-namespace.cypher');

const iterations = Number(process.env.BENCH_ITERATIONS ?? 30);
const warmup = 3;
const log = createLogger('warn');
const repoId = `bench-gate-${process.pid}`;
const root = realpathSync(mkdtempSync(join(tmpdir(), 'graphgate-bench-gate-')));
const gates: GatesConfig = {
  defaultTimeoutSeconds: 60,
  profiles: { bench: { modes: { fast: [{ name: 'noop', cmd: [process.execPath, '-e', ''] }] } } },
  commitGates: {},
};

// The direct spawn gets the environment the gate gives its child: inherited variables such as
// NODE_EXTRA_CA_CERTS change node's own start-up time and would skew the comparison.
const childEnv = buildChildEnv(process.env, DEFAULT_ENV_ALLOWLIST);

/** Wall time of spawning the command directly (same argv, cwd and environment) and waiting for it to exit. */
function direct(): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['-e', ''], { cwd: root, stdio: 'ignore', env: childEnv });
    child.once('error', reject);
    child.once('exit', () => resolve(performance.now() - started));
  });
}

const q = (values: number[], p: number): number => Math.round((values[Math.min(values.length - 1, Math.floor(p * values.length))] ?? 0) * 10) / 10;
const line = (label: string, values: number[]): string => `${label.padEnd(54)} p50 ${q(values, 0.5)} ms, p95 ${q(values, 0.95)} ms`;

const graph = await openGraph({ log });
try {
  const work = await new WorkStore({ graph, repoId }).create({ workId: mintId('work'), state: 'PLAN_ACCEPTED', runSessionId: mintId('run'), originalPrompt: 'bench', agentId: mintId('agent'), maxTokens: 100_000, thresholdTokens: 60_000 });
  const service = new GateService({ graph, repoId, gates, plans: new PlanService({ graph, repoId, worktreeRoot: root, config: { gates, recipes: { enabled: [] } } }) });
  // The three ways run interleaved, so load on the machine hits them alike.
  const times = { direct: [] as number[], gate: [] as number[], gateOverhead: [] as number[], gateVsDirect: [] as number[], service: [] as number[], serviceOverhead: [] as number[], serviceVsDirect: [] as number[] };
  for (let i = 0; i < warmup + iterations; i += 1) {
    const own = await direct();
    let started = performance.now();
    const gate = await runGateStep({ gates, stepName: 'noop', worktreeRoot: root });
    const gateTotal = performance.now() - started;
    started = performance.now();
    const stored = await service.runStep({ workId: work.id, worktreeRoot: root, stepName: 'noop' });
    const serviceTotal = performance.now() - started;
    if (i < warmup) continue;
    times.direct.push(own);
    times.gate.push(gateTotal);
    times.gateOverhead.push(gateTotal - gate.durationMs);
    times.gateVsDirect.push(gateTotal - own);
    times.service.push(serviceTotal);
    times.serviceOverhead.push(serviceTotal - stored.durationMs);
    times.serviceVsDirect.push(serviceTotal - own);
  }
  for (const values of Object.values(times)) values.sort((a, b) => a - b);
  process.stdout.write([
    `gate overhead (${iterations} runs after ${warmup} warm-up, command: node -e '')`,
    line('direct spawn (the command\'s own time)', times.direct),
    line('runGateStep wall time', times.gate),
    line('runGateStep overhead beyond the child\'s time', times.gateOverhead),
    line('runGateStep minus direct spawn (paired)', times.gateVsDirect),
    line('GateService.runStep wall time (+ GateRun write)', times.service),
    line('GateService.runStep overhead beyond the child\'s time', times.serviceOverhead),
    line('GateService.runStep minus direct spawn (paired)', times.serviceVsDirect),
    `reproduce: npm run bench:gate   (BENCH_ITERATIONS=${iterations})`,
    '',
  ].join('\n'));
} finally {
  await graph.write(deleteNamespace, { repoId }).catch(() => undefined);
  await graph.close();
  rmSync(root, { recursive: true, force: true });
}
