import { posix } from 'node:path';
import { int, loadQuery, type Graph, type RunOptions } from '../graph/index.js';
import { scopeApplies } from '../retrieval/lanes/scope-match.js';
import { compareText } from '../retrieval/shared/stable-order.js';

/** Few-shot examples one trace answer carries at most, and characters per field (every character is read by a model). */
const MAX_EXAMPLES = 3;
const MAX_FIELD = 600;
const FIELDS = ['instruction', 'before', 'after', 'antiPattern', 'whyWrong'] as const;

interface FewShotRow {
  source: 'record' | 'memory';
  id: string;
  state: string;
  fewShotJson: unknown;
  fromMemory: unknown;
  scopes: unknown[];
  expiresAt: string | null;
}
const fewShotRows = loadQuery<{ repoId: string; limit: ReturnType<typeof int> }, FewShotRow>('memory/few-shots.cypher');

/** A `few_shot` memory as trace_symbol_graph shows it. */
export interface FewShotExample {
  memoryId: string;
  state: 'approved' | 'provisional';
  /** Provisional memories are enforced, but a person may still reject them. */
  reversible?: true;
  /** Set when the example comes from the policy plane (an ExampleRef promoted from the memory). */
  policyRecordId?: string;
  instruction?: string;
  before?: string;
  after?: string;
  antiPattern?: string;
  whyWrong?: string;
}

function example(id: string, state: string, json: string | null): FewShotExample | null {
  let shot: unknown;
  try {
    shot = json ? JSON.parse(json) : null;
  } catch {
    return null;
  }
  if (!shot || typeof shot !== 'object' || Array.isArray(shot)) return null;
  const out: FewShotExample = { memoryId: id, state: state === 'approved' ? 'approved' : 'provisional', ...(state === 'approved' ? {} : { reversible: true as const }) };
  for (const field of FIELDS) {
    const value = (shot as Record<string, unknown>)[field];
    if (typeof value === 'string' && value.trim()) out[field] = value.length > MAX_FIELD ? `${value.slice(0, MAX_FIELD - 1)}…` : value;
  }
  return FIELDS.some((f) => out[f] !== undefined) ? out : null;
}

/**
 * The active `few_shot` memories (approved, or provisional and not expired) whose domain anchors cover
 * the folders of the traced files, or that are unscoped (seed 000: few-shots are injected into
 * trace_symbol_graph), and the current ExampleRefs that carry a few-shot, by the same scope rule as
 * the pack's lanes. A memory promoted to a current ExampleRef is shown once, from the policy plane.
 * Approved ones first, then by id.
 */
export async function fewShotsFor(graph: Graph, repoId: string, paths: readonly string[], now: Date, run?: RunOptions): Promise<FewShotExample[]> {
  if (paths.length === 0) return [];
  const folders = [...new Set(paths.map((p) => posix.dirname(p)))];
  const rows = await graph.read(fewShotRows, { repoId, limit: int(1000) }, run);
  const found: FewShotExample[] = [];
  const promoted = new Set<string>();
  // Records come first (the query's order), so a memory they show is known before the memories.
  for (const row of rows) {
    if (typeof row.fewShotJson !== 'string') continue;
    const scopes = row.scopes.filter((s): s is string => typeof s === 'string');
    if (row.source === 'record') {
      const from = typeof row.fromMemory === 'string' ? row.fromMemory : null;
      const shot = example(from ?? row.id, 'approved', row.fewShotJson);
      // Only a row that shows something takes the memory's place.
      if (!shot) continue;
      if (from) promoted.add(from);
      if (scopeApplies(scopes, folders)) found.push({ ...shot, policyRecordId: row.id });
      continue;
    }
    if (promoted.has(row.id)) continue;
    if (row.state === 'provisional' && row.expiresAt && Date.parse(row.expiresAt) <= now.getTime()) continue;
    if (!scopeApplies(scopes, folders)) continue;
    const shot = example(row.id, row.state, row.fewShotJson);
    if (shot) found.push(shot);
  }
  found.sort((a, b) => (a.state === b.state ? compareText(a.memoryId, b.memoryId) : a.state === 'approved' ? -1 : 1));
  return found.slice(0, MAX_EXAMPLES);
}
