import type { Integer } from 'neo4j-driver';
import { loadQuery } from '../../graph/index.js';

type Scope = { repoId: string; workId: string };

export const acquireLeases = loadQuery<Scope & { request: { leases: Array<{ resource: string; nodeId: string | null; reclaimId: string }> }; ttlMs: Integer }, {
  resource: string; acquired: boolean; holderWorkId: string | null; holderNodeId: string | null; expiresAt: string; reclaimedFrom: string | null;
}>('execution/lock-acquire.cypher');

export const renewLeases = loadQuery<Scope & { nodeId: string | null; ttlMs: Integer }, { resource: string; expiresAt: string }>('execution/lock-renew.cypher');

export const releaseLeases = loadQuery<Scope & { release: { nodeId: string | null; holdId: string | null } }, { resource: string }>('execution/lock-release.cypher');

export const findLeaseHolders = loadQuery<Scope & { request: { resources: string[] } }, { resource: string; workId: string; nodeId: string | null; expiresAt: string }>('execution/lock-find-holders.cypher');

export const listLeaseReclaims = loadQuery<{ repoId: string; resource: string }, {
  fromWorkId: string; fromNodeId: string | null; toWorkId: string; toNodeId: string | null; previousExpiresAt: string | null; reclaimedAt: string;
}>('execution/lock-list-reclaims.cypher');

export const findPlanOverlaps = loadQuery<Scope & { request: { files: string[] } }, { workId: string; acceptedAt: string | null; files: string[] }>('execution/lock-plan-overlaps.cypher');

export const findQueuedWorks = loadQuery<Scope & { request: { files: string[] }; limit: Integer }, { workId: string; nodes: string[] }>('execution/lock-queued-works.cypher');

export const readHoldStats = loadQuery<{ repoId: string; workIds: string[]; limit: Integer }, {
  holdMs: number[]; held: Array<{ workId: string; acquiredAt: string | null; expiresAt: string | null }>;
}>('execution/lock-hold-stats.cypher');

export const findWaitingAhead = loadQuery<Scope & { request: { files: string[] }; staleMs: Integer; limit: Integer }, { workId: string; queuedAt: string; files: string[] }>('execution/lock-waiting-ahead.cypher');
