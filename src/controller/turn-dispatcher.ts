import { join } from 'node:path';
import type { Config } from '../config/index.js';
import { AppError } from '../errors/index.js';
import { readResource, type ResourceText } from '../mcp/resources.js';
import { PlanService } from '../plan/plan-service.js';
import { onAbort } from '../runtime/abort.js';
import type { Logger } from '../runtime/logger.js';
import { mintId } from '../session/index.js';
import { estimateTokens } from './budget.js';
import { CreatedWorkDiscarder } from './created-work-discard.js';
import { TurnDenial } from './deny.js';
import { buildEnvelope } from './envelope.js';
import type { TurnResponse } from './envelope.schema.js';
import { gateTurn } from './gate.js';
import { LoopStall } from './loop-stall.js';
import { ServicesConnection, type ControllerServices } from './services-connection.js';
import { BUDGET_BLOCKABLE_STATES, isRunState, type RunState } from './states.js';
import { memoryRulesOf, namedFiles, salvageId } from './turn-request-facts.js';
import { toProblems, TurnRequestSchema } from './turn-request.schema.js';
import { TurnEvents } from './turn-events.js';
import { canLogBehind, TurnLog, type Turn as LoggedTurn } from './turn-log.js';
import type { VerbOutcome } from './verb.js';
import { defaultVerbs, VerbRegistry } from './verb-registry.js';

/** What waits inside a turn (the graph connection, an ingest) leaves the verb this much of the turn: a third, at most 10 s. */
const verbReserveMs = (timeoutMs: number): number => Math.min(10_000, timeoutMs / 3);

export type { ControllerServices } from './services-connection.js';

/** Verbs that build a pack: without a watcher, the working tree is re-checked before they run. */
const PACK_VERBS: ReadonlySet<string> = new Set(['initialize_work', 'escalate']);

export interface ControllerOptions {
  config: Config;
  /** Real path of the repository root. */
  repoRoot: string;
  log: Logger;
  /** Resolves the services; called on the first turn (lazy boot), retried after a failure. */
  services: () => Promise<ControllerServices>;
  verbs?: VerbRegistry;
  events?: TurnEvents;
  now?: () => Date;
}

type Turn = LoggedTurn;

/** What the MCP server passes with a turn: cancellation, progress, and whether its client listed resources. */
export interface TurnCall {
  signal?: AbortSignal;
  progress?: (message: string) => void;
  /** Set by the MCP server: the client called resources/list or resources/templates/list in this session. */
  resourcesListed?: boolean;
}

/**
 * Runs `controller_turn`: look up → load work → capability/budget gate → validate args → run →
 * persist (optimistic concurrency) → envelope. Every refusal is a TurnResponse with a deny, never
 * a thrown error; every turn is logged as a Turn node when the graph is reachable.
 */
export class TurnDispatcher {
  readonly registry: VerbRegistry;
  readonly events: TurnEvents;
  /** Turn log entries: committed with the turn, or kept (spooled under `.ai/tmp/turn-spool`) while the graph is away. */
  readonly turnLog: TurnLog;
  private readonly connection: ServicesConnection;
  private readonly discarder: CreatedWorkDiscarder;
  private readonly loopStall = LoopStall.shared();

  constructor(private readonly options: ControllerOptions) {
    this.registry = options.verbs ?? new VerbRegistry(defaultVerbs());
    this.events = options.events ?? new TurnEvents();
    const memory = options.config.memory;
    this.turnLog = new TurnLog({
      log: options.log, spoolDir: join(options.repoRoot, '.ai/tmp/turn-spool'), store: () => this.connection.current?.sessions,
      ...(memory.enableFrictionLedger ? { ledger: { root: options.repoRoot, maxEntries: memory.frictionLedgerMaxEntries } } : {}),
    });
    this.connection = new ServicesConnection(options.services, () => this.turnLog.outbox.nudge());
    this.discarder = new CreatedWorkDiscarder({ repoRoot: options.repoRoot, log: options.log, services: () => this.connection.current });
  }

  /** One turn, bounded by the configured timeout and the caller's signal. */
  async turn(raw: unknown, call: TurnCall = {}): Promise<TurnResponse> {
    const turn: Turn = {
      traceRef: mintId('trace'), runSessionId: salvageId(raw, 'runSessionId'), workId: salvageId(raw, 'workId'),
      agentId: salvageId(raw, 'agentId'), state: 'UNINITIALIZED', stateBefore: 'UNINITIALIZED', work: null, pack: null,
      describe: Boolean(raw && typeof raw === 'object' && (raw as Record<string, unknown>).describe === true),
      agentAssigned: salvageId(raw, 'agentId') === null,
      started: performance.now(), verb: '', tokens: 0, loaded: null, transition: null, committed: false, finished: false,
    };
    const verb = raw && typeof raw === 'object' ? (raw as Record<string, unknown>).verb : undefined;
    turn.verb = typeof verb === 'string' ? verb.slice(0, 64) : '(missing)';
    turn.files = namedFiles(raw);
    const abort = new AbortController();
    const detach = onAbort(call.signal, () => abort.abort());
    let timer: NodeJS.Timeout | undefined;
    let timeoutAnswer: Promise<TurnResponse> | undefined;
    const timeoutMs = this.options.config.mcp.turnTimeoutMs;
    const timedOut = new Promise<TurnResponse>((resolve) => {
      timer = setTimeout(() => {
        const denial = new TurnDenial('TIMEOUT', {
          message: `The turn took longer than ${timeoutMs} ms and was stopped.`,
          details: { timeoutMs },
          suggestedAction: { verb: turn.verb, reason: 'retry; if it keeps timing out, narrow the request' },
        });
        // Claim the answer before aborting, so the aborted dispatch cannot answer (or log) first. The
        // log entry is deferred: the answer must not wait for a graph that may be what is slow.
        timeoutAnswer = this.finishDenied(turn, denial, undefined);
        abort.abort();
        resolve(timeoutAnswer);
      }, timeoutMs);
    });
    // The stall reported with the answer is this turn's, not the process start's (the parser load before
    // the first message showed as a 3–4 s stall of every first initialize_work at K=8).
    this.loopStall.takeMaxMs();
    try {
      const dispatched = this.dispatch(raw, turn, abort.signal, call.progress, call.resourcesListed);
      const answer = await Promise.race([dispatched, timedOut]);
      const final = timeoutAnswer ? await timeoutAnswer : answer;
      if (turn.createdWorkId && final.outcome === 'denied') {
        // A timed-out dispatch may still be writing: clean up once it settles, without holding the answer.
        const discarded = this.discarder.discard(turn.createdWorkId, dispatched);
        if (!timeoutAnswer) await discarded;
      }
      return final;
    } finally {
      clearTimeout(timer);
      detach();
    }
  }

  /**
   * Resolves once what follows this process's answered turns is done: the works of refused
   * initialize_work turns deleted (or given up on), the memory candidates of refused turns written.
   * Bounded by `ms`.
   */
  async settled(ms: number): Promise<void> {
    const pending = Promise.allSettled([...this.discarder.pending(), this.turnLog.settled()]);
    await Promise.race([pending, new Promise((resolve) => setTimeout(resolve, ms).unref())]);
  }

  /** resources/read: the same content read_resource returns, outside any work's turn (no budget, no log). */
  async readResource(uri: string, call: { signal?: AbortSignal } = {}): Promise<ResourceText> {
    const services = await this.connection.connect();
    return readResource({ repoRoot: this.options.repoRoot, sessions: services.sessions, plans: this.plansOf(services) }, uri, { run: { signal: call.signal } });
  }

  private async dispatch(raw: unknown, turn: Turn, signal: AbortSignal, progress?: (message: string) => void, resourcesListed?: boolean): Promise<TurnResponse> {
    let services: ControllerServices | undefined;
    let turnEnded: (() => void) | undefined;
    try {
      let serialized: string;
      try {
        serialized = JSON.stringify(raw ?? {});
      } catch {
        throw new TurnDenial('INVALID_ARGS', { message: 'The arguments could not be read as JSON.' });
      }
      const bytes = Buffer.byteLength(serialized, 'utf8');
      turn.tokens = estimateTokens(bytes);
      const parsed = TurnRequestSchema.safeParse(raw);
      if (!this.connection.started) progress?.('connecting to Neo4j (the first call may start the local server)');
      // What waits for the graph or an ingest answers retryably while the verb would still have time to run.
      const timeoutMs = this.options.config.mcp.turnTimeoutMs;
      const deadline = turn.started + timeoutMs - verbReserveMs(timeoutMs);
      services = await this.connection.connectBy(deadline);
      turnEnded = services.keeper?.turnStarted?.();
      if (turn.workId) await this.loadWork(services, turn, signal);
      turn.agentId ??= mintId('agent');
      turn.runSessionId ??= turn.loaded?.work.runSessionId ?? mintId('run');
      if (bytes > this.options.config.mcp.maxRequestBytes) {
        throw new TurnDenial('INVALID_ARGS', {
          message: `The request is ${bytes} bytes; the limit is ${this.options.config.mcp.maxRequestBytes}.`,
          problems: [{ path: '(arguments)', message: `at most ${this.options.config.mcp.maxRequestBytes} bytes` }],
          suggestedAction: { verb: turn.verb, reason: 'send a smaller request (split large content across turns)' },
        });
      }
      if (!parsed.success) {
        throw new TurnDenial('INVALID_ARGS', { message: 'The controller_turn arguments are invalid.', problems: toProblems(parsed.error) });
      }
      const request = parsed.data;
      const capabilities = this.registry.capabilities(turn.state);
      const work = turn.loaded?.work;
      const decision = gateTurn({
        state: turn.state, verb: request.verb, known: this.registry.names(), capabilities,
        budget: { usedTokens: work?.usedTokens ?? 0, thresholdTokens: work?.thresholdTokens ?? Number.POSITIVE_INFINITY },
      });
      if (!decision.allowed) {
        if (decision.code === 'BUDGET_EXHAUSTED' && work && BUDGET_BLOCKABLE_STATES.has(turn.state)) {
          turn.transition = { expectedVersion: work.version, nextState: 'BLOCKED_BUDGET' };
        }
        const problems = (decision.details.problems as Array<{ path: string; message: string }> | undefined) ?? [];
        throw new TurnDenial(decision.code, { message: decision.message, details: decision.details, suggestedAction: decision.suggestedAction, problems });
      }
      const verb = this.registry.get(request.verb)!;
      const args = verb.args.safeParse(request.args ?? {});
      if (!args.success) {
        throw new TurnDenial('INVALID_ARGS', {
          message: `The arguments of ${verb.name} are invalid.`,
          problems: toProblems(args.error, 'args'),
          suggestedAction: { verb: verb.name, reason: 'fix the listed arguments and call again' },
        });
      }
      await services.keeper?.ready({ signal, deadline, fresh: PACK_VERBS.has(verb.name), ...(progress ? { progress } : {}) });
      signal.throwIfAborted(); // a turn cancelled while its work loaded does not start its verb
      // Read turns logged behind their answers land before a verb that may read the work's history
      // (signal_task_complete's retrospective counts them); read-only verbs do not wait for them.
      if (!verb.readOnly) await this.turnLog.outbox.drain(signal);
      const outcome = await verb.run({
        ctx: {
          repoId: services.repoId, repoRoot: this.options.repoRoot, config: this.options.config, log: this.options.log,
          now: this.options.now ?? (() => new Date()), signal, graph: services.graph, sessions: services.sessions, packs: services.packs, plans: this.plansOf(services),
          work: turn.loaded, agentId: turn.agentId, runSessionId: turn.runSessionId,
          originalPrompt: request.originalPrompt ?? turn.loaded?.work.originalPrompt ?? null, traceRef: turn.traceRef,
          onWorkCreated: (workId) => { turn.createdWorkId = workId; },
          ...(progress ? { progress } : {}), ...(resourcesListed !== undefined ? { resourcesListed } : {}),
        },
        input: args.data,
      });
      return await this.finishOk(services, turn, outcome, signal, request.traceMeta, verb.readOnly === true);
    } catch (error) {
      const denial = TurnDenial.from(error);
      if (denial.code === 'INTERNAL' && !signal.aborted) this.options.log.error('turn failed', { traceRef: turn.traceRef, verb: turn.verb, error: String((error as Error)?.stack ?? error) });
      return this.finishDenied(turn, denial, signal.aborted ? undefined : services, signal);
    } finally {
      // Also after a timeout: the dispatch runs on until it settles, and so does its claim on the cores.
      turnEnded?.();
    }
  }

  private async loadWork(services: ControllerServices, turn: Turn, signal: AbortSignal): Promise<void> {
    // This process's turns logged behind their answers count against the budget while their entries are written.
    const workId = turn.workId as string;
    const outbox = this.turnLog.outbox;
    const loaded = await outbox.reading(workId, () => services.sessions.load(workId, turn.agentId, { signal }, outbox.pendingFor(workId)), { signal });
    if (!loaded) {
      turn.workId = null;
      throw new TurnDenial('NOT_FOUND', {
        message: `No work ${workId} exists in this repository.`,
        details: { workId },
        suggestedAction: { verb: 'initialize_work', reason: 'start a work (omit workId) and use the workId it returns' },
      });
    }
    turn.loaded = loaded;
    turn.work = loaded.work;
    turn.pack = loaded.pack;
    turn.state = isRunState(loaded.work.state) ? loaded.work.state : 'FAILED';
    turn.stateBefore = turn.state;
    if (loaded.agentOwnerWorkId && loaded.agentOwnerWorkId !== loaded.work.id) {
      const agentId = turn.agentId;
      // The caller is the agent's own work: the refusal is logged and charged there, never here.
      turn.logAs = { workId: loaded.agentOwnerWorkId, agentId };
      turn.agentId = null;
      throw new TurnDenial('WORK_MISMATCH', {
        message: `agentId ${agentId} belongs to another work.`,
        details: { agentId, workId: loaded.work.id },
        suggestedAction: { verb: turn.verb, reason: 'omit agentId to be assigned a new one for this work' },
      });
    }
  }

  private async finishOk(services: ControllerServices, turn: Turn, outcome: VerbOutcome, signal: AbortSignal, traceMeta: Record<string, unknown> | undefined, readOnly: boolean): Promise<TurnResponse> {
    if (outcome.createdWork) {
      turn.workId = outcome.createdWork.id;
      turn.work = outcome.createdWork;
      turn.loaded = { work: outcome.createdWork, pack: outcome.pack ?? null, agentOwnerWorkId: null };
      turn.state = outcome.createdWork.state as RunState;
    }
    if (outcome.pack) turn.pack = outcome.pack;
    if (outcome.progress) turn.progress = outcome.progress;
    if (outcome.knowledgeStrategy) turn.knowledgeStrategy = outcome.knowledgeStrategy;
    if (outcome.subAgentHints) turn.subAgentHints = outcome.subAgentHints;
    const work = turn.work;
    if (work && outcome.nextState && !outcome.createdWork) turn.transition = { expectedVersion: work.version, nextState: outcome.nextState };
    if (work && !turn.transition && BUDGET_BLOCKABLE_STATES.has(turn.state) && work.usedTokens + turn.tokens >= work.thresholdTokens) {
      turn.transition = { expectedVersion: work.version, nextState: 'BLOCKED_BUDGET' };
    }
    const kind = outcome.outcome ?? 'ok';
    turn.memoryRules = memoryRulesOf(outcome.result);
    try {
      if (readOnly && canLogBehind(turn, kind, outcome) && !signal.aborted) this.turnLog.behind(turn, traceMeta);
      else await this.turnLog.commit(services.sessions, turn, kind, [], { signal, traceMeta, effects: outcome.effects });
    } catch (error) {
      // Rolled back: the verb may say better what happened (its refusal is then logged like any other).
      const better = error instanceof AppError && outcome.onCommitRefused ? await outcome.onCommitRefused(error) : undefined;
      throw better ?? error;
    }
    turn.finished = true;
    const response = buildEnvelope({ facts: turn, outcome: kind, result: outcome.result, suggestedAction: outcome.suggestedAction }, this.deps());
    this.publish(turn, kind, []);
    return response;
  }

  /**
   * Answers a refusal and logs it. `services` undefined (the timeout path, a cancelled call, no graph
   * yet) defers the log entry instead of waiting for the graph.
   */
  private async finishDenied(turn: Turn, denial: TurnDenial, services: ControllerServices | undefined, signal?: AbortSignal): Promise<TurnResponse> {
    const first = !turn.finished;
    turn.finished = true;
    if (turn.createdWorkId && turn.workId === turn.createdWorkId && !turn.committed) {
      // The work this turn created is discarded (CreatedWorkDiscarder): the refusal names no work.
      Object.assign(turn, { workId: null, work: null, loaded: null, pack: null, state: 'UNINITIALIZED' });
    }
    const codes = denial.friction?.map((f) => f.code) ?? [denial.code];
    if (denial.code === 'VERSION_CONFLICT') turn.transition = null;
    if (turn.transition?.nextState !== 'BLOCKED_BUDGET') turn.transition = null;
    turn.memoryRules = memoryRulesOf(denial.details);
    if (first && !turn.committed) {
      if (services) await this.turnLog.denied(services.sessions, turn, codes, denial.friction, signal);
      else this.turnLog.defer(turn, 'denied', codes, denial.friction);
    }
    const response = buildEnvelope({ facts: turn, outcome: 'denied', denial }, this.deps());
    if (first) this.publish(turn, 'denied', codes);
    return response;
  }

  private publish(turn: Turn, outcome: 'ok' | 'denied' | 'pack_insufficient', denyCodes: string[]): void {
    const latencyMs = Math.round(performance.now() - turn.started);
    // loopMaxMs: the longest event-loop stall since this turn (or, with several at once, a later one) started.
    this.options.log.debug('turn', { traceRef: turn.traceRef, verb: turn.verb, outcome, denyCodes, ms: latencyMs, loopMaxMs: this.loopStall.takeMaxMs() });
    this.events.publish({
      traceRef: turn.traceRef, at: new Date().toISOString(), workId: turn.workId, agentId: turn.agentId, verb: turn.verb, outcome,
      denyCodes, stateBefore: turn.stateBefore, stateAfter: turn.state, latencyMs, tokens: turn.tokens,
    });
  }

  private plansOf(services: ControllerServices): PlanService {
    return services.plans ?? (services.plans = new PlanService({ graph: services.graph, repoId: services.repoId, worktreeRoot: this.options.repoRoot, config: this.options.config, now: this.options.now }));
  }

  private deps() {
    return { registry: this.registry, config: this.options.config, repoRoot: this.options.repoRoot };
  }
}
