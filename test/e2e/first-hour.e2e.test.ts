import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnResponseSchema, type TurnResponse } from '../../src/controller/envelope.schema.js';
import type { Graph } from '../../src/graph/graph.js';
import { repoSnapshotQuery } from '../../src/retrieval/lanes/lane.queries.js';
import { git } from '../support/agent-loop-fixture.js';
import { FIXTURE_ROOT } from '../support/extract-fixture.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';
import { MAIN, serverEnv } from '../support/mcp-process.js';

const run = promisify(execFile);

// As a new user: `graphgate init --client claude-code` in a repository, then the client starts the entry
// it wrote, and the first initialize_work returns a real pack with no manual ingest.
describe('first hour: init, then the first turn ingests by itself', () => {
  let graph: Graph;
  let parent: string;
  let root: string;
  const repoId = testNamespace('first-hour');
  const clients: Client[] = [];

  beforeAll(() => {
    graph = openTestGraph();
    parent = realpathSync(mkdtempSync(join(tmpdir(), 'gg-first-hour-')));
    root = join(parent, 'app');
    cpSync(FIXTURE_ROOT, root, { recursive: true });
    git(root, 'init', '-q', '-b', 'main');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'app');
  });
  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    await cleanNamespace(graph, repoId);
    await graph.close();
    rmSync(parent, { recursive: true, force: true });
  });

  const connect = async (extra: Record<string, string> = {}): Promise<Client> => {
    const entry = JSON.parse(readFileSync(join(root, '.mcp.json'), 'utf8')).mcpServers.graphgate as { command: string; args: string[] };
    const transport = new StdioClientTransport({ command: entry.command, args: entry.args, env: serverEnv(repoId, extra), stderr: 'pipe' });
    const client = new Client({ name: 'first-hour', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    return client;
  };
  const initialize = async (client: Client, progress: string[] = []): Promise<TurnResponse> => {
    const res = await client.callTool({ name: 'controller_turn', arguments: { verb: 'initialize_work', originalPrompt: 'Show the order detail page from the orders grid' } }, undefined, {
      onprogress: (p) => void progress.push(String(p.message ?? p.progress)), timeout: 120_000,
    });
    return TurnResponseSchema.parse(res.structuredContent);
  };

  it('init writes the client entry and the instructions, and says so once', async () => {
    const env = serverEnv(repoId);
    const first = await run(process.execPath, [MAIN, 'init', '--repo', root, '--client', 'claude-code', '--no-ingest'], { env });
    expect(first.stdout).toContain('created  .mcp.json');
    expect(readFileSync(join(root, 'CLAUDE.md'), 'utf8')).toContain('initialize_work');
    const again = await run(process.execPath, [MAIN, 'init', '--repo', root, '--client', 'claude-code', '--no-ingest'], { env });
    expect(again.stdout).toContain('Nothing to change');
  });

  it('with auto-ingest off, the first turn names the missing ingest (REPO_NOT_INGESTED)', async () => {
    const res = await initialize(await connect({ GRAPHGATE_AUTO_INGEST: 'false' }));
    expect(res.deny).toMatchObject({ code: 'REPO_NOT_INGESTED', retryable: false });
    expect(res.deny?.message).toContain(`graphgate ingest ${root}`);
  });

  it('by default the first initialize_work ingests the repository (with progress) and returns a real pack', async () => {
    const client = await connect();
    const progress: string[] = [];
    let res = await initialize(client, progress);
    for (let i = 0; res.deny?.code === 'REPO_INGESTING' && i < 20; i++) {
      await new Promise((r) => setTimeout(r, Number(res.deny?.details.retryAfterMs ?? 2_000)));
      res = await initialize(client, progress);
    }
    expect(res.deny).toBeUndefined();
    expect(res.state).toBe('PLANNING');
    expect(res.contextPack?.fileCount ?? 0).toBeGreaterThan(0);
    expect(progress.some((m) => m.startsWith('ingesting the repository'))).toBe(true);
    const [row] = await graph.read(repoSnapshotQuery, { repoId });
    expect(row?.snapshotId).toMatch(/^git:/);
  });
});
