import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Graph } from '../../../src/graph/graph.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { deferredTurn, mintId, TurnOutbox, WorkStore } from '../../../src/session/index.js';
import { readTurns } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';

describe('TurnOutbox: the spool of a process that is gone (real Neo4j)', () => {
  let graph: Graph;
  let repoId: string;
  let dir: string;

  beforeAll(() => {
    graph = openTestGraph();
    repoId = testNamespace('outbox');
    dir = mkdtempSync(join(tmpdir(), 'gg-spool-'));
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    rmSync(dir, { recursive: true, force: true });
    await graph.close();
  });

  it('adopts a dead process\'s spool, skips a line torn by the crash, writes each complete record once', async () => {
    const store = new WorkStore({ graph, repoId });
    const work = await store.create({ workId: mintId('work'), state: 'PLANNING', runSessionId: 'run-1', originalPrompt: null, agentId: 'agent-x', maxTokens: 1000, thresholdTokens: 600 });
    const record = (verb: string) => deferredTurn({
      workId: work.id, agentId: 'agent-x', tokens: 7, transition: null, friction: [{ code: 'GRAPH_UNAVAILABLE', strategyId: 'unselected', domainAnchorIds: [] }],
      turn: { id: mintId('trace'), runSessionId: 'run-1', verb, outcome: 'denied', denyCodes: ['GRAPH_UNAVAILABLE'], latencyMs: 5, stateBefore: 'PLANNING', stateAfter: 'PLANNING', traceMeta: null },
    }, new Date());
    const [a, b] = [record('read_file_lines'), record('search_codebase_text')];
    const spool = join(dir, 'turn-spool');
    mkdirSync(spool, { recursive: true });
    // The same record twice (a flush that wrote it but crashed before rewriting the spool), then a torn line.
    writeFileSync(join(spool, '999999998-dead.jsonl'), `${JSON.stringify(a)}\n${JSON.stringify(b)}\n${JSON.stringify(a)}\n${JSON.stringify(b).slice(0, 40)}`);
    const outbox = new TurnOutbox({ log: silentLogger, store: () => store, spoolDir: spool });
    expect(outbox.size).toBe(2);
    expect(await outbox.flush()).toBe(2);
    outbox.close();
    expect(outbox.size).toBe(0);
    expect(readdirSync(spool)).toEqual([]);
    // Repeats in one batch are written once too.
    expect(await store.logDeferred([a, a, b])).toBe(0);
    const c = record('escalate');
    expect(await store.logDeferred([c, c])).toBe(1);
    const [row] = await graph.read(readTurns, { repoId, workId: work.id });
    expect(row!.turns.map((t) => t.id).sort()).toEqual([a.turn.id, b.turn.id, c.turn.id].sort());
    expect(row!.friction).toHaveLength(3);
    expect((await store.load(work.id, null))!.work.usedTokens).toBe(21);
  });

  it('never runs a flush beside a read of the work\'s tokens: each waits for the other, and the tokens count once', async () => {
    const store = new WorkStore({ graph, repoId });
    const work = await store.create({ workId: mintId('work'), state: 'PLANNING', runSessionId: 'run-1', originalPrompt: null, agentId: 'agent-y', maxTokens: 100_000, thresholdTokens: 60_000 });
    const outbox = new TurnOutbox({ log: silentLogger, store: () => store });
    const record = (tokens: number) => deferredTurn({
      workId: work.id, agentId: 'agent-y', tokens, transition: null, friction: [],
      turn: { id: mintId('trace'), runSessionId: 'run-1', verb: 'read_file_lines', outcome: 'ok', denyCodes: [], latencyMs: 1, stateBefore: 'PLANNING', stateAfter: 'PLANNING', traceMeta: null },
    }, new Date());
    const load = () => outbox.reading(work.id, async () => (await store.load(work.id, null, undefined, outbox.pendingFor(work.id)))!.work.usedTokens);

    // A flush asked for while a read runs starts after it.
    let seenInRead = -1;
    const { flushed } = await outbox.reading(work.id, async () => {
      outbox.enqueue(record(5));
      const started = outbox.flush();
      await new Promise((resolve) => setTimeout(resolve, 150));
      const [row] = await graph.read(readTurns, { repoId, workId: work.id });
      seenInRead = row!.turns.length;
      return { flushed: started }; // wrapped: returning the promise itself would wait for it inside the read
    });
    expect(seenInRead).toBe(0);
    expect(await flushed).toBe(1);
    // A read asked for while a flush runs starts after it: the record is written, no longer pending.
    outbox.enqueue(record(7));
    const flushing = outbox.flush();
    expect(await outbox.reading(work.id, async () => outbox.pendingFor(work.id))).toEqual([]);
    expect(await flushing).toBe(1);
    // Reads and flushes interleaved as turns logged behind their answers make them: no token lost or counted twice.
    let expected = 12;
    for (let i = 1; i <= 25; i++) {
      outbox.enqueue(record(i));
      outbox.nudge();
      expected += i;
      expect(await load()).toBe(expected);
    }
    await outbox.flush();
    outbox.close();
    expect((await store.load(work.id, null))!.work.usedTokens).toBe(expected);
  });

  it('writes the records kept within a flush window in one transaction, at the window\'s end', async () => {
    const store = new WorkStore({ graph, repoId });
    const work = await store.create({ workId: mintId('work'), state: 'PLANNING', runSessionId: 'run-1', originalPrompt: null, agentId: 'agent-z', maxTokens: 100_000, thresholdTokens: 60_000 });
    const flushes: number[] = [];
    const counting = Object.assign(Object.create(store) as WorkStore, {
      logDeferred: (batch: Parameters<WorkStore['logDeferred']>[0], run?: Parameters<WorkStore['logDeferred']>[1]) => {
        flushes.push(batch.length);
        return store.logDeferred(batch, run);
      },
    });
    const outbox = new TurnOutbox({ log: silentLogger, store: () => counting, retryMs: 60_000 });
    const record = () => deferredTurn({
      workId: work.id, agentId: 'agent-z', tokens: 3, transition: null, friction: [],
      turn: { id: mintId('trace'), runSessionId: 'run-1', verb: 'read_file_lines', outcome: 'ok', denyCodes: [], latencyMs: 1, stateBefore: 'PLANNING', stateAfter: 'PLANNING', traceMeta: null },
    }, new Date());
    // An armed retry timer (60 s) gives way to the shorter window of the records that follow.
    outbox.enqueue(record());
    for (let i = 0; i < 3; i++) {
      outbox.enqueue(record(), 300);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(flushes).toEqual([]);
    const deadline = Date.now() + 5_000;
    while (outbox.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    outbox.close();
    expect(flushes).toEqual([4]);
    expect((await store.load(work.id, null))!.work.usedTokens).toBe(12);
  });
});
