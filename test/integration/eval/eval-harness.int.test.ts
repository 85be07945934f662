import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Graph } from '../../../src/graph/graph.js';
import { readTaskFile } from '../../../src/eval/task-file.schema.js';
import { renderReport } from '../../../src/eval/report-table.js';
import { runEval, type EvalReport } from '../../../src/eval/run-eval.js';
import { packageRoot } from '../../../src/runtime/package-root.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';

// Checks that the harness runs end to end and computes every metric for both systems. It never
// asserts metric values: the weights must not be tuned to the fixture.
describe('npm run eval on the fixture workspace', () => {
  let graph: Graph;
  let report: EvalReport;
  const repoId = testNamespace('eval');
  const tasksFile = join(packageRoot(), 'test', 'fixtures', 'eval', 'tasks.json');

  beforeAll(async () => {
    graph = openTestGraph();
    report = await runEval({ graph, log: silentLogger, repoRoot: join(packageRoot(), 'test', 'fixtures', 'workspace'), tasksFile, repoId });
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    await graph.close();
  });

  it('covers every seed task class with golden tasks whose expected files all exist in the ingested repo', () => {
    const classes = new Set(readTaskFile(tasksFile).tasks.map((t) => t.class));
    for (const c of ['ui_table_flow', 'api_contract_change', 'migration_slice', 'debug_slice']) expect(classes).toContain(c);
    expect(report.unknownExpectedFiles).toEqual([]);
    expect(report.repo).toMatchObject({ repoId, files: expect.any(Number) });
    expect(report.repo.files).toBeGreaterThan(0);
  });

  it('scores every task for graphgate and the BM25 baseline with the same metrics', () => {
    expect(report.tasks.map((t) => t.id)).toEqual(readTaskFile(tasksFile).tasks.map((t) => t.id));
    for (const task of report.tasks) {
      for (const m of [task.graphgate, task.baseline]) {
        expect(m.anchorRate).toBeGreaterThanOrEqual(0);
        expect(m.anchorRate).toBeLessThanOrEqual(1);
        expect(m.recall).toBeGreaterThanOrEqual(0);
        expect(m.recall).toBeLessThanOrEqual(1);
        expect(m.packSize).toBeGreaterThanOrEqual(0);
        expect(m.latencyMs).toBeGreaterThanOrEqual(0);
        expect(typeof m.sufficient).toBe('boolean');
        expect(m.chainsFound === null ? m.chainsExpected : m.chainsFound).toBeLessThanOrEqual(m.chainsExpected);
      }
      // The baseline ranks at graphgate's pack size (or the fallback k when that pack is empty).
      if (task.graphgate.packSize > 0) expect(task.baseline.packSize).toBeLessThanOrEqual(task.graphgate.packSize);
      expect(task.baseline.claimedSufficient).toBeNull();
      expect(typeof task.graphgate.claimedSufficient).toBe('boolean');
    }
  });

  it('computes the overall rates, including the proof-chain found rate over tasks that expect chains', () => {
    for (const o of [report.overall.graphgate, report.overall.baseline]) {
      expect(o.tasks).toBe(report.tasks.length);
      for (const rate of [o.anchorHitRate, o.anchorRate, o.recall, o.sufficiencyRate, o.proofChainFoundRate]) {
        expect(rate).not.toBeNull();
        expect(rate!).toBeGreaterThanOrEqual(0);
        expect(rate!).toBeLessThanOrEqual(1);
      }
      expect(o.latencyMs.p95).toBeGreaterThanOrEqual(o.latencyMs.p50);
    }
    expect(report.overall.baseline.falseSufficientRate).toBeNull();
    expect(report.proofChains.aggridOrigin.proven).toBeGreaterThan(0);
    expect(report.proofChains.federation.proven).toBeGreaterThan(0);
    expect(report.baseline.library).toMatch(/^minisearch@\d/);
  });

  it('renders a side-by-side table with one row per task and the overall block', () => {
    const text = renderReport({ title: 'eval', rows: report.tasks, overall: report.overall });
    for (const task of report.tasks) expect(text).toContain(task.id);
    expect(text).toContain('gg:recall');
    expect(text).toContain('bm25:recall');
    expect(text).toContain('proof-chain found rate');
  });
});
