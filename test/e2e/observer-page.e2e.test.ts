import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { promisify } from 'node:util';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnResponseSchema, type TurnResponse } from '../../src/controller/envelope.schema.js';
import { chromiumPath } from '../../src/doctor/machine-checks.js';
import type { Graph } from '../../src/graph/graph.js';
import { makeFixtureRepo, writeFixtureFacts, type FixtureRepo } from '../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';
import { connectClient, MAIN, serverEnv } from '../support/mcp-process.js';

const SCREENSHOT = '/tmp/observer-console.png';
const XSS_PROMPT = 'Fix the <img src=x onerror="globalThis.__xss=1"> list </td><script>globalThis.__xss=2</script>';
const XSS_PATH = 'src/<img src=y onerror="globalThis.__xss=3">.ts';

/** Starts the built `graphgate observe --json` (a process of its own) and waits for its URL. */
async function startObserver(repoRoot: string, repoId: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [MAIN, 'observe', repoRoot, '--port', '0', '--json', '--repo-id', repoId], { env: serverEnv(null), stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`graphgate observe exited with ${code} before it was ready`)));
  });
  return { child, url };
}

// The console page in headless Chromium: its own process reads the graph, while turns are made by
// another process over MCP stdio; the page must show them live and render hostile text inert.
describe('observer console page in headless Chromium', () => {
  const repoId = testNamespace('observe-page');
  let graph: Graph;
  let repo: FixtureRepo;
  let client: Client;
  let observer: { child: ChildProcess; url: string };
  let browser: Browser;
  let page: Page;
  const foreign: string[] = [];
  const dialogs: string[] = [];

  const turn = async (args: Record<string, unknown>): Promise<TurnResponse> => {
    const result = await client.callTool({ name: 'controller_turn', arguments: args });
    return TurnResponseSchema.parse(result.structuredContent);
  };

  beforeAll(async () => {
    graph = openTestGraph();
    repo = makeFixtureRepo();
    await writeFixtureFacts(graph, repoId);
    ({ client } = await connectClient(repo.root, repoId));
    observer = await startObserver(repo.root, repoId);
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on('request', (req) => {
      if (new URL(req.url()).host !== new URL(observer.url).host) foreign.push(req.url());
    });
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  });

  afterAll(async () => {
    await browser?.close();
    await client?.close();
    if (observer && observer.child.exitCode === null) {
      observer.child.kill('SIGTERM');
      await once(observer.child, 'exit');
    }
    await cleanNamespace(graph, repoId);
    repo?.dispose();
    await graph?.close();
  });

  it('loads with no external request and lists a work and turn that existed before', async () => {
    const init = await turn({ verb: 'initialize_work', originalPrompt: 'Rename the user list' });
    await page.goto(observer.url);
    await page.locator(`#turns tr[data-turn-id="${init.traceRef}"]`).waitFor({ timeout: 15_000 });
    await page.locator(`#works tr[data-work-id="${init.workId}"]`).waitFor({ timeout: 15_000 });
    await expect.poll(() => page.locator('#stream').textContent(), { timeout: 10_000 }).toBe('live');
    expect(await page.locator('#repo').textContent()).toBe(repoId);
    expect(foreign).toEqual([]);
  });

  it('shows a turn made over MCP stdio by another process live, without a reload', async () => {
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    const init = await turn({ verb: 'initialize_work', originalPrompt: 'user service' });
    const row = page.locator(`#turns tr[data-turn-id="${init.traceRef}"]`);
    await row.waitFor({ timeout: 10_000 });
    expect(await row.locator('td').nth(2).textContent()).toBe('initialize_work');
    expect(navigations).toEqual([]);
    // Works and metrics follow the stream.
    await page.locator(`#works tr[data-work-id="${init.workId}"]`).waitFor({ timeout: 10_000 });
    await page.locator('#latency tr[data-verb="initialize_work"]').waitFor({ timeout: 10_000 });
    // The turn's other events come from the graph too: the new work's state change, from the other process.
    await expect.poll(() => page.locator('#activity').textContent(), { timeout: 10_000 }).toBe(`${init.workId}: UNINITIALIZED → PLANNING`);
  });

  it('renders a hostile prompt and a hostile file path as text: no element made, no script run', async () => {
    const init = await turn({ verb: 'initialize_work', originalPrompt: XSS_PROMPT });
    const denied = await turn({ verb: 'read_file_lines', workId: init.workId, agentId: init.agentId, args: { filePath: XSS_PATH } });
    expect(denied.outcome).toBe('denied');
    const turnRow = page.locator(`#turns tr[data-turn-id="${denied.traceRef}"]`);
    await turnRow.waitFor({ timeout: 10_000 });
    expect(await turnRow.locator('td').nth(8).textContent()).toBe(XSS_PATH);
    const prompt = page.locator(`#works tr[data-work-id="${init.workId}"] td.prompt`);
    await prompt.waitFor({ timeout: 10_000 });
    expect(await prompt.textContent()).toBe(XSS_PROMPT);
    await page.locator(`#rejections tr[data-code="${denied.deny!.code}"]`).waitFor({ timeout: 10_000 });
    expect(await page.locator('img, main script').count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(foreign).toEqual([]);
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
  });
});

describe('graphgate observe (the command)', () => {
  const run = promisify(execFile);

  it('refuses a non-loopback --host: the console has no authentication yet', async () => {
    const failed = await run(process.execPath, [MAIN, 'observe', '--host', '0.0.0.0', '--repo-id', 'any', '--json'], { env: serverEnv(null) }).then(() => null, (error: { code: number; stdout: string; stderr: string }) => error);
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toBe('');
    expect(failed?.stderr).toContain('[INVALID_CONFIG]');
  });

  it('listens on GRAPHGATE_DASHBOARD_PORT, on 127.0.0.1', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as { port: number }).port;
    await new Promise((resolve) => probe.close(resolve));
    const child = spawn(process.execPath, [MAIN, 'observe', '--repo-id', testNamespace('observe-port'), '--json'], {
      env: { ...serverEnv(null), GRAPHGATE_DASHBOARD_PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout! }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
      });
      expect(JSON.parse(line)).toMatchObject({ url: `http://127.0.0.1:${port}/`, port });
      const health = await fetch(`http://127.0.0.1:${port}/health`);
      expect(health.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });
});
