import type { z } from 'zod';
import type { Config } from '../config/index.js';
import type { AppError } from '../errors/index.js';
import type { Graph, GraphTx } from '../graph/index.js';
import type { PackStore, PackSummary } from '../pack/index.js';
import type { PlanService } from '../plan/plan-service.js';
import type { Logger } from '../runtime/logger.js';
import type { LoadedWork, WorkRow, WorkStore } from '../session/index.js';
import type { Progress, SuggestedAction } from './envelope.schema.js';
import type { TurnDenial } from './deny.js';
import type { RunState } from './states.js';

/** Everything a verb may use; built per turn from the process-wide services. */
export interface VerbContext {
  repoId: string;
  /** Real (symlink-resolved) absolute path of the repository root. */
  repoRoot: string;
  config: Config;
  log: Logger;
  now: () => Date;
  /** Aborted on turn timeout or client cancellation; pass it to every graph call. */
  signal: AbortSignal;
  /** The process's graph, for domain services that take it (pack assembly); verbs never run Cypher themselves. */
  graph: Graph;
  sessions: WorkStore;
  packs: PackStore;
  /** Plan validation, persistence and progress for this repository. */
  plans: PlanService;
  /** The work this turn acts on (null for initialize_work without one). */
  work: LoadedWork | null;
  agentId: string;
  runSessionId: string;
  originalPrompt: string | null;
  traceRef: string;
  /** Sends an MCP progress notification when the client asked for them (absent otherwise). */
  progress?: (message: string) => void;
  /**
   * initialize_work calls it as soon as its Work node exists: a turn that then does not answer ok
   * (timeout, cancel, error) deletes that work, which no agent was given.
   */
  onWorkCreated?: (workId: string) => void;
  /** MCP callers: whether this session listed resources (so large content can go by reference); absent for non-MCP callers. */
  resourcesListed?: boolean;
}

/** What a verb returns: its result, and optionally a state change, a new work or pack to report. */
export interface VerbOutcome {
  result: Record<string, unknown>;
  /** A versioned change to the work (committed with optimistic concurrency). Omit for read-only turns. */
  nextState?: RunState;
  outcome?: 'ok' | 'pack_insufficient';
  /** initialize_work: the work it created (the turn is then recorded on it). */
  createdWork?: WorkRow;
  /** A pack the verb created or changed (shown in the envelope). */
  pack?: PackSummary;
  suggestedAction?: SuggestedAction;
  /** Writes that must land in the same transaction as the turn's (version-checked) state change. */
  effects?: (tx: GraphTx) => Promise<void>;
  /**
   * The commit (effects included) was refused with this error and rolled back: the verb may answer a
   * better refusal instead (a lease race lost at commit keeps the plan, as any lease refusal does).
   * Undefined keeps the error as it is.
   */
  onCommitRefused?: (error: AppError) => Promise<TurnDenial | undefined>;
  /** Progress as of this turn's outcome (e.g. a plan accepted now), shown instead of the loaded work's. */
  progress?: Progress;
  /** The strategy selected by this turn (shown as the envelope's knowledgeStrategy). */
  knowledgeStrategy?: { strategyId: string; contextSignature?: Record<string, unknown>; reasons: string[] };
  subAgentHints?: { recommended: boolean; splits: string[] };
}

/** A verb: its seed name, the states it runs in, its strict args schema and its handler. */
export interface VerbDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  description: string;
  whenToUse: string;
  states: readonly RunState[];
  /**
   * The verb writes nothing (no effects, no state change, no file): an ok turn's log entry is then
   * written after its answer (TurnLog.behind), so the answer does not wait for a commit.
   */
  readOnly?: boolean;
  args: S;
  run(params: { ctx: VerbContext; input: z.output<S> }): Promise<VerbOutcome>;
}

/** Keeps the schema's type flowing into `run` without widening. */
export function defineVerb<S extends z.ZodType>(verb: VerbDefinition<S>): VerbDefinition<S> {
  return verb;
}
