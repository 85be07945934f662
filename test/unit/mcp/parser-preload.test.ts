import { describe, expect, it } from 'vitest';
import { TurnEvents, type TurnEvent } from '../../../src/controller/turn-events.js';
import { preloadParsersOnAcceptedPlan } from '../../../src/mcp/parser-preload.js';
import { silentLogger } from '../../../src/runtime/logger.js';

const turn = (stateBefore: string, stateAfter: string, verb = 'submit_execution_plan'): TurnEvent => ({
  traceRef: 'trace-1', at: new Date(0).toISOString(), workId: 'work-1', agentId: 'agent-1', verb, outcome: 'ok',
  denyCodes: [], stateBefore, stateAfter, latencyMs: 1, tokens: 1,
});
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('preloadParsersOnAcceptedPlan', () => {
  it('loads nothing while works only plan and read, then once when a plan is accepted, after the turn', async () => {
    const events = new TurnEvents();
    let loads = 0;
    preloadParsersOnAcceptedPlan(events, async () => { loads += 1; }, silentLogger);
    events.publish(turn('UNINITIALIZED', 'PLANNING', 'initialize_work'));
    events.publish(turn('PLANNING', 'PLANNING', 'read_file_lines'));
    events.publish(turn('PLANNING', 'PLANNING'));
    await tick();
    expect(loads).toBe(0);
    events.publish(turn('PLANNING', 'PLAN_ACCEPTED'));
    expect(loads).toBe(0); // not inside the publishing turn: after it
    await tick();
    expect(loads).toBe(1);
    events.publish(turn('PLAN_ACCEPTED', 'PLAN_ACCEPTED', 'apply_code_patch'));
    events.publish(turn('PLANNING', 'PLAN_ACCEPTED'));
    await tick();
    expect(loads).toBe(1);
    expect(events.listenerCount('turn')).toBe(0);
  });

  it('loads for a process that resumes an accepted work (its first turn starts in PLAN_ACCEPTED)', async () => {
    const events = new TurnEvents();
    let loads = 0;
    preloadParsersOnAcceptedPlan(events, async () => { loads += 1; }, silentLogger);
    events.publish(turn('PLAN_ACCEPTED', 'COMPLETED', 'signal_task_complete'));
    await tick();
    expect(loads).toBe(1);
  });

  it('a failed load is logged, not thrown', async () => {
    const events = new TurnEvents();
    const warnings: string[] = [];
    const log = { ...silentLogger, warn: (msg: string) => { warnings.push(msg); } };
    preloadParsersOnAcceptedPlan(events, async () => { throw new Error('disk gone'); }, log);
    events.publish(turn('PLANNING', 'PLAN_ACCEPTED'));
    await tick();
    await tick();
    expect(warnings).toEqual(['parser preload failed']);
  });
});
