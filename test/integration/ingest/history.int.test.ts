import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prefetchWindow, syncHistory } from '../../../ingest/history/history-sync.js';
import { readGitHead } from '../../../ingest/history/git-log.js';
import { createTsProjectCache, ingestRepository } from '../../../ingest/index.js';
import { ids } from '../../../ingest/model/ids.js';
import type { Graph } from '../../../src/graph/graph.js';
import { historyLane } from '../../../src/retrieval/lanes/history.lane.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { createGitRepo, type TempGitRepo } from '../../support/git-repo.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { edgesByType, nodesByLabel, propertyTypes } from '../../support/ingest-queries.js';
import { miniExtractors } from '../../support/mini-extractor.js';
import { removeWorkspace, writeWorkspace } from '../../support/mini-workspace.js';

const T0 = 1_700_000_000;
const LEGEND = 'src/app/chart/legend.component.ts';
const TOOLTIP = 'src/app/chart/tooltip.ts';
const SERVICE = 'src/app/shared/order.service.ts';

// The cases run in order on one repository: each moves HEAD or the working tree and re-ingests.
describe('git history ingest and the history lane', () => {
  let graph: Graph;
  let repo: TempGitRepo;
  const sha: Record<string, string> = {};
  const repoId = testNamespace('history');
  const ingest = (settings: Record<string, unknown> = {}, changedPaths?: string[]) =>
    ingestRepository({ graph, root: repo.root, log: silentLogger, settings: { repoId, ...settings }, extractors: miniExtractors, changedPaths });
  const commits = async () => (await graph.read(nodesByLabel, { repoId, label: 'Commit' })).map((n) => n.props as Record<string, unknown>);
  const changed = async () => (await graph.read(edgesByType, { repoId, type: 'CHANGED' })).map((e) => `${String(e.from).split(':commit:')[1]?.slice(0, 7)} ${String(e.to).split(':file:')[1]}`).sort();
  const lane = (prompt: string) => historyLane({ graph, repoId }, [], { prompt });
  const short = (s: string) => s.slice(0, 7);

  beforeAll(async () => {
    graph = openTestGraph();
    repo = createGitRepo();
    sha.c1 = repo.commit('Initial scaffold', { [SERVICE]: 'export class OrderService {}\n', 'README.md': '# x\n' }, T0);
    sha.c2 = repo.commit('ABC-101 Fix legend overlap in the chart', { [LEGEND]: 'export class LegendComponent {}\n' }, T0 + 10);
    sha.c3 = repo.commit('Refactor OrderService caching', { [SERVICE]: 'export class OrderService { cache = 1; }\n' }, T0 + 20);
    sha.c4 = repo.commit('Harden export\n\nadmin\u202E gnp.exe and a \u0007 bell\nrefs abc-7', { 'src/app/old.ts': 'export const old = 1;\n' }, T0 + 30);
    sha.c5 = repo.commit('Tooltip colors follow the legend palette', { [TOOLTIP]: 'export const tip = 1;\n', [LEGEND]: 'export class LegendComponent { p = 1; }\n', 'src/app/old.ts': null }, T0 + 40);
    await ingest();
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    await graph.close();
    repo.remove();
  });

  it('stores every commit of the window with its message, time (Integer), files, tickets and escaped controls', async () => {
    const stored = await commits();
    expect(stored.map((c) => c.sha).sort()).toEqual(Object.values(sha).sort());
    const c4 = stored.find((c) => c.sha === sha.c4);
    expect(c4).toMatchObject({ subject: 'Harden export', body: 'admin\\u202E gnp.exe and a \\u0007 bell\nrefs abc-7', time: T0 + 30, files: ['src/app/old.ts'], fileCount: 1, tickets: ['ABC-7'] });
    expect(stored.find((c) => c.sha === sha.c2)).toMatchObject({ tickets: ['ABC-101'], files: [LEGEND] });
    const types = (await graph.read(propertyTypes, { repoId, label: 'Commit' }))[0]?.types ?? [];
    expect(types).toEqual(expect.arrayContaining([{ key: 'time', type: 'INTEGER NOT NULL' }, { key: 'fileCount', type: 'INTEGER NOT NULL' }]));
  });

  it('links commits to the files that exist (not README.md, not the deleted old.ts)', async () => {
    expect(await changed()).toEqual([
      `${short(sha.c1!)} ${SERVICE}`, `${short(sha.c2!)} ${LEGEND}`, `${short(sha.c3!)} ${SERVICE}`, `${short(sha.c5!)} ${LEGEND}`, `${short(sha.c5!)} ${TOOLTIP}`,
    ].sort());
  });

  it('does nothing on a re-ingest with the same HEAD', async () => {
    const summary = await ingest();
    expect(summary.history).toMatchObject({ status: 'unchanged', added: 0, removed: 0, linked: 0, commits: 5, head: sha.c5 });
    expect(summary.wrote).toBe(false);
  });

  it('finds the files changed by commits whose message matches the prompt, with a reason', async () => {
    const result = await lane('the legends overlap on the chart');
    expect(result).toMatchObject({ lane: 'history', searched: true, notes: [] });
    expect(result.candidates[0]).toMatchObject({ path: LEGEND, kind: 'file', id: ids.file(repoId, LEGEND), lane: 'history' });
    expect(result.candidates[0]?.reasons?.[0]).toMatch(/^changed by 2 past commits matching '.*legend.*' \(e\.g\. [0-9a-f]{7} '/);
    expect(result.candidates.map((c) => c.path)).not.toContain(SERVICE);
  });

  it('ignores commit vocabulary: "fix bug update" searches nothing', async () => {
    expect(await lane('fix the bug and update it')).toMatchObject({ searched: false, candidates: [] });
  });

  it('puts the files of commits carrying the prompt\'s ticket key first', async () => {
    const result = await lane('ABC-101 tooltip colors palette');
    expect(result.candidates.map((c) => c.path)).toEqual([LEGEND, TOOLTIP]);
    expect(result.candidates[0]?.reasons?.[0]).toContain('of ticket ABC-101');
    expect((await lane('order service caching ABC-7')).candidates.map((c) => c.path)).toEqual([SERVICE]);
  });

  it('links a file that appears later to the stored commits that changed that path', async () => {
    repo.write('src/app/old.ts', 'export const old = 2;\n');
    const summary = await ingest({}, ['src/app/old.ts']);
    expect(summary.history).toMatchObject({ status: 'unchanged', linked: 2 });
    expect((await changed()).filter((e) => e.endsWith('old.ts'))).toEqual([`${short(sha.c4!)} src/app/old.ts`, `${short(sha.c5!)} src/app/old.ts`]);
  });

  it('never sees the future: HEAD moved back removes the later commits', async () => {
    repo.git('checkout', '-q', '--detach', 'HEAD~2');
    const summary = await ingest();
    expect(summary.history).toMatchObject({ status: 'synced', removed: 2, added: 0, commits: 3, head: sha.c3 });
    expect((await commits()).map((c) => c.sha).sort()).toEqual([sha.c1, sha.c2, sha.c3].sort());
    expect((await lane('tooltip colors palette')).candidates).toEqual([]);
  });

  it('adds what is new when HEAD moves forward, linking new files', async () => {
    repo.git('checkout', '-q', 'main');
    sha.c6 = repo.commit('Chart axis labels', { 'src/app/chart/axis.ts': 'export const axis = 1;\n' }, T0 + 50);
    const summary = await ingest();
    expect(summary.history).toMatchObject({ status: 'synced', added: 3, removed: 0, commits: 6, head: sha.c6 });
    expect(await changed()).toContain(`${short(sha.c6)} src/app/chart/axis.ts`);
    expect((await lane('axis labels')).candidates.map((c) => c.path)).toEqual(['src/app/chart/axis.ts']);
  });

  it('ranks the newer of two equally matching commits higher (recency by commit order)', async () => {
    sha.c7 = repo.commit('Gradient contrast', { 'src/app/chart/axis.ts': 'export const axis = 2;\n' }, T0 + 60);
    sha.c8 = repo.commit('Gradient contrast', { [SERVICE]: 'export class OrderService { cache = 2; }\n' }, T0 + 70);
    await ingest();
    const [newer, older] = (await lane('gradient contrast')).candidates;
    expect([newer?.path, older?.path]).toEqual([SERVICE, 'src/app/chart/axis.ts']);
    expect(newer!.rawScore).toBeGreaterThan(older!.rawScore);
  });

  it('reads the window ahead only when HEAD moved, and a sync uses it only for the HEAD it targets', async () => {
    const input = { graph, root: repo.root, repoId, maxCommits: 5_000 };
    expect(await prefetchWindow({ ...input, head: readGitHead(repo.root) })).toBeNull();
    repo.git('checkout', '-q', '--detach', 'HEAD~1');
    const ahead = await prefetchWindow({ ...input, head: readGitHead(repo.root) });
    expect(ahead).toMatchObject({ head: sha.c7, prefix: '', bound: 5_000 });
    expect(ahead?.shas).toEqual([sha.c7, sha.c6, sha.c5, sha.c4, sha.c3, sha.c2, sha.c1]);
    // A window read for another HEAD (here: one commit only) is not taken: the sync reads its own.
    const foreign = Promise.resolve({ ...ahead!, head: sha.c1!, shas: [sha.c1!] });
    const synced = await syncHistory({ ...input, inGit: true, createdPaths: [], window: foreign });
    expect(synced).toMatchObject({ status: 'synced', removed: 1, commits: 7, head: sha.c7 });
    repo.git('checkout', '-q', 'main');
    const moved = await ingest();
    expect(moved.history).toMatchObject({ status: 'synced', added: 1, removed: 0, commits: 8, head: sha.c8 });
  });

  it('a git failure is a warning, keeps the stored history, and the next run repairs', async () => {
    const before = (await commits()).length;
    const ref = join(repo.root, '.git', 'refs', 'heads', 'main');
    const good = repo.git('rev-parse', 'main');
    writeFileSync(ref, `${'0'.repeat(39)}1\n`);
    const failed = await ingest();
    expect(failed.history.status).toBe('failed');
    expect(failed.history.warnings).toEqual([expect.objectContaining({ kind: 'parse_error', parser: 'git-history', path: '' })]);
    expect(await commits()).toHaveLength(before);
    writeFileSync(ref, `${good}\n`);
    const repaired = await ingest();
    expect(repaired.history).toMatchObject({ status: 'synced', added: 0, removed: 0, commits: before });
  });

  it('a kept process (a watcher) syncs a HEAD moved between two of its one-file runs', async () => {
    const projectCache = createTsProjectCache();
    const run = (changedPaths?: string[]) => ingestRepository({ graph, root: repo.root, log: silentLogger, settings: { repoId }, extractors: miniExtractors, changedPaths, projectCache });
    const edit = async (n: number) => {
      writeFileSync(join(repo.root, TOOLTIP), `export const tip = ${n};\n`);
      return (await run([TOOLTIP])).history;
    };
    await run();
    expect(await edit(10)).toMatchObject({ status: 'unchanged', commits: 8, head: sha.c8 });
    repo.git('checkout', '-q', '--detach', 'HEAD~1');
    expect(await edit(11)).toMatchObject({ status: 'synced', removed: 1, commits: 7, head: sha.c7 });
    expect(await edit(12)).toMatchObject({ status: 'unchanged', commits: 7, head: sha.c7 });
    repo.git('checkout', '-q', 'main');
    expect(await edit(13)).toMatchObject({ status: 'synced', added: 1, commits: 8, head: sha.c8 });
    repo.git('checkout', '-q', '--', TOOLTIP);
    await run([TOOLTIP]);
  });

  it('deletes the whole history when the bound is 0', async () => {
    const summary = await ingest({ historyMaxCommits: 0 });
    expect(summary.history).toMatchObject({ status: 'off', removed: 8, commits: 0 });
    expect(await commits()).toEqual([]);
    expect(await changed()).toEqual([]);
  });
});

describe('history bound and repositories without git', () => {
  let graph: Graph;
  const repoId = testNamespace('history-bound');
  const plainId = testNamespace('history-nogit');
  let repo: TempGitRepo;
  let plain: string;

  beforeAll(() => {
    graph = openTestGraph();
    repo = createGitRepo();
    for (let i = 1; i <= 30; i++) repo.commit(`Step ${i} of the wizard`, { [`src/step${i % 5}.ts`]: `export const s = ${i};\n` }, T0 + i);
    repo.git('checkout', '-q', '-b', 'side', 'HEAD~3');
    repo.commit('Side branch work', { 'src/side.ts': 'export const side = 1;\n' }, T0 + 100);
    repo.git('checkout', '-q', 'main');
    repo.git('-c', 'user.name=t', '-c', 'user.email=t@x', 'merge', '-q', '--no-ff', '-m', 'Merge side', 'side');
    plain = writeWorkspace({ 'src/a.ts': 'export class A {}\n' });
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    await cleanNamespace(graph, plainId);
    await graph.close();
    repo.remove();
    removeWorkspace(plain);
  });

  it('keeps only the newest N non-merge commits', async () => {
    const summary = await ingestRepository({ graph, root: repo.root, log: silentLogger, settings: { repoId, historyMaxCommits: 10 }, extractors: miniExtractors });
    expect(summary.history).toMatchObject({ status: 'synced', added: 10, commits: 10 });
    const stored = (await graph.read(nodesByLabel, { repoId, label: 'Commit' })).map((n) => n.props.subject as string);
    expect(stored).toHaveLength(10);
    expect(stored).toContain('Side branch work');
    expect(stored).not.toContain('Merge side');
    expect(stored).not.toContain('Step 21 of the wizard');
    expect(stored).toContain('Step 22 of the wizard');
  });

  it('follows a smaller bound', async () => {
    const summary = await ingestRepository({ graph, root: repo.root, log: silentLogger, settings: { repoId, historyMaxCommits: 4 }, extractors: miniExtractors });
    expect(summary.history).toMatchObject({ status: 'synced', added: 0, removed: 6, commits: 4 });
  });

  it('a work\'s workspace ingested under the repo\'s id keeps the main checkout\'s history', async () => {
    const workspace = `${repo.root}-work`;
    repo.git('worktree', 'add', '-q', '-b', 'work', workspace, 'HEAD~5');
    try {
      const main = repo.git('rev-parse', 'HEAD');
      const summary = await ingestRepository({ graph, root: workspace, recordedRoot: repo.root, log: silentLogger, settings: { repoId, historyMaxCommits: 4 }, extractors: miniExtractors });
      expect(summary.history).toMatchObject({ status: 'unchanged', head: main, commits: 4 });
    } finally {
      repo.git('worktree', 'remove', '--force', workspace);
    }
  });

  it('a folder without git has no history and the ingest works', async () => {
    const summary = await ingestRepository({ graph, root: plain, log: silentLogger, settings: { repoId: plainId }, extractors: miniExtractors });
    expect(summary.history).toMatchObject({ status: 'no-git', commits: 0, added: 0, warnings: [] });
    expect(summary.files.added).toBe(1);
    expect(await graph.read(nodesByLabel, { repoId: plainId, label: 'Commit' })).toEqual([]);
    expect(await historyLane({ graph, repoId: plainId }, [], { prompt: 'wizard step' })).toMatchObject({ searched: true, candidates: [] });
  });

  it('a repository without commits has no history', async () => {
    const empty = createGitRepo();
    const emptyId = testNamespace('history-empty');
    try {
      empty.write('src/a.ts', 'export class A {}\n');
      const summary = await ingestRepository({ graph, root: empty.root, log: silentLogger, settings: { repoId: emptyId }, extractors: miniExtractors });
      expect(summary.history).toMatchObject({ head: null, commits: 0, warnings: [] });
    } finally {
      await cleanNamespace(graph, emptyId);
      empty.remove();
    }
  });
});
