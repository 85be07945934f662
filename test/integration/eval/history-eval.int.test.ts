import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deleteRepository } from '../../../ingest/index.js';
import { AppError } from '../../../src/errors/index.js';
import type { HistoryReport } from '../../../src/eval/history/history-report.js';
import { renderHistoryReport } from '../../../src/eval/history/render-history.js';
import { historyRepoId, runHistoryEval } from '../../../src/eval/history/run-history-eval.js';
import { SCRATCH_PREFIX } from '../../../src/eval/history/scratch.js';
import type { Graph } from '../../../src/graph/graph.js';
import { packageRoot } from '../../../src/runtime/package-root.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { openTestGraph } from '../../support/graph.js';
import { git, HISTORY, makeRepo } from './history-repo.js';

const repos: string[] = [];
const repo = (...args: Parameters<typeof makeRepo>): string => {
  const root = makeRepo(...args);
  repos.push(root);
  return root;
};

/** What the user's repository looks like from outside: HEAD, status, refs, index file stamp (status runs without optional locks, so it does not refresh the index itself). */
function userState(root: string): Record<string, unknown> {
  return {
    head: git(root, 'rev-parse', 'HEAD'),
    status: git(root, 'status', '--porcelain', '--untracked-files=all'),
    refs: git(root, 'for-each-ref'),
    index: statSync(join(root, '.git', 'index')).mtimeMs,
    logs: readdirSync(join(root, '.git', 'logs', 'refs', 'heads')),
  };
}

async function expectCode(promise: Promise<unknown>, code: string): Promise<AppError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  return error as AppError;
}

describe('eval --history on a small git repository', () => {
  let graph: Graph;
  let root: string;
  let before: Record<string, unknown>;
  let report: HistoryReport;
  const stages: string[] = [];

  beforeAll(async () => {
    graph = openTestGraph();
    root = repo();
    before = userState(root);
    report = await runHistoryEval({ graph, log: silentLogger, repoPath: root, tasks: 3, onStage: (s) => stages.push(s) });
  });
  afterAll(async () => {
    await graph.close();
    for (const r of repos) rmSync(r, { recursive: true, force: true });
  });

  it('mines the newest three qualifying commits, oldest first, with the answer = the modified files', () => {
    const log = git(root, 'log', '--format=%H %s').split('\n').map((l) => [l.slice(0, 40), l.slice(41)] as const);
    const shaOf = (subject: string): string => log.find(([, s]) => s === subject)![0];
    expect(report.tasks.map((t) => t.subject)).toEqual([HISTORY[3]!.subject, HISTORY[5]!.subject, HISTORY[7]!.subject]);
    expect(report.tasks.map((t) => t.sha)).toEqual([HISTORY[3]!.subject, HISTORY[5]!.subject, HISTORY[7]!.subject].map(shaOf));
    expect(report.tasks.map((t) => t.expected)).toEqual([
      ['src/app/customers/customers.component.ts'], ['src/app/orders/order.service.ts'], ['src/app/invoice/invoice.component.html'],
    ]);
    expect(report.tasks[2]).toMatchObject({ ticketKey: 'ABC-12', prompt: 'ABC-12: Show the invoice number in the invoice header' });
    for (const t of report.tasks) expect(t.parent).toBe(git(root, 'rev-parse', `${t.sha}^`));
    expect(report.mining).toMatchObject({ qualified: 3, skipped: { 'no-answer-files': 1, 'format-or-lint': 1 } });
  });

  it('scores graphgate and BM25 on every task and summarises both', () => {
    for (const t of report.tasks) {
      expect(t.status).toBe('scored');
      expect(t.graphgate!.top.length).toBeGreaterThan(0);
      expect(t.graphgate!.top.length).toBeLessThanOrEqual(25);
      expect(t.bm25!.top.length).toBeGreaterThan(0);
      expect(['ok', 'pack_insufficient']).toContain(t.graphgate!.outcome);
      expect(t.timings.corpusFiles).toBeGreaterThan(0);
      for (const m of [t.graphgate!.metrics, t.bm25!.metrics]) {
        expect(m.mrr).toBeGreaterThanOrEqual(0);
        expect(m.mrr).toBeLessThanOrEqual(1);
        expect(m.recall25).toBeGreaterThanOrEqual(m.recall10);
      }
    }
    // The invoice component did not exist before its own commit's grandparent: it is in the corpus of the last task only.
    expect(report.tasks[0]!.bm25!.top).not.toContain('src/app/invoice/invoice.component.html');
    expect(report.summary.all.tasks).toBe(3);
    expect(report.summary.all.graphgateVsBm25.tasks).toBe(3);
    expect(report.summary.all.graphgateVsBm25.ci95).not.toBeNull();
    expect(report.timings.perTaskMs.p50).toBeGreaterThan(0);
    const text = renderHistoryReport(report);
    for (const t of report.tasks) expect(text).toContain(t.id.slice(0, 10));
    expect(text).toContain('graphgate vs BM25, Acc@5');
    expect(text).toContain('without repeated subjects');
  });

  it('runs the first task on a snapshot whose ingest only later grows (incremental, one warm project)', () => {
    expect(report.tasks[0]!.timings.parsedFiles).toBeGreaterThan(0);
    expect(report.tasks[1]!.timings.parsedFiles).toBeLessThan(report.tasks[0]!.timings.parsedFiles);
    expect(report.tasks[1]!.timings.bm25Sync).toMatchObject({ changed: expect.any(Number) });
  });

  it('removes the scratch clone and the eval namespace, and leaves the user repository untouched', async () => {
    const scratch = stages.find((s) => s.startsWith('scratch clone at '))!.slice('scratch clone at '.length);
    expect(scratch).toContain(SCRATCH_PREFIX);
    expect(existsSync(scratch)).toBe(false);
    expect(userState(root)).toEqual(before);
    expect(await deleteRepository(graph, historyRepoId(root, undefined))).toBe(0);
  });

  it('refuses a folder that is not a git repository', async () => {
    const plain = mkdtempSync(join(tmpdir(), 'gg-not-git-'));
    repos.push(plain);
    await expectCode(runHistoryEval({ graph, log: silentLogger, repoPath: plain, tasks: 3 }), 'EVAL_NOT_GIT_REPO');
  });

  it('refuses a shallow clone', async () => {
    const shallow = join(mkdtempSync(join(tmpdir(), 'gg-shallow-')), 'clone');
    repos.push(join(shallow, '..'));
    git(tmpdir(), 'clone', '-q', '--depth', '1', `file://${root}`, shallow);
    const e = await expectCode(runHistoryEval({ graph, log: silentLogger, repoPath: shallow, tasks: 3 }), 'EVAL_SHALLOW_CLONE');
    expect(e.message).toMatch(/unshallow/);
  });

  it('refuses a dirty working tree, saying why, and changes nothing', async () => {
    const dirty = repo();
    writeFileSync(join(dirty, 'src/app/orders/order.service.ts'), 'export class OrderService {}\n');
    const status = git(dirty, 'status', '--porcelain');
    const e = await expectCode(runHistoryEval({ graph, log: silentLogger, repoPath: dirty, tasks: 3 }), 'EVAL_DIRTY_WORKTREE');
    expect(e.message).toMatch(/order\.service\.ts/);
    expect(e.message).toMatch(/Commit or stash/);
    expect(git(dirty, 'status', '--porcelain')).toBe(status);
  });

  it('refuses a history with no qualifying commit, and a date window with none', async () => {
    const bumps = repo([
      { subject: 'Initial commit of the app', files: { 'src/a.ts': 'export const a = 1;\n' } },
      { subject: 'chore(release): 1.0.1', files: { 'src/a.ts': 'export const a = 2;\n' } },
      { subject: 'Bump lodash from 4.17.20 to 4.17.21', files: { 'src/a.ts': 'export const a = 3;\n' } },
    ]);
    const e = await expectCode(runHistoryEval({ graph, log: silentLogger, repoPath: bumps, tasks: 3 }), 'EVAL_NO_TASKS');
    expect(e.message).toMatch(/release-or-bump 2/);
    await expectCode(runHistoryEval({ graph, log: silentLogger, repoPath: root, tasks: 3, since: '2030-01-01' }), 'EVAL_NO_TASKS');
  });
});

describe('eval --history interrupted', () => {
  it('removes the scratch clone on SIGINT', async () => {
    const root = makeRepo(HISTORY, 'gg-history-sigint-');
    const neo4j = inject('neo4j');
    const report = join(root, '..', `${SCRATCH_PREFIX}none.json`);
    const child = spawn(process.execPath, [join(packageRoot(), 'dist', 'src', 'eval', 'main.js'), '--history', root, '--tasks', '3', '--out', report], {
      env: { ...process.env, NEO4J_URI: neo4j.uri, NEO4J_USERNAME: neo4j.username, NEO4J_PASSWORD: neo4j.password, GRAPHGATE_LOG_LEVEL: 'error' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    const scratch = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no scratch line: ${stderr}`)), 60_000);
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        const m = /scratch clone at (\S+)/.exec(stderr);
        if (m && /task 1\/3/.test(stderr)) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      });
      child.on('exit', () => reject(new Error(`exited early: ${stderr}`)));
    });
    expect(existsSync(scratch)).toBe(true);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
    child.kill('SIGINT');
    // The guard re-raises SIGINT; when another SIGINT listener is still registered at that moment the
    // process ends by its own exit path instead. Either way the run stops: no report, no scratch.
    const end = await exited;
    expect(end.signal === 'SIGINT' || (end.code ?? 0) !== 0).toBe(true);
    expect(existsSync(report)).toBe(false);
    expect(existsSync(scratch)).toBe(false);
    expect(git(root, 'status', '--porcelain')).toBe('');
    // The namespace it left is deleted by the next run; here by the test.
    const graph = openTestGraph();
    try {
      await deleteRepository(graph, historyRepoId(root, undefined));
    } finally {
      await graph.close();
      rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);
});
