import { EventEmitter } from 'node:events';

/** One finished turn, as observers (the dashboard, tests) see it. */
export interface TurnEvent {
  traceRef: string;
  at: string;
  workId: string | null;
  agentId: string | null;
  verb: string;
  outcome: 'ok' | 'denied' | 'pack_insufficient';
  denyCodes: string[];
  stateBefore: string;
  stateAfter: string;
  latencyMs: number;
  tokens: number;
}

/** The in-process turn stream: `on('turn', …)`. Listeners must not throw (errors are swallowed). */
export class TurnEvents extends EventEmitter<{ turn: [TurnEvent] }> {
  publish(event: TurnEvent): void {
    try {
      this.emit('turn', event);
    } catch {
      // An observer's failure must never fail a turn.
    }
  }
}
