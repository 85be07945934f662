import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { Graph } from '../../src/graph/graph.js';
import { silentLogger } from '../../src/runtime/logger.js';
import { deleteNamespace } from './queries.js';

/** A Graph on the suite's real Neo4j (see global-setup.ts). */
export function openTestGraph(): Graph {
  return new Graph({ connection: inject('neo4j'), log: silentLogger });
}

/** A unique repoId namespace for one test file; everything it writes carries it. */
export function testNamespace(label: string): string {
  return `test-${label}-${randomBytes(4).toString('hex')}`;
}

/** Deletes every node of a namespace. */
export async function cleanNamespace(graph: Graph, repoId: string): Promise<void> {
  await graph.write(deleteNamespace, { repoId });
}
