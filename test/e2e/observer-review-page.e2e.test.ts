import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../ingest/index.js';
import { TurnResponseSchema, type TurnResponse } from '../../src/controller/envelope.schema.js';
import type { TurnDispatcher } from '../../src/controller/turn-dispatcher.js';
import { startDashboardServer, type DashboardServer } from '../../src/dashboard/index.js';
import { chromiumPath } from '../../src/doctor/machine-checks.js';
import type { Graph } from '../../src/graph/graph.js';
import { silentLogger } from '../../src/runtime/logger.js';
import { WorkStore } from '../../src/session/index.js';
import { makeDispatcher, testConfig } from '../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';
import { copyFixture, PLAN_TEST_GATES, workWithWeakTwin } from '../support/plan-fixture.js';

const SCREENSHOT = '/tmp/observer-console-review.png';
const TOKEN = 'observer-page-review-token-0123456789';
const XSS_PROMPT = 'Fix the <img src=x onerror="globalThis.__xss=1"> grid </td><script>globalThis.__xss=2</script>';
const XSS_NOTES = 'map by hand <img src=y onerror="globalThis.__xss=3"><svg onload="globalThis.__xss=4">';
const CANDIDATE_RULE = JSON.stringify({
  id: 'migration.adp-tooltip', type: 'migration_rule', version: 1, updated_at: '2026-02-01T10:00:00Z', updated_by: 'test',
  from_tag: 'adp-tooltip', to_tag: 'sdf-tooltip', status: 'candidate', notes: XSS_NOTES,
});

// The console page's pictures and review queue in headless Chromium over real controller turns: the
// rejection heatmap and sparklines drawn, a work's view with its state path and plan, hostile text
// inert, and approve working only with the token the person types.
describe('observer console page: pictures, work view and review (headless Chromium)', () => {
  const repoId = testNamespace('observe-review-page');
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  let ctl: TurnDispatcher;
  let review: DashboardServer;
  let readOnly: DashboardServer;
  let browser: Browser;
  let page: Page;
  const works: Array<{ workId: string; agentId: string }> = [];
  const foreign: string[] = [];
  const dialogs: string[] = [];
  const turn = async (args: Record<string, unknown>): Promise<TurnResponse> => TurnResponseSchema.parse(await ctl.turn(args));
  const pendingIds = async (): Promise<string[]> => {
    const body = (await (await fetch(`${review.url}policies/pending`)).json()) as { memories: Array<{ id: string }> };
    return body.memories.map((m) => m.id);
  };
  const noScriptRan = async (): Promise<void> => {
    expect(await page.locator('main img, main script, main iframe').count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  };

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = copyFixture();
    mkdirSync(join(fixture.root, '.ai', 'graph', 'seed'), { recursive: true });
    writeFileSync(join(fixture.root, '.ai', 'graph', 'seed', 'migration.jsonl'), `${CANDIDATE_RULE}\n`);
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId }, totals: false });
    ctl = makeDispatcher(graph, fixture.root, repoId, {
      config: testConfig(repoId, { gates: PLAN_TEST_GATES, locks: { overlapPolicy: 'block', leaseSeconds: 900 } }),
      sessions: new WorkStore({ graph, repoId, rejectionThreshold: 1 }),
    });
    for (const fix of [true, false]) {
      const { ids, good, weak } = await workWithWeakTwin(turn, graph, repoId, fixture.root);
      expect((await turn({ verb: 'submit_execution_plan', ...ids, args: { planGraph: weak } })).deny?.code).toBe('PLAN_VERIFICATION_WEAK');
      if (fix) expect((await turn({ verb: 'submit_execution_plan', ...ids, args: { planGraph: good } })).state).toBe('PLAN_ACCEPTED');
      works.push(ids);
    }
    const hostile = await turn({ verb: 'initialize_work', originalPrompt: XSS_PROMPT });
    works.push({ workId: hostile.workId!, agentId: hostile.agentId! });
    review = await startDashboardServer({ graph, repoId, port: 0, log: silentLogger, reviewToken: TOKEN, pollMs: 200 });
    readOnly = await startDashboardServer({ graph, repoId, port: 0, log: silentLogger, pollMs: 200 });
    browser = await chromium.launch({
      executablePath: chromiumPath(),
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on('request', (req) => {
      const host = new URL(req.url()).host;
      if (host !== new URL(review.url).host && host !== new URL(readOnly.url).host) foreign.push(req.url());
    });
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(review.url);
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await review?.close();
    await readOnly?.close();
    await cleanNamespace(graph, repoId);
    fixture?.dispose();
    await graph?.close();
  });

  it('draws the rejection heatmap and a latency sparkline per verb as pictures, with no external request', async () => {
    const cell = page.locator('#heatmap svg rect.cell[data-code="PLAN_VERIFICATION_WEAK"]');
    await cell.waitFor({ timeout: 15_000 });
    expect(await cell.locator('title').textContent()).toMatch(/^PLAN_VERIFICATION_WEAK in .+: 2 refusal\(s\) in 2 work\(s\)$/);
    expect(await page.locator('#heatmap svg text.code').allTextContents()).toEqual(['PLAN_VERIFICATION_WEAK']);
    const spark = page.locator('#latency tr[data-verb="submit_execution_plan"] svg.sparkline polyline');
    await spark.waitFor({ timeout: 10_000 });
    expect((await spark.getAttribute('points'))!.split(' ')).toHaveLength(3);
    expect(await page.locator('#friction-rate').textContent()).toBe('50% resolved (1 of 2 refusals fixed by a later pass)');
    expect(foreign).toEqual([]);
  });

  it('opens a work: its state path drawn as a chain, its plan nodes with status', async () => {
    await page.locator(`#works tr[data-work-id="${works[0]!.workId}"] button.link`).click();
    await page.locator('#work-path svg.state-chain g[data-state="PLAN_ACCEPTED"]').waitFor({ timeout: 10_000 });
    expect(await page.locator('#work-title').textContent()).toBe(works[0]!.workId);
    const states = await page.locator('#work-path svg.state-chain g.state').evaluateAll((groups) => groups.map((g) => g.getAttribute('data-state')));
    expect(states.at(-1)).toBe('PLAN_ACCEPTED');
    expect(await page.locator('#work-path svg line.edge').count()).toBeGreaterThanOrEqual(1);
    const nodes = page.locator('#work-nodes tbody tr');
    expect(await nodes.count()).toBeGreaterThan(1);
    expect(await page.locator('#work-nodes tbody tr td.outcome').allTextContents()).toEqual(Array(await nodes.count()).fill('pending'));
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
  });

  it('renders a hostile prompt in the work view and hostile seed notes in the queue as text', async () => {
    await page.locator(`#works tr[data-work-id="${works[2]!.workId}"] button.link`).click();
    await expect.poll(() => page.locator('#work-title').textContent(), { timeout: 10_000 }).toBe(works[2]!.workId);
    expect(await page.locator('#work-prompt').textContent()).toBe(XSS_PROMPT);
    const notes = page.locator('#pending-policies tr[data-policy-id="migration.adp-tooltip"] td.prompt');
    await notes.waitFor({ timeout: 10_000 });
    expect(await notes.textContent()).toBe(XSS_NOTES);
    await noScriptRan();
  });

  it('approves a memory only with the token the person typed', async () => {
    const [memoryId] = await pendingIds();
    const row = page.locator(`#pending-memories tr[data-memory-id="${memoryId}"]`);
    await row.waitFor({ timeout: 10_000 });
    await row.locator('button.approve').click();
    await expect.poll(() => page.locator('#review-status').textContent()).toBe('Type the review token first.');
    await page.locator('#review-token').fill(`${TOKEN}-wrong`);
    await row.locator('button.approve').click();
    await expect.poll(() => page.locator('#review-status').textContent()).toMatch(/^UNAUTHORIZED: /);
    expect(await pendingIds()).toContain(memoryId);
    await page.locator('#review-token').fill(TOKEN);
    await row.locator('button.approve').click();
    await expect.poll(() => page.locator('#review-status').textContent()).toMatch(/: pending → approved$/);
    await row.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await pendingIds()).not.toContain(memoryId);
    // The token stays in the page: not in its address, not in storage.
    expect(page.url()).not.toContain(TOKEN);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie)).not.toContain(TOKEN);
    await noScriptRan();
  });

  it('offers no review buttons on a console started without the token', async () => {
    const other = await browser.newPage();
    try {
      await other.goto(readOnly.url);
      await other.locator('#pending-memories tbody tr').first().waitFor({ timeout: 10_000 });
      expect(await other.locator('#review-off').isVisible()).toBe(true);
      expect(await other.locator('#review-on').isVisible()).toBe(false);
      expect(await other.locator('#pending-memories button').count()).toBe(0);
    } finally {
      await other.close();
    }
  });
});
