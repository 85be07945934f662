import { int, loadQuery, type Graph, type GraphTx, type RunOptions } from '../graph/index.js';

interface TurnRow { verb: string; outcome: string; denyCodes: string[]; files: string[] }
interface FrictionRow { code: string; anchor: string | null; here: number; events: number; works: number }
interface MemoryRow { id: string; state: string; type: string | null; scaffolded?: true }
/** As read: its trigger, and the codes and anchor paths that say which friction signatures it already answers. */
type MemoryRead = Omit<MemoryRow, 'scaffolded'> & { trigger?: string | null; codes?: string[]; anchors?: string[] };

const readRetrospective = loadQuery<
  { workId: string; repoId: string; limit: ReturnType<typeof int> },
  { turns: TurnRow[]; friction: FrictionRow[]; memories: MemoryRead[]; pending: number }
>('memory/work-retrospective.cypher');
const storeRetrospective = loadQuery<{ workId: string; repoId: string; json: string }, { id: string }>('memory/store-retrospective.cypher');

/** Seed 000's default: the same rejection signature this often across works makes a memory candidate. */
export const REJECTION_THRESHOLD = 3;
const TOP = 10;

/**
 * The session retrospective signal_task_complete returns beside its turn summary (seed 000, 002 §11.3):
 * small, ranked, actionable. Counts by verb and code are the summary's, not repeated here.
 */
export interface Retrospective {
  /** Signatures (code + domain anchor) with how often the repository saw them; refusals per quarter of the work's turns. */
  friction: {
    signatures: Array<{ code: string; anchor: string | null; here: number; repoEvents: number; repoWorks: number }>;
    trend: number[];
    /** Codes whose verb never answered ok after the last refusal: still open when the work ended. */
    open: string[];
  };
  /** Files the work's turns named most (reads, lookups, patches), most first. */
  hotspots: Array<{ path: string; turns: number }>;
  memories: { applying: MemoryRow[]; pendingReview: number };
  suggestions: string[];
}

const bump = (m: Record<string, number>, k: string): void => {
  m[k] = (m[k] ?? 0) + 1;
};

/** Rejections in each quarter of the turn sequence (fewer buckets for short works): is the work converging? */
function trendOf(turns: readonly TurnRow[]): number[] {
  const buckets = Math.min(4, turns.length);
  const trend = new Array<number>(buckets).fill(0);
  turns.forEach((t, i) => {
    const at = Math.floor((i * buckets) / turns.length);
    if (t.outcome === 'denied') trend[at] = (trend[at] ?? 0) + 1;
  });
  return trend;
}

/** Codes refused for a verb that never answered ok afterwards. */
function openCodes(turns: readonly TurnRow[]): string[] {
  const open = new Map<string, Set<string>>();
  for (const t of turns) {
    if (t.outcome === 'denied') open.set(t.verb, new Set([...(open.get(t.verb) ?? []), ...t.denyCodes]));
    else open.delete(t.verb);
  }
  return [...new Set([...open.values()].flatMap((s) => [...s]))].sort();
}

/** Builds the retrospective from what the graph holds about the work (pure: unit-tested). */
export function buildRetrospective(input: { turns: TurnRow[]; friction: FrictionRow[]; memories: MemoryRead[]; pending: number }, threshold = REJECTION_THRESHOLD): Retrospective {
  const { turns, friction, memories, pending } = input;
  const files: Record<string, number> = {};
  for (const t of turns) if (t.outcome === 'ok') for (const f of new Set(t.files)) bump(files, f);
  const signatures = friction
    .map((f) => ({ code: f.code, anchor: f.anchor, here: Number(f.here), repoEvents: Number(f.events), repoWorks: Number(f.works) }))
    .sort((a, b) => b.repoEvents - a.repoEvents || b.here - a.here || a.code.localeCompare(b.code) || String(a.anchor).localeCompare(String(b.anchor)))
    .slice(0, TOP);
  const hotspots = Object.entries(files).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 5).map(([path, n]) => ({ path, turns: n }));
  const suggestions: string[] = [];
  const answering = (type: string, s: (typeof signatures)[number]) => memories.find((m) => m.type === type && m.codes?.includes(s.code) && s.anchor !== null && m.anchors?.includes(s.anchor));
  for (const s of signatures.filter((x) => x.repoWorks >= threshold)) {
    const where = `${s.code}${s.anchor ? ` in ${s.anchor}` : ''}`;
    // A signature a plan_rule memory already answers is not a candidate again: say where it stands instead.
    const rule = answering('plan_rule', s);
    const state = rule ? `plan_rule memory ${rule.id} is ${rule.state}${rule.state === 'pending' ? ' (waiting for review)' : ''}` : 'a plan_rule memory candidate';
    suggestions.push(`${where}: ${s.repoEvents} refusals across ${s.repoWorks} works — ${state}`);
    if (!answering('few_shot', s)) suggestions.push(`${where}: a few_shot candidate — the next refusal of it that an accepted plan fixes becomes its before/after`);
  }
  const open = openCodes(turns);
  if (open.length > 0) suggestions.push(`ended with ${open.join(', ')} unresolved: name the fix in the summary for the next work`);
  if (pending > 0) suggestions.push(`${pending} pending memor${pending === 1 ? 'y waits' : 'ies wait'} for a person's review`);
  return {
    friction: { signatures, trend: trendOf(turns), open },
    hotspots,
    // Scaffolded: graphgate wrote it from friction; a person has not written a word of it.
    memories: { applying: memories.map(({ id, state, type, trigger }) => ({ id, state, type, ...(trigger === 'friction' ? { scaffolded: true as const } : {}) })), pendingReview: Number(pending) },
    suggestions,
  };
}

/**
 * Reads the work's turns, friction and memories and builds its retrospective. `current` is the turn
 * asking for it (signal_task_complete), answered ok but not logged yet.
 */
export async function workRetrospective(graph: Graph, repoId: string, workId: string, current: { verb: string; threshold: number }, run?: RunOptions): Promise<Retrospective> {
  const [row] = await graph.read(readRetrospective, { workId, repoId, limit: int(5000) }, run);
  const { turns = [], friction = [], memories = [], pending = 0 } = row ?? {};
  return buildRetrospective({ turns: [...turns, { verb: current.verb, outcome: 'ok', denyCodes: [], files: [] }], friction, memories, pending }, current.threshold);
}

/** Keeps the retrospective with the Work, inside the completing turn's transaction. */
export async function storeWorkRetrospective(tx: GraphTx, repoId: string, workId: string, retrospective: Retrospective): Promise<void> {
  await tx.run(storeRetrospective, { workId, repoId, json: JSON.stringify(retrospective) });
}
