import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MEMORY_CONFIG } from '../../../src/config/config.schema.js';
import type { Graph } from '../../../src/graph/graph.js';
import { sweepMemories, transitionByPerson, type LifecycleSettings } from '../../../src/memory/lifecycle.js';
import { showMemory } from '../../../src/memory/review.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { seedMemory } from '../../support/memory.js';

const SETTINGS = DEFAULT_MEMORY_CONFIG as unknown as LifecycleSettings;
const T0 = new Date('2030-03-01T12:00:00.000Z');
const at = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);

// Issue 13 item 4: the clock (injected) moves memories through the table; every move is a
// MemoryTransition in the graph and a line of .ai/memory/changelog.jsonl.
describe('memory lifecycle sweep and person transitions (real Neo4j, injected clock)', () => {
  let graph: Graph;
  let root: string;
  const repoId = testNamespace('mem-lifecycle');
  const state = async (id: string) => (await showMemory(graph, repoId, id)).memory.state;
  const sweep = (now: Date) => sweepMemories({ graph, repoId, root, now, settings: SETTINGS });
  const changelog = () => readFileSync(join(root, '.ai', 'memory', 'changelog.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);

  beforeAll(async () => {
    graph = openTestGraph();
    root = realpathSync(mkdtempSync(join(tmpdir(), 'gg-mem-lifecycle-')));
    await seedMemory(graph, repoId, { id: `${repoId}-info`, state: 'pending', enforcementType: 'informational', createdAt: T0 });
    // Friction candidates carry a Neo4j DateTime createdAt; the sweep reads both forms.
    await seedMemory(graph, repoId, { id: `${repoId}-signal`, state: 'pending', enforcementType: 'strategy_signal', createdAt: T0, asDateTime: true });
    await seedMemory(graph, repoId, { id: `${repoId}-rule`, state: 'pending', enforcementType: 'plan_rule', createdAt: T0 });
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    rmSync(root, { recursive: true, force: true });
    await graph.close();
  });

  it('leaves pending memories alone inside the contest window', async () => {
    expect((await sweep(at(47))).transitions).toEqual([]);
    expect(await state(`${repoId}-info`)).toBe('pending');
  });

  it('promotes pending informational and strategy_signal memories after 48 h, once, even when two sweeps race; a plan_rule stays pending', async () => {
    const [a, b] = await Promise.all([sweep(at(49)), sweep(at(49))]);
    const moved = [...a.transitions, ...b.transitions];
    expect(moved.map((t) => t.memoryId).sort()).toEqual([`${repoId}-info`, `${repoId}-signal`]);
    expect(moved.every((t) => t.from === 'pending' && t.to === 'provisional' && t.who === 'system:lifecycle' && t.at === at(49).toISOString())).toBe(true);
    const info = await showMemory(graph, repoId, `${repoId}-info`);
    expect(info.memory).toMatchObject({ state: 'provisional', since: at(49).toISOString(), expiresAt: at(49 + 48).toISOString() });
    expect(info.transitions).toEqual([expect.objectContaining({ from: 'pending', to: 'provisional', who: 'system:lifecycle', why: expect.stringMatching(/contest window/) })]);
    expect(await state(`${repoId}-rule`)).toBe('pending');
    expect((await sweep(at(500))).transitions.filter((t) => t.memoryId === `${repoId}-rule`)).toEqual([]);
    expect(changelog().filter((l) => l.to === 'provisional').map((l) => l.memoryId).sort()).toEqual([`${repoId}-info`, `${repoId}-signal`]);
  });

  it('expires a provisional memory after provisionalExpiryHours without approval', async () => {
    // The sweep at 500 h already passed 49 + 48 h: both provisional memories expired then.
    expect(await state(`${repoId}-info`)).toBe('expired');
    const info = await showMemory(graph, repoId, `${repoId}-info`);
    expect(info.transitions.map((t) => `${t.from}→${t.to}`)).toEqual(['pending→provisional', 'provisional→expired']);
    expect(info.transitions[1]).toMatchObject({ at: at(500).toISOString(), why: expect.stringMatching(/without approval/) });
    expect((await sweep(at(1000))).transitions).toEqual([]);
  });

  it('lets a person approve the pending plan_rule, with who and why in the graph and the changelog', async () => {
    const t = await transitionByPerson({ graph, repoId, root, id: `${repoId}-rule`, to: 'approved', who: 'person:alice', why: 'checked the steps', now: at(501), settings: SETTINGS });
    expect(t).toMatchObject({ memoryId: `${repoId}-rule`, from: 'pending', to: 'approved', who: 'person:alice', why: 'checked the steps', at: at(501).toISOString() });
    const detail = await showMemory(graph, repoId, `${repoId}-rule`);
    expect(detail.memory).toMatchObject({ state: 'approved', reviewedBy: 'person:alice', planRule: { denyCode: 'PLAN_VERIFICATION_WEAK' } });
    expect(detail.transitions).toEqual([expect.objectContaining({ transitionId: t.transitionId, from: 'pending', to: 'approved' })]);
    expect(changelog().at(-1)).toEqual({ at: at(501).toISOString(), memoryId: `${repoId}-rule`, from: 'pending', to: 'approved', who: 'person:alice', why: 'checked the steps', transitionId: t.transitionId });
  });

  it('refuses illegal transitions and changes nothing: approving an expired memory, rejecting an approved one, a non-person actor', async () => {
    const lines = changelog().length;
    await expect(transitionByPerson({ graph, repoId, root, id: `${repoId}-info`, to: 'approved', who: 'person:alice', now: at(502), settings: SETTINGS }))
      .rejects.toMatchObject({ code: 'ILLEGAL_TRANSITION', message: expect.stringMatching(/is expired/) });
    await expect(transitionByPerson({ graph, repoId, root, id: `${repoId}-rule`, to: 'rejected', who: 'person:alice', why: 'x', now: at(502), settings: SETTINGS }))
      .rejects.toMatchObject({ code: 'ILLEGAL_TRANSITION' });
    await expect(transitionByPerson({ graph, repoId, root, id: `${repoId}-signal`, to: 'approved', who: 'agent:x', now: at(502), settings: SETTINGS }))
      .rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(transitionByPerson({ graph, repoId, root, id: 'no-such-memory', to: 'approved', who: 'person:alice', now: at(502), settings: SETTINGS }))
      .rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await state(`${repoId}-info`)).toBe('expired');
    expect(await state(`${repoId}-rule`)).toBe('approved');
    expect(changelog()).toHaveLength(lines);
  });

  it('retires an approved memory, after which it is final', async () => {
    await transitionByPerson({ graph, repoId, root, id: `${repoId}-rule`, to: 'retired', who: 'person:bob', now: at(600), settings: SETTINGS });
    expect((await showMemory(graph, repoId, `${repoId}-rule`)).transitions.map((t) => t.to)).toEqual(['approved', 'retired']);
    await expect(transitionByPerson({ graph, repoId, root, id: `${repoId}-rule`, to: 'approved', who: 'person:bob', now: at(601), settings: SETTINGS }))
      .rejects.toMatchObject({ code: 'ILLEGAL_TRANSITION' });
  });
});
