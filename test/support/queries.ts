import { loadQuery } from '../../src/graph/query-registry.js';

export const deleteNamespace = loadQuery<{ repoId: string }, { deleted: number }>('test-support/delete-namespace.cypher');
export const deleteAll = loadQuery<Record<string, never>, { deleted: number }>('test-support/delete-all.cypher');
export const textIndexState = loadQuery<Record<string, never>, { files: number; chars: number }>('test-support/text-index-state.cypher');
export const readQueryShapesByKey = loadQuery<{ keys: string[] }, { key: string; name: string; params: string }>('test-support/read-query-shapes-by-key.cypher');
export const deleteQueryShapes = loadQuery<{ keys: string[] }, never>('test-support/delete-query-shapes.cypher');
