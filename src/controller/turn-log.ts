import { AppError } from '../errors/index.js';
import { appendFrictionLedger } from '../memory/friction-ledger.js';
import type { GraphTx } from '../graph/index.js';
import type { Logger } from '../runtime/logger.js';
import { deferredTurn, TurnOutbox, type FrictionInput, type LoadedWork, type TurnCommit, type WorkStore } from '../session/index.js';
import type { TurnFacts } from './envelope.js';
import { isRunState, type RunState } from './states.js';

type Friction = FrictionInput[];

/**
 * How long an entry logged behind its answer may wait for its flush: the read turns of that window share
 * one transaction. A turn that changes something drains them first; an observer sees them this much later.
 */
const BEHIND_FLUSH_MS = 1_000;

/** Mutable record of one turn as it progresses (the timeout path reports whatever is known). */
export interface Turn extends TurnFacts {
  started: number;
  verb: string;
  tokens: number;
  loaded: LoadedWork | null;
  stateBefore: RunState;
  transition: { expectedVersion: number; nextState: RunState } | null;
  committed: boolean;
  /**
   * Where the turn is logged and charged when that is not the work it names: a call with another
   * work's agentId is the caller's (the agent's own work), never the named work's.
   */
  logAs?: { workId: string | null; agentId: string | null };
  /** The work initialize_work created in this turn, known before the verb returns (see VerbContext.onWorkCreated). */
  createdWorkId?: string;
  /** Set by whichever path (normal or timeout) answered first; the other stays silent. */
  finished: boolean;
  /** The repository paths the call named (filePath, targetFile): the retrospective's hotspots. */
  files?: string[];
  /** Memory plan rules the turn's plan was checked against (`<memoryId>:satisfied|violated`): the memory enforcement metric. */
  memoryRules?: string[];
}

/**
 * Whether an answered turn of a read-only verb may be logged behind its answer: it changes nothing
 * but the log (ok, no effects, no state change, no new work), it is logged on the work it names, and
 * that work has no open friction from this verb (an ok turn resolves it inside its commit).
 */
export function canLogBehind(turn: Turn, outcome: string, result: { effects?: unknown; nextState?: unknown; createdWork?: unknown }): boolean {
  return outcome === 'ok' && !result.effects && !result.nextState && !result.createdWork && !turn.transition && !turn.logAs
    && turn.workId !== null && turn.work !== null && !(turn.loaded?.openFrictionVerbs ?? []).includes(turn.verb);
}

/**
 * Writes each turn's log entry: in the turn's version-checked commit when the graph answers, else
 * (graph away, turn timed out or cancelled) into the outbox, which writes it once the graph is back.
 * Answering never waits for a deferred entry.
 */
export class TurnLog {
  readonly outbox: TurnOutbox;
  private readonly log: Logger;

  /** Where and how the friction ledger is exported (memory.enableFrictionLedger); none: not written. */
  private readonly ledger?: { root: string; maxEntries: number };

  /** Memory-candidate writes of committed refused turns, which their answers do not wait for. */
  private readonly candidateWrites = new Set<Promise<void>>();

  constructor(options: { log: Logger; spoolDir?: string; store: () => WorkStore | undefined; ledger?: { root: string; maxEntries: number } }) {
    this.log = options.log;
    if (options.ledger) this.ledger = options.ledger;
    this.outbox = new TurnOutbox({ log: options.log, store: options.store, spoolDir: options.spoolDir });
  }

  /** The turn's commit: tokens, the state change (version-checked), the Turn, friction and the verb's effects. */
  async commit(sessions: WorkStore, turn: Turn, outcome: string, denyCodes: string[], options: {
    signal?: AbortSignal; traceMeta?: Record<string, unknown>; effects?: (tx: GraphTx) => Promise<void>; friction?: Friction;
  } = {}): Promise<void> {
    const entry = this.entry(turn, outcome, denyCodes, options.friction, options.traceMeta);
    // Turns this process logged behind their answers land first: tokens are charged in answer order.
    await this.outbox.drain(options.signal);
    const result = await sessions.commit({ ...entry, transition: turn.transition, effects: options.effects }, { signal: options.signal });
    turn.committed = true;
    // The graph answered: write whatever waited for it.
    this.outbox.nudge();
    if (result.friction.raised.length > 0) this.recordCandidatesLater(sessions, turn, entry);
    await this.exportFriction(turn, result.friction);
    if (!turn.logAs && result.work && turn.work) {
      turn.work = { ...turn.work, usedTokens: result.work.usedTokens, version: result.work.version, state: result.work.state };
      if (isRunState(result.work.state)) turn.state = result.work.state;
    }
  }

  /**
   * Logs an ok turn of a read-only verb after its answer (see `canLogBehind`): the entry goes to the
   * outbox (memory and spool, so a crash loses nothing) and is written by a flush within BEHIND_FLUSH_MS.
   * The work's tokens as the answer shows them include it.
   */
  behind(turn: Turn, traceMeta?: Record<string, unknown>): void {
    // Not flushed at once: the work's next turn would wait for that flush (its load never runs beside
    // one), and at K=8 it did in 599 of 720 reads, 91 ms at the median (bench/soak/README.md, session 51).
    this.outbox.enqueue(deferredTurn({ ...this.entry(turn, 'ok', [], [], traceMeta), transition: null }, new Date()), BEHIND_FLUSH_MS);
    turn.committed = true;
    if (turn.work) turn.work = { ...turn.work, usedTokens: turn.work.usedTokens + turn.tokens };
  }

  /**
   * Logs a refused turn. A lost version race still logs it without the state change; a graph that is
   * away or too slow defers it. Never throws.
   */
  async denied(sessions: WorkStore, turn: Turn, codes: string[], friction: Friction | undefined, signal?: AbortSignal): Promise<void> {
    try {
      await this.commit(sessions, turn, 'denied', codes, { signal, friction }).catch(async (error: unknown) => {
        // Someone else moved the work first: still log this turn, just without the state change.
        if (!(error instanceof AppError) || error.code !== 'VERSION_CONFLICT' || !turn.transition) throw error;
        turn.transition = null;
        await this.commit(sessions, turn, 'denied', codes, { signal, friction });
      });
    } catch (error) {
      const code = error instanceof AppError ? error.code : 'INTERNAL';
      if (code === 'GRAPH_UNAVAILABLE' || code === 'TIMEOUT') this.defer(turn, 'denied', codes, friction);
      else this.log.warn('turn log failed', { traceRef: turn.traceRef, code });
    }
  }

  /** Resolves once the memory candidates of this process's committed turns are written (tests; a clean shutdown). */
  async settled(): Promise<void> {
    while (this.candidateWrites.size > 0) await Promise.allSettled([...this.candidateWrites]);
  }

  /** Writes the turn's memory candidates after its answer; a failure is logged (the next refusal of that signature recounts). */
  private recordCandidatesLater(sessions: WorkStore, turn: Turn, entry: Pick<TurnCommit, 'workId' | 'friction'>): void {
    const done: Promise<void> = sessions.recordCandidates(entry.workId, entry.friction).then(() => undefined, (error: unknown) => {
      this.log.warn('memory candidates not recorded', { traceRef: turn.traceRef, code: error instanceof AppError ? error.code : 'INTERNAL' });
    }).finally(() => this.candidateWrites.delete(done));
    this.candidateWrites.add(done);
  }

  /** The ledger file follows the committed graph; a failed append is logged, never the turn's failure. */
  private async exportFriction(turn: Turn, friction: { raised: Array<Record<string, unknown>>; counts: Record<string, number>; resolved: string[] }): Promise<void> {
    if (!this.ledger || (friction.raised.length === 0 && friction.resolved.length === 0)) return;
    const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
    const raised = friction.raised.map((f) => ({
      frictionId: String(f.id), trigger: String(f.verb), rejectionCodes: [String(f.code)], domainAnchorIds: (f.domainAnchorIds as string[]) ?? [],
      strategyId: String(f.strategyId), sessionId: str(f.runSessionId), workId: str(f.workId), agentId: str(f.agentId),
      rejectionCount: friction.counts[String(f.code)] ?? 1,
    }));
    const workId = (turn.logAs ?? turn).workId;
    const resolved = workId && friction.resolved.length > 0 ? { frictionIds: friction.resolved, workId, byTurn: turn.traceRef } : null;
    try {
      await appendFrictionLedger(this.ledger.root, new Date(), raised, resolved, this.ledger.maxEntries);
    } catch (error) {
      this.log.warn('friction ledger not written', { traceRef: turn.traceRef, error: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Keeps the turn's log entry (no state change) for when the graph answers; returns at once. */
  defer(turn: Turn, outcome: string, codes: string[], friction: Friction | undefined): void {
    if (turn.committed) return;
    turn.transition = null;
    this.outbox.enqueue(deferredTurn({ ...this.entry(turn, outcome, codes, friction), transition: null }, new Date()));
    // Try at once: after a timeout the graph is usually there, and while it is away the circuit breaker answers fast.
    this.outbox.nudge();
  }

  private entry(turn: Turn, outcome: string, denyCodes: string[], friction?: Friction, traceMeta?: Record<string, unknown>): Omit<TurnCommit, 'transition' | 'effects'> {
    const target = turn.logAs ?? { workId: turn.workId, agentId: turn.workId ? turn.agentId : null };
    return {
      workId: target.workId,
      agentId: target.agentId,
      tokens: turn.tokens,
      turn: {
        id: turn.traceRef, runSessionId: turn.runSessionId, verb: turn.verb, outcome, denyCodes,
        latencyMs: Math.round(performance.now() - turn.started), stateBefore: turn.stateBefore,
        stateAfter: turn.transition?.nextState ?? turn.state, traceMeta: traceMeta ? JSON.stringify(traceMeta) : null,
        files: turn.files ?? [], memoryRules: turn.memoryRules ?? [],
      },
      friction: friction ?? denyCodes.map((code) => ({ code, strategyId: 'unselected', domainAnchorIds: [] })),
    };
  }
}
