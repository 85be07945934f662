import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import { parseSeedText } from '../../../ingest/policy/seed-loader.js';
import { exportPolicyPlane } from '../../../ingest/policy/seed-export.js';
import { DEFAULT_MEMORY_CONFIG } from '../../../src/config/config.schema.js';
import type { Graph } from '../../../src/graph/graph.js';
import type { LifecycleSettings } from '../../../src/memory/lifecycle.js';
import { promoteMemory } from '../../../src/memory/promotion.js';
import { showMemory } from '../../../src/memory/review.js';
import { assemblePack } from '../../../src/retrieval/assemble/index.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { copyFixture } from '../../support/plan-fixture.js';

const SETTINGS = DEFAULT_MEMORY_CONFIG as unknown as LifecycleSettings;
const ORDERS = 'projects/host/src/app/orders';
const AT = '2030-01-01T00:00:00.000Z';
const PROMPT = 'In the orders list grid, show the order status in a new column';
const SIGNAL = { featureFlag: 'hasSwagger', value: true, reason: 'orders work always goes through the orders API contract' };

// Issue 13 items 5 and 8: a strategy_signal memory overrides the signature before strategy selection;
// promoted, the same override comes from its policy-plane row alone; retiring the row hands it back.
describe('promoting a strategy_signal memory (real Neo4j)', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof copyFixture>;
  const repoId = testNamespace('mem-signal');
  const promotions = () => join(fixture.root, '.ai', 'graph', 'seed', 'memory-promotions.jsonl');
  const strategyOf = async () => (await assemblePack({ graph, repoId, root: fixture.root, prompt: PROMPT, now: new Date(AT) })).pack;
  let before: Awaited<ReturnType<typeof strategyOf>>;

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = copyFixture();
    mkdirSync(join(fixture.root, '.ai', 'memory'), { recursive: true });
    writeFileSync(join(fixture.root, '.ai', 'memory', 'learned.jsonl'), `${JSON.stringify({
      id: 'orders-api', trigger: 'rejection_pattern', phase: 'planning', domainAnchorIds: [ORDERS], enforcementType: 'strategy_signal',
      rejectionCodes: [], note: 'orders work is API contract work', state: 'approved', createdAt: AT, updatedAt: AT, strategySignal: SIGNAL,
    })}\n`);
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId } });
    before = await strategyOf();
  }, 120_000);
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    fixture.dispose();
    await graph.close();
  });

  it('before promotion, the memory overrides the signature and is listed as a memory', () => {
    expect(before.strategy.baseSignature.hasSwagger).toBe(false);
    expect(before.strategy.signature.hasSwagger).toBe(true);
    expect(before.strategy.strategyId).toBe('api_contract_feature');
    expect(before.strategy.overrides).toEqual([expect.objectContaining({ source: 'memory', sourceId: 'orders-api', feature: 'hasSwagger', from: false, to: true, reason: SIGNAL.reason })]);
    expect(before.memories.records.map((m) => m.id)).toEqual(['orders-api']);
  });

  it('promotes it to a soft Policy carrying the signal', async () => {
    // No plan was accepted here, so the person overrides the validation requirement (promotion-validation.int.test.ts covers it).
    const result = await promoteMemory({
      graph, repoId, root: fixture.root, id: 'orders-api', who: 'person:reviewer', now: new Date(AT), settings: SETTINGS, log: silentLogger, withoutValidation: true, why: 'the team agreed',
    });
    expect(result).toMatchObject({ recordId: 'memory.orders-api', version: 1, label: 'Policy', written: true });
    const rows = readFileSync(promotions(), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows).toEqual([expect.objectContaining({ type: 'policy', severity: 'soft', strategy_signal: SIGNAL, from_memory: 'orders-api', applies_to: [ORDERS] })]);
    expect((await showMemory(graph, repoId, 'orders-api')).memory).toMatchObject({ state: 'approved', promotedTo: 'memory.orders-api' });
  });

  it('after promotion, the same signature and strategy, from the policy alone; the memory is named as promoted', async () => {
    const after = await strategyOf();
    expect(after.strategy.signature).toEqual(before.strategy.signature);
    expect(after.strategy.strategyId).toBe(before.strategy.strategyId);
    expect(after.strategy.overrides).toEqual([expect.objectContaining({ source: 'policy', sourceId: 'memory.orders-api', feature: 'hasSwagger', from: false, to: true, reason: SIGNAL.reason })]);
    expect(after.strategy.reasons).toContain('memory orders-api promoted: policy memory.orders-api applies in its place');
    // Listed once: as the policy, no longer as a memory.
    expect(after.memories.records.map((m) => m.id)).toEqual([]);
    expect(after.policies.filter((p) => p.id === 'memory.orders-api')).toEqual([expect.objectContaining({ severity: 'soft', rule: 'orders work is API contract work (promoted from memory orders-api)' })]);
  });

  it('round-trips through graph export', async () => {
    const out = mkdtempSync(join(tmpdir(), 'gg-export-signal-'));
    try {
      const summary = await exportPolicyPlane({ graph, repoId, out });
      expect(summary.problems).toEqual([]);
      const rows = (text: string) => parseSeedText(text, 'x', 'repo').rows.map((r) => r.row);
      expect(rows(readFileSync(join(out, 'memory-promotions.jsonl'), 'utf8'))).toEqual(rows(readFileSync(promotions(), 'utf8')));
      expect((await exportPolicyPlane({ graph, repoId, out: join(fixture.root, '.ai', 'graph', 'seed') })).files).toEqual([{ file: 'memory-promotions.jsonl', rows: 1, written: false }]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('retiring the row hands the override back to the memory: the same signature again, from the memory', async () => {
    const [row] = readFileSync(promotions(), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    appendFileSync(promotions(), `${JSON.stringify({ ...row, version: 2, updated_by: 'team', status: 'retired' })}\n`);
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId } });
    const handedBack = await strategyOf();
    expect(handedBack.strategy.signature).toEqual(before.strategy.signature);
    expect(handedBack.strategy.overrides).toEqual(before.strategy.overrides);
    expect(handedBack.memories.records.map((m) => m.id)).toEqual(['orders-api']);
    expect(handedBack.policies.map((p) => p.id)).not.toContain('memory.orders-api');
  });
});
