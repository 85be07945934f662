import { loadQuery } from '../../src/graph/index.js';

/** Read-only checks the soak runs on the graph after its agents are done (cypher/soak/). */
export const soakWorks = loadQuery<{ repoId: string }, { workId: string; state: string; usedTokens: number; version: number }>('soak/works.cypher');
export const soakRunningOperations = loadQuery<{ repoId: string }, { workId: string; operationId: string; verb: string; status: string; createdAt: string }>('soak/running-operations.cypher');
export const soakHeldLeases = loadQuery<{ repoId: string }, { resource: string; workId: string | null; holderState: string | null; expired: boolean; expiresAt: string | null }>('soak/held-leases.cypher');
export const soakTurns = loadQuery<{ repoId: string }, { id: string; workId: string | null; verb: string; outcome: string; linkedWorkId: string | null }>('soak/turns.cypher');
export const soakDuplicateKeys = loadQuery<{ repoId: string }, { label: string; key: string; copies: number }>('soak/duplicate-keys.cypher');
export const soakOperationStatus = loadQuery<{ repoId: string; workId: string; operationId: string }, { status: string }>('soak/operation-status.cypher');
/** Removes the soak's repository namespace afterwards (shared with the other benches). */
export const deleteNamespace = loadQuery<{ repoId: string }, { deleted: number }>('test-support/delete-namespace.cypher');
