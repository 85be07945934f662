import { describe, expect, it } from 'vitest';
import { statePath } from '../../../src/dashboard/state-path.js';

const turn = (seq: number, verb: string, stateBefore: string | null, stateAfter: string | null) => ({ id: `t${seq}`, seq, at: `2026-01-01T00:00:0${seq}Z`, verb, stateBefore, stateAfter });

describe('statePath', () => {
  it('starts at the state the first turn found and adds a step only when a turn moved the work', () => {
    expect(statePath([
      turn(1, 'initialize_work', 'INIT', 'PLANNING'),
      turn(2, 'submit_execution_plan', 'PLANNING', 'PLANNING'),
      turn(3, 'submit_execution_plan', 'PLANNING', 'PLAN_ACCEPTED'),
    ])).toEqual([
      { state: 'INIT', at: '2026-01-01T00:00:01Z', seq: null, verb: null, turnId: null },
      { state: 'PLANNING', at: '2026-01-01T00:00:01Z', seq: 1, verb: 'initialize_work', turnId: 't1' },
      { state: 'PLAN_ACCEPTED', at: '2026-01-01T00:00:03Z', seq: 3, verb: 'submit_execution_plan', turnId: 't3' },
    ]);
  });

  it('keeps a refused turn without a state after where the work was, and is empty without turns', () => {
    expect(statePath([turn(1, 'initialize_work', null, 'PLANNING'), turn(2, 'read_file_lines', 'PLANNING', null)]).map((s) => s.state)).toEqual(['PLANNING']);
    expect(statePath([])).toEqual([]);
  });
});
