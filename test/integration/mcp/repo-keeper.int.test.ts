import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Graph } from '../../../src/graph/graph.js';
import { RepoKeeper, type RepoKeeperOptions } from '../../../src/mcp/repo-keeper.js';
import { WatchLeadership } from '../../../src/mcp/watch-leadership.js';
import type { Logger } from '../../../src/runtime/logger.js';
import { createGitRepo, type TempGitRepo } from '../../support/git-repo.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { MINI_FILES } from '../../support/mini-workspace.js';
import { readFileHashes } from '../../../ingest/write/ingest.queries.js';

/** A logger that keeps what the keeper reports about its ingests. */
function recordingLogger(): Logger & { finished: Array<Record<string, unknown>> } {
  const finished: Array<Record<string, unknown>> = [];
  return { finished, debug() {}, warn() {}, error() {}, info: (msg, fields) => void (msg === 'mcp ingest finished' && finished.push(fields ?? {})) };
}

const files = Object.fromEntries(Object.entries(MINI_FILES).filter(([p]) => p.startsWith('src/') && !p.includes('broken')));

describe('the MCP server keeps its repository ingested (RepoKeeper)', () => {
  let graph: Graph;
  let repo: TempGitRepo;
  const repoId = testNamespace('keeper');
  const keepers: RepoKeeper[] = [];
  const keeper = (overrides: Partial<RepoKeeperOptions> = {}): RepoKeeper => {
    const k = new RepoKeeper({ graph, repoRoot: repo.root, repoId, log: recordingLogger(), autoIngest: true, watch: false, waitMs: 60_000, ...overrides });
    keepers.push(k);
    return k;
  };
  const pathsInGraph = async (): Promise<string[]> => (await graph.read(readFileHashes, { repoId })).map((r) => r.path).sort();

  beforeAll(() => {
    graph = openTestGraph();
    repo = createGitRepo('graphgate-keeper-');
    repo.commit('init', files, 1_700_000_000);
  });
  afterAll(async () => {
    for (const k of keepers) await k.close();
    await cleanNamespace(graph, repoId);
    await graph.close();
    repo.remove();
  });

  it('refuses with REPO_NOT_INGESTED when auto-ingest is off and the graph has never seen the repository', async () => {
    await expect(keeper({ autoIngest: false }).ready()).rejects.toMatchObject({ code: 'REPO_NOT_INGESTED', retryable: false });
  });

  it('answers REPO_INGESTING (retryable, with progress) when the first ingest outlasts the wait, and finishes it in the background', async () => {
    const k = keeper({ waitMs: 0 });
    const error = await k.ready().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'REPO_INGESTING', retryable: true, details: { repoId, retryAfterMs: 5_000 } });
    const messages: string[] = [];
    // A second server waits on the ingest lock, then finds the graph current; it reports progress meanwhile.
    await keeper({ waitMs: 60_000 }).ready({ progress: (m) => messages.push(m) });
    expect(messages.some((m) => m.startsWith('ingesting the repository: '))).toBe(true);
    await expect.poll(pathsInGraph, { timeout: 30_000 }).toEqual(Object.keys(files).filter((p) => !p.endsWith('other.d.ts')).sort());
    // The first server's own run (it may have queued behind the second on the lock) ends too.
    await expect.poll(() => k.ready().then(() => true, () => false), { timeout: 30_000 }).toBe(true);
  });

  it('waits no longer than the turn has left: a deadline already near answers REPO_INGESTING at once', async () => {
    repo.write('src/app/shared/hurried.ts', 'export const hurried = 1;\n');
    const k = keeper({ waitMs: 60_000 });
    const started = performance.now();
    await expect(k.ready({ deadline: performance.now() + 50 })).rejects.toMatchObject({ code: 'REPO_INGESTING', retryable: true });
    expect(performance.now() - started).toBeLessThan(2_000);
    // The ingest went on: the next call (no deadline) finds it done.
    await k.ready();
    expect(await pathsInGraph()).toContain('src/app/shared/hurried.ts');
  });

  it('two servers on one repository share one ingest: the second writes nothing', async () => {
    repo.write('src/app/shared/extra.ts', 'export const extra = 1;\n');
    const logs = [recordingLogger(), recordingLogger()];
    const [a, b] = logs.map((log) => keeper({ log }));
    await Promise.all([a!.ready(), b!.ready()]);
    const parsed = logs.map((l) => Number(l.finished[0]?.parsed ?? -1)).sort();
    expect(parsed).toEqual([0, 1]);
    expect(await pathsInGraph()).toContain('src/app/shared/extra.ts');
  });

  it('re-checks the working tree before a pack when it does not watch, and watches when asked', async () => {
    const k = keeper();
    await k.ready();
    repo.write('src/app/shared/late.ts', 'export const late = 1;\n');
    await k.ready();
    expect(await pathsInGraph()).not.toContain('src/app/shared/late.ts');
    await k.ready({ fresh: true });
    expect(await pathsInGraph()).toContain('src/app/shared/late.ts');

    const watching = keeper({ watch: true });
    await watching.ready();
    repo.write('src/app/shared/watched.ts', 'export const watched = 1;\n');
    await expect.poll(pathsInGraph, { timeout: 20_000, interval: 200 }).toContain('src/app/shared/watched.ts');
  });

  it('of two watching servers on one checkout one watches; the other relies on it, and takes over once it is gone', async () => {
    // Only this test's keepers watch: an earlier test's watcher would re-ingest the saves below too.
    for (const earlier of keepers.splice(0)) await earlier.close();
    const home = mkdtempSync(join(tmpdir(), 'graphgate-lead-'));
    try {
      const file = join(home, 'lead.json');
      const logs = [recordingLogger(), recordingLogger()];
      const a = keeper({ watch: true, log: logs[0], leadership: new WatchLeadership(file) });
      await a.ready();
      const b = keeper({ watch: true, log: logs[1], leadership: new WatchLeadership(file) });
      await b.ready();
      expect([a.watching, b.watching]).toEqual([true, false]);

      // The leader's watcher keeps the graph current for both: b builds a pack without re-checking the tree.
      const runsOfB = logs[1]!.finished.length;
      repo.write('src/app/shared/led.ts', 'export const led = 1;\n');
      await expect.poll(pathsInGraph, { timeout: 20_000, interval: 200 }).toContain('src/app/shared/led.ts');
      await b.ready({ fresh: true });
      expect(logs[1]!.finished.length).toBe(runsOfB);

      // The leader goes away; a file saved meanwhile is found by b's next pack, and b watches from then on.
      await a.close();
      repo.write('src/app/shared/unwatched.ts', 'export const unwatched = 1;\n');
      await b.ready({ fresh: true });
      expect(await pathsInGraph()).toContain('src/app/shared/unwatched.ts');
      expect(b.watching).toBe(true);
      repo.write('src/app/shared/watched-by-b.ts', 'export const watchedByB = 1;\n');
      await expect.poll(pathsInGraph, { timeout: 20_000, interval: 200 }).toContain('src/app/shared/watched-by-b.ts');
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
