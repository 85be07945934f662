import { existsSync, readFileSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../ingest/index.js';
import { DEFAULT_MEMORY_CONFIG } from '../../src/config/config.schema.js';
import { TurnResponseSchema, type TurnResponse } from '../../src/controller/envelope.schema.js';
import type { TurnDispatcher } from '../../src/controller/turn-dispatcher.js';
import { Graph } from '../../src/graph/graph.js';
import { LocalNeo4j, migrateSchema } from '../../src/graph/index.js';
import { fewShotsFor } from '../../src/memory/few-shots.js';
import { transitionByPerson, type LifecycleSettings } from '../../src/memory/lifecycle.js';
import { promoteMemory } from '../../src/memory/promotion.js';
import { showMemory } from '../../src/memory/review.js';
import { silentLogger } from '../../src/runtime/logger.js';
import { makeDispatcher, readMemories, testConfig } from '../support/controller.js';
import { cleanNamespace, testNamespace } from '../support/graph.js';
import { copyFixture, ORDERS_LIST_TS, PLAN_TEST_GATES, workWithWeakTwin } from '../support/plan-fixture.js';

const SETTINGS = DEFAULT_MEMORY_CONFIG as unknown as LifecycleSettings;
type Memory = { id: string; state: string; enforcementType: string };

// Issue 13 "Bad input and faults": a Neo4j restart between rejection and promotion loses nothing, and a
// promotion cut off between writing its seed row and ingesting it is finished by running it again.
// A dedicated instance: this file stops its server and kills it in the middle of a promotion.
describe('memory promotion across Neo4j restarts', () => {
  const local = new LocalNeo4j({ log: silentLogger, instance: 'memory-fault' });
  const repoId = testNamespace('memory-restart');
  let fixture: ReturnType<typeof copyFixture>;
  let graph: Graph;
  let ctl: TurnDispatcher;
  const turn = async (args: Record<string, unknown>): Promise<TurnResponse> => TurnResponseSchema.parse(await ctl.turn(args));
  const promotions = () => join(fixture.root, '.ai', 'graph', 'seed', 'memory-promotions.jsonl');
  const promotedRows = () => (existsSync(promotions()) ? readFileSync(promotions(), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; from_memory: string }) : []);
  const memories = async (): Promise<Memory[]> => (await graph.read(readMemories, { repoId })).filter((m) => m.trigger === 'friction');
  const promote = (id: string) => promoteMemory({ graph, repoId, root: fixture.root, id, who: 'person:reviewer', now: new Date(), settings: SETTINGS, log: silentLogger });
  const approve = (id: string) => transitionByPerson({ graph, repoId, root: fixture.root, id, to: 'approved', who: 'person:reviewer', why: 'seen three times', now: new Date(), settings: SETTINGS });

  /** Starts (or restarts) the server and connects a new Graph and dispatcher to it. */
  async function connect(): Promise<void> {
    const status = (await local.start()).status;
    const password = readFileSync(status.passwordFile, 'utf8').trim();
    graph = new Graph({ connection: { uri: String(status.boltUri), username: 'neo4j', password, source: 'local' }, log: silentLogger });
    // block: accepted works keep their leases without refusing the next ones (leases are not under test).
    ctl = makeDispatcher(graph, fixture.root, repoId, { config: testConfig(repoId, { gates: PLAN_TEST_GATES, locks: { overlapPolicy: 'block', leaseSeconds: 900 } }) });
  }
  async function restart(): Promise<void> {
    await graph.close();
    await local.stop();
    await connect();
  }
  /** A new work whose plan passes: validation with the approved memories in force. */
  async function acceptedWork(): Promise<{ workId: string; agentId: string }> {
    const { ids, good } = await workWithWeakTwin(turn, graph, repoId, fixture.root);
    expect((await turn({ verb: 'submit_execution_plan', ...ids, args: { planGraph: good } })).state).toBe('PLAN_ACCEPTED');
    return ids;
  }

  beforeAll(async () => {
    fixture = copyFixture();
    await connect();
    await migrateSchema(graph, 'test');
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId } });
  }, 300_000);
  afterAll(async () => {
    if (graph) await cleanNamespace(graph, repoId).catch(() => undefined);
    await graph?.close();
    await local.stop();
    fixture?.dispose();
  }, 120_000);

  it('refusals leave pending memories that survive a restart; approved, validated and promoted, the policy enforces', async () => {
    // Three works refused with the same code in the same folder (two then fixed: the few_shot's before/after).
    for (const fix of [true, true, false]) {
      const { ids, weak, good } = await workWithWeakTwin(turn, graph, repoId, fixture.root);
      expect((await turn({ verb: 'submit_execution_plan', ...ids, args: { planGraph: weak } })).deny?.code).toBe('PLAN_VERIFICATION_WEAK');
      await ctl.settled(10_000);
      if (fix) expect((await turn({ verb: 'submit_execution_plan', ...ids, args: { planGraph: good } })).state).toBe('PLAN_ACCEPTED');
    }
    const pending = await memories();
    expect(pending.map((m) => [m.enforcementType, m.state])).toEqual([['few_shot', 'pending'], ['plan_rule', 'pending']]);

    await restart();
    expect(await memories()).toEqual(pending);

    const rule = pending.find((m) => m.enforcementType === 'plan_rule')!;
    await approve(rule.id);
    const validatedBy = await acceptedWork();
    const promoted = await promote(rule.id);
    expect(promoted).toMatchObject({ label: 'Policy', written: true, validation: { kind: 'plan_rule_satisfied', workId: validatedBy.workId } });

    const { ids, weak } = await workWithWeakTwin(turn, graph, repoId, fixture.root);
    const refused = await turn({ verb: 'submit_execution_plan', ...ids, args: { planGraph: weak } });
    expect(refused.deny?.code).toBe('PLAN_VERIFICATION_WEAK');
    const results = (refused.deny!.details as { memoryRuleResults: Array<{ memoryId: string; enforcement: string; note?: string; applicable: boolean }> }).memoryRuleResults;
    expect(results).toContainEqual(expect.objectContaining({ memoryId: `policy:${promoted.recordId}`, enforcement: 'deny', applicable: true }));
    expect(results).toContainEqual(expect.objectContaining({ enforcement: 'skipped', note: 'promoted', memoryId: expect.stringMatching(/^memory:/) }));
  }, 600_000);

  it('a promotion cut off between its seed row and the ingest is finished by running it again: one row, one transition, enforced', async () => {
    const shot = (await memories()).find((m) => m.enforcementType === 'few_shot')!;
    await approve(shot.id);
    await acceptedWork();
    const rowsBefore = promotedRows().length;

    // Kill the server the moment the row reaches the file, before the policy plane is ingested.
    const { pid } = await local.status();
    let killed = false;
    const watcher: FSWatcher = watch(promotions(), () => {
      if (killed || !pid) return;
      killed = true;
      process.kill(pid, 'SIGKILL');
    });
    const failure = await promote(shot.id).then(() => undefined, (e: unknown) => e).finally(() => watcher.close());
    expect(killed).toBe(true);
    expect(failure).toMatchObject({ code: 'GRAPH_UNAVAILABLE', retryable: true });
    expect(promotedRows()).toHaveLength(rowsBefore + 1);

    await graph.close();
    await connect();
    const again = await promote(shot.id);
    expect(again).toMatchObject({ label: 'ExampleRef', written: false, validation: { kind: 'accepted_with_pack' } });
    expect(again.transition).toBeDefined();
    expect(promotedRows().filter((r) => r.id === again.recordId)).toHaveLength(1);
    const shown = await showMemory(graph, repoId, shot.id);
    expect(shown.memory).toMatchObject({ state: 'approved', promotedTo: again.recordId });
    expect(shown.transitions.filter((t) => t.from === 'approved' && t.to === 'approved')).toHaveLength(1);
    // Enforced from the policy plane alone: trace_symbol_graph shows the example once, as the ExampleRef.
    expect(await fewShotsFor(graph, repoId, [ORDERS_LIST_TS], new Date())).toEqual([expect.objectContaining({ policyRecordId: again.recordId, state: 'approved' })]);
    // A third run changes nothing.
    expect(await promote(shot.id)).toMatchObject({ written: false });
    expect((await showMemory(graph, repoId, shot.id)).transitions).toHaveLength(shown.transitions.length);
  }, 600_000);
});
