import { afterAll, describe, expect, inject, it } from 'vitest';
import { formatReport } from '../../bench/soak/report.js';
import { runSoak } from '../../bench/soak/runner.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';

// The short soak (bench/soak/README.md): two `graphgate mcp` processes run the whole agent loop on the
// same files of one fixture copy, one of them SIGKILLed mid-patch and resumed by a new process. No db
// fault: the suite's Neo4j is shared and never stopped. The invariants are the soak's own; the table
// is the failure message.
describe('soak: two agents on the same files, one killed mid-patch', () => {
  const repoId = testNamespace('soak');
  afterAll(async () => {
    const graph = openTestGraph();
    await cleanNamespace(graph, repoId);
    await graph.close();
  });

  it('ends with every work completed, the killed one resumed, and every invariant held', async () => {
    const report = await runSoak({ ...inject('neo4j'), source: 'env' }, {
      agents: 2, faults: { kill: true, db: false, hostile: false }, policy: 'reject', leaseSeconds: 900, seed: 19,
      deadlineMs: 100_000, killMode: 'failpoint', failpoint: 'patch:after-write', killDelayMs: [100, 1500], kills: 1, resumeTimeoutMs: 20_000, outagePauseMs: 0, dbControl: null,
      repoId, keep: false, log: () => undefined,
    });
    const table = formatReport(report);
    expect(report.invariants.filter((i) => !i.ok).map((i) => `${i.name}: ${i.reason}`), table).toEqual([]);
    expect(report.agents.filter((a) => a.kill).length, table).toBe(1);
    expect(report.agents.every((a) => a.completed), table).toBe(true);
  }, 180_000);
});
