import type { Graph } from '../../src/graph/graph.js';
import { loadQuery } from '../../src/graph/query-registry.js';

const seedGraphqlFacts = loadQuery<{ repoId: string }, { nodes: number }>('test-support/seed-graphql-facts.cypher');

/**
 * Writes a tiny fact graph for `repoId`: three files (component, service, template), the component
 * and service symbols plus one method, a route to the component, an ag-Grid chain (table → column →
 * renderer → nav trigger → that route), and one File node without the Fact label.
 */
export async function seedFacts(graph: Graph, repoId: string): Promise<void> {
  await graph.write(seedGraphqlFacts, { repoId });
}
