import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MEMORY_CONFIG } from '../../../src/config/config.schema.js';
import { checkTransition, ENFORCEMENT_TYPES, MEMORY_STATES, sweepRules, TRANSITIONS, type Actor, type LifecycleSettings } from '../../../src/memory/lifecycle.js';
import { packageRoot } from '../../../src/runtime/package-root.js';

const DEFAULTS: LifecycleSettings = DEFAULT_MEMORY_CONFIG as unknown as LifecycleSettings;
const state = fc.oneof(fc.constantFrom(...MEMORY_STATES), fc.string({ maxLength: 12 }));
const type = fc.oneof(fc.constantFrom(...ENFORCEMENT_TYPES), fc.string({ maxLength: 12 }));
const actor = fc.constantFrom<Actor>('clock', 'person');
const settings = fc.record({
  contestWindowHours: fc.integer({ min: 0, max: 24 * 365 }),
  provisionalExpiryHours: fc.integer({ min: 1, max: 24 * 365 }),
  autoPromotableEnforcementTypes: fc.subarray([...ENFORCEMENT_TYPES]),
  humanApprovalRequired: fc.subarray([...ENFORCEMENT_TYPES]),
});
const inTable = (from: string, to: string, by: Actor) => TRANSITIONS.some((r) => r.from === from && r.to === to && r.by === by);

// Issue 13 item 4: the lifecycle table is the only way a memory changes state.
describe('the memory lifecycle table', () => {
  it('allows no transition outside the table, for any state, target, actor, type and settings', () => {
    fc.assert(fc.property(state, state, actor, type, settings, (from, to, by, enforcementType, s) => {
      const result = checkTransition({ state: from, enforcementType }, to, by, s);
      if (result.ok) {
        expect(inTable(from, to, by)).toBe(true);
        expect(result.rule).toMatchObject({ from, to, by });
      }
    }), { numRuns: 2000 });
  });

  it('lets the clock promote only auto-promotable types that no person must approve', () => {
    fc.assert(fc.property(type, settings, (enforcementType, s) => {
      const ok = checkTransition({ state: 'pending', enforcementType }, 'provisional', 'clock', s).ok;
      expect(ok).toBe(s.autoPromotableEnforcementTypes.includes(enforcementType as never) && !s.humanApprovalRequired.includes(enforcementType as never));
    }), { numRuns: 1000 });
  });

  it('lets only a person approve, reject or retire, and keeps the final states final on any walk', () => {
    const step = fc.record({ to: fc.constantFrom(...MEMORY_STATES), by: actor });
    fc.assert(fc.property(fc.constantFrom(...ENFORCEMENT_TYPES), fc.array(step, { maxLength: 30 }), settings, (enforcementType, steps, s) => {
      let current: string = 'pending';
      for (const { to, by } of steps) {
        const result = checkTransition({ state: current, enforcementType }, to, by, s);
        if (!result.ok) continue;
        if (['approved', 'rejected', 'retired'].includes(to)) expect(by).toBe('person');
        expect(['expired', 'rejected', 'retired']).not.toContain(current);
        current = to;
      }
      expect(MEMORY_STATES).toContain(current);
    }), { numRuns: 1000 });
  });

  it('with seed 000 defaults: a pending plan_rule waits for a person, informational and strategy_signal are promoted', () => {
    expect(checkTransition({ state: 'pending', enforcementType: 'plan_rule' }, 'provisional', 'clock', DEFAULTS)).toMatchObject({ ok: false, reason: expect.stringMatching(/wait for a person/) });
    expect(checkTransition({ state: 'pending', enforcementType: 'plan_rule' }, 'approved', 'person', DEFAULTS).ok).toBe(true);
    for (const t of ['informational', 'strategy_signal']) expect(checkTransition({ state: 'pending', enforcementType: t }, 'provisional', 'clock', DEFAULTS).ok).toBe(true);
    expect(checkTransition({ state: 'expired', enforcementType: 'plan_rule' }, 'approved', 'person', DEFAULTS)).toMatchObject({ ok: false, reason: 'expired memories are final for a person' });
    expect(checkTransition({ state: 'approved', enforcementType: 'plan_rule' }, 'rejected', 'person', DEFAULTS)).toMatchObject({ ok: false, reason: 'approved memories can only become retired' });
  });

  it('turns the clock rows into sweep parameters at an injected time', () => {
    const now = new Date('2030-01-10T00:00:00.000Z');
    expect(sweepRules(DEFAULTS, now)).toEqual([
      { from: 'pending', to: 'provisional', types: ['strategy_signal', 'informational'], before: '2030-01-08T00:00:00.000Z', expiresAt: '2030-01-12T00:00:00.000Z', why: expect.any(String) },
      { from: 'provisional', to: 'expired', types: [...ENFORCEMENT_TYPES], before: '2030-01-08T00:00:00.000Z', expiresAt: null, why: expect.any(String) },
    ]);
  });

  it('is reachable by a person only: no controller or MCP code calls the person transition or a promotion', () => {
    const walk = (dir: string): string[] => readdirSync(dir).flatMap((e) => (statSync(join(dir, e)).isDirectory() ? walk(join(dir, e)) : e.endsWith('.ts') ? [join(dir, e)] : []));
    const offenders = ['controller', 'mcp'].flatMap((d) => walk(join(packageRoot(), 'src', d)))
      .filter((f) => /transitionByPerson|reviewMemoryAsPerson|promoteMemory|transition-memory\.cypher|record-promotion\.cypher/.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
