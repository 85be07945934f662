import { existsSync, readdirSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnDispatcher } from '../../../src/controller/turn-dispatcher.js';
import { unstartedWorkGraceMs } from '../../../src/controller/verbs/initialize-work.verb.js';
import { Graph } from '../../../src/graph/graph.js';
import type { RunOptions } from '../../../src/graph/index.js';
import { PackStore } from '../../../src/pack/index.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { mintId, WorkStore } from '../../../src/session/index.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { ageWorks, countDeniedTurns, holdWorkLock, int, listWorks, makeDispatcher, makeFixtureRepo, testConfig, writeFixtureFacts, type FixtureRepo } from '../../support/controller.js';

/** A PackStore whose pack write only starts once the turn was stopped: the pack write is what is slow. */
class SlowPackStore extends PackStore {
  override async record(...args: Parameters<PackStore['record']>): Promise<Awaited<ReturnType<PackStore['record']>>> {
    const run: RunOptions | undefined = args[1];
    await new Promise<void>((resolve) => {
      if (run?.signal?.aborted) resolve();
      run?.signal?.addEventListener('abort', () => resolve());
    });
    return super.record(...args);
  }
}

describe('works an initialize_work created but never handed out (real Neo4j)', () => {
  let graph: Graph;
  let repoId: string;
  let repo: FixtureRepo;

  const workIds = async (): Promise<string[]> =>
    (await graph.read(listWorks, { repoId })).map((r) => r.id);
  const workDir = (id: string) => join(repo.root, '.ai/tmp/work', id);
  const workDirs = () => (existsSync(workDir('')) ? readdirSync(workDir('')).sort() : []);

  beforeAll(async () => {
    graph = openTestGraph();
    repoId = testNamespace('unstarted');
    repo = makeFixtureRepo();
    await writeFixtureFacts(graph, repoId);
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    repo?.dispose();
    await graph.close();
  });

  it('a timed-out initialize_work answers TIMEOUT without a workId and leaves no work behind', async () => {
    const before = await workIds();
    const ctl = new TurnDispatcher({
      config: testConfig(repoId, { mcp: { turnTimeoutMs: 1_500 } }), repoRoot: repo.root, log: silentLogger,
      services: async () => ({ repoId, graph, sessions: new WorkStore({ graph, repoId }), packs: new SlowPackStore({ graph, repoId, repoRoot: repo.root }) }),
    });
    const answer = await ctl.turn({ verb: 'initialize_work', originalPrompt: 'Rename the user list' });
    expect(answer.deny, JSON.stringify(answer.deny)).toMatchObject({ code: 'TIMEOUT', retryable: true });
    expect(answer.workId ?? null).toBeNull();
    await ctl.settled(10_000);
    expect(await workIds()).toEqual(before);
    // The refusal is logged once, under no work.
    await ctl.turnLog.outbox.flush();
    const [logged] = await graph.read(countDeniedTurns, { repoId, verb: 'initialize_work', code: 'TIMEOUT' });
    expect(logged).toEqual({ turns: 1, onWork: 0 });
  });

  it('a delete that outlasts its first deadline (the work locked for 12 s) is tried again, and the work goes', async () => {
    const before = await workIds();
    let holder: Promise<void> | undefined;
    let lockedWorks = 0;
    /** Once the new work is written, another transaction holds it for 12 s: the first delete (5 s) is cancelled. */
    class LockingWorkStore extends WorkStore {
      override async create(...args: Parameters<WorkStore['create']>): Promise<Awaited<ReturnType<WorkStore['create']>>> {
        const work = await super.create(...args);
        let held!: () => void;
        const locked = new Promise<void>((resolve) => (held = resolve));
        holder = graph.writeTx('test-support/hold-work-lock', async (tx) => {
          const [row] = await tx.run(holdWorkLock, { workId: work.id });
          lockedWorks = row?.locked ?? 0;
          held();
          await new Promise((resolve) => setTimeout(resolve, 12_000));
        });
        await locked;
        return work;
      }
    }
    const discarded: Array<Record<string, unknown> | undefined> = [];
    const log = { ...silentLogger, info: (msg: string, fields?: Record<string, unknown>) => void (msg.startsWith('discarded a work') && discarded.push(fields)) };
    const ctl = new TurnDispatcher({
      config: testConfig(repoId, { mcp: { turnTimeoutMs: 1_500 } }), repoRoot: repo.root, log,
      services: async () => ({ repoId, graph, sessions: new LockingWorkStore({ graph, repoId }), packs: new SlowPackStore({ graph, repoId, repoRoot: repo.root }) }),
    });
    const answer = await ctl.turn({ verb: 'initialize_work', originalPrompt: 'Rename the user list' });
    expect(answer.deny?.code).toBe('TIMEOUT');
    await ctl.settled(30_000);
    await holder;
    expect(lockedWorks).toBe(1);
    expect(await workIds()).toEqual(before);
    // Deleted by a later attempt, after the first one's deadline passed.
    expect(discarded).toEqual([expect.objectContaining({ attempt: 2 })]);
  }, 60_000);

  it('an initialize_work the client cancels after its work exists deletes that work and its folder', async () => {
    const before = await workIds();
    const dirsBefore = workDirs();
    const ctl = makeDispatcher(graph, repo.root, repoId);
    const cancel = new AbortController();
    const answer = await ctl.turn({ verb: 'initialize_work', originalPrompt: 'Rename the user list' }, {
      signal: cancel.signal,
      progress: (message) => {
        if (message.startsWith('ingesting memory overrides')) cancel.abort();
      },
    });
    expect(answer.outcome).toBe('denied');
    expect(answer.workId ?? null).toBeNull();
    expect(await workIds()).toEqual(before);
    expect(workDirs()).toEqual(dirsBefore);
  });

  it('the next initialize_work sweeps old PLANNING works without a turn, and keeps works that had one', async () => {
    const sessions = new WorkStore({ graph, repoId });
    const make = () => sessions.create({ workId: mintId('work'), state: 'PLANNING', runSessionId: mintId('run'), originalPrompt: 'x', agentId: mintId('agent'), maxTokens: 1000, thresholdTokens: 600 });
    const orphan = await make();
    const handedOut = await make();
    const fresh = await make();
    await sessions.commit({
      workId: handedOut.id, agentId: mintId('agent'), tokens: 10, transition: null, friction: [],
      turn: { id: mintId('trace'), runSessionId: null, verb: 'initialize_work', outcome: 'ok', denyCodes: [], latencyMs: 1, stateBefore: 'UNINITIALIZED', stateAfter: 'PLANNING', traceMeta: null },
    });
    const graceMs = unstartedWorkGraceMs(testConfig(repoId).mcp.turnTimeoutMs);
    await graph.write(ageWorks, { repoId, workIds: [orphan.id, handedOut.id], ms: int(graceMs + 1_000) });
    // The orphan's folder holds a pack file; a planted symlink in place of another folder must not steer the delete.
    mkdirSync(workDir(orphan.id), { recursive: true });
    writeFileSync(join(workDir(orphan.id), 'pack-v1.md'), 'stale');
    const outside = mkdtempSync(join(tmpdir(), 'gg-outside-'));
    writeFileSync(join(outside, 'keep.txt'), 'keep');
    const planted = await make();
    await graph.write(ageWorks, { repoId, workIds: [planted.id], ms: int(graceMs + 1_000) });
    symlinkSync(outside, workDir(planted.id));
    try {
      const ctl = makeDispatcher(graph, repo.root, repoId);
      const init = await ctl.turn({ verb: 'initialize_work', originalPrompt: 'Rename the user list' });
      expect(init.outcome).toBe('ok');
      const left = await workIds();
      expect(left).not.toContain(orphan.id);
      expect(left).not.toContain(planted.id);
      expect(left).toEqual(expect.arrayContaining([handedOut.id, fresh.id, init.workId as string]));
      expect(existsSync(workDir(orphan.id))).toBe(false);
      expect(existsSync(join(outside, 'keep.txt'))).toBe(true);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
