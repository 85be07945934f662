import type { Graph } from '../../src/graph/graph.js';
import { loadQuery } from '../../src/graph/query-registry.js';
import { scaffoldPlanRule } from '../../src/memory/friction-candidates.js';

const seedQuery = loadQuery<{ repoId: string; id: string; state: string; enforcementType: string; createdAt: string; asDateTime: boolean; planRuleJson: string | null }, { id: string }>('test-support/seed-memory.cypher');

/** Creates one Memory at `createdAt` (a plan_rule gets the friction scaffold), for lifecycle tests that drive the clock. */
export async function seedMemory(graph: Graph, repoId: string, m: { id: string; state: string; enforcementType: string; createdAt: Date; asDateTime?: boolean }): Promise<void> {
  await graph.write(seedQuery, {
    repoId, id: m.id, state: m.state, enforcementType: m.enforcementType, createdAt: m.createdAt.toISOString(), asDateTime: m.asDateTime ?? false,
    planRuleJson: m.enforcementType === 'plan_rule' ? scaffoldPlanRule('PLAN_VERIFICATION_WEAK') : null,
  });
}
