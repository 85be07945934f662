import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Graph } from '../../src/graph/graph.js';
import { silentLogger } from '../../src/runtime/logger.js';
import { mintId, WorkStore } from '../../src/session/index.js';
import { makeDispatcher, makeFixtureRepo, writeFixtureFacts, type FixtureRepo } from '../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';

/** The test server's address as a routing URI: reads go where the routing table says, as on a cluster. */
function routingUri(): string {
  const url = new URL(inject('neo4j').uri);
  return `neo4j://${url.host}`;
}

describe('one bookmark manager per process, over a neo4j:// routing URI (real Neo4j)', () => {
  let direct: Graph;
  let routed: Graph;
  let repoId: string;
  let repo: FixtureRepo;

  beforeAll(async () => {
    direct = openTestGraph();
    repoId = testNamespace('bookmarks');
    repo = makeFixtureRepo();
    await writeFixtureFacts(direct, repoId);
    routed = new Graph({ connection: { ...inject('neo4j'), uri: routingUri() }, log: silentLogger });
  });
  afterAll(async () => {
    await routed?.close();
    await cleanNamespace(direct, repoId);
    repo?.dispose();
    await direct.close();
  });

  it('shares the driver\'s bookmark manager with @neo4j/graphql', () => {
    expect(routed.driverForGraphQL().driver.executeQueryBookmarkManager).toBe(routed.bookmarkManager);
  });

  it('reads its own writes across sessions: each read session waits for the last write\'s bookmark', async () => {
    const store = new WorkStore({ graph: routed, repoId });
    const work = await store.create({ workId: mintId('work'), state: 'PLANNING', runSessionId: 'run-1', originalPrompt: null, agentId: mintId('agent'), maxTokens: 100_000, thresholdTokens: 60_000 });
    let expected = work.usedTokens;
    let previous = await routed.bookmarkManager.getBookmarks();
    expect(previous.length).toBeGreaterThan(0);
    for (let i = 1; i <= 40; i++) {
      await store.commit({
        workId: work.id, agentId: null, tokens: i, transition: null, friction: [],
        turn: { id: mintId('trace'), runSessionId: 'run-1', verb: 'read_file_lines', outcome: 'ok', denyCodes: [], latencyMs: 1, stateBefore: 'PLANNING', stateAfter: 'PLANNING', traceMeta: null },
      });
      expected += i;
      const bookmarks = await routed.bookmarkManager.getBookmarks();
      expect(bookmarks).not.toEqual(previous); // the write's bookmark replaced the previous one
      previous = bookmarks;
      const loaded = await store.load(work.id, null); // a READ session: routed to a reader
      expect(loaded?.work.usedTokens).toBe(expected);
    }
  });

  it('a turn reads what the previous turn of the same work wrote', async () => {
    const ctl = makeDispatcher(routed, repo.root, repoId);
    const init = await ctl.turn({ verb: 'initialize_work', originalPrompt: 'user list' });
    let used = init.budget.used;
    for (let i = 0; i < 15; i++) {
      const r = await ctl.turn({ verb: 'read_file_lines', workId: init.workId, agentId: init.agentId, args: { filePath: 'src/app/users/user.service.ts' } });
      expect(r.outcome).toBe('ok');
      // The work was loaded with the previous turn's tokens: nothing lost between turns.
      expect(r.budget.used).toBeGreaterThan(used);
      used = r.budget.used;
    }
    // Read turns are logged behind their answers: another process sees them once they are written.
    await ctl.turnLog.outbox.flush();
    const work = (await new WorkStore({ graph: direct, repoId }).load(init.workId!, null))!.work;
    expect(work.usedTokens).toBe(used);
  });
});
