import { randomBytes } from 'node:crypto';
import { AppError } from '../errors/index.js';
import { int, type Graph, type GraphTx, type RunOptions } from '../graph/index.js';
import { recordFrictionCandidates } from '../memory/friction-candidates.js';
import { REJECTION_THRESHOLD } from '../memory/retrospective.js';
import { commitTurn, resolveFriction, stampTurnSeq, workFrictionCounts, createWork, logDeferredTurns, readWork, summarizeWork, type PackRow, type WorkRow } from './session.queries.js';

export type { PackRow, WorkRow } from './session.queries.js';

/** A loaded work: its row, its current pack (if any) and who owns the calling agentId (if known). */
export interface LoadedWork {
  work: WorkRow;
  pack: PackRow | null;
  agentOwnerWorkId: string | null;
  /** Verbs the work has unresolved friction for (an ok turn of such a verb resolves it in its commit). */
  openFrictionVerbs?: string[];
}

/**
 * One refusal to record as a FrictionEvent: its code, strategy and domain anchors; for a refused plan
 * also the nodes it refused (ids, and their JSON as submitted, capped) and the validator's first message,
 * from which an accepted fix later scaffolds a few-shot memory (src/memory/README.md).
 */
export interface FrictionInput {
  code: string;
  strategyId: string;
  domainAnchorIds: string[];
  nodeIds?: string[];
  nodesJson?: string[];
  message?: string;
}

/** What one turn changes: tokens always; a state change only with the version the caller saw. */
export interface TurnCommit {
  workId: string | null;
  agentId: string | null;
  tokens: number;
  transition: { expectedVersion: number; nextState: string } | null;
  turn: {
    id: string;
    runSessionId: string | null;
    verb: string;
    outcome: string;
    denyCodes: string[];
    latencyMs: number;
    stateBefore: string;
    stateAfter: string;
    traceMeta: string | null;
    /** Paths the call named (filePath, targetFile). */
    files?: string[];
    /** Memory plan rules the turn's plan was checked against: `<memoryId>:satisfied|violated` (memory metrics). */
    memoryRules?: string[];
  };
  friction: FrictionInput[];
  /** Writes of the verb that belong to this commit (run after the version check, same transaction). */
  effects?: (tx: GraphTx) => Promise<void>;
}

/** A turn's log entry without a state change: what is kept and written later when the graph is away. */
export type DeferredTurn = Omit<TurnCommit, 'transition' | 'effects'> & {
  /** When the turn was answered (ISO). */
  at: string;
  /** Friction events with their ids fixed, so a flush writes the same records every time. */
  friction: Array<FrictionInput & { id: string }>;
};

export interface CommitResult {
  work: { version: number; state: string; usedTokens: number } | null;
  /** The FrictionEvents this turn raised (with how often the work has now been refused with each code), and the ids of the work's earlier ones its ok answer resolved. */
  friction: { raised: Array<Record<string, unknown>>; counts: Record<string, number>; resolved: string[] };
}

/** A fresh id with a readable prefix: `work-1f3a…` (ASCII, path-safe). */
export function mintId(prefix: 'work' | 'agent' | 'run' | 'trace' | 'fric' | 'pack'): string {
  return `${prefix}-${randomBytes(8).toString('hex')}`;
}

/** The log entry of a turn whose commit could not reach the graph (no state change, no effects). */
export function deferredTurn(commit: TurnCommit, at: Date): DeferredTurn {
  const { transition: _t, effects: _e, ...rest } = commit;
  return { ...rest, at: at.toISOString(), friction: commit.friction.map((f) => ({ id: mintId('fric'), ...f })) };
}

/** Sessions in Neo4j: works, agents, turns and friction, with optimistic concurrency on Work.version. */
export class WorkStore {
  /**
   * rejectionThreshold: distinct works refused alike before a pending memory candidate (config memory.rejectionThreshold);
   * scaffoldFromRejections false: no candidate at all (memory.enableAutoScaffoldFromRejections), the friction is still recorded.
   */
  constructor(private readonly options: { graph: Graph; repoId: string; rejectionThreshold?: number; scaffoldFromRejections?: boolean }) {}

  async create(input: { workId: string; state: string; runSessionId: string; originalPrompt: string | null; agentId: string; maxTokens: number; thresholdTokens: number }, run?: RunOptions): Promise<WorkRow> {
    const { originalPrompt, ...rest } = input;
    const [row] = await this.options.graph.write(createWork, {
      ...rest,
      prompt: { original: originalPrompt },
      repoId: this.options.repoId,
      maxTokens: int(input.maxTokens),
      thresholdTokens: int(input.thresholdTokens),
    }, run);
    if (!row) throw new AppError('INTERNAL', { message: 'The work could not be created.' });
    return row.work;
  }

  /**
   * Loads a work of this repository; a work of another repository reads as not found. `pending`: the
   * caller's log entries of this work not yet known written (TurnOutbox.pendingFor); the tokens of
   * those the read does not find written are added to `usedTokens`. The query is read committed, not a
   * snapshot: when an entry landed while it ran (read-work.cypher), it is read again, so each turn's
   * tokens count exactly once.
   */
  async load(workId: string, agentId: string | null, run?: RunOptions, pending: ReadonlyArray<{ id: string; tokens: number }> = []): Promise<LoadedWork | undefined> {
    const params = { workId, repoId: this.options.repoId, agentId, pendingTurnIds: padIds(pending.map((p) => p.id)) };
    let [row] = await this.options.graph.read(readWork, params, run);
    // An entry that landed during the read may or may not be in its usedTokens: read again (a flush is one transaction).
    for (let again = 0; row && again < 3 && row.landedAfter.length !== row.landedTurnIds.length; again++) [row] = await this.options.graph.read(readWork, params, run);
    if (!row) return undefined;
    const landed = new Set(row.landedTurnIds);
    const unwritten = pending.reduce((sum, p) => sum + (landed.has(p.id) ? 0 : p.tokens), 0);
    const work = unwritten > 0 ? { ...row.work, usedTokens: row.work.usedTokens + unwritten } : row.work;
    return { work, pack: row.pack, agentOwnerWorkId: row.agent ? row.agent.workId : null, openFrictionVerbs: [...new Set(row.openFrictionVerbs)] };
  }

  /**
   * Records a turn in one transaction: tokens and (version-checked) state change on the work, the
   * Turn node, agent counters and friction events. A stale version throws a retryable
   * VERSION_CONFLICT and nothing of the transaction is kept.
   */
  async commit(commit: TurnCommit, run?: RunOptions): Promise<CommitResult> {
    const repoId = this.options.repoId;
    const friction = frictionRows(commit);
    return this.options.graph.writeTx('session/commit-turn', async (tx) => {
      const [row] = await tx.run(commitTurn, {
        repoId,
        c: {
          workId: commit.workId,
          agentId: commit.agentId,
          tokens: int(commit.tokens),
          nextState: commit.transition?.nextState ?? null,
          expectedVersion: commit.transition ? int(commit.transition.expectedVersion) : null,
          rejected: int(commit.turn.outcome === 'denied' ? 1 : 0),
          friction,
        },
        turn: turnProps(commit, repoId),
      });
      if (row && !row.applied) {
        // Throwing rolls the whole transaction back: no tokens, no turn; the caller logs a denied turn instead.
        throw new AppError('VERSION_CONFLICT', {
          message: 'Another agent or process changed this work first; reload its state and retry.',
          details: { workId: commit.workId, expectedVersion: commit.transition?.expectedVersion, currentVersion: row.seenVersion },
        });
      }
      if (commit.effects) await commit.effects(tx);
      // The same check passing later in the same work resolves what it raised (seed 000's `resolved`).
      const resolved = commit.workId && commit.turn.outcome === 'ok' && row?.openFriction
        ? (await tx.run(resolveFriction, { repoId, workId: commit.workId, verb: commit.turn.verb, turnId: commit.turn.id })).map((r) => r.id)
        : [];
      const counts = commit.workId && friction.length > 0
        ? Object.fromEntries((await tx.run(workFrictionCounts, { repoId, workId: commit.workId, request: { codes: [...new Set(commit.friction.map((f) => f.code))] } })).map((r) => [r.code, r.count]))
        : {};
      await tx.run(stampTurnSeq, { repoId, turnId: commit.turn.id });
      const work = row && row.version !== null && row.state !== null && row.usedTokens !== null
        ? { version: row.version, state: row.state, usedTokens: row.usedTokens }
        : null;
      return { work, friction: { raised: friction, counts, resolved } };
    }, run);
  }

  /**
   * Friction → pending memory candidates for a committed turn's friction (memory/friction-candidates.ts),
   * in a transaction of its own after the turn. It recounts the committed FrictionEvents, so it is
   * idempotent, and a refused turn neither waits on nor holds the signature lock that concurrent
   * refusals with the same signature queue on (at K=8 that lock cost each refused plan 0.2–0.4 s).
   */
  async recordCandidates(workId: string | null, friction: readonly FrictionInput[], run?: RunOptions): Promise<Array<{ id: string; created: boolean }>> {
    // Friction without a domain anchor (a malformed call, a lease wait) has no signature: no transaction at all.
    if (!workId || !friction.some((f) => f.domainAnchorIds.length > 0) || this.options.scaffoldFromRejections === false) return [];
    const threshold = this.options.rejectionThreshold ?? REJECTION_THRESHOLD;
    return this.options.graph.writeTx('memory/friction-candidates', (tx) => recordFrictionCandidates(tx, this.options.repoId, friction, threshold), run);
  }

  /**
   * Writes deferred turns; idempotent on the Turn id, so a record flushed twice (two processes, a
   * crash between write and spool cleanup, a commit that did land) is written once. Returns how many
   * were new.
   */
  async logDeferred(turns: DeferredTurn[], run?: RunOptions): Promise<number> {
    // One row per Turn id: within one statement a repeated id would be seen as new twice.
    turns = [...new Map(turns.map((d) => [d.turn.id, d])).values()];
    if (turns.length === 0) return 0;
    const repoId = this.options.repoId;
    const [row] = await this.options.graph.write(logDeferredTurns, {
      repoId,
      batch: {
        turns: turns.map((d) => ({
          workId: d.workId, agentId: d.agentId, tokens: int(d.tokens), rejected: int(d.turn.outcome === 'denied' ? 1 : 0), at: d.at,
          turn: turnProps(d, repoId), friction: frictionRows(d),
        })),
      },
    }, run);
    return row?.written ?? 0;
  }

  /** Turn statistics of a work (oldest first, capped). */
  async summarize(workId: string, run?: RunOptions): Promise<Array<{ verb: string; outcome: string; denyCodes: string[] | null; agentId: string | null }>> {
    return this.options.graph.read(summarizeWork, { workId, repoId: this.options.repoId, limit: int(5000) }, run);
  }
}

/** Up to 10 ids travel as a list of 11 (padded with ''): Neo4j plans a list parameter per size bucket (0, 1, 2–10, 11–100), and one shape keeps read-work to one plan. */
function padIds(ids: string[]): string[] {
  return ids.length > 10 ? ids : [...ids, ...Array<string>(11 - ids.length).fill('')];
}

function turnProps(commit: Pick<TurnCommit, 'turn' | 'workId' | 'agentId' | 'tokens'>, repoId: string): Record<string, unknown> {
  return { ...commit.turn, repoId, workId: commit.workId, agentId: commit.agentId, tokens: commit.tokens };
}

function frictionRows(commit: Pick<TurnCommit, 'turn' | 'workId' | 'agentId'> & { friction: Array<FrictionInput & { id?: string }> }): Array<Record<string, unknown>> {
  return commit.friction.map((f) => ({
    id: f.id ?? mintId('fric'), code: f.code, verb: commit.turn.verb, workId: commit.workId, agentId: commit.agentId,
    runSessionId: commit.turn.runSessionId, strategyId: f.strategyId, domainAnchorIds: f.domainAnchorIds, resolved: false,
    nodeIds: f.nodeIds ?? [], nodesJson: f.nodesJson ?? [], message: f.message ?? null,
  }));
}
