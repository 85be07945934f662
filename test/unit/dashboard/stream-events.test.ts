import { describe, expect, it } from 'vitest';
import type { TurnRow } from '../../../src/dashboard/dashboard.queries.js';
import { ALL_SENT, positionOfEventId, turnEvents, unsent } from '../../../src/dashboard/stream-events.js';

const turn = (seq: number, fields: Partial<TurnRow> = {}): TurnRow => ({
  id: `t${seq}`, seq, at: '2026-01-01T00:00:00Z', workId: 'w1', agentId: 'a1', verb: 'read_file_lines', outcome: 'ok', denyCodes: [],
  latencyMs: 3, tokens: 10, stateBefore: 'PLANNING', stateAfter: 'PLANNING', files: [], ...fields,
});
const gate = { id: 'g1', nodeId: 'v1', hookId: 'h1', stepName: 'unit', passed: false, exitCode: 1, timedOut: false, durationMs: 40, startedAt: null };

describe('events derived from a committed turn', () => {
  it('gives only the turn for a turn that changed nothing else', () => {
    expect(turnEvents(turn(7), []).events.map((e) => [e.id, e.kind])).toEqual([['7', 'turn']]);
  });

  it('gives state, plan and lease events for an accepted plan, numbered <seq>.<k>', () => {
    const { events } = turnEvents(turn(8, { verb: 'submit_execution_plan', stateAfter: 'PLAN_ACCEPTED' }), []);
    expect(events.map((e) => [e.id, e.kind])).toEqual([['8', 'turn'], ['8.1', 'state'], ['8.2', 'plan'], ['8.3', 'lease']]);
    expect(events[1]!.data).toMatchObject({ from: 'PLANNING', to: 'PLAN_ACCEPTED', turnId: 't8', workId: 'w1' });
    expect(events[2]!.data).toMatchObject({ verdict: 'accepted', codes: [] });
    expect(events[3]!.data).toMatchObject({ change: 'acquired' });
  });

  it('gives a rejected verdict and a refused lease for a plan refused over another work\'s leases', () => {
    const { events } = turnEvents(turn(9, { verb: 'submit_execution_plan', outcome: 'denied', denyCodes: ['EXEC_SIDE_EFFECT_COLLISION'] }), []);
    expect(events.map((e) => `${e.kind} ${String(e.data.verdict ?? e.data.change ?? '')}`)).toEqual(['turn ', 'plan rejected', 'lease refused']);
  });

  it('gives a gate event per gate run and a release for a completed work', () => {
    expect(turnEvents(turn(10, { verb: 'run_automation_recipe' }), [gate, { ...gate, id: 'g2' }]).events.map((e) => e.id)).toEqual(['10', '10.1', '10.2']);
    expect(turnEvents(turn(11, { verb: 'signal_task_complete', stateAfter: 'COMPLETED' }), []).events.map((e) => `${e.kind}`)).toEqual(['turn', 'state', 'lease']);
  });
});

describe('unsent events at a stream position', () => {
  const turns = [turnEvents(turn(8, { verb: 'submit_execution_plan', stateAfter: 'PLAN_ACCEPTED' }), []), turnEvents(turn(9), [])];

  it('resumes inside a turn\'s events after <seq>.<k>, after a turn after <seq>, and skips a turn sent whole', () => {
    expect(unsent(turns, positionOfEventId(8, 2)).events.map((e) => e.id)).toEqual(['8.3', '9']);
    expect(unsent(turns, positionOfEventId(8, undefined)).events.map((e) => e.id)).toEqual(['8.1', '8.2', '8.3', '9']);
    expect(unsent(turns, { seq: 8, sent: ALL_SENT }).events.map((e) => e.id)).toEqual(['9']);
    expect(unsent(turns, { seq: 7, sent: ALL_SENT })).toEqual({ events: [...turns[0]!.events, ...turns[1]!.events], position: { seq: 9, sent: ALL_SENT } });
    expect(unsent(turns, { seq: 9, sent: ALL_SENT })).toEqual({ events: [], position: { seq: 9, sent: ALL_SENT } });
  });
});
