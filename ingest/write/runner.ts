import type { Graph, GraphTx, Query } from '../../src/graph/index.js';

/** Runs one registry query and returns its rows. */
export type RunQuery = <P extends Record<string, unknown>, R>(query: Query<P, R>, params: P) => Promise<R[]>;

/**
 * Where a step's queries go: each in its own transaction (large runs: bounded transactions that
 * the driver retries one by one), or all inside one open transaction (small incremental runs: one
 * round trip per statement instead of begin/run/commit per query, and the step is atomic).
 */
export interface Runner {
  read: RunQuery;
  write: RunQuery;
}

export function graphRunner(graph: Graph): Runner {
  return { read: (query, params) => graph.read(query, params), write: (query, params) => graph.write(query, params) };
}

export function txRunner(tx: GraphTx): Runner {
  return { read: (query, params) => tx.run(query, params), write: (query, params) => tx.run(query, params) };
}
