import type { TurnGateRunRow, TurnRow } from './dashboard.queries.js';

/** The kinds of event `/stream/events` sends about a committed turn, in the order they are sent. */
export const STREAM_EVENT_KINDS = ['turn', 'state', 'plan', 'gate', 'lease'] as const;
export type StreamEventKind = (typeof STREAM_EVENT_KINDS)[number];

/** One event of the stream: its SSE id, kind and JSON data. */
export interface StreamEvent {
  id: string;
  kind: StreamEventKind;
  data: Record<string, unknown>;
}

/** A committed turn with every event it gives, in order (the turn's own first). Never empty. */
export interface TurnEvents {
  seq: number;
  events: StreamEvent[];
}

/**
 * Where a stream stands: the seq of the last turn it reached and how many of that turn's events it has
 * sent (`ALL_SENT` once the whole turn was sent).
 */
export interface StreamPosition {
  seq: number;
  sent: number;
}
export const ALL_SENT = Number.POSITIVE_INFINITY;

/**
 * The events a committed turn gives, derived from what the Turn (and the GateRuns it recorded) holds:
 * nothing is written for them, and a turn never changes after its commit, so the same turn always gives
 * the same events. Ids: `<seq>` for the turn itself, `<seq>.<k>` for its k-th other event (k ≥ 1), so
 * a `Last-Event-ID` names an exact place to resume.
 * - `state`: the turn left the work in another state (`from`, `to`);
 * - `plan`: a plan submission's verdict (`accepted`, or `rejected` with the deny codes);
 * - `gate`: each gate step the turn ran (a `run_automation_recipe` validation), with its result;
 * - `lease`: leases taken with an accepted plan, released by a completed work, or refused because another work holds them.
 */
export function turnEvents(turn: TurnRow, gateRuns: readonly TurnGateRunRow[]): TurnEvents {
  const seq = turn.seq ?? 0;
  const about = { turnId: turn.id, seq, at: turn.at, workId: turn.workId, agentId: turn.agentId, verb: turn.verb };
  const others: Array<Omit<StreamEvent, 'id'>> = [];
  if (turn.stateBefore && turn.stateAfter && turn.stateBefore !== turn.stateAfter) {
    others.push({ kind: 'state', data: { ...about, from: turn.stateBefore, to: turn.stateAfter } });
  }
  if (turn.verb === 'submit_execution_plan') {
    others.push({ kind: 'plan', data: { ...about, verdict: turn.outcome === 'ok' ? 'accepted' : 'rejected', codes: turn.denyCodes } });
  }
  for (const run of gateRuns) others.push({ kind: 'gate', data: { ...about, gateRunId: run.id, nodeId: run.nodeId, hookId: run.hookId, stepName: run.stepName, passed: run.passed, exitCode: run.exitCode, timedOut: run.timedOut, durationMs: run.durationMs } });
  const lease = leaseChange(turn);
  if (lease) others.push({ kind: 'lease', data: { ...about, change: lease, codes: turn.denyCodes, files: turn.files ?? [] } });
  return {
    seq,
    events: [{ id: String(seq), kind: 'turn', data: { ...turn } }, ...others.map((e, k) => ({ ...e, id: `${seq}.${k + 1}` }))],
  };
}

function leaseChange(turn: TurnRow): 'acquired' | 'released' | 'refused' | null {
  if (turn.denyCodes.includes('EXEC_SIDE_EFFECT_COLLISION')) return 'refused';
  if (turn.outcome !== 'ok') return null;
  if (turn.verb === 'submit_execution_plan') return 'acquired';
  if (turn.verb === 'signal_task_complete') return 'released';
  return null;
}

/** The events of `turns` a stream at `position` has not sent yet, in order, and where it stands after them. */
export function unsent(turns: readonly TurnEvents[], position: StreamPosition): { events: StreamEvent[]; position: StreamPosition } {
  const events: StreamEvent[] = [];
  let at = position;
  for (const turn of turns) {
    if (turn.seq < at.seq || (turn.seq === at.seq && at.sent === ALL_SENT)) continue;
    events.push(...turn.events.slice(turn.seq === at.seq ? at.sent : 0));
    at = { seq: turn.seq, sent: ALL_SENT };
  }
  return { events, position: at };
}

/** The position a `Last-Event-ID` names: `<seq>` (the turn itself was sent) or `<seq>.<k>` (its events up to the k-th were). */
export function positionOfEventId(seq: number, k: number | undefined): StreamPosition {
  return { seq, sent: (k ?? 0) + 1 };
}
