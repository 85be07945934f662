import { int, storeWholeNumbersAsIntegers, type Graph, type GraphTx } from '../../src/graph/index.js';
import type { PropValue, RelType } from '../model/facts.js';
import { bump, chunk, groupBy } from './batches.js';
import { createNodes, deleteEdgesOfRefs, deleteNodes, findRefsByAttrKey, findRefsByFrom, findRefsByKey, setRefStatus, type NodeRowParam, type PersistedRef } from './ingest.queries.js';
import { inTurn } from './pipelined.js';
import { refNodeOf, type DeferredRefNode, type RefRow } from './prepare-rows.js';
import type { RefTarget } from './ref-keys.js';
import { buildResolvers, type Resolution } from './ref-resolver.js';
import { createEdges, edgeKey, MERGE_REL } from './rel-queries.js';
import { graphRunner, txRunner, type Runner } from './runner.js';
import { isRelType } from './validate-facts.js';

export interface LinkInput {
  repoId: string;
  /** References produced by this run (owned by the files just written). */
  refs: RefRow[];
  /** The repo had facts before this run: also re-resolve other files' references these keys/ids affect. */
  incremental: boolean;
  changedKeys: Set<string>;
  touchedIds: Set<string>;
  batchRows: number;
  /**
   * First ingest only: the Ref nodes of `refs`, not written yet. They are created here with their
   * resolution instead of being written `pending` and updated (one write per reference, not two).
   */
  refNodes?: Map<string, DeferredRefNode>;
  /** Do not delete re-resolved references' old edges first: the result says what to prune afterwards (replace-and-link.ts). */
  keepEdges?: boolean;
}

/** What a keepEdges link step wrote, for pruning the relationships it did not write again. */
export interface LinkPruning {
  /** Other files' re-resolved references, with the keys of the edges now written for each. */
  refs: Array<{ refId: string; fromId: string; keep: string[] }>;
  /** Keys of the edges written for the run's own references, by owner file. */
  byOwner: Map<string, string[]>;
  /**
   * Ref nodes to delete once pruning is done (resolved edge-only references: their edge alone stays).
   * Deleted before the pruning, a Ref node this transaction created made its owner-file lookup fail
   * now and then with "Node … has been deleted in this transaction".
   */
  nodeless: string[];
}

export interface LinkResult {
  /** References (re-)resolved in this run, by status and by target kind. */
  byStatus: Record<string, number>;
  byKind: Record<string, Record<string, number>>;
  /** Re-resolved references owned by files this run did not parse. */
  relinked: number;
  edges: Record<string, number>;
  /** Edges not written because their start node is missing. */
  dangling: number;
  pruning?: LinkPruning;
}

function fromPersisted(p: PersistedRef): RefRow | undefined {
  try {
    if (!isRelType(p.relType)) return undefined;
    return { id: p.id, ownerFile: p.ownerFile, relType: p.relType, fromId: p.fromId, key: p.key, target: JSON.parse(p.target) as RefTarget, props: JSON.parse(p.propsJson ?? '{}') as Record<string, PropValue>, edgeOnly: p.edgeOnly === true };
  } catch {
    return undefined;
  }
}

/**
 * The link step, after all nodes are written: resolves references to edges. In an incremental run,
 * references of untouched files whose key or start node changed are re-resolved too (their old
 * edges removed first), so a target that appears, disappears or changes is reflected everywhere.
 * A small step (a watcher run: a handful of references) runs in one transaction — its ~7 queries
 * each paid a begin/commit round trip before; large ones keep one bounded transaction per query.
 */
export async function linkRefs(graph: Graph, input: LinkInput): Promise<LinkResult> {
  const small = input.refs.length + input.changedKeys.size + input.touchedIds.size <= SMALL_LINK;
  if (small) return graph.writeTx('ingest/link-refs', (tx) => linkWith(txRunner(tx), input, true), { timeoutMs: 120_000 });
  return linkWith(graphRunner(graph), input, false);
}

/** The link step inside a transaction the caller owns (replace-and-link.ts: writes and links in one). */
export async function linkRefsIn(tx: GraphTx, input: LinkInput): Promise<LinkResult> {
  return linkWith(txRunner(tx), input, true);
}

/** Up to this many references/keys/ids, the link step is one transaction. */
const SMALL_LINK = 500;

/** A first-ingest Ref node with its resolution (`candidates` stays a Cypher Integer, as set-ref-status writes it). */
function resolvedRefNode(node: NodeRowParam, r: { status: string; targetIds: string[]; candidates: ReturnType<typeof int>; reason: string | null }): Pick<NodeRowParam, 'labels' | 'props'> {
  return { labels: node.labels, props: { ...node.props, status: r.status, targetIds: r.targetIds, candidates: r.candidates as unknown as number, reason: r.reason } };
}

/** `oneTransaction`: every statement goes to one open transaction (pipelined.ts), else each is its own. */
async function linkWith(run: Runner, input: LinkInput, oneTransaction: boolean): Promise<LinkResult> {
  const { repoId } = input;
  const own = new Map(input.refs.map((r) => [r.id, r]));
  const others = new Map<string, RefRow>();
  if (input.incremental) {
    // A directive with an attribute selector changed: occurrences carrying that attribute (one scan, rare).
    const attrKeys = [...input.changedKeys].filter((k) => k.startsWith('selector:['));
    const reads = [
      ...chunk([...input.changedKeys], 1000).map((keys) => () => run.read(findRefsByKey, { repoId, keys })),
      ...chunk([...input.touchedIds], 1000).map((ids) => () => run.read(findRefsByFrom, { repoId, ids })),
      ...(attrKeys.length ? [() => run.read(findRefsByAttrKey, { repoId, keys: attrKeys })] : []),
    ];
    const found: PersistedRef[] = (await inTurn(oneTransaction, reads)).flat().map((r) => r.ref);
    for (const p of found) {
      if (own.has(p.id)) continue;
      const row = fromPersisted(p);
      if (row) others.set(row.id, row);
    }
    const deletes = chunk(input.keepEdges ? [] : [...others.values()].map((r) => ({ refId: r.id, fromId: r.fromId })), input.batchRows);
    await inTurn(oneTransaction, deletes.map((rows) => () => run.write(deleteEdgesOfRefs, { rows })));
  }
  const all = [...own.values(), ...others.values()];
  const resolvers = await buildResolvers(run.read, repoId, all.map((r) => r.target), oneTransaction);
  const result: LinkResult = { byStatus: {}, byKind: {}, relinked: others.size, edges: {}, dangling: 0 };
  const statusRows: Array<{ id: string; status: string; targetIds: string[]; candidates: ReturnType<typeof int>; reason: string | null }> = [];
  const edgeRows: Array<{ type: RelType; from: string; to: string; props: Record<string, PropValue>; ownerFile: string }> = [];
  for (const ref of all) {
    const resolution: Resolution = resolvers.get(ref.target.kind)?.(ref.target) ?? { status: 'unresolved', targetIds: [], reason: 'no resolver' };
    bump(result.byStatus, resolution.status);
    result.byKind[ref.target.kind] ??= {};
    bump(result.byKind[ref.target.kind] as Record<string, number>, resolution.status);
    // Sorted: candidates come in storage order, which an incremental run changes (the same facts must read the same).
    const targetIds = [...resolution.targetIds].sort();
    statusRows.push({ id: ref.id, status: resolution.status, targetIds, candidates: int(targetIds.length), reason: resolution.reason ?? null });
    for (const to of resolution.targetIds) {
      const props: Record<string, PropValue> = { ...ref.props, ownerFile: ref.ownerFile, repoId, refId: ref.id };
      if (resolution.status === 'ambiguous') props.ambiguous = true;
      storeWholeNumbersAsIntegers(props);
      edgeRows.push({ type: ref.relType, from: ref.fromId, to, ownerFile: ref.ownerFile, props });
    }
  }
  if (input.keepEdges) result.pruning = pruningOf(edgeRows, own, others);
  const writeEdges = async (): Promise<void> => {
    if (input.refNodes && !input.incremental) {
      // A first ingest: no reference edge exists yet, so they are created with one statement for all types.
      const groups = [...groupBy(edgeRows, (e) => e.type)].map(([type, rows]) => ({ type, rows }));
      for (const [type, written] of await createEdges(run.write, groups, input.batchRows)) bump(result.edges, type, written);
      result.dangling += edgeRows.length - Object.values(result.edges).reduce((a, b) => a + b, 0);
      return;
    }
    const merges = [...groupBy(edgeRows, (e) => e.type)].flatMap(([type, rows]) => chunk(rows, input.batchRows).map((part) => async () => {
      const [row] = await run.write(MERGE_REL[type], { rows: part.map(({ from, to, ownerFile, props }) => ({ from, to, ownerFile, props })) });
      bump(result.edges, type, row?.written ?? 0);
      result.dangling += part.length - (row?.written ?? 0);
    }));
    await inTurn(oneTransaction, merges);
  };
  const { refNodes } = input;
  // A resolved edge-only reference is its edge: no Ref node (prepare-rows.ts RefRow.edgeOnly).
  const edgeOnly = new Set(all.filter((r) => r.edgeOnly).map((r) => r.id));
  const nodeless = (r: { id: string; status: string }): boolean => r.status === 'resolved' && edgeOnly.has(r.id);
  const writeStatus = async (): Promise<void> => {
    for (const rows of chunk(refNodes ? statusRows.filter((r) => refNodes.has(r.id) && !nodeless(r)) : [], input.batchRows)) {
      await run.write(createNodes, { rows: rows.map((r) => resolvedRefNode(refNodeOf(refNodes?.get(r.id) as DeferredRefNode), r)) });
    }
    const persisted = refNodes ? statusRows.filter((r) => !refNodes.has(r.id)) : statusRows;
    await inTurn(oneTransaction, chunk(persisted.filter((r) => !nodeless(r)), input.batchRows).map((rows) => () => run.write(setRefStatus, { rows })));
    // Written pending by this run, or persisted while their target was missing: resolved now, so only the edge stays.
    const gone = persisted.filter(nodeless).map((r) => r.id);
    if (result.pruning) result.pruning.nodeless = gone;
    else for (const ids of chunk(gone, input.batchRows)) await run.write(deleteNodes, { ids });
  };
  // Edges and Ref nodes touch disjoint nodes: in separate transactions the server writes both at once
  // (this process is idle during the link step); inside one transaction their statements are pipelined.
  await Promise.all([writeEdges(), writeStatus()]);
  return result;
}

function pruningOf(edges: Array<{ type: RelType; from: string; to: string; ownerFile: string; props: Record<string, PropValue> }>, own: Map<string, RefRow>, others: Map<string, RefRow>): LinkPruning {
  const byRef = new Map<string, string[]>();
  const byOwner = new Map<string, string[]>();
  for (const e of edges) {
    const key = edgeKey(e.type, e.from, e.to);
    const refId = String(e.props.refId);
    const [map, at] = own.has(refId) ? [byOwner, e.ownerFile] : [byRef, refId];
    const list = map.get(at);
    if (list) list.push(key);
    else map.set(at, [key]);
  }
  const refs = [...others.values()].map((r) => ({ refId: r.id, fromId: r.fromId, keep: byRef.get(r.id) ?? [] }));
  return { refs, byOwner, nodeless: [] };
}
