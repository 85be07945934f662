import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/runtime/package-root.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';
import { MAIN, serverEnv } from '../support/mcp-process.js';

const run = promisify(execFile);
const inspector = join(packageRoot(), 'node_modules', '.bin', 'mcp-inspector');
/** A copy of the fixture workspace: initialize_work writes under the repo's .ai/tmp/. */
const fixture = join(realpathSync(mkdtempSync(join(tmpdir(), 'gg-inspector-'))), 'workspace');
cpSync(join(packageRoot(), 'test', 'fixtures', 'workspace'), fixture, { recursive: true });

/** The official MCP Inspector in CLI mode, as a third-party client spawning our server over stdio. */
async function inspect(repoId: string, ...method: string[]): Promise<{ code: number; out: unknown }> {
  const env = serverEnv(repoId);
  const envArgs = Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
  try {
    const { stdout } = await run(inspector, ['--cli', ...envArgs, process.execPath, MAIN, 'mcp', '--repo', fixture, ...method], { timeout: 90_000 });
    return { code: 0, out: JSON.parse(stdout) };
  } catch (error) {
    const e = error as { code?: number; stdout?: string };
    return { code: e.code ?? -1, out: e.stdout ? (JSON.parse(e.stdout) as unknown) : null };
  }
}

describe('MCP Inspector CLI as a third-party client', () => {
  const repoId = testNamespace('inspector');
  // initialize_work refuses a repository the graph has never seen (REPO_NOT_INGESTED): ingest it first, as a user would.
  beforeAll(async () => {
    await run(process.execPath, [MAIN, 'ingest', fixture, '--repo-id', repoId, '--json'], { env: serverEnv(repoId), timeout: 120_000 });
  }, 180_000);
  afterAll(async () => {
    rmSync(join(fixture, '..'), { recursive: true, force: true });
    const graph = openTestGraph();
    await cleanNamespace(graph, repoId);
    await graph.close();
  });

  it('lists exactly one tool, controller_turn, with input and output schemas', async () => {
    const { code, out } = await inspect(repoId, '--method', 'tools/list');
    expect(code).toBe(0);
    const tools = (out as { tools: Array<{ name: string; inputSchema: unknown; outputSchema?: unknown }> }).tools;
    expect(tools.map((t) => t.name)).toEqual(['controller_turn']);
    expect(tools[0]?.inputSchema).toMatchObject({ type: 'object', required: ['verb'] });
    expect(tools[0]?.outputSchema).toBeDefined();
  });

  it('calls the tool: initialize_work succeeds with a structured envelope', async () => {
    const { code, out } = await inspect(repoId, '--method', 'tools/call', '--tool-name', 'controller_turn',
      '--tool-arg', 'verb=initialize_work', '--tool-arg', 'originalPrompt=Show the order detail page from the orders grid');
    expect(code).toBe(0);
    const result = out as { isError?: boolean; structuredContent: { state: string; workId: string; schemaVersion: string } };
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ state: 'PLANNING', schemaVersion: '2.0.0' });
    expect(result.structuredContent.workId).toMatch(/\w+/);
  });

  // Inspector 0.15 (the last release that runs on Node 20) prints an error result and exits 0;
  // later releases exit non-zero. Either way the client sees isError and our deny envelope.
  it('reports a denied turn as a tool error carrying our deny envelope', async () => {
    const { out } = await inspect(repoId, '--method', 'tools/call', '--tool-name', 'controller_turn', '--tool-arg', 'verb=list_available_verbs');
    expect(out).toMatchObject({ isError: true });
    expect(JSON.stringify(out)).toContain('VERB_RETIRED');
  });
});
