import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TurnResponse } from '../../../src/controller/envelope.schema.js';
import type { TurnDispatcher } from '../../../src/controller/turn-dispatcher.js';
import type { Graph } from '../../../src/graph/graph.js';
import { deferredTurn, mintId, WorkStore } from '../../../src/session/index.js';
import { makeDispatcher, makeFixtureRepo, readTurns, writeFixtureFacts, type FixtureRepo } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';

describe('ownership: a call naming another work is the caller\'s, not the named work\'s (real Neo4j)', () => {
  let graph: Graph;
  let repoId: string;
  let repo: FixtureRepo;
  let ctl: TurnDispatcher;

  beforeAll(async () => {
    graph = openTestGraph();
    repoId = testNamespace('owner');
    repo = makeFixtureRepo();
    await writeFixtureFacts(graph, repoId);
    ctl = makeDispatcher(graph, repo.root, repoId);
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    repo?.dispose();
    await graph.close();
  });

  it('refuses with WORK_MISMATCH, logs the turn under the caller, and never charges the named work', async () => {
    const store = new WorkStore({ graph, repoId });
    const a = await ctl.turn({ verb: 'initialize_work', originalPrompt: 'user list' });
    const b = await ctl.turn({ verb: 'initialize_work', originalPrompt: 'user service' });
    const snapshot = async (workId: string) => {
      const work = (await store.load(workId, null))!.work;
      const [row] = await graph.read(readTurns, { repoId, workId });
      return { usedTokens: work.usedTokens, version: work.version, state: work.state, turns: row!.turns.length, friction: row!.friction.length };
    };
    const bBefore = await snapshot(b.workId!);
    const aBefore = await snapshot(a.workId!);
    // Large arguments: a stranger would burn the named work's budget fast if it were charged.
    const big = 'x'.repeat(40_000);
    const refused: TurnResponse[] = [];
    for (let i = 0; i < 3; i++) {
      refused.push(await ctl.turn({ verb: 'read_file_lines', workId: b.workId, agentId: a.agentId, args: { filePath: 'src/app/users/user.service.ts', padding: big } }));
    }
    expect(refused.map((r) => r.deny?.code)).toEqual(['WORK_MISMATCH', 'WORK_MISMATCH', 'WORK_MISMATCH']);
    expect(await snapshot(b.workId!)).toEqual(bBefore);

    // Logged under the caller: the agent's own work has the turns, their tokens and the friction.
    const aAfter = await snapshot(a.workId!);
    expect(aAfter.turns).toBe(aBefore.turns + 3);
    expect(aAfter.friction).toBe(aBefore.friction + 3);
    expect(aAfter.usedTokens).toBeGreaterThanOrEqual(aBefore.usedTokens + 3 * 10_000);
    expect({ state: aAfter.state, version: aAfter.version }).toEqual({ state: aBefore.state, version: aBefore.version });
    const [row] = await graph.read(readTurns, { repoId, workId: a.workId! });
    const logged = row!.turns.filter((t) => refused.some((r) => r.traceRef === t.id));
    expect(logged).toHaveLength(3);
    expect(logged.every((t) => t.agentId === a.agentId && t.workId === a.workId && (t.denyCodes as string[])[0] === 'WORK_MISMATCH')).toBe(true);
    expect(row!.agents.find((x) => x.id === a.agentId)!.rejections).toBeGreaterThanOrEqual(3);

    // A turn answered while the graph was away had its ids unchecked: writing it later applies the same rule.
    const deferred = deferredTurn({
      workId: b.workId!, agentId: a.agentId!, tokens: 5_000, transition: null, friction: [{ code: 'GRAPH_UNAVAILABLE', strategyId: 'unselected', domainAnchorIds: [] }],
      turn: { id: mintId('trace'), runSessionId: null, verb: 'read_file_lines', outcome: 'denied', denyCodes: ['GRAPH_UNAVAILABLE'], latencyMs: 3, stateBefore: 'UNINITIALIZED', stateAfter: 'UNINITIALIZED', traceMeta: null },
    }, new Date());
    expect(await store.logDeferred([deferred])).toBe(1);
    expect(await snapshot(b.workId!)).toEqual(bBefore);
  });
});
