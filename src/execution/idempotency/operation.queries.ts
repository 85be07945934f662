import { loadQuery } from '../../graph/index.js';

type Key = { repoId: string; workId: string; operationId: string };

export const beginOperation = loadQuery<Key & { verb: string; argsHash: string }, {
  created: boolean; verb: string; argsHash: string; status: string; resultJson: string | null;
}>('execution/operation-begin.cypher');
export const completeOperation = loadQuery<Key & { resultJson: string; resultHash: string }, { id: string }>('execution/operation-complete.cypher');
export const abandonOperation = loadQuery<Key, { released: number }>('execution/operation-abandon.cypher');
