import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromiumPath } from '../../src/doctor/machine-checks.js';
import type { Graph } from '../../src/graph/graph.js';
import { packageRoot } from '../../src/runtime/package-root.js';
import { seedFacts } from '../support/graphql-facts.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';

const cli = join(packageRoot(), 'dist', 'src', 'cli', 'main.js');
const SCREENSHOT = '/tmp/graphiql.png';

/** Starts the built `graphgate graphql --json` on the suite's Neo4j and waits for its URL. */
async function startCli(): Promise<{ child: ChildProcess; url: string }> {
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run \`npm run build\` first (npm test does).`);
  const { uri, username, password } = inject('neo4j');
  const child = spawn('node', [cli, 'graphql', '--port', '0', '--json'], {
    env: { ...process.env, NEO4J_URI: uri, NEO4J_USERNAME: username, NEO4J_PASSWORD: password, GRAPHGATE_GRAPHQL_MUTATIONS: '' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const ready = new Promise<string>((resolve, reject) => {
    lines.once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`graphgate graphql exited with ${code} before it was ready`)));
  });
  return { child, url: await ready };
}

describe('GraphiQL in headless Chromium', () => {
  const repoId = testNamespace('graphiql');
  let graph: Graph;
  let server: { child: ChildProcess; url: string };
  let browser: Browser;

  beforeAll(async () => {
    graph = openTestGraph();
    await seedFacts(graph, repoId);
    server = await startCli();
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  });

  afterAll(async () => {
    await browser?.close();
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await once(server.child, 'exit');
    }
    await cleanNamespace(graph, repoId);
    await graph.close();
  });

  it('loads GraphiQL without any external request, runs a query and shows the result', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const foreign: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (!['blob:', 'data:'].includes(url.protocol) && url.host !== new URL(server.url).host) foreign.push(req.url());
    });
    const bodies: Array<Promise<string>> = [];
    page.on('response', (res) => {
      if (res.request().method() === 'POST' && res.url().startsWith(server.url)) bodies.push(res.text());
    });
    const query = [
      '{',
      `  files(where: { repoId: { eq: "${repoId}" } }, sort: [{ path: ASC }]) {`,
      '    path',
      '    defines(sort: [{ name: ASC }]) { name }',
      '  }',
      '}',
    ].join('\n');
    await page.goto(`${server.url}?query=${encodeURIComponent(query)}`);

    const run = page.locator('.graphiql-execute-button');
    await run.waitFor({ state: 'visible', timeout: 30_000 });
    await run.click();

    const response = page.locator('.graphiql-response');
    await expect.poll(async () => response.innerText(), { timeout: 30_000 }).toContain('OrdersService');
    // Monaco renders spaces as no-break spaces; compare with whitespace normalised.
    const text = (await response.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('"path": "src/app/orders/orders.component.ts"');
    expect(text).toContain('"name": "OrdersComponent"');
    expect(text).toContain('"name": "loadOrders"');
    expect(text).not.toContain('"errors"');

    await page.screenshot({ path: SCREENSHOT });
    expect(foreign).toEqual([]);
    // GraphiQL's own schema introspection passed the server's query limits too.
    const answers = await Promise.all(bodies);
    expect(answers.some((body) => body.includes('"__schema"'))).toBe(true);
    expect(answers.filter((body) => body.includes('"errors"'))).toEqual([]);
  });

  it('stops cleanly on SIGTERM', async () => {
    server.child.kill('SIGTERM');
    const [code] = (await once(server.child, 'exit')) as [number | null];
    expect(code).toBe(0);
  });
});
