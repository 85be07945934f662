import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnDispatcher } from '../../../src/controller/turn-dispatcher.js';
import type { Graph } from '../../../src/graph/graph.js';
import { showMemory } from '../../../src/memory/review.js';
import { PackStore } from '../../../src/pack/index.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { WorkStore } from '../../../src/session/index.js';
import { makeFixtureRepo, testConfig, writeFixtureFacts, type FixtureRepo } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { seedMemory } from '../../support/memory.js';

const T0 = new Date('2030-05-01T08:00:00.000Z');

// Issue 13 item 4: initialize_work applies the lifecycle clock before its pack reads memories.
describe('initialize_work sweeps the memory lifecycle (real Neo4j, injected clock)', () => {
  let graph: Graph;
  let repo: FixtureRepo;
  let clock = T0;
  const repoId = testNamespace('mem-init-sweep');
  const id = `${repoId}-info`;

  beforeAll(async () => {
    graph = openTestGraph();
    repo = makeFixtureRepo();
    await writeFixtureFacts(graph, repoId);
    await seedMemory(graph, repoId, { id, state: 'pending', enforcementType: 'informational', createdAt: T0 });
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    repo?.dispose();
    await graph?.close();
  });

  it('promotes a pending informational memory at the first initialize_work after the contest window', async () => {
    const ctl = new TurnDispatcher({
      config: testConfig(repoId), repoRoot: repo.root, log: silentLogger, now: () => clock,
      services: async () => ({ repoId, graph, sessions: new WorkStore({ graph, repoId }), packs: new PackStore({ graph, repoId, repoRoot: repo.root }) }),
    });
    clock = new Date(T0.getTime() + 47 * 3_600_000);
    expect((await ctl.turn({ verb: 'initialize_work', originalPrompt: 'Rename the user list' })).deny).toBeUndefined();
    expect((await showMemory(graph, repoId, id)).memory.state).toBe('pending');
    clock = new Date(T0.getTime() + 49 * 3_600_000);
    expect((await ctl.turn({ verb: 'initialize_work', originalPrompt: 'Rename the user list' })).deny).toBeUndefined();
    const detail = await showMemory(graph, repoId, id);
    expect(detail.memory.state).toBe('provisional');
    expect(detail.transitions).toEqual([expect.objectContaining({ from: 'pending', to: 'provisional', at: clock.toISOString() })]);
    const lines = readFileSync(join(repo.root, '.ai', 'memory', 'changelog.jsonl'), 'utf8').trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { memoryId: string; to: string }).to)).toEqual(['provisional']);
  });
});
