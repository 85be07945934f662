import type { VerbName } from '../../src/controller/index.js';
import { MEMORY_STATES } from '../../src/memory/lifecycle.js';
import { seededRandom } from '../../src/runtime/seeded-random.js';

/**
 * The observer benchmark's synthetic episodic plane, deterministic for a given size: works in every run
 * state, 2–3 agents each, turns of the real verbs spread over `days` up to now with per-verb latencies,
 * ok/denied/pack_insufficient outcomes with deny codes, friction on domain anchors (part of it resolved),
 * plan submissions checked against memories, and memories in every lifecycle state.
 */
export interface SeedShape {
  repoId: string;
  turns: number;
  works: number;
  days: number;
  /** The newest turn's time; the oldest is `days` before it. */
  now: number;
}

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

/** How often each verb is called, and its typical latency (ms) — reads dominate, as in the soak's logs. */
const VERB_MIX: Record<Exclude<VerbName, 'initialize_work'>, { weight: number; ms: number }> = {
  read_file_lines: { weight: 30, ms: 12 }, lookup_symbol_definition: { weight: 12, ms: 25 }, trace_symbol_graph: { weight: 8, ms: 60 },
  search_codebase_text: { weight: 12, ms: 45 }, read_resource: { weight: 5, ms: 8 }, write_scratch_file: { weight: 5, ms: 10 },
  submit_execution_plan: { weight: 8, ms: 350 }, escalate: { weight: 2, ms: 900 }, signal_task_complete: { weight: 1, ms: 40 },
  apply_code_patch: { weight: 8, ms: 220 }, run_sandboxed_code: { weight: 3, ms: 1_200 }, execute_gated_side_effect: { weight: 2, ms: 2_500 },
  run_automation_recipe: { weight: 2, ms: 1_800 },
};
const WEIGHTED = Object.entries(VERB_MIX).flatMap(([verb, { weight }]) => Array<string>(weight).fill(verb));

/** Deny codes a verb is refused with (from src/errors/catalog.ts). */
const DENY_CODES: Record<string, string[]> = {
  submit_execution_plan: ['PLAN_VERIFICATION_WEAK', 'PLAN_SCOPE_VIOLATION', 'PLAN_EVIDENCE_INSUFFICIENT', 'PLAN_NOT_ATOMIC', 'PLAN_POLICY_VIOLATION', 'PLAN_MISSING_CONTRACT_ANCHOR'],
  apply_code_patch: ['ILLEGAL_TRANSITION', 'PATH_REJECTED', 'INVALID_ARGS'],
  execute_gated_side_effect: ['EXEC_SIDE_EFFECT_COLLISION', 'EXEC_UNGATED_SIDE_EFFECT'],
  read_file_lines: ['PATH_REJECTED', 'INVALID_ARGS'],
  initialize_work: ['PACK_REQUIRED_ANCHOR_UNRESOLVED', 'REPO_INGESTING'],
};
const OTHER_DENY = ['INVALID_ARGS', 'BUDGET_EXHAUSTED', 'ILLEGAL_TRANSITION'];
const FINAL_STATES = ['COMPLETED', 'COMPLETED', 'COMPLETED', 'PLANNING', 'PLAN_ACCEPTED', 'FAILED', 'BLOCKED_BUDGET'];
const ANCHOR_COUNT = 30;
const MEMORY_COUNT = 60;

export const anchorId = (repoId: string, k: number): string => `${repoId}:anchor:projects/app-${k % 5}/src/feature-${k}`;
export const workId = (repoId: string, k: number): string => `work-${repoId}-${k}`;
export const agentId = (repoId: string, work: number, j: number): string => `agent-${repoId}-${work}-${j}`;
const agentsOf = (work: number): number => 2 + (work % 2);

/** When turn i (0-based, of n) happened: evenly over the days, oldest first, so seq follows time. */
const timeOf = (shape: SeedShape, i: number): number => shape.now - shape.days * 86_400_000 * (1 - i / Math.max(1, shape.turns - 1));
/** Which work turn i belongs to: works follow each other in time, about four at once. */
const workOf = (shape: SeedShape, i: number, rand: () => number): number => Math.min(shape.works - 1, Math.floor((i * shape.works) / shape.turns) + Math.floor(rand() * 4));

export function seedWorks(shape: SeedShape): Array<Record<string, unknown>> {
  const rand = seededRandom(1);
  return Array.from({ length: shape.works }, (_, k) => ({
    id: workId(shape.repoId, k),
    // The newest works are still moving; older ones ended one way or another.
    state: k >= shape.works - 8 ? pick(rand, ['PLANNING', 'PLAN_ACCEPTED']) : pick(rand, FINAL_STATES),
    runSessionId: `run-${shape.repoId}-${k}`,
    originalPrompt: `bench task ${k}: change feature-${k % ANCHOR_COUNT}`,
    maxTokens: 400_000, thresholdTokens: 300_000,
    createdAt: new Date(timeOf(shape, Math.floor((k * shape.turns) / shape.works)) - 60_000).toISOString(),
    agentIds: Array.from({ length: agentsOf(k) }, (_, j) => agentId(shape.repoId, k, j)),
  }));
}

export function seedAnchors(repoId: string): Array<{ id: string; path: string }> {
  return Array.from({ length: ANCHOR_COUNT }, (_, k) => ({ id: anchorId(repoId, k), path: `projects/app-${k % 5}/src/feature-${k}` }));
}

export function seedMemories(shape: SeedShape): Array<Record<string, unknown>> {
  const rand = seededRandom(2);
  return Array.from({ length: MEMORY_COUNT }, (_, k) => ({
    id: `mem-${shape.repoId}-${k}`,
    state: MEMORY_STATES[k % MEMORY_STATES.length],
    enforcementType: k % 3 === 0 ? 'plan_rule' : 'advisory',
    code: pick(rand, DENY_CODES.submit_execution_plan!),
    anchorId: anchorId(shape.repoId, k % ANCHOR_COUNT),
    createdAt: new Date(shape.now - rand() * shape.days * 86_400_000).toISOString(),
  }));
}

/** Turn rows for observer-seed-turns.cypher, `batch` at a time, in time (and so seq) order. */
export function* seedTurnBatches(shape: SeedShape, batch: number): Generator<Array<Record<string, unknown>>> {
  const rand = seededRandom(3);
  const started = new Set<number>();
  let rows: Array<Record<string, unknown>> = [];
  for (let i = 0; i < shape.turns; i++) {
    const work = workOf(shape, i, rand);
    const verb = started.has(work) ? pick(rand, WEIGHTED) : 'initialize_work';
    started.add(work);
    rows.push(turnRow(shape, i, work, verb, rand));
    if (rows.length === batch) {
      yield rows;
      rows = [];
    }
  }
  if (rows.length > 0) yield rows;
}

function turnRow(shape: SeedShape, i: number, work: number, verb: string, rand: () => number): Record<string, unknown> {
  const { repoId } = shape;
  const agent = agentId(repoId, work, Math.floor(rand() * agentsOf(work)));
  const roll = rand();
  const denied = roll < (verb === 'submit_execution_plan' ? 0.35 : 0.08);
  const outcome = denied ? 'denied' : verb === 'initialize_work' && roll > 0.88 ? 'pack_insufficient' : 'ok';
  const codes = DENY_CODES[verb] ?? OTHER_DENY;
  const denyCodes = denied ? [...new Set([pick(rand, codes), ...(rand() < 0.3 ? [pick(rand, codes)] : [])])] : [];
  // Latencies are skewed right, as real ones are: most near the verb's typical time, a tail up to ~6×.
  const typical = verb === 'initialize_work' ? 1_500 : VERB_MIX[verb as keyof typeof VERB_MIX].ms;
  const latencyMs = Math.round(typical * (0.4 + rand() * 0.8) * (rand() < 0.05 ? 2 + rand() * 4 : 1));
  const state = verb === 'initialize_work' ? 'UNINITIALIZED' : rand() < 0.5 ? 'PLANNING' : 'PLAN_ACCEPTED';
  const id = `trace-${repoId}-${i}`;
  const tokens = 200 + Math.floor(rand() * 2_800);
  const memoryRules = verb === 'submit_execution_plan' && rand() < 0.4
    ? [`mem-${repoId}-${Math.floor(rand() * MEMORY_COUNT)}:${denied ? 'violated' : 'satisfied'}`] : [];
  const friction = denyCodes.map((code, j) => ({
    id: `fric-${repoId}-${i}-${j}`, code, verb, workId: workId(repoId, work), agentId: agent, runSessionId: `run-${repoId}-${work}`,
    strategyId: 'unselected', domainAnchorIds: Array.from({ length: 1 + Math.floor(rand() * 2) }, () => anchorId(repoId, Math.floor(rand() * ANCHOR_COUNT))),
    resolved: rand() < 0.6, nodeIds: [], nodesJson: [], message: null,
  }));
  return {
    i, workId: workId(repoId, work), agentId: agent, tokens, rejected: denied ? 1 : 0, at: new Date(timeOf(shape, i)).toISOString(), friction,
    turn: {
      id, repoId, workId: workId(repoId, work), agentId: agent, runSessionId: `run-${repoId}-${work}`, verb, outcome, denyCodes, latencyMs,
      tokens, stateBefore: state, stateAfter: state, traceMeta: null,
      files: verb === 'read_file_lines' || verb === 'apply_code_patch' ? [`projects/app-${work % 5}/src/feature-${work % ANCHOR_COUNT}/x.component.ts`] : [],
      memoryRules,
    },
  };
}
