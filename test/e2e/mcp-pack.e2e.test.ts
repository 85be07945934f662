import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnResponseSchema, type TurnResponse } from '../../src/controller/envelope.schema.js';
import type { Graph } from '../../src/graph/graph.js';
import { packageRoot } from '../../src/runtime/package-root.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';
import { connectClient, MAIN, serverEnv } from '../support/mcp-process.js';
import { citedPaths } from '../support/pack-citations.js';

/** initialize_work and escalate over stdio with the SDK client, on the ingested fixture workspace. */
describe('initialize_work and escalate over MCP stdio', () => {
  let graph: Graph;
  let repo: string;
  let client: Client;
  const repoId = testNamespace('mcp-pack');
  const progress: string[] = [];
  const call = async (args: Record<string, unknown>): Promise<TurnResponse> => {
    const res = await client.callTool({ name: 'controller_turn', arguments: args }, undefined, { onprogress: (p) => void progress.push(String(p.message ?? p.progress)), timeout: 60_000 });
    return TurnResponseSchema.parse(res.structuredContent);
  };

  beforeAll(async () => {
    graph = openTestGraph();
    repo = join(realpathSync(mkdtempSync(join(tmpdir(), 'gg-mcp-pack-'))), 'workspace');
    cpSync(join(packageRoot(), 'test', 'fixtures', 'workspace'), repo, { recursive: true, filter: (src) => !src.includes(join('.ai', 'tmp')) });
    execFileSync(process.execPath, [MAIN, 'ingest', repo, '--json', '--repo-id', repoId], { env: serverEnv(null), encoding: 'utf8' });
    ({ client } = await connectClient(repo, repoId));
  });
  afterAll(async () => {
    await client?.close();
    await cleanNamespace(graph, repoId);
    rmSync(join(repo, '..'), { recursive: true, force: true });
    await graph.close();
  });

  it('builds the pack, reports progress, and grows it on escalate with a delta', async () => {
    const init = await call({ verb: 'initialize_work', originalPrompt: 'Clicking the order id in the orders grid should open OrderDetailComponent' });
    expect(init).toMatchObject({ state: 'PLANNING', outcome: 'ok', knowledgeStrategy: { strategyId: 'ui_aggrid_feature' } });
    expect(progress.length).toBeGreaterThan(0);
    const pack = (init.result as { contextPack: { chains: Array<{ type: string; status: string; hops: string[] }> } }).contextPack;
    expect(citedPaths(init.result)).toContain('projects/host/src/app/orders/order-detail/order-detail.component.ts');
    expect(pack.chains).toContainEqual(expect.objectContaining({ type: 'aggrid_origin', status: 'complete' }));
    const ids = { workId: init.workId, agentId: init.agentId };
    const esc = await call({ verb: 'escalate', ...ids, args: { need: 'I also need the federated remote home route /remote-home', requestedEvidence: [{ type: 'scope_expand', detail: 'RemoteHomeComponent' }] } });
    expect(esc.state).toBe('PLANNING');
    const delta = (esc.result as { delta: { addedFiles: string[]; version: number } }).delta;
    expect(delta.version).toBe(2);
    expect(delta.addedFiles.length).toBeGreaterThan(0);
    expect(esc.contextPack?.hash).not.toBe(init.contextPack?.hash);
    const read = await call({ verb: 'read_file_lines', ...ids, args: { filePath: delta.addedFiles[0], startLine: 1, endLine: 1 } });
    expect(read.outcome).toBe('ok');
  });
});
