import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TurnDispatcher } from '../../../src/controller/turn-dispatcher.js';
import type { Graph } from '../../../src/graph/graph.js';
import { WorkStore } from '../../../src/session/index.js';
import { makeDispatcher, makeFixtureRepo, readTurns, writeFixtureFacts, type FixtureRepo } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';

// Read-only verbs answer before their turn is committed (TurnLog.behind); the log stays exact.
describe('turns of read-only verbs logged behind their answers (real Neo4j)', () => {
  let graph: Graph;
  let repoId: string;
  let repo: FixtureRepo;
  let ctl: TurnDispatcher;
  let store: WorkStore;

  beforeAll(async () => {
    graph = openTestGraph();
    repoId = testNamespace('behind');
    repo = makeFixtureRepo();
    await writeFixtureFacts(graph, repoId);
    ctl = makeDispatcher(graph, repo.root, repoId);
    store = new WorkStore({ graph, repoId });
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    repo?.dispose();
    await graph.close();
  });

  const turnsOf = async (workId: string) => (await graph.read(readTurns, { repoId, workId }))[0]!;

  it('writes the Turn once, charges its tokens once, and numbers it before the next committed turn of the process', async () => {
    const init = await ctl.turn({ verb: 'initialize_work', originalPrompt: 'user list' });
    const call = { workId: init.workId, agentId: init.agentId };
    const before = (await store.load(init.workId!, null))!.work.usedTokens;
    const read = await ctl.turn({ verb: 'read_file_lines', ...call, args: { filePath: 'src/app/users/user.service.ts' } });
    expect(read.outcome).toBe('ok');
    // The answer already counts its own tokens, whether or not the flush has landed.
    expect(read.budget.used).toBeGreaterThan(before);
    // A turn that commits (write_scratch_file writes a file) waits for the process's earlier entries.
    const scratch = await ctl.turn({ verb: 'write_scratch_file', ...call, args: { relativePath: 'notes.md', content: 'a note' } });
    expect(scratch.outcome).toBe('ok');

    const { turns, agents } = await turnsOf(init.workId!);
    const readTurn = turns.find((t) => t.id === read.traceRef)!;
    const scratchTurn = turns.find((t) => t.id === scratch.traceRef)!;
    expect(readTurn.deferredAt).toBeDefined();
    expect(scratchTurn.deferredAt).toBeUndefined();
    expect(Number(readTurn.seq)).toBeLessThan(Number(scratchTurn.seq));
    expect(turns.filter((t) => t.id === read.traceRef)).toHaveLength(1);
    const work = (await store.load(init.workId!, null))!.work;
    expect(work.usedTokens).toBe(scratch.budget.used);
    expect(work.usedTokens).toBe(before + Number(readTurn.tokens) + Number(scratchTurn.tokens));
    expect(agents.find((a) => a.id === init.agentId)!.actions).toBe(3);
    await ctl.turnLog.outbox.flush();
    expect(ctl.turnLog.outbox.size).toBe(0);
  });

  it('commits a read turn with its answer when it resolves friction the same verb raised', async () => {
    const init = await ctl.turn({ verb: 'initialize_work', originalPrompt: 'user list' });
    const call = { workId: init.workId, agentId: init.agentId };
    const refused = await ctl.turn({ verb: 'read_file_lines', ...call, args: { filePath: '../repo-evil/secret.ts' } });
    expect(refused.deny?.code).toBe('PATH_REJECTED');
    const read = await ctl.turn({ verb: 'read_file_lines', ...call, args: { filePath: 'src/app/users/user.service.ts' } });
    expect(read.outcome).toBe('ok');
    // No flush awaited: the resolution is in the turn's own commit.
    const { turns, friction } = await turnsOf(init.workId!);
    expect(friction.find((f) => f.code === 'PATH_REJECTED')).toMatchObject({ resolved: true, resolvedByTurn: read.traceRef });
    expect(turns.find((t) => t.id === read.traceRef)!.deferredAt).toBeUndefined();
    // With the friction resolved, the next read is logged behind again.
    const next = await ctl.turn({ verb: 'read_file_lines', ...call, args: { filePath: 'src/app/users/user.service.ts' } });
    await ctl.turnLog.outbox.flush();
    expect((await turnsOf(init.workId!)).turns.find((t) => t.id === next.traceRef)!.deferredAt).toBeDefined();
  });

  it('counts the entries not yet written against the budget of the next turn', async () => {
    // A real store whose deferred writes wait until released: the entries stay pending meanwhile.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    class GatedStore extends WorkStore {
      override async logDeferred(...args: Parameters<WorkStore['logDeferred']>): Promise<number> {
        await gate;
        return super.logDeferred(...args);
      }
    }
    const gated = makeDispatcher(graph, repo.root, repoId, { sessions: new GatedStore({ graph, repoId }) });
    const init = await gated.turn({ verb: 'initialize_work', originalPrompt: 'user list' });
    const call = { workId: init.workId, agentId: init.agentId };
    const reads = [];
    for (let i = 0; i < 3; i++) reads.push(await gated.turn({ verb: 'search_codebase_text', ...call, args: { query: 'UserService' } }));
    const pending = gated.turnLog.outbox.pendingFor(init.workId!).reduce((sum, p) => sum + p.tokens, 0);
    expect(pending).toBeGreaterThan(0);
    const inGraph = (await store.load(init.workId!, null))!.work.usedTokens;
    expect(inGraph).toBe(init.budget.used);
    const next = await gated.turn({ verb: 'lookup_symbol_definition', ...call, args: { symbol: 'UserService' } });
    expect(reads.every((r) => r.outcome === 'ok') && next.outcome === 'ok').toBe(true);
    expect(reads[2]!.budget.used).toBe(inGraph + pending);
    release();
    await gated.turnLog.outbox.flush();
    const { turns } = await turnsOf(init.workId!);
    expect(turns).toHaveLength(5);
    const total = turns.reduce((sum, t) => sum + Number(t.tokens), 0);
    expect((await store.load(init.workId!, null))!.work.usedTokens).toBe(total);
    expect(next.budget.used).toBe(total);
    gated.turnLog.outbox.close();
  });
});
