import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Graph } from '../../src/graph/graph.js';
import { readShapes, ShapeRecorder } from '../../src/graph/statement-shapes.js';
import { ingestMovesPlans, warmPlans, warmPlansOncePerServerStart } from '../../src/graph/warm-plans.js';
import { markRepoWriting, readRepo } from '../../ingest/write/ingest.queries.js';
import { repoSnapshotQuery } from '../../src/retrieval/lanes/lane.queries.js';
import { RepoKeeper } from '../../src/mcp/repo-keeper.js';
import { silentLogger, type Logger } from '../../src/runtime/logger.js';
import { createGitRepo } from '../support/git-repo.js';
import { MINI_FILES } from '../support/mini-workspace.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';
import { TcpProxy } from '../support/tcp-proxy.js';
import { agePlanWarmUp, countWarmUpRepos } from '../support/queries.js';

describe('plan warm-up from recorded statement shapes (real Neo4j)', () => {
  let graph: Graph;
  let dir: string;
  let repoId: string;

  beforeAll(() => {
    graph = openTestGraph();
    dir = mkdtempSync(join(tmpdir(), 'gg-warm-'));
    repoId = testNamespace('warm');
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    await graph.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a process records the shapes of the registry statements it runs, and close() stores them', async () => {
    const file = join(dir, 'recorded.json');
    const recording = new Graph({ connection: inject('neo4j'), log: silentLogger, shapes: new ShapeRecorder(file, 60_000) });
    await recording.read(repoSnapshotQuery, { repoId });
    await recording.readTx('two', async (tx) => {
      await tx.run(repoSnapshotQuery, { repoId: 'x' });
      await tx.run(repoSnapshotQuery, { repoId: `${repoId}-longer` });
    });
    await recording.close();
    expect(readShapes(file)).toEqual([
      { query: 'retrieval/repo-snapshot', params: { repoId: { string: 11 } }, processes: 1 },
      { query: 'retrieval/repo-snapshot', params: { repoId: { string: 1 } }, processes: 1 },
    ]);
  });

  it('runs every shape rolled back: a write statement leaves nothing, a stale or unknown one is counted, not fatal', async () => {
    const file = join(dir, 'shapes.json');
    writeFileSync(file, JSON.stringify({
      version: 1,
      shapes: [
        { query: 'ingest/mark-repo-writing', params: { repoId: { string: 11 } } },
        { query: 'retrieval/repo-snapshot', params: { repoId: { string: 11 } } },
        // A statement an older build had, and one whose parameters changed since it was recorded (not sent: it could only fail).
        { query: 'ingest/no-such-statement', params: {} },
        { query: 'ingest/mark-repo-writing', params: {} },
        { query: '../../etc/passwd', params: {} },
        // Fits the text but fails at run time (the sample index name names no index): its plan is cached all the same.
        { query: 'retrieval/file-text-search', params: { index: { string: 11 }, search: { map: { query: 'string' } }, repoId: { string: 11 }, limit: 'integer' } },
      ],
    }));
    const report = await warmPlans(graph, { log: silentLogger, file });
    expect(report).toMatchObject({ shapes: 6, warmed: 2, failed: 1, skipped: 2, stale: 1 });
    // The MERGE of mark-repo-writing ran on a key no fact has, and was rolled back.
    const [left] = await graph.read(countWarmUpRepos, {});
    expect(left?.n).toBe(0);
    // The statement still works for real afterwards.
    await graph.write(markRepoWriting, { repoId });
  });

  it('rehearses several statements in one transaction that is always rolled back: each sees the one before, nothing stays', async () => {
    const own = testNamespace('rehearse');
    const seen = await graph.rehearseTx('test/rehearse', async (tx) => {
      await tx.run(markRepoWriting, { repoId: own });
      return tx.run(readRepo, { repoId: own });
    }, 5_000);
    expect(seen).toMatchObject([{ writing: true }]);
    expect(await graph.read(readRepo, { repoId: own })).toEqual([]);
    // A statement the server refuses ends the rehearsal with the mapped error, and still leaves nothing.
    const failing = graph.rehearseTx('test/rehearse', async (tx) => {
      await tx.run(markRepoWriting, { repoId: own });
      await tx.run(markRepoWriting, {} as { repoId: string });
    }, 5_000);
    await expect(failing).rejects.toMatchObject({ code: expect.any(String) });
    expect(await graph.read(readRepo, { repoId: own })).toEqual([]);
    await cleanNamespace(graph, own);
  });

  it('stops starting statements once its budget is spent, and a missing store or `off` warms nothing', async () => {
    const file = join(dir, 'budget.json');
    writeFileSync(file, JSON.stringify({ version: 1, shapes: [{ query: 'retrieval/repo-snapshot', params: { repoId: { string: 2 } } }] }));
    expect(await warmPlans(graph, { log: silentLogger, file, budgetMs: -1 })).toMatchObject({ warmed: 0, skipped: 1 });
    expect(await warmPlans(graph, { log: silentLogger, file: join(dir, 'missing.json') })).toMatchObject({ shapes: 0, warmed: 0 });
    expect(await warmPlans(graph, { log: silentLogger, file: null })).toMatchObject({ shapes: 0, warmed: 0 });
  });

  it('after a server start, exactly one of several processes warms; the others, and later asks, do not', async () => {
    const file = join(dir, 'server-start.json');
    writeFileSync(file, JSON.stringify({ version: 1, shapes: [{ query: 'retrieval/repo-snapshot', params: { repoId: { string: 2 } } }] }));
    await graph.write(agePlanWarmUp, {});
    const others = [openTestGraph(), openTestGraph(), openTestGraph()];
    try {
      const reports = await Promise.all([graph, ...others].map((g) => warmPlansOncePerServerStart(g, { log: silentLogger, file })));
      const ran = reports.filter((r) => r !== null);
      expect(ran).toHaveLength(1);
      expect(ran[0]).toMatchObject({ shapes: 1, warmed: 1, failed: 0 });
      // The same server start: nobody warms again.
      expect(await warmPlansOncePerServerStart(others[0]!, { log: silentLogger, file })).toBeNull();
      // A claim from an earlier start (the server restarted since): the next ask warms.
      await graph.write(agePlanWarmUp, {});
      expect(await warmPlansOncePerServerStart(others[1]!, { log: silentLogger, file })).toMatchObject({ warmed: 1 });
    } finally {
      await Promise.all(others.map((g) => g.close()));
    }
  });

  it('a Graph tells its listeners once when the server answers again after calls failed fast (where the MCP server asks again)', async () => {
    const proxy = await TcpProxy.start(inject('neo4j').uri);
    const viaProxy = new Graph({ connection: { ...inject('neo4j'), uri: proxy.uri() }, log: silentLogger, connectRetryMs: 200, breakerOpenMs: 100 });
    let back = 0;
    const unsubscribe = viaProxy.whenServerBack(() => { back += 1; });
    try {
      await viaProxy.read(repoSnapshotQuery, { repoId });
      expect(back).toBe(0);
      await proxy.cut();
      await expect(viaProxy.read(repoSnapshotQuery, { repoId })).rejects.toMatchObject({ code: 'GRAPH_UNAVAILABLE' });
      expect(viaProxy.unavailable).toBe(true);
      await proxy.restore();
      await new Promise((resolve) => setTimeout(resolve, 150));
      await viaProxy.read(repoSnapshotQuery, { repoId });
      await viaProxy.read(repoSnapshotQuery, { repoId });
      expect(back).toBe(1);
      unsubscribe();
    } finally {
      await viaProxy.close();
      await proxy.close();
    }
  });

  it('an MCP server\'s keeper warms after its first ingest, and again when the graph answers after an outage that was a restart', async () => {
    const file = join(dir, 'keeper.json');
    writeFileSync(file, JSON.stringify({ version: 1, shapes: [{ query: 'retrieval/repo-snapshot', params: { repoId: { string: 2 } } }] }));
    const warmed: Array<Record<string, unknown>> = [];
    const log: Logger = { ...silentLogger, info: (msg, fields) => void (msg.startsWith('planned the recorded statement shapes') && warmed.push(fields ?? {})) };
    const waitForWarmUps = async (n: number): Promise<void> => {
      for (let i = 0; i < 100 && warmed.length < n; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    };
    const repo = createGitRepo('graphgate-warm-keeper-');
    repo.commit('init', Object.fromEntries(Object.entries(MINI_FILES).filter(([p]) => p.startsWith('src/') && !p.includes('broken'))), 1_700_000_000);
    const keeperRepoId = testNamespace('warmkeeper');
    const proxy = await TcpProxy.start(inject('neo4j').uri);
    const viaProxy = new Graph({ connection: { ...inject('neo4j'), uri: proxy.uri() }, log: silentLogger, connectRetryMs: 200, breakerOpenMs: 100 });
    const previous = process.env.GRAPHGATE_STATEMENT_SHAPES;
    process.env.GRAPHGATE_STATEMENT_SHAPES = file;
    const keeper = new RepoKeeper({ graph: viaProxy, repoRoot: repo.root, repoId: keeperRepoId, log, autoIngest: true, watch: false, waitMs: 60_000 });
    try {
      await graph.write(agePlanWarmUp, {});
      await keeper.ready();
      await waitForWarmUps(1);
      expect(warmed).toEqual([expect.objectContaining({ shapes: 1, warmed: 1 })]);
      // An outage that was no restart: the graph answers again, the claim is this start's, nothing more.
      await proxy.cut();
      await expect(viaProxy.read(repoSnapshotQuery, { repoId })).rejects.toMatchObject({ code: 'GRAPH_UNAVAILABLE' });
      await proxy.restore();
      await new Promise((resolve) => setTimeout(resolve, 150));
      await viaProxy.read(repoSnapshotQuery, { repoId });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(warmed).toHaveLength(1);
      // One that was a restart (the claim now names an earlier start): it warms again.
      await graph.write(agePlanWarmUp, {});
      await proxy.cut();
      await expect(viaProxy.read(repoSnapshotQuery, { repoId })).rejects.toMatchObject({ code: 'GRAPH_UNAVAILABLE' });
      await proxy.restore();
      await new Promise((resolve) => setTimeout(resolve, 150));
      await viaProxy.read(repoSnapshotQuery, { repoId });
      await waitForWarmUps(2);
      expect(warmed).toHaveLength(2);
    } finally {
      if (previous === undefined) delete process.env.GRAPHGATE_STATEMENT_SHAPES;
      else process.env.GRAPHGATE_STATEMENT_SHAPES = previous;
      await keeper.close();
      await cleanNamespace(graph, keeperRepoId);
      await viaProxy.close();
      await proxy.close();
      repo.remove();
    }
  });

  it('with nothing recorded, a server start claims nothing', async () => {
    await graph.write(agePlanWarmUp, {});
    expect(await warmPlansOncePerServerStart(graph, { log: silentLogger, file: join(dir, 'none.json') })).toBeNull();
    expect(await warmPlansOncePerServerStart(graph, { log: silentLogger, file: null })).toBeNull();
    // Still unclaimed for a process that has shapes.
    const file = join(dir, 'later.json');
    writeFileSync(file, JSON.stringify({ version: 1, shapes: [{ query: 'retrieval/repo-snapshot', params: { repoId: { string: 2 } } }] }));
    expect(await warmPlansOncePerServerStart(graph, { log: silentLogger, file })).toMatchObject({ warmed: 1 });
  });

  it('warms after a first ingest or one that rewrote a tenth of the files, not after a few edits', () => {
    const run = (mode: string, parsed: number, seen = 1_000, wrote = true) => ({ mode, wrote, files: { seen, parsed, deleted: 0 } });
    expect(ingestMovesPlans(run('full', 66, 66))).toBe(true);
    expect(ingestMovesPlans(run('incremental', 100))).toBe(true);
    expect(ingestMovesPlans(run('incremental', 20))).toBe(false);
    expect(ingestMovesPlans(run('incremental', 0, 1_000, false))).toBe(false);
    expect(ingestMovesPlans(run('full', 0, 66, false))).toBe(false);
  });
});
