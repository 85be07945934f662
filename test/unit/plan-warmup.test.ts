import neo4j from 'neo4j-driver';
import { describe, expect, it } from 'vitest';
import { PlanWarmer, typeSkeleton } from '../../src/graph/plan-warmup.js';

describe('typeSkeleton', () => {
  it('keeps every type and drops the data: strings empty, integers zero, lists one element deep', () => {
    const at = new neo4j.types.Date(2026, 11, 24);
    const skeleton = typeSkeleton({
      repoId: 'r-1', limit: neo4j.int(200), paths: ['a.ts', 'b.ts'], empty: [], none: null, flag: true, ratio: 0.5, at,
      rows: [{ id: 'x', props: { name: 'n', line: neo4j.int(7) }, tags: ['t'] }, { id: 'y' }],
    });
    expect(skeleton).toEqual({
      repoId: '', limit: neo4j.int(0), paths: [''], empty: [], none: null, flag: true, ratio: 0.5, at,
      rows: [{ id: '', props: { name: '', line: neo4j.int(0) }, tags: [''] }],
    });
  });
});

describe('PlanWarmer', () => {
  const unreachable = (error: unknown) => error instanceof Error && error.message === 'down';

  it('replays nothing until a restart is suspected, then every recorded query once, with its first parameters\' skeleton', async () => {
    const warmer = new PlanWarmer();
    warmer.record('a', 'RETURN $x', { x: 'secret' });
    warmer.record('b', 'RETURN $n', { n: neo4j.int(5) });
    warmer.record('a', 'RETURN $x', { x: 'later' });
    const seen: Array<{ name: string; params: unknown }> = [];
    const explain = async (q: { name: string; params: unknown }) => void seen.push({ name: q.name, params: q.params });
    expect(await warmer.afterSuccess(explain, unreachable)).toBe(0);
    warmer.suspectRestart();
    expect(await warmer.afterSuccess(explain, unreachable)).toBe(2);
    expect(seen.sort((l, r) => l.name.localeCompare(r.name))).toEqual([{ name: 'a', params: { x: '' } }, { name: 'b', params: { n: neo4j.int(0) } }]);
    // Done: the next success replays nothing until the next suspected restart.
    expect(await warmer.afterSuccess(explain, unreachable)).toBe(0);
  });

  it('stops at an unreachable server (it will be suspected again), skips a query that fails to plan, and stops for good once stopped', async () => {
    const warmer = new PlanWarmer();
    for (const name of ['a', 'b', 'c']) warmer.record(name, `RETURN '${name}'`, {});
    warmer.suspectRestart();
    expect(await warmer.afterSuccess(async () => { throw new Error('down'); }, unreachable)).toBe(0);
    warmer.suspectRestart();
    let calls = 0;
    expect(await warmer.afterSuccess(async () => { if (++calls === 1) throw new Error('type mismatch'); }, unreachable)).toBe(2);
    warmer.stop();
    warmer.suspectRestart();
    expect(await warmer.afterSuccess(async () => undefined, unreachable)).toBe(0);
  });
});
