import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import { TurnResponseSchema, type TurnResponse } from '../../../src/controller/envelope.schema.js';
import type { TurnDispatcher } from '../../../src/controller/turn-dispatcher.js';
import type { Graph } from '../../../src/graph/graph.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { makeDispatcher, readTurns, testConfig } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { copyFixture, PLAN_TEST_GATES, workWithWeakTwin } from '../../support/plan-fixture.js';


// Issue 13, friction ledger: each refusal is a FrictionEvent with `resolved: false`; a later ok turn of
// the same work and verb resolves it; both are exported to .ai/tmp/friction-ledger.jsonl (switchable).
describe('friction is resolved by a later pass of the same check and exported to the ledger (real Neo4j)', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  const repoId = testNamespace('friction-ledger');
  const ledger = () => join(fixture.root, '.ai', 'tmp', 'friction-ledger.jsonl');

  /** A work refused once (a gate that does not exist: PLAN_VERIFICATION_WEAK), then accepted with the fixed plan. */
  async function refusedThenAccepted(ctl: TurnDispatcher): Promise<{ workId: string; agentId: string; refusalTurn: string; acceptTurn: string }> {
    const turn = async (args: Record<string, unknown>): Promise<TurnResponse> => TurnResponseSchema.parse(await ctl.turn(args));
    const { ids, good, weak } = await workWithWeakTwin(turn, graph, repoId, fixture.root);
    const refused = await turn({ verb: 'submit_execution_plan', ...ids, args: { planGraph: weak } });
    expect(refused.deny?.code).toBe('PLAN_VERIFICATION_WEAK');
    const accepted = await turn({ verb: 'submit_execution_plan', ...ids, args: { planGraph: good } });
    expect(accepted.state).toBe('PLAN_ACCEPTED');
    return { ...ids, refusalTurn: refused.traceRef, acceptTurn: accepted.traceRef };
  }

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = copyFixture();
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId } });
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    fixture.dispose();
    await graph.close();
  });

  it('marks the refusal resolved by the accepting turn, and writes both to the ledger', async () => {
    const ctl = makeDispatcher(graph, fixture.root, repoId, { config: testConfig(repoId, { gates: PLAN_TEST_GATES, locks: { overlapPolicy: 'block', leaseSeconds: 900 } }) });
    const work = await refusedThenAccepted(ctl);
    const [log] = await graph.read(readTurns, { repoId, workId: work.workId });
    expect(log!.friction).toEqual([expect.objectContaining({ code: 'PLAN_VERIFICATION_WEAK', verb: 'submit_execution_plan', resolved: true, resolvedByTurn: work.acceptTurn })]);
    const frictionId = log!.friction[0]!.id;
    const lines = readFileSync(ledger(), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toEqual([
      expect.objectContaining({ event: 'raised', frictionId, trigger: 'submit_execution_plan', rejectionCodes: ['PLAN_VERIFICATION_WEAK'], workId: work.workId, agentId: work.agentId, rejectionCount: 1, resolved: false }),
      expect.objectContaining({ event: 'resolved', frictionIds: [frictionId], workId: work.workId, byTurn: work.acceptTurn, resolved: true }),
    ]);
    expect((lines[0]!.domainAnchorIds as string[]).length).toBeGreaterThan(0);
  });

  it('still resolves in the graph with enableFrictionLedger off, and writes no ledger line', async () => {
    const before = readFileSync(ledger(), 'utf8');
    const config = testConfig(repoId, { gates: PLAN_TEST_GATES, locks: { overlapPolicy: 'block', leaseSeconds: 900 }, memory: { enableFrictionLedger: false } });
    const work = await refusedThenAccepted(makeDispatcher(graph, fixture.root, repoId, { config }));
    const [log] = await graph.read(readTurns, { repoId, workId: work.workId });
    expect(log!.friction.map((f) => f.resolved)).toEqual([true]);
    expect(readFileSync(ledger(), 'utf8')).toBe(before);
    expect(existsSync(join(fixture.root, '.ai', 'tmp', 'friction-ledger.1.jsonl'))).toBe(false);
  });
});
