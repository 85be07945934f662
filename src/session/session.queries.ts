import { loadQuery } from '../graph/index.js';
import type { Integer } from 'neo4j-driver';

/** A work row as the session queries return it. */
export interface WorkRow {
  id: string;
  state: string;
  version: number;
  runSessionId: string;
  originalPrompt: string | null;
  usedTokens: number;
  maxTokens: number;
  thresholdTokens: number;
  totalNodes: number;
  completedNodes: number;
  /** Validate nodes of the accepted plan that have not passed (read-work only). */
  pendingValidations?: Array<{ nodeId: string; status: 'not_started' | 'running' | 'passed' | 'failed' }>;
}

/** A work's current context pack, as the envelope and the verbs see it. */
export interface PackRow {
  id: string;
  /** Repo-relative path of the pack file (under .ai/tmp/work/{workId}/). */
  ref: string;
  /** `sha256:<hex>` of the pack file's bytes. */
  hash: string;
  fileCount: number;
  symbolCount: number;
  /** Set by retrieval's pack assembly (absent on packs recorded without it). */
  strategyId?: string | null;
  version?: number | null;
  outcome?: string | null;
}

export const createWork = loadQuery<
  { workId: string; repoId: string; state: string; runSessionId: string; prompt: { original: string | null }; agentId: string; maxTokens: Integer; thresholdTokens: Integer },
  { work: WorkRow }
>('session/create-work.cypher');

export const findUnstartedWorks = loadQuery<{ repoId: string; olderThanMs: Integer }, { workId: string }>('session/find-unstarted-works.cypher');
export const discardWorks = loadQuery<{ repoId: string; workIds: string[] }, { workId: string }>('session/discard-works.cypher');

export const readWork = loadQuery<
  { workId: string; repoId: string; agentId: string | null; pendingTurnIds: string[] },
  { work: WorkRow; pack: PackRow | null; agent: { id: string; workId: string; repoId: string } | null; openFrictionVerbs: string[]; landedTurnIds: string[]; landedAfter: string[] }
>('session/read-work.cypher');

export const commitTurn = loadQuery<
  {
    repoId: string;
    c: { workId: string | null; agentId: string | null; tokens: Integer; nextState: string | null; expectedVersion: Integer | null; rejected: Integer; friction: Array<Record<string, unknown>> };
    turn: Record<string, unknown>;
  },
  { applied: boolean; seenVersion: number | null; version: number | null; state: string | null; usedTokens: number | null; openFriction: boolean }
>('session/commit-turn.cypher');
export const stampTurnSeq = loadQuery<{ repoId: string; turnId: string }, { seq: number }>('session/stamp-turn-seq.cypher');
export const workFrictionCounts = loadQuery<{ repoId: string; workId: string; request: { codes: string[] } }, { code: string; count: number }>('session/work-friction-counts.cypher');
export const resolveFriction = loadQuery<{ repoId: string; workId: string; verb: string; turnId: string }, { id: string; code: string }>('session/resolve-friction.cypher');

export const summarizeWork = loadQuery<
  { workId: string; repoId: string; limit: Integer },
  { verb: string; outcome: string; denyCodes: string[] | null; agentId: string | null }
>('session/summarize-work.cypher');

export const logDeferredTurns = loadQuery<
  {
    repoId: string;
    batch: { turns: Array<{ workId: string | null; agentId: string | null; tokens: Integer; rejected: Integer; at: string; turn: Record<string, unknown>; friction: Array<Record<string, unknown>> }> };
  },
  { written: number }
>('session/log-deferred-turns.cypher');
