import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import type { GatesConfig } from '../../../src/config/index.js';
import { GateService } from '../../../src/execution/gates/gate-service.js';
import type { Graph } from '../../../src/graph/graph.js';
import type { PlanGraph } from '../../../src/plan/index.js';
import type { PlanService } from '../../../src/plan/plan-service.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { acceptPlan, copyFixture, goldenPlanFor, ORDERS_LIST_HTML, planService, startWork } from '../../support/plan-fixture.js';

const CHAIN = `chain:aggrid:${ORDERS_LIST_HTML}:3`;
// Passes when the marker file exists; writes a JUnit report either way.
const SCRIPT = [
  "const fs = require('fs'); const ok = fs.existsSync('gate-pass');",
  "fs.writeFileSync('junit.xml', `<testsuite name=\"orders\"><testcase name=\"total after status\">${ok ? '' : '<failure message=\"no total\"/>'}</testcase></testsuite>`);",
  "console.log('token ghp_abcdefghijklmnopqrstuvwxyz0123456789'); process.exit(ok ? 0 : 1);",
].join('\n');

describe('GateService on an accepted plan', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  let plans: PlanService;
  let gateService: GateService;
  let workId: string;
  const repoId = testNamespace('gate-service');
  const gates: GatesConfig = {
    defaultTimeoutSeconds: 60,
    profiles: { default: { modes: { fast: [{ name: 'unit-orders', cmd: [process.execPath, '-e', SCRIPT], reports: { junit: 'junit.xml' } }] } } },
    commitGates: { 'commit-fast': { profile: 'default', mode: 'fast' } },
  };

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = copyFixture();
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId } });
    ({ workId } = await startWork(graph, repoId, fixture.root));
    plans = planService(graph, repoId, fixture.root);
    const golden = await goldenPlanFor(plans, workId, CHAIN);
    const validate = golden.nodes[1] as Extract<PlanGraph['nodes'][number], { kind: 'validate' }>;
    validate.verificationHooks.push({ ...validate.verificationHooks[0]!, hookId: 'h-targeted', type: 'recipe', ref: 'run_targeted_validation', params: { step: 'unit-orders' } });
    await acceptPlan(graph, repoId, plans, workId, golden);
    gateService = new GateService({ graph, repoId, gates, plans });
  }, 120_000);
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    fixture.dispose();
    await graph.close();
  });

  it('records a failing validate node with GateRuns linked to the node, and progress does not move', async () => {
    const result = await gateService.runValidateNode(workId, 'v-total-column', fixture.root);
    expect(result.passed).toBe(false);
    expect(result.hooks.map((h) => [h.hookId, h.passed])).toEqual([['h-unit', false], ['h-targeted', false]]);
    expect(result.progress).toMatchObject({ completedNodes: 0 });
    const runs = await gateService.listRuns(workId, 'v-total-column');
    expect(runs).toHaveLength(2);
    expect(runs[0]).toMatchObject({ stepName: 'unit-orders', passed: false, exitCode: 1, timedOut: false });
    expect(JSON.parse(runs[0]!.junitJson!)).toMatchObject({ tests: 1, failures: 1 });
    expect(runs[0]!.output).toContain('[REDACTED]');
    expect(runs[0]!.output).not.toContain('ghp_');
    const view = await plans.readPlan(workId);
    expect(view!.nodes.find((n) => n.nodeId === 'v-total-column')).toMatchObject({ outcome: 'failed', complete: false });
  });

  it('passes the validate node when every hook passes, which moves progress', async () => {
    await plans.markNodeExecuted(workId, 'c-total-column', 'succeeded');
    writeFileSync(join(fixture.root, 'gate-pass'), '');
    const result = await gateService.runValidateNode(workId, 'v-total-column', fixture.root);
    expect(result.passed).toBe(true);
    expect(result.hooks.every((h) => h.gateRunId?.startsWith('gaterun:'))).toBe(true);
    expect(result.progress).toMatchObject({ completedNodes: 2, pendingValidations: [] });
    const view = await plans.readPlan(workId);
    expect(view!.nodes.find((n) => n.nodeId === 'v-total-column')).toMatchObject({ outcome: 'succeeded', complete: true });
    rmSync(join(fixture.root, 'gate-pass'));
    expect(existsSync(join(fixture.root, 'gate-pass'))).toBe(false);
  });

  it('refuses non-validate nodes and unknown nodes', async () => {
    await expect(gateService.runValidateNode(workId, 'c-total-column', fixture.root)).rejects.toMatchObject({ code: 'INVALID_ARGS' });
    await expect(gateService.runValidateNode(workId, 'nope', fixture.root)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
