import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnResponseSchema } from '../../src/controller/envelope.schema.js';
import type { Graph } from '../../src/graph/graph.js';
import { cleanNamespace, openTestGraph } from '../support/graph.js';
import { connectClient, MAIN, serverEnv } from '../support/mcp-process.js';
import { readShapes } from '../../src/graph/statement-shapes.js';
import { citedPaths } from '../support/pack-citations.js';
import { until } from '../support/until.js';

const FILES: Record<string, string> = {
  'src/app/users/user.service.ts': "import { Injectable } from '@angular/core';\n@Injectable()\nexport class UserService {\n  all() { return []; }\n}\n",
  'src/app/users/user-list.component.ts': "import { Component } from '@angular/core';\nimport { UserService } from './user.service';\n@Component({ selector: 'app-user-list', template: '<p>users</p>' })\nexport class UserListComponent {\n  constructor(private users: UserService) {}\n}\n",
  'src/app/orders/orders.component.ts': 'export class OrdersComponent {}\n',
};

/** The real pipeline: `graphgate ingest`, then the MCP server finds the same repoId on its own. */
describe('graphgate mcp on an ingested repository', () => {
  let graph: Graph;
  let repo: string;
  let repoId: string;
  let client: Client;
  let shapesFile: string;

  beforeAll(async () => {
    graph = openTestGraph();
    repo = join(realpathSync(mkdtempSync(join(tmpdir(), 'gg-ingested-'))), 'app');
    for (const [path, text] of Object.entries(FILES)) {
      mkdirSync(dirname(join(repo, path)), { recursive: true });
      writeFileSync(join(repo, path), text);
    }
    const env = serverEnv(null);
    const summary = JSON.parse(execFileSync(process.execPath, [MAIN, 'ingest', repo, '--json'], { env, encoding: 'utf8' })) as { repoId: string };
    repoId = summary.repoId;
    shapesFile = join(dirname(repo), 'statement-shapes.json');
    ({ client } = await connectClient(repo, null, { GRAPHGATE_STATEMENT_SHAPES: shapesFile }));
  });
  afterAll(async () => {
    await client?.close();
    await cleanNamespace(graph, repoId);
    rmSync(dirname(repo), { recursive: true, force: true });
    await graph.close();
  });

  it('builds the pack from ingested facts and reads inside it', async () => {
    const call = async (args: Record<string, unknown>) => TurnResponseSchema.parse((await client.callTool({ name: 'controller_turn', arguments: args })).structuredContent);
    const init = await call({ verb: 'initialize_work', originalPrompt: 'Add paging to the users list' });
    expect(init.outcome).toBe('ok');
    expect(citedPaths(init.result).sort()).toEqual(['src/app/users/user-list.component.ts', 'src/app/users/user.service.ts']);
    const ids = { workId: init.workId, agentId: init.agentId };
    const def = await call({ verb: 'lookup_symbol_definition', ...ids, args: { symbol: 'UserService', includeSource: true } });
    expect((def.result.definitions as Array<{ path: string; source: string }>)[0]).toMatchObject({ path: 'src/app/users/user.service.ts', source: expect.stringContaining('export class UserService') });
    const trace = await call({ verb: 'trace_symbol_graph', ...ids, args: { filePath: 'src/app/users/user-list.component.ts' } });
    expect((trace.result.neighbours as Array<{ rel: string }>).map((n) => n.rel)).toContain('IMPORTS');
    const outside = await call({ verb: 'read_file_lines', ...ids, args: { filePath: 'src/app/orders/orders.component.ts' } });
    expect(outside.deny?.code).toBe('PLAN_SCOPE_VIOLATION');
  });

  it('`ingest --max-project-files` streams a full run through a bounded project; a bad count is refused', async () => {
    const env = serverEnv(null);
    const streamedId = `${repoId}-streamed`;
    try {
      const summary = JSON.parse(execFileSync(process.execPath, [MAIN, 'ingest', repo, '--json', '--repo-id', streamedId, '--max-project-files', '1'], { env, encoding: 'utf8' })) as {
        project: { mode: string; files: number; maxFiles?: number; dropped?: number };
      };
      expect(summary.project).toEqual({ mode: 'streamed', files: 0, maxFiles: 1, dropped: 3 });
      // `auto` (the default) holds every file of a repository this small.
      const auto = JSON.parse(execFileSync(process.execPath, [MAIN, 'ingest', repo, '--json', '--repo-id', `${streamedId}-auto`, '--max-project-files', 'auto'], { env, encoding: 'utf8' })) as typeof summary;
      expect(auto.project).toEqual({ mode: 'all', files: expect.any(Number) });
    } finally {
      await cleanNamespace(graph, streamedId);
      await cleanNamespace(graph, `${streamedId}-auto`);
    }
    let refusal = '';
    try {
      execFileSync(process.execPath, [MAIN, 'ingest', repo, '--max-project-files', 'many'], { env, encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      refusal = String((error as { stderr?: string }).stderr);
    }
    expect(refusal).toContain("option '--max-project-files <n|auto>' argument 'many' is invalid");
  });

  it('records the shapes of the statements it ran, and `ingest --warm-plans` has the server plan them', async () => {
    await client.close();
    expect(await until(async () => readShapes(shapesFile).some((s) => s.query === 'session/create-work'), 15_000)).toBe(true);
    expect(readShapes(shapesFile).some((s) => s.query.startsWith('retrieval/'))).toBe(true);
    const env = serverEnv(null, { GRAPHGATE_STATEMENT_SHAPES: shapesFile });
    const second = JSON.parse(execFileSync(process.execPath, [MAIN, 'ingest', repo, '--json', '--warm-plans', '--repo-id', `${repoId}-warm`], { env, encoding: 'utf8' })) as {
      planWarmUp?: { shapes: number; warmed: number; failed: number };
    };
    await cleanNamespace(graph, `${repoId}-warm`);
    expect(second.planWarmUp?.shapes).toBeGreaterThan(10);
    expect(second.planWarmUp?.warmed).toBeGreaterThan(second.planWarmUp!.shapes / 2);
  });
});
