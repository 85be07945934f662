import type { Integer } from 'neo4j-driver';
import { loadQuery } from '../graph/query-registry.js';

/** One Turn node as the console shows it (src/session writes it; `seq` orders commits per repository). */
export interface TurnRow {
  id: string;
  seq: number | null;
  at: string;
  workId: string | null;
  agentId: string | null;
  verb: string;
  outcome: string;
  denyCodes: string[];
  latencyMs: number | null;
  tokens: number | null;
  stateBefore: string | null;
  stateAfter: string | null;
  files: string[] | null;
}

export type ErrorTurnRow = Pick<TurnRow, 'id' | 'seq' | 'at' | 'workId' | 'agentId' | 'verb' | 'outcome' | 'denyCodes' | 'stateBefore' | 'files'>;

export interface WorkRow {
  id: string;
  state: string;
  version: number;
  originalPrompt: string | null;
  usedTokens: number;
  maxTokens: number;
  totalNodes: number | null;
  completedNodes: number | null;
  createdAt: string | null;
  updatedAt: string | null;
  worktree: { kind: string; root: string; branch: string | null; baseCommit: string | null; mergedInto: string | null; removedAt: string | null } | null;
  leases: Array<{ resource: string; nodeId: string | null; expiresAt: string | null; live: boolean }>;
  agents: Array<{ id: string; actions: number; rejections: number; lastSeenAt: string | null }>;
}

export interface GateRunRow {
  id: string;
  workId: string;
  nodeId: string | null;
  hookId: string | null;
  stepName: string;
  passed: boolean;
  exitCode: number | null;
  timedOut: boolean;
  durationMs: number;
  startedAt: string;
  /** The last 2,000 characters of the step's output. */
  outputTail: string;
}

export const listTurns = loadQuery<{ repoId: string; workId: string | null; agentId: string | null; limit: Integer }, { turn: TurnRow }>('dashboard/list-turns.cypher');
/** A gate step run as the event stream reports it (`event: gate`): a GateRunRow without its work and output. */
export type TurnGateRunRow = Omit<GateRunRow, 'workId' | 'outputTail' | 'startedAt'> & { startedAt: string | null };

export const turnsAfter = loadQuery<{ repoId: string; after: Integer; limit: Integer }, { turn: TurnRow; gateRuns: TurnGateRunRow[] }>('dashboard/turns-after.cypher');
export const readTurnClock = loadQuery<{ repoId: string }, { seq: number }>('dashboard/read-turn-clock.cypher');
export const listWorks = loadQuery<{ repoId: string; limit: Integer }, { work: WorkRow }>('dashboard/list-works.cypher');
export const listErrors = loadQuery<{ repoId: string; workId: string | null; limit: Integer }, { turn: ErrorTurnRow }>('dashboard/list-errors.cypher');
export const verbLatency = loadQuery<{ repoId: string; since: string }, { verb: string; turns: number; p50: number; p95: number; p99: number; max: number }>('dashboard/verb-latency.cypher');
export const rejectionCounts = loadQuery<{ repoId: string; since: string }, { code: string; verb: string; count: number }>('dashboard/rejection-counts.cypher');
export const listRepositories = loadQuery<{ limit: Integer }, { repoId: string; root: string | null; snapshotId: string | null; ingestedAt: string | null; writing: boolean }>('dashboard/list-repositories.cypher');
export const listGateRuns = loadQuery<{ repoId: string; workId: string | null; limit: Integer }, { run: GateRunRow }>('dashboard/list-gate-runs.cypher');

/** A policy-plane row that waits for a person (reviewed in the seed file it came from, `sourceFile`). */
export interface PendingPolicyRow {
  id: string;
  type: 'migration_rule';
  status: string;
  fromTag: string | null;
  toTag: string | null;
  notes: string | null;
  sourceFile: string | null;
  version: number | null;
}

export interface PlanNodeRow {
  nodeId: string;
  kind: string;
  ordinal: number;
  operation: string | null;
  targetFile: string | null;
  sideEffectType: string | null;
  /** pending until execution or validation records an outcome. */
  outcome: string;
  dependsOn: string[];
  mapsToNodeIds: string[];
  outcomeAt: string | null;
}

export interface WorkDetailRow extends Omit<WorkRow, 'worktree' | 'leases' | 'agents'> {
  plan: { id: string; status: string; acceptedAt: string | null } | null;
  nodes: PlanNodeRow[];
}

export const listPendingPolicies = loadQuery<{ repoId: string; limit: Integer }, { policy: PendingPolicyRow }>('dashboard/list-pending-policies.cypher');
export const frictionHeatmap = loadQuery<{ repoId: string; since: string; limit: Integer }, { code: string; anchorId: string; anchor: string | null; events: number; works: number }>('dashboard/friction-heatmap.cypher');
export const packOutcomes = loadQuery<{ repoId: string; since: string }, { outcome: string; count: number }>('dashboard/pack-outcomes.cypher');
export const verbLatencySeries = loadQuery<{ repoId: string; since: string; verbs: string[]; points: Integer }, { verb: string; latencies: number[] }>('dashboard/verb-latency-series.cypher');
export const readWork = loadQuery<{ repoId: string; workId: string }, { work: WorkDetailRow }>('dashboard/read-work.cypher');

/** A work's current pack as the work view reads it (`proofChainsJson` is parsed by the service). */
export interface WorkPackRow {
  id: string;
  version: number | null;
  hash: string;
  ref: string;
  outcome: string | null;
  strategyId: string | null;
  fileCount: number;
  symbolCount: number;
  createdAt: string | null;
  files: Array<{ path: string; rank: number | null; score: number | null; lanes: string[]; reasons: string[] }>;
  proofChainsJson: string | null;
}

export const readWorkPack = loadQuery<{ repoId: string; workId: string; fileLimit: Integer }, { pack: WorkPackRow }>('dashboard/read-work-pack.cypher');

export const ingestTimings = loadQuery<{ repoId: string; limit: Integer }, { snapshotId: string; ingestedAt: string; timingsJson: string }>('dashboard/ingest-timings.cypher');
