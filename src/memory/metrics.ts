import { loadQuery, type Graph, type RunOptions } from '../graph/index.js';

const metricsQuery = loadQuery<
  { repoId: string },
  { frictionEvents: number; frictionResolved: number; memoriesByState: Array<{ state: string; count: number }>; planSubmissions: number; checkedAgainstMemories: number; rulesSatisfied: number; rulesViolated: number }
>('memory/memory-metrics.cypher');

/** The memory plane's health (issue 13): is friction resolved, are memories reviewed, are plans held to them. */
export interface MemoryMetrics {
  friction: { events: number; resolved: number; resolutionRate: number | null };
  memoriesByState: Array<{ state: string; count: number }>;
  enforcement: { planSubmissions: number; checkedAgainstMemories: number; enforcementRate: number | null; rulesSatisfied: number; rulesViolated: number };
}

const rate = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null);

/**
 * One read: friction events and the share a later pass of the same check resolved; memories per state;
 * plan submissions and the share checked against an active memory's plan rule, with the rules' outcomes
 * (from `Turn.memoryRules`). Rates are null when there is nothing to divide by.
 */
export async function memoryMetrics(graph: Graph, repoId: string, run?: RunOptions): Promise<MemoryMetrics> {
  const [row] = await graph.read(metricsQuery, { repoId }, run);
  const r = row ?? { frictionEvents: 0, frictionResolved: 0, memoriesByState: [], planSubmissions: 0, checkedAgainstMemories: 0, rulesSatisfied: 0, rulesViolated: 0 };
  return {
    friction: { events: r.frictionEvents, resolved: r.frictionResolved, resolutionRate: rate(r.frictionResolved, r.frictionEvents) },
    memoriesByState: r.memoriesByState,
    enforcement: {
      planSubmissions: r.planSubmissions, checkedAgainstMemories: r.checkedAgainstMemories, enforcementRate: rate(r.checkedAgainstMemories, r.planSubmissions),
      rulesSatisfied: r.rulesSatisfied, rulesViolated: r.rulesViolated,
    },
  };
}
