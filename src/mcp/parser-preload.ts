import type { TurnEvents } from '../controller/turn-events.js';
import type { Logger } from '../runtime/logger.js';

/**
 * Loads the parsers (ts-morph with its TypeScript, @angular/compiler, the extractors: about 0.9 s of CPU
 * on Node 20) once a turn of this process leaves or finds a work in PLAN_ACCEPTED, the state in which
 * edits and their re-ingests follow. The load starts after that turn's answer is written (setImmediate),
 * while the agent's model writes its first edit. Loaded before the first message instead, eight
 * processes started together spent that CPU at once before anyone's first turn (bench/soak/README.md,
 * "Parsers on the accepted plan"). A watching server's idle warm-up loads them too; a failed load is
 * logged, and the first parse imports them again.
 */
export function preloadParsersOnAcceptedPlan(events: TurnEvents, load: () => Promise<void>, log: Logger): void {
  const onTurn = (event: { stateBefore: string; stateAfter: string }): void => {
    if (event.stateAfter !== 'PLAN_ACCEPTED' && event.stateBefore !== 'PLAN_ACCEPTED') return;
    events.off('turn', onTurn);
    setImmediate(() => void load().catch((error: unknown) => log.warn('parser preload failed', { message: error instanceof Error ? error.message : String(error) })));
  };
  events.on('turn', onTurn);
}
