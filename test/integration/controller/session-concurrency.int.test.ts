import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineVerb, type VerbDefinition } from '../../../src/controller/verb.js';
import { defaultVerbs, VerbRegistry } from '../../../src/controller/verb-registry.js';
import { AppError } from '../../../src/errors/index.js';
import type { Graph } from '../../../src/graph/graph.js';
import { mintId, WorkStore } from '../../../src/session/index.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { makeDispatcher, makeFixtureRepo, writeFixtureFacts, type FixtureRepo } from '../../support/controller.js';

const turnRecord = (id: string, verb = 'signal_task_complete') => ({
  id, runSessionId: 'run-1', verb, outcome: 'ok', denyCodes: [], latencyMs: 1, stateBefore: 'PLANNING', stateAfter: 'COMPLETED', traceMeta: null,
});

describe('sessions in Neo4j: optimistic concurrency and restart', () => {
  let graph: Graph;
  let repoId: string;
  let repo: FixtureRepo;
  let store: WorkStore;

  const newWork = async () => store.create({ workId: mintId('work'), state: 'PLANNING', runSessionId: 'run-1', originalPrompt: 'p', agentId: 'agent-a', maxTokens: 1000, thresholdTokens: 600 });

  beforeAll(async () => {
    graph = openTestGraph();
    repoId = testNamespace('session');
    repo = makeFixtureRepo();
    await writeFixtureFacts(graph, repoId);
    store = new WorkStore({ graph, repoId });
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    repo?.dispose();
    await graph.close();
  });

  it('lets exactly one of two writers with the same version change the state', async () => {
    for (let round = 0; round < 5; round++) {
      const work = await newWork();
      const attempt = (agent: string, next: string) => store.commit({
        workId: work.id, agentId: agent, tokens: 5, transition: { expectedVersion: work.version, nextState: next },
        turn: turnRecord(mintId('trace')), friction: [],
      });
      const results = await Promise.allSettled([attempt('agent-a', 'COMPLETED'), attempt('agent-b', 'FAILED')]);
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0]!.reason).toBeInstanceOf(AppError);
      expect((lost[0]!.reason as AppError).code).toBe('VERSION_CONFLICT');
      expect((lost[0]!.reason as AppError).retryable).toBe(true);
      const after = await store.load(work.id, null);
      expect(after!.work.version).toBe(work.version + 1);
      expect(after!.work.usedTokens).toBe(5);
    }
  });

  it('counts tokens of concurrent read-only turns without losing any', async () => {
    const work = await newWork();
    await Promise.all(Array.from({ length: 8 }, (_, i) => store.commit({
      workId: work.id, agentId: `agent-${i % 2}`, tokens: 3, transition: null, turn: turnRecord(mintId('trace'), 'read_file_lines'), friction: [],
    })));
    const after = await store.load(work.id, null);
    expect(after!.work.usedTokens).toBe(24);
    expect(after!.work.version).toBe(work.version);
  });

  it('answers the losing agent with a retryable VERSION_CONFLICT deny through the dispatcher', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const slowFinish = defineVerb({
      name: 'signal_task_complete',
      description: 'test double that waits before finishing',
      whenToUse: 'tests',
      states: ['PLANNING'],
      args: z.strictObject({}),
      async run() {
        entered();
        await held;
        return { result: {}, nextState: 'COMPLETED' };
      },
    });
    const verbs = new VerbRegistry([...defaultVerbs().filter((v) => v.name !== 'signal_task_complete'), slowFinish as VerbDefinition]);
    const processA = makeDispatcher(graph, repo.root, repoId, { verbs });
    const processB = makeDispatcher(graph, repo.root, repoId);
    const init = await processB.turn({ verb: 'initialize_work', originalPrompt: 'user list' });
    const slow = processA.turn({ verb: 'signal_task_complete', workId: init.workId, agentId: init.agentId });
    await inside;
    const fast = await processB.turn({ verb: 'signal_task_complete', workId: init.workId });
    expect(fast.state).toBe('COMPLETED');
    release();
    const lost = await slow;
    expect(lost.deny?.code).toBe('VERSION_CONFLICT');
    expect(lost.deny?.retryable).toBe(true);
    expect(lost.state).toBe('COMPLETED');
  });

  it('resumes a work from a new process (new driver, new dispatcher) with nothing lost', async () => {
    const first = makeDispatcher(graph, repo.root, repoId);
    const init = await first.turn({ verb: 'initialize_work', originalPrompt: 'user list' });
    await first.turn({ verb: 'write_scratch_file', workId: init.workId, agentId: init.agentId, args: { relativePath: 'n.md', content: 'x' } });
    const graph2 = openTestGraph();
    try {
      const second = makeDispatcher(graph2, repo.root, repoId);
      const resumed = await second.turn({ verb: 'read_file_lines', workId: init.workId, agentId: init.agentId, describe: true, args: { filePath: 'src/app/users/user.service.ts' } });
      expect(resumed.outcome).toBe('ok');
      expect(resumed.state).toBe('PLANNING');
      expect(resumed.runSessionId).toBe(init.runSessionId);
      expect(resumed.contextPack).toEqual(init.contextPack);
      expect(resumed.budget.used).toBeGreaterThan(init.budget.used);
    } finally {
      await graph2.close();
    }
  });
});
