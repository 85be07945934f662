/** One state a work entered, with the turn that moved it there (the first step: the state its first turn found). */
export interface StateStep {
  state: string;
  at: string;
  seq: number | null;
  verb: string | null;
  turnId: string | null;
}

interface TurnStates { id: string; seq: number | null; at: string; verb: string; stateBefore: string | null; stateAfter: string | null }

/**
 * A work's path through the state machine from its turns, oldest first: a step each time a turn left
 * the work in another state than the one before (refused turns that changed nothing add no step).
 */
export function statePath(turnsOldestFirst: readonly TurnStates[]): StateStep[] {
  const path: StateStep[] = [];
  for (const turn of turnsOldestFirst) {
    if (path.length === 0 && turn.stateBefore) path.push({ state: turn.stateBefore, at: turn.at, seq: null, verb: null, turnId: null });
    const state = turn.stateAfter ?? turn.stateBefore;
    if (!state || path.at(-1)?.state === state) continue;
    path.push({ state, at: turn.at, seq: turn.seq, verb: turn.verb, turnId: turn.id });
  }
  return path;
}
