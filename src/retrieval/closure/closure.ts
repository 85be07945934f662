import { int } from '../../graph/index.js';
import type { Candidate } from '../rank/candidate.model.js';
import { compareText, round } from '../shared/stable-order.js';
import { toCandidate } from '../lanes/lane-rows.js';
import type { LaneContext } from '../lanes/lane.model.js';
import { closureExpandQuery, type ClosureRow } from '../lanes/lane.queries.js';
import { gradeTest, type TestCoverage } from './test-grade.js';

/** How far closure may go; every cut is recorded. */
export interface ClosureBudget {
  /** Anchor entities expanded per round. */
  maxSeeds: number;
  /** Nodes followed per seed and edge type. */
  perEdge: number;
  /** Rounds of expansion (1 = direct neighbours only). */
  maxDepth: number;
  /** Distinct nodes kept overall; the weakest beyond this are cut. */
  maxNodes: number;
}

export const DEFAULT_CLOSURE_BUDGET: ClosureBudget = { maxSeeds: 12, perEdge: 8, maxDepth: 2, maxNodes: 120 };

/**
 * Seed lists of 1 to 10 ids are padded to 11 with an id no node has, so that every round of every
 * pack shares one plan: Neo4j plans a statement apart for each list-size bucket (1, 2–10, 11–100;
 * src/graph/README.md, "Plan warm-up"), and closure-expand, sixteen subqueries, takes 0.5–1.4 s to plan
 * on a warm server (several seconds on a cold one at K=8). A pack's two rounds were planned twice.
 */
export function closureSeedParam(ids: readonly string[]): string[] {
  return ids.length === 0 || ids.length >= 11 ? [...ids] : [...ids, ...Array<string>(11 - ids.length).fill('')];
}

/** How much a hop along each edge keeps of its seed's score (the structure the seeds' §6.6 asks for). */
export const EDGE_WEIGHTS: Readonly<Record<string, number>> = {
  ROUTES_TO: 1, ROUTED_BY: 0.9, TEMPLATES: 0.9, TEMPLATED_BY: 0.9, INJECTS: 0.8, IMPORTS_DEFINITION: 0.8, LOADS_CHILDREN: 0.8, LOADS_REMOTE: 0.9, EXPOSES: 0.9,
  RENDERS_GRID: 0.8, COLUMN_OF: 0.8, USES_RENDERER: 0.7, TARGETS: 0.7, GUARDED_BY: 0.7, RESOLVES: 0.7, CALLS_ENDPOINT: 0.7, USES_SELECTOR: 0.6,
  INJECTED_BY: 0.7, DEFINES: 0.9, CHILD_OF: 0.5, DECLARED_BY: 0.5, COVERED_BY: 0.5, STYLES: 0.4, CONFIG_FLAG: 0.5,
};

/** Kinds worth expanding again in the next round (structure, not leaves). */
const EXPANDABLE = new Set(['route', 'component', 'service', 'module', 'remote_expose', 'file']);

/** A seed: an anchor entity and the score of the file it put in the pack. */
export interface ClosureSeed {
  id: string;
  score: number;
}

export interface ClosureResult {
  candidates: Candidate[];
  tests: TestCoverage[];
  cut: Array<{ path: string; score: number; reason: string }>;
  /** `seed -EDGE-> node` lines, for the pack's reasons and debugging. */
  edges: number;
  configFlags: string[];
}

/**
 * Closure (002 §6.6): bounded expansion from anchor entities by edge type, round by round — route →
 * component → template and DI services, guards/resolvers, lazy modules, the ag-Grid and federation
 * hops, endpoints, imported definitions, covering tests (graded) and config flags. A reached node scores
 * seed score × edge weight; nodes beyond `maxNodes` are cut and reported, never silently dropped.
 */
export async function expandClosure(ctx: LaneContext, seeds: readonly ClosureSeed[], budget: ClosureBudget = DEFAULT_CLOSURE_BUDGET): Promise<ClosureResult> {
  const best = new Map<string, { row: ClosureRow; score: number }>();
  const expanded = new Set<string>();
  let frontier = [...seeds].sort((a, b) => b.score - a.score || compareText(a.id, b.id)).slice(0, budget.maxSeeds);
  let edges = 0;
  for (let depth = 1; depth <= budget.maxDepth && frontier.length > 0; depth++) {
    frontier.forEach((s) => expanded.add(s.id));
    const scoreOf = new Map(frontier.map((s) => [s.id, s.score]));
    const rows = await ctx.graph.read(closureExpandQuery, { repoId: ctx.repoId, seedIds: closureSeedParam(frontier.map((s) => s.id)), perEdge: int(budget.perEdge) }, ctx.run);
    edges += rows.length;
    for (const row of rows) {
      const score = round((scoreOf.get(row.seedId) ?? 0) * (EDGE_WEIGHTS[row.edge] ?? 0.3), 6);
      const prev = best.get(row.node.id);
      if (!prev || score > prev.score) best.set(row.node.id, { row, score });
    }
    const next = [...best.entries()]
      .filter(([id, v]) => !expanded.has(id) && EXPANDABLE.has(toCandidate(v.row.node, 'closure', 0)?.kind ?? ''))
      .map(([id, v]) => ({ id, score: v.score }));
    frontier = next.sort((a, b) => b.score - a.score || compareText(a.id, b.id)).slice(0, budget.maxSeeds);
  }
  const ranked = [...best.values()].sort((a, b) => b.score - a.score || compareText(a.row.node.id, b.row.node.id));
  const kept = ranked.slice(0, budget.maxNodes);
  const cut = ranked.slice(budget.maxNodes).flatMap((v) => (v.row.node.path ? [{ path: v.row.node.path, score: v.score, reason: 'closure_max_nodes' }] : []));
  const candidates = kept.flatMap(({ row, score }) => {
    const c = toCandidate(row.node, 'closure', score, { reasons: [`closure: ${row.edge.toLowerCase().replace(/_/g, ' ')} from an anchor`] });
    return c ? [c] : [];
  });
  const tests = kept.filter((v) => v.row.edge === 'COVERED_BY').flatMap(({ row }) => {
    return row.node.path ? [gradeTest(row.node, row.seedId, row.seedLabels)] : [];
  });
  const configFlags = kept.filter((v) => v.row.edge === 'CONFIG_FLAG').map((v) => v.row.node.name ?? v.row.node.id).sort(compareText);
  return { candidates, tests, cut, edges, configFlags };
}
