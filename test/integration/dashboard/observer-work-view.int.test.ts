import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import { TurnResponseSchema, type TurnResponse } from '../../../src/controller/envelope.schema.js';
import type { TurnDispatcher } from '../../../src/controller/turn-dispatcher.js';
import { startDashboardServer, type DashboardServer } from '../../../src/dashboard/index.js';
import type { Graph } from '../../../src/graph/graph.js';
import { PackStore } from '../../../src/pack/index.js';
import type { PlanGraph } from '../../../src/plan/index.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { makeDispatcher, testConfig } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { httpGet } from '../../support/http-client.js';
import { acceptPlan, copyFixture, goldenPlanFor, ORDERS_LIST_HTML, PACK_FILES, PLAN_TEST_GATES, planService } from '../../support/plan-fixture.js';

const GRID_PROMPT = 'Show the order total before the status in the orders grid';

interface PackJson {
  id: string; version: number; outcome: string; fileCount: number; filesTruncated: boolean;
  files: Array<{ path: string; rank: number | null; score: number | null; lanes: string[]; reasons: string[] }>;
  proofChains: Array<{ chainType: string; status: string; hops: Array<{ label: string; name?: string; path?: string; line?: number }>; missing: Array<{ hop: string; reason: string }> }>;
}

// The work view's pack (files with reasons, proof chains), plan graph data and review bundle link over
// works made by real controller turns on the real Neo4j (the pack assembled by initialize_work).
describe('observer console: a work\'s pack, plan graph and review bundle (real Neo4j)', () => {
  const repoId = testNamespace('observe-work');
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  let ctl: TurnDispatcher;
  let server: DashboardServer;
  let assembled: { workId: string; agentId: string };
  let planned: { workId: string; agentId: string };
  const turn = async (args: Record<string, unknown>): Promise<TurnResponse> => TurnResponseSchema.parse(await ctl.turn(args));
  const get = async <T>(path: string): Promise<{ status: number; body: T; text: string; headers: Record<string, unknown> }> => {
    const answer = await httpGet(`${server.url}${path.replace(/^\//, '')}`);
    let body: T = undefined as T;
    try {
      body = JSON.parse(answer.body) as T;
    } catch {
      // a text answer (a review bundle file)
    }
    return { status: answer.status, body, text: answer.body, headers: answer.headers };
  };

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = copyFixture();
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId }, totals: false });
    ctl = makeDispatcher(graph, fixture.root, repoId, { config: testConfig(repoId, { gates: PLAN_TEST_GATES }) });
    const first = await turn({ verb: 'initialize_work', originalPrompt: GRID_PROMPT });
    assembled = { workId: first.workId!, agentId: first.agentId! };
    // A second work with the fixture's pack and an accepted plan holding a review bundle node.
    const second = await turn({ verb: 'initialize_work', originalPrompt: GRID_PROMPT });
    planned = { workId: second.workId!, agentId: second.agentId! };
    await new PackStore({ graph, repoId, repoRoot: fixture.root }).create({ workId: planned.workId, files: PACK_FILES });
    const plans = planService(graph, repoId, fixture.root);
    const golden = await goldenPlanFor(plans, planned.workId, `chain:aggrid:${ORDERS_LIST_HTML}:3`);
    const commit = golden.nodes[2] as Extract<PlanGraph['nodes'][number], { kind: 'side_effect' }>;
    const review = { ...structuredClone(commit), nodeId: 'se-review', sideEffectType: 'review_bundle' as const, dependsOn: ['se-commit'], sideEffectPayloadRef: 'artifact:se-review' };
    await acceptPlan(graph, repoId, plans, planned.workId, { ...golden, nodes: [...golden.nodes, review] });
    server = await startDashboardServer({ graph, repoId, repoRoot: fixture.root, port: 0, log: silentLogger, pollMs: 100 });
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    await cleanNamespace(graph, repoId);
    fixture?.dispose();
    await graph?.close();
  });

  describe('the pack', () => {
    it('lists the assembled pack\'s files best first with their score, lanes and reasons', async () => {
      const { status, body } = await get<{ pack: PackJson }>(`/work?workId=${assembled.workId}`);
      expect(status).toBe(200);
      const { pack } = body;
      expect(pack).toMatchObject({ version: 1, outcome: expect.any(String), filesTruncated: false });
      expect(pack.files.length).toBe(pack.fileCount);
      const ranked = pack.files.filter((f) => f.rank !== null);
      expect(ranked.length).toBeGreaterThan(0);
      expect(ranked.map((f) => f.rank)).toEqual(ranked.map((_, i) => i + 1));
      expect(pack.files.slice(0, ranked.length)).toEqual(ranked);
      expect(ranked[0]!.reasons.length).toBeGreaterThan(0);
      expect(ranked[0]!.lanes.length).toBeGreaterThan(0);
      expect(ranked.every((f) => f.reasons.length <= 4 && f.reasons.every((r) => r.length <= 300))).toBe(true);
      expect(ranked.map((f) => f.path)).toContain(ORDERS_LIST_HTML);
    });

    it('holds the pack\'s proof chains as chains: the ag-Grid origin from the table to the route\'s component', async () => {
      const { body } = await get<{ pack: PackJson }>(`/work?workId=${assembled.workId}`);
      const chain = body.pack.proofChains.find((c) => c.chainType === 'aggrid_origin');
      expect(chain, JSON.stringify(body.pack.proofChains)).toBeDefined();
      const labels = chain!.hops.map((h) => h.label);
      expect(labels.slice(0, 3)).toEqual(['Table', 'ColumnDef', 'CellRenderer']);
      expect(labels).toEqual(expect.arrayContaining(['Route', 'Component']));
      expect(chain!.hops[0]).toMatchObject({ path: ORDERS_LIST_HTML, line: expect.any(Number) });
    });

    it('shows a pack recorded without ranking (PackStore.create) with its files and no reasons or chains', async () => {
      const { body } = await get<{ pack: PackJson }>(`/work?workId=${planned.workId}`);
      expect(body.pack.files.map((f) => f.path).sort()).toEqual([...PACK_FILES].sort());
      expect(body.pack.files.every((f) => f.rank === null && f.reasons.length === 0)).toBe(true);
      expect(body.pack.proofChains).toEqual([]);
    });
  });

  it('gives the plan graph\'s data: every node with its dependencies and outcome, and no review bundle before one is written', async () => {
    const { body } = await get<{ work: { nodes: Array<{ nodeId: string; dependsOn: string[]; outcome: string }> }; reviewBundle: unknown }>(`/work?workId=${planned.workId}`);
    const nodes = new Map(body.work.nodes.map((n) => [n.nodeId, n]));
    expect(nodes.get('se-review')).toMatchObject({ dependsOn: ['se-commit'], outcome: 'pending' });
    for (const node of nodes.values()) for (const dep of node.dependsOn) expect(nodes.has(dep)).toBe(true);
    expect(body.reviewBundle).toBeNull();
  });

  it('/metrics lists the recent ingests with the phase timings each stored on its snapshot record', async () => {
    const second = await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId }, totals: false, changedPaths: [ORDERS_LIST_HTML] });
    const { body } = await get<{ ingests: Array<{ snapshotId: string; mode: string; filesSeen: number; filesParsed: number; totalMs: number; phases: Array<{ phase: string; ms: number }>; extractors: unknown[] }> }>('/metrics');
    expect(body.ingests.length).toBeGreaterThanOrEqual(1);
    const [newest] = body.ingests;
    // An unchanged file re-read records no new snapshot; the full first run is then the newest record.
    const first = body.ingests.at(-1)!;
    expect(first).toMatchObject({ mode: 'full', filesParsed: expect.any(Number), totalMs: expect.any(Number) });
    expect(first.filesParsed).toBeGreaterThan(10);
    expect(first.phases.map((p) => p.phase)).toEqual(['lockWait', 'known', 'discover', 'read', 'snapshot', 'parse', 'write', 'link', 'policy', 'history']);
    expect(first.phases.find((p) => p.phase === 'parse')!.ms).toBeGreaterThan(0);
    expect(first.totalMs).toBeGreaterThanOrEqual(first.phases.reduce((sum, p) => sum + p.ms, 0) - 5);
    expect(first.extractors.length).toBeGreaterThan(0);
    expect(newest!.snapshotId).toBe(second.wrote ? second.snapshotId : first.snapshotId);
  });

  describe('the review bundle', () => {
    const dir = () => join(fixture.root, '.ai/tmp/work', planned.workId, 'artifacts/se-review/review');
    const bundleUrl = (file: string, nodeId = 'se-review') => `/work/review-bundle?workId=${planned.workId}&nodeId=${nodeId}&file=${file}`;

    beforeAll(async () => {
      mkdirSync(dir(), { recursive: true });
      writeFileSync(join(dir(), 'review.md'), '# Review bundle\n<script>globalThis.__xss=1</script>\n');
      writeFileSync(join(dir(), 'summary.json'), '{"files": 1}\n');
      // Recorded as the side-effect service records a written bundle: the node's outcome with the bundle's files.
      await planService(graph, repoId, fixture.root).markNodeExecuted(planned.workId, 'se-review', 'succeeded', {
        sideEffectType: 'review_bundle', reviewFiles: ['review.md', 'summary.json'].map((f) => `.ai/tmp/work/${planned.workId}/artifacts/se-review/review/${f}`),
      });
    });

    it('links the bundle from the work view once its node succeeded', async () => {
      const { body } = await get<{ reviewBundle: Record<string, unknown> }>(`/work?workId=${planned.workId}`);
      expect(body.reviewBundle).toEqual({
        nodeId: 'se-review', at: expect.any(String), dir: `.ai/tmp/work/${planned.workId}/artifacts/se-review/review`,
        files: ['review.md', 'summary.json', 'diffstat.txt', 'diff.patch'], served: true,
      });
    });

    it('serves a bundle file as plain text that a browser never renders', async () => {
      const answer = await get(bundleUrl('review.md'));
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('<script>globalThis.__xss=1</script>');
      expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-security-policy']).toContain('sandbox');
    });

    it('refuses a file that is not there, a node that wrote no bundle, a name outside the bundle, and a symlink', async () => {
      expect((await get(bundleUrl('diff.patch'))).status).toBe(404);
      expect((await get(bundleUrl('review.md', 'se-commit'))).status).toBe(404);
      expect((await get(bundleUrl('..%2F..%2F..%2F..%2F..%2F.ai%2Fconfig%2Frepo.json'))).status).toBe(400);
      expect((await get(bundleUrl('review.md').replace(planned.workId, assembled.workId))).status).toBe(404);
      rmSync(join(dir(), 'summary.json'));
      symlinkSync(join(fixture.root, '.ai', 'config', 'repo.json'), join(dir(), 'summary.json'));
      const linked = await get(bundleUrl('summary.json'));
      expect(linked.status).toBe(404);
      expect(linked.text).not.toContain('gates');
      symlinkSync('/etc/passwd', join(dir(), 'diffstat.txt'));
      const outside = await get(bundleUrl('diffstat.txt'));
      expect([outside.status, outside.text]).toEqual([404, expect.not.stringContaining('root:')]);
    });
  });
});
