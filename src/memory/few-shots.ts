import { posix } from 'node:path';
import { int, type Graph, type RunOptions } from '../graph/index.js';
import { policyRecordsQuery } from '../retrieval/lanes/lane.queries.js';
import { readActiveMemories } from '../retrieval/lanes/memory.lane.js';
import { scopeApplies } from '../retrieval/lanes/scope-match.js';
import { compareText } from '../retrieval/shared/stable-order.js';

/** Few-shot examples one trace answer carries at most, and characters per field (every character is read by a model). */
const MAX_EXAMPLES = 3;
const MAX_FIELD = 600;
const FIELDS = ['instruction', 'before', 'after', 'antiPattern', 'whyWrong'] as const;

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
  const [rows, records] = await Promise.all([
    readActiveMemories({ graph, repoId, ...(run ? { run } : {}) }),
    graph.read(policyRecordsQuery, { repoId, limit: int(2000) }, run),
  ]);
  const found: FewShotExample[] = [];
  const promoted = new Set<string>();
  for (const record of records) {
    const json = record.props.fewShotJson;
    if (record.label !== 'ExampleRef' || typeof json !== 'string') continue;
    const from = typeof record.props.fromMemory === 'string' ? record.props.fromMemory : null;
    const shot = example(from ?? record.recordId, 'approved', json);
    // Only a row that shows something takes the memory's place.
    if (!shot) continue;
    if (from) promoted.add(from);
    const scopes = [...(Array.isArray(record.props.appliesTo) ? record.props.appliesTo.filter((s): s is string => typeof s === 'string') : []), ...record.anchorPaths];
    if (scopeApplies(scopes, folders)) found.push({ ...shot, policyRecordId: record.recordId });
  }
  for (const row of rows) {
    if (row.enforcementType !== 'few_shot' || promoted.has(row.id)) continue;
    if (row.state === 'provisional' && row.expiresAt && Date.parse(row.expiresAt) <= now.getTime()) continue;
    if (!scopeApplies([...row.declaredAnchors, ...row.anchorPaths], folders)) continue;
    const shot = example(row.id, row.state, row.fewShotJson);
    if (shot) found.push(shot);
  }
  found.sort((a, b) => (a.state === b.state ? compareText(a.memoryId, b.memoryId) : a.state === 'approved' ? -1 : 1));
  return found.slice(0, MAX_EXAMPLES);
}
