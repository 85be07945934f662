import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import { freePort } from '../../../src/graph/local-neo4j/ports.js';
import type { Graph } from '../../../src/graph/graph.js';
import { runDoctor, type DoctorReport } from '../../../src/doctor/run-doctor.js';
import { daemonEndpoint } from '../../../src/daemon/endpoint.js';
import { startIngestDaemon } from '../../../src/daemon/server.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { createGitRepo, type TempGitRepo } from '../../support/git-repo.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { MINI_FILES } from '../../support/mini-workspace.js';

const byId = (report: DoctorReport, id: string) => report.checks.find((c) => c.id === id);

describe('graphgate doctor against the real test server', () => {
  let graph: Graph;
  let repo: TempGitRepo;
  let home: string;
  const repoId = testNamespace('doctor');
  const saved = { ...process.env };

  beforeAll(() => {
    graph = openTestGraph();
    repo = createGitRepo('graphgate-doctor-');
    const files = Object.fromEntries(Object.entries(MINI_FILES).filter(([p]) => p.startsWith('src/') && !p.includes('broken')));
    repo.commit('init', files, 1_700_000_000);
    home = mkdtempSync(join(tmpdir(), 'graphgate-doctor-home-'));
    const neo4j = inject('neo4j');
    Object.assign(process.env, { NEO4J_URI: neo4j.uri, NEO4J_USERNAME: neo4j.username, NEO4J_PASSWORD: neo4j.password, GRAPHGATE_REPO_ID: repoId, HOME: home });
  });
  afterAll(async () => {
    process.env = saved;
    await cleanNamespace(graph, repoId);
    await graph.close();
    repo.remove();
    rmSync(home, { recursive: true, force: true });
  });

  it('fails on a repository that was never ingested, naming the ingest command', async () => {
    const report = await runDoctor({ repo: repo.root });
    expect(byId(report, 'neo4j-connect')?.status).toBe('ok');
    expect(byId(report, 'schema')).toMatchObject({ status: 'ok' });
    expect(byId(report, 'ingested')).toMatchObject({ status: 'fail', fix: `graphgate ingest ${repo.root}` });
    expect(report.ok).toBe(false);
    expect(byId(report, 'clients')).toMatchObject({ status: 'warn' });
  });

  it('is green once ingested, then reports a changed file as stale', async () => {
    await ingestRepository({ graph, root: repo.root, log: silentLogger, settings: { repoId } });
    const fresh = await runDoctor({ repo: repo.root });
    expect(byId(fresh, 'ingested')).toMatchObject({ status: 'ok' });
    expect(byId(fresh, 'ingested')?.summary).toContain(repoId);
    expect(byId(fresh, 'fresh')).toMatchObject({ status: 'ok' });
    expect(byId(fresh, 'parse-events')?.status).not.toBe('fail');

    repo.write('src/app/shared/order.service.ts', 'export class OrderService { total = 0; }\n');
    repo.write('src/app/shared/new.ts', 'export const added = 1;\n');
    const stale = await runDoctor({ repo: repo.root });
    expect(byId(stale, 'fresh')).toMatchObject({ status: 'warn', summary: '1 changed, 1 added, 0 deleted since the last ingest' });
  });

  it('checks each client entry that names graphgate: a missing script fails, a real one passes', async () => {
    writeFileSync(join(repo.root, '.mcp.json'), JSON.stringify({ mcpServers: { graphgate: { command: process.execPath, args: ['/nonexistent/graphgate/main.js', 'mcp', '--repo', repo.root] } } }));
    mkdirSync(join(repo.root, '.vscode'));
    writeFileSync(join(repo.root, '.vscode', 'mcp.json'), JSON.stringify({ servers: { graphgate: { type: 'stdio', command: 'node', args: [join(process.cwd(), 'package.json'), 'mcp', '--repo', repo.root] } } }));
    mkdirSync(join(home, '.codex'));
    writeFileSync(join(home, '.codex', 'config.toml'), `[mcp_servers.graphgate]\ncommand = "graphgate-not-installed"\nargs = ["mcp", "--repo", "${repo.root}"]\n`);
    const report = await runDoctor({ repo: repo.root });
    expect(byId(report, 'client:claude-code')).toMatchObject({ status: 'fail' });
    expect(byId(report, 'client:claude-code')?.summary).toContain('/nonexistent/graphgate/main.js does not exist');
    expect(byId(report, 'client:vscode')).toMatchObject({ status: 'ok' });
    expect(byId(report, 'client:codex')).toMatchObject({ status: 'fail' });
    expect(byId(report, 'client:codex')?.summary).toContain('command graphgate-not-installed not found');
    expect(byId(report, 'clients')).toBeUndefined();
    expect(report.ok).toBe(false);
  });

  it('reports the ingest daemon: none is fine, one of this build is ok, one of another build is a warning with its fix', async () => {
    process.env.GRAPHGATE_HOME = join(home, 'gg');
    expect(byId(await runDoctor(), 'daemon')).toMatchObject({ status: 'ok', summary: expect.stringContaining('no ingest daemon runs') });
    const ours = await startIngestDaemon({ graph, endpoint: daemonEndpoint(), log: silentLogger, idleMs: 0, ingest: async () => ({}) });
    try {
      expect(byId(await runDoctor(), 'daemon')).toMatchObject({ status: 'ok', summary: expect.stringContaining(`ingest daemon running (pid ${process.pid}`) });
    } finally {
      await ours.close();
    }
    const older = await startIngestDaemon({ graph, endpoint: daemonEndpoint(), log: silentLogger, idleMs: 0, ingest: async () => ({}), build: '0.0.9+1' });
    try {
      expect(byId(await runDoctor(), 'daemon')).toMatchObject({ status: 'warn', fix: 'graphgate daemon stop, then graphgate daemon start' });
    } finally {
      await older.close();
    }
  });

  it('never hangs on a server that does not answer: the connect check fails within its deadline', async () => {
    const port = await freePort();
    const before = process.env.NEO4J_URI;
    process.env.NEO4J_URI = `bolt://127.0.0.1:${port}`;
    try {
      const started = Date.now();
      const report = await runDoctor({ repo: repo.root, timeoutMs: 3_000 });
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(byId(report, 'neo4j-connect')).toMatchObject({ status: 'fail' });
      expect(byId(report, 'ingested')).toMatchObject({ status: 'skip' });
      expect(report.ok).toBe(false);
    } finally {
      process.env.NEO4J_URI = before;
    }
  });
});
