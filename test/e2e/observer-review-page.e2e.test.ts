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
import { listWorkPacks, PackStore } from '../../src/pack/index.js';
import { silentLogger } from '../../src/runtime/logger.js';
import { WorkStore } from '../../src/session/index.js';
import { makeDispatcher, testConfig } from '../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';
import { acceptPlan, copyFixture, goldenPlanFor, ORDERS_LIST_HTML, PLAN_TEST_GATES, planService, workWithWeakTwin } from '../support/plan-fixture.js';

const SCREENSHOT = '/tmp/observer-console-review.png';
const TOKEN = 'observer-page-review-token-0123456789';
const XSS_PROMPT = 'Fix the <img src=x onerror="globalThis.__xss=1"> grid </td><script>globalThis.__xss=2</script>';
const XSS_NOTES = 'map by hand <img src=y onerror="globalThis.__xss=3"><svg onload="globalThis.__xss=4">';
// A file whose name is markup: the repository is hostile input too (its paths reach the pack and its chains).
const XSS_FILE = 'projects/host/src/app/orders/<img src=x onerror="globalThis.__xss=5">.ts';
const XSS_REASON = 'names <svg onload="globalThis.__xss=6"> in </td><script>globalThis.__xss=7</script>';
const XSS_HOP_NAME = '</text><script>globalThis.__xss=8</script>';
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
  const goodPlans: unknown[] = [];
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
    writeFileSync(join(fixture.root, XSS_FILE), 'export const hostile = 1;\n');
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId }, totals: false });
    ctl = makeDispatcher(graph, fixture.root, repoId, {
      config: testConfig(repoId, { gates: PLAN_TEST_GATES, locks: { overlapPolicy: 'block', leaseSeconds: 900 } }),
      sessions: new WorkStore({ graph, repoId, rejectionThreshold: 1 }),
    });
    for (const fix of [true, false]) {
      const { ids, good, weak } = await workWithWeakTwin(turn, graph, repoId, fixture.root);
      expect((await turn({ verb: 'submit_execution_plan', ...ids, args: { planGraph: weak } })).deny?.code).toBe('PLAN_VERIFICATION_WEAK');
      await ctl.settled(10_000);
      if (fix) expect((await turn({ verb: 'submit_execution_plan', ...ids, args: { planGraph: good } })).state).toBe('PLAN_ACCEPTED');
      works.push(ids);
      goodPlans.push(good);
    }
    const hostile = await turn({ verb: 'initialize_work', originalPrompt: XSS_PROMPT });
    works.push({ workId: hostile.workId!, agentId: hostile.agentId! });
    // A work whose pack initialize_work assembled (with its ag-Grid proof chain), given an accepted plan.
    const assembled = await turn({ verb: 'initialize_work', originalPrompt: 'Show the order total before the status in the orders grid' });
    works.push({ workId: assembled.workId!, agentId: assembled.agentId! });
    const plans = planService(graph, repoId, fixture.root);
    await acceptPlan(graph, repoId, plans, assembled.workId!, await goldenPlanFor(plans, assembled.workId!, `chain:aggrid:${ORDERS_LIST_HTML}:3`));
    // The hostile work's next pack version names the hostile file, with hostile reasons and chain hops (recorded as escalate records one).
    const [current] = await listWorkPacks(graph, hostile.workId!);
    await new PackStore({ graph, repoId, repoRoot: fixture.root }).record({
      workId: hostile.workId!, packId: `${current!.id}-v2`, version: 2, supersedes: current!.id, text: '{}\n', hash: 'sha256:0', repoSnapshotId: current!.repoSnapshotId ?? '',
      outcome: 'ready', strategyId: 'ui_aggrid_feature', files: [XSS_FILE], symbolIds: [],
      evidence: [{ path: XSS_FILE, score: 0.9, reasons: [XSS_REASON], lanes: ['lexical'] }],
      proofChains: [{ chainType: 'aggrid_origin', status: 'origin_unknown', hops: [{ label: 'Table', id: 'grid-1', name: XSS_HOP_NAME, path: XSS_FILE, line: 3 }], missing: [{ hop: 'ColumnDef', reason: XSS_REASON }] }],
    });
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
    // The fixture's ingest, its phases as one stacked bar.
    const ingest = page.locator('#ingests tbody tr').first();
    expect(await ingest.locator('td').nth(1).textContent()).toBe('full');
    expect(await ingest.locator('svg.phase-bar rect.phase[data-phase="parse"] title').textContent()).toMatch(/^parse: \d+ ms$/);
    await page.locator('#latency-section').screenshot({ path: '/tmp/observer-console-metrics.png' });
    await page.locator('#ingests-section').screenshot({ path: '/tmp/observer-console-ingests.png' });
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
  });

  it('draws the plan as a graph: a box per node coloured by outcome, an arrow per dependency', async () => {
    const view = (await (await fetch(`${review.url}work?workId=${works[0]!.workId}`)).json()) as { work: { nodes: Array<{ nodeId: string; dependsOn: string[]; mapsToNodeIds: string[]; outcome: string }> } };
    const drawn = page.locator('#work-plan-graph svg.plan-graph g.plan-node');
    await expect.poll(() => drawn.count(), { timeout: 10_000 }).toBe(view.work.nodes.length);
    expect(await drawn.evaluateAll((groups) => groups.map((g) => [g.getAttribute('data-node-id'), g.getAttribute('data-outcome')])))
      .toEqual(view.work.nodes.map((n) => [n.nodeId, n.outcome]));
    const dependencies = view.work.nodes.reduce((sum, n) => sum + n.dependsOn.length, 0);
    expect(dependencies).toBeGreaterThan(0);
    expect(await page.locator('#work-plan-graph svg path.edge:not(.checks)').count()).toBe(dependencies);
    expect(await page.locator('#work-plan-graph g.plan-node text.id').first().textContent()).toMatch(/^\S+ \((change|validate|side_effect|read)\)$/);
  });

  it('draws a work\'s proof chain as a chain of hops with its pack files and their reasons', async () => {
    const work = works[3]!;
    await page.locator(`#works tr[data-work-id="${work.workId}"] button.link`).click();
    const chain = page.locator('#work-chains figure[data-chain-type="aggrid_origin"] svg.proof-chain');
    await chain.locator('g.hop').first().waitFor({ timeout: 10_000 });
    const view = (await (await fetch(`${review.url}work?workId=${work.workId}`)).json()) as { pack: { proofChains: Array<{ chainType: string; hops: Array<{ label: string; name: string }> }>; files: Array<{ path: string }> } };
    const hops = view.pack.proofChains.find((c) => c.chainType === 'aggrid_origin')!.hops;
    const roles = await chain.locator('g.hop:not(.missing) text.role').allTextContents();
    expect(roles).toEqual(hops.map((h) => h.label));
    expect(roles.slice(0, 3)).toEqual(['Table', 'ColumnDef', 'CellRenderer']);
    expect(roles).toEqual(expect.arrayContaining(['Route', 'Component']));
    expect(await chain.locator('g.hop').evaluateAll((groups) => groups.map((g) => g.getAttribute('data-name')))).toEqual(expect.arrayContaining(hops.map((h) => h.name)));
    expect(await chain.locator('.edge').count()).toBe((await chain.locator('g.hop').count()) - 1);
    // The best ten files first, all of them on request.
    const rows = page.locator('#work-pack-files tbody tr');
    expect(view.pack.files.length).toBeGreaterThan(10);
    expect(await rows.count()).toBe(10);
    expect(await rows.locator('td.path').allTextContents()).toEqual(view.pack.files.slice(0, 10).map((f) => f.path));
    expect(await rows.locator('td.reasons').first().textContent()).not.toBe('');
    await page.locator('#work-plan-graph svg.plan-graph').waitFor({ timeout: 10_000 });
    await page.screenshot({ path: SCREENSHOT, fullPage: true, clip: { x: 0, y: 0, width: 1400, height: 1750 } });
    await page.locator('#work-pack-more').click();
    await expect.poll(() => rows.count()).toBe(view.pack.files.length);
    await page.locator('#work-pack-more').click();
    await expect.poll(() => rows.count()).toBe(10);
  });

  it('renders hostile file paths, reasons and hop names in a pack and its chain as text', async () => {
    await page.locator(`#works tr[data-work-id="${works[2]!.workId}"] button.link`).click();
    const hop = page.locator(`#work-section[data-work-id="${works[2]!.workId}"] #work-chains svg.proof-chain g.hop:not(.missing)`);
    await hop.waitFor({ timeout: 10_000 });
    expect(await hop.getAttribute('data-name')).toBe(XSS_HOP_NAME);
    expect(await hop.locator('title').textContent()).toContain(XSS_FILE);
    expect(await page.locator('#work-chains g.hop.missing title').textContent()).toBe(`ColumnDef missing: ${XSS_REASON}`);
    const file = page.locator('#work-pack-files tbody tr').first();
    expect(await file.locator('td.path').textContent()).toBe(XSS_FILE);
    expect(await file.locator('td.reasons').textContent()).toBe(XSS_REASON);
    expect(await page.locator('#work-chains script, #work-chains foreignObject, #work-pack-files img').count()).toBe(0);
    await noScriptRan();
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

  it('refreshes the open work view when the stream says its work changed (a state change, a plan verdict, leases)', async () => {
    const work = works[1]!;
    await page.locator(`#works tr[data-work-id="${work.workId}"] button.link`).click();
    await expect.poll(() => page.locator('#work-section').getAttribute('data-work-id'), { timeout: 10_000 }).toBe(work.workId);
    expect(await page.locator('#work-state').textContent()).toBe('PLANNING');
    expect(await page.locator('#work-plan-graph svg').count()).toBe(0);
    expect((await turn({ verb: 'submit_execution_plan', ...work, args: { planGraph: goodPlans[1] } })).state).toBe('PLAN_ACCEPTED');
    await expect.poll(() => page.locator('#work-state').textContent(), { timeout: 10_000 }).toBe('PLAN_ACCEPTED');
    await page.locator('#work-plan-graph svg.plan-graph g.plan-node').first().waitFor({ timeout: 10_000 });
    await expect.poll(() => page.locator('#activity').textContent(), { timeout: 10_000 }).toBe(`${work.workId}: leases acquired`);
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
