import type { Integer } from 'neo4j-driver';
import { loadQuery } from '../../graph/index.js';

type Key = { repoId: string; workId: string; operationId: string };
type Owner = { owner: { instanceId: string; pid: Integer; host: string; traceRef: string | null }; ttlMs: Integer };

export interface OperationRow {
  created: boolean; verb: string; argsHash: string; status: string; resultJson: string | null; errorJson: string | null;
  token: string | null; ownerInstance: string | null; ownerPid: number | null; ownerHost: string | null; ownerTraceRef: string | null;
  expiresAt: string | null; expired: boolean; remainingMs: number;
}

export const beginOperation = loadQuery<Key & Owner & { verb: string; argsHash: string; token: string }, OperationRow>('execution/operation-begin.cypher');
export const takeOverOperation = loadQuery<Key & Owner & { expectedToken: string; token: string; reason: string }, { intentJson: string | null; takeovers: number }>('execution/operation-takeover.cypher');
export const recordOperationIntent = loadQuery<Key & { token: string; intentJson: string; ttlMs: Integer }, { id: string }>('execution/operation-record-intent.cypher');
export const completeOperation = loadQuery<Key & { token: string; result: { json: string; hash: string } }, { id: string }>('execution/operation-complete.cypher');
export const failOperation = loadQuery<Key & { token: string; errorJson: string }, { id: string }>('execution/operation-fail.cypher');
export const abandonOperation = loadQuery<Key & { token: string }, { released: number }>('execution/operation-abandon.cypher');
export const releaseOperation = loadQuery<Key & { token: string }, { released: number }>('execution/operation-release.cypher');
