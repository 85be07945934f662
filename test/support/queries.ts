import { loadQuery } from '../../src/graph/query-registry.js';

export const deleteNamespace = loadQuery<{ repoId: string }, { deleted: number }>('test-support/delete-namespace.cypher');
export const deleteAll = loadQuery<Record<string, never>, { deleted: number }>('test-support/delete-all.cypher');
