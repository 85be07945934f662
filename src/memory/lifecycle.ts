import { MEMORY_STATES } from '../../ingest/policy/memory-loader.js';
import type { Config } from '../config/index.js';
import { AppError } from '../errors/index.js';
import { loadQuery, type Graph, type RunOptions } from '../graph/index.js';
import { appendChangelog, type TransitionRecord } from './changelog.js';

export { MEMORY_STATES };
export type MemoryState = (typeof MEMORY_STATES)[number];
export const ENFORCEMENT_TYPES = ['few_shot', 'plan_rule', 'strategy_signal', 'informational'] as const;
export type EnforcementType = (typeof ENFORCEMENT_TYPES)[number];
export type LifecycleSettings = Pick<Config['memory'], 'contestWindowHours' | 'provisionalExpiryHours' | 'autoPromotableEnforcementTypes' | 'humanApprovalRequired'>;

/** Who may make a transition: the clock (the sweep) or a person (the CLI). */
export type Actor = 'clock' | 'person';

export interface TransitionRule {
  from: MemoryState;
  to: MemoryState;
  by: Actor;
  /** Clock rules: the setting that says how long a memory stays in `from` first. */
  after?: 'contestWindowHours' | 'provisionalExpiryHours';
  why?: string;
}

/**
 * The whole lifecycle (seed 000 / 002 §11.2.6): nothing moves a memory except these rows. Expired,
 * rejected and retired are final: a person who wants one back writes a new memory.
 */
export const TRANSITIONS: readonly TransitionRule[] = [
  { from: 'pending', to: 'provisional', by: 'clock', after: 'contestWindowHours', why: 'contest window passed without objection' },
  { from: 'provisional', to: 'expired', by: 'clock', after: 'provisionalExpiryHours', why: 'provisional expiry passed without approval' },
  { from: 'pending', to: 'approved', by: 'person' },
  { from: 'provisional', to: 'approved', by: 'person' },
  { from: 'pending', to: 'rejected', by: 'person' },
  { from: 'provisional', to: 'rejected', by: 'person' },
  { from: 'approved', to: 'retired', by: 'person' },
];

/** Types the clock may promote: auto-promotable and not reserved for a person. */
export function autoPromotable(settings: LifecycleSettings): EnforcementType[] {
  return ENFORCEMENT_TYPES.filter((t) => settings.autoPromotableEnforcementTypes.includes(t) && !settings.humanApprovalRequired.includes(t));
}

/** Whether `by` may move a memory in `state` of `enforcementType` to `to` (timing aside: the sweep checks it in the graph). */
export function checkTransition(memory: { state: string; enforcementType: string }, to: string, by: Actor, settings: LifecycleSettings): { ok: true; rule: TransitionRule } | { ok: false; reason: string } {
  const rule = TRANSITIONS.find((r) => r.from === memory.state && r.to === to && r.by === by);
  if (!rule) {
    const allowed = TRANSITIONS.filter((r) => r.from === memory.state && r.by === by).map((r) => r.to);
    return { ok: false, reason: allowed.length === 0 ? `${memory.state} memories are final for ${by === 'person' ? 'a person' : 'the clock'}` : `${memory.state} memories can only become ${allowed.join(' or ')}` };
  }
  if (rule.from === 'pending' && rule.to === 'provisional' && !autoPromotable(settings).includes(memory.enforcementType as EnforcementType)) {
    return { ok: false, reason: `${memory.enforcementType} memories wait for a person (memory.humanApprovalRequired / autoPromotableEnforcementTypes)` };
  }
  return { ok: true, rule };
}

interface SweepRule { from: string; to: string; types: string[]; before: string; why: string; expiresAt: string | null }

/** The clock rows of the table as the sweep query's parameters at `now`. */
export function sweepRules(settings: LifecycleSettings, now: Date): SweepRule[] {
  const hours = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();
  return TRANSITIONS.filter((r) => r.by === 'clock').map((r) => ({
    from: r.from, to: r.to, why: r.why ?? '',
    types: r.to === 'provisional' ? autoPromotable(settings) : [...ENFORCEMENT_TYPES],
    before: hours(settings[r.after!]),
    // Stamped on promotion so the validator and the memory lane stop enforcing on time, sweep or not.
    expiresAt: r.to === 'provisional' ? new Date(now.getTime() + settings.provisionalExpiryHours * 3_600_000).toISOString() : null,
  }));
}

const sweepQuery = loadQuery<{ repoId: string; at: string; who: string; rules: SweepRule[] }, TransitionRecord>('memory/sweep-lifecycle.cypher');
const transitionQuery = loadQuery<{ repoId: string; id: string; from: string; to: string; who: string; why: string | null; at: string }, TransitionRecord>('memory/transition-memory.cypher');
const readState = loadQuery<{ repoId: string; id: string }, { id: string; memoryId: string; state: string; enforcementType: string }>('memory/read-memory-state.cypher');

export const SWEEP_ACTOR = 'system:lifecycle';

/**
 * Applies the clock's transitions for a repository at `now` in one write (pending → provisional after
 * the contest window for auto-promotable types; provisional → expired after the expiry), then appends
 * them to `.ai/memory/changelog.jsonl`. The graph is the record: a failed append is reported, not thrown.
 */
export async function sweepMemories(input: { graph: Graph; repoId: string; root: string; now: Date; settings: LifecycleSettings; run?: RunOptions }): Promise<{ transitions: TransitionRecord[]; changelogError?: string }> {
  const transitions = await input.graph.write(sweepQuery, { repoId: input.repoId, at: input.now.toISOString(), who: SWEEP_ACTOR, rules: sweepRules(input.settings, input.now) }, input.run);
  if (transitions.length === 0) return { transitions };
  try {
    await appendChangelog(input.root, transitions);
    return { transitions };
  } catch (error) {
    return { transitions, changelogError: (error as Error).message };
  }
}

/**
 * A person's transition (approve, reject, retire): checked against the table, then written only if
 * the memory is still in the state that was checked (another writer in between → VERSION_CONFLICT).
 */
export async function transitionByPerson(input: { graph: Graph; repoId: string; root: string; id: string; to: 'approved' | 'rejected' | 'retired'; who: string; why?: string; now: Date; settings: LifecycleSettings }): Promise<TransitionRecord> {
  if (!input.who.startsWith('person:')) throw new AppError('UNAUTHORIZED', { message: 'Only a person changes a memory this way.', details: { who: input.who } });
  const [memory] = await input.graph.read(readState, { repoId: input.repoId, id: input.id });
  if (!memory) throw new AppError('NOT_FOUND', { message: `No memory ${input.id} in this repository.`, details: { id: input.id } });
  const check = checkTransition(memory, input.to, 'person', input.settings);
  if (!check.ok) {
    throw new AppError('ILLEGAL_TRANSITION', { message: `Memory ${memory.memoryId} is ${memory.state}; it cannot become ${input.to}: ${check.reason}.`, details: { id: memory.id, state: memory.state, to: input.to } });
  }
  const [written] = await input.graph.write(transitionQuery, { repoId: input.repoId, id: memory.id, from: memory.state, to: input.to, who: input.who, why: input.why ?? null, at: input.now.toISOString() });
  if (!written) throw new AppError('VERSION_CONFLICT', { message: `Memory ${memory.memoryId} changed while you were reviewing it; look again (graphgate memory show ${memory.memoryId}).`, details: { id: memory.id } });
  await appendChangelog(input.root, [written]);
  return written;
}
