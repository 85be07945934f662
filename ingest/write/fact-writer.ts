import type { Graph, GraphTx } from '../../src/graph/index.js';
import type { PropValue } from '../model/facts.js';
import { chunk, bump, groupBy } from './batches.js';
import { persistEdgeRefsInto } from './edge-refs.js';
import { Pipelined } from './pipelined.js';
import { createNodes, deleteNodes, deleteOwnedEdges, deleteRefEdges, markRepoWriting, mergeNodes, readOwnedNodes, reuseNodes, reuseNodesKeepEdges, type NodeRowParam } from './ingest.queries.js';
import type { PreparedFile } from './prepare-rows.js';
import { targetKeys } from './ref-keys.js';
import { createEdges, MERGE_REL, type EdgeRowParam } from './rel-queries.js';
import { isNodeLabel } from './validate-facts.js';

/** Labels the pipeline itself writes on top of the extractors' allowlist. */
const INTERNAL_LABELS = new Set(['Ref']);

export interface WriteBatchInput {
  repoId: string;
  files: PreparedFile[];
  /** Paths whose facts exist in the graph and are replaced (changed files and deleted files). */
  replacing: string[];
  /** The repo already had facts: compute which references of other files this batch affects. */
  incremental: boolean;
  /** Every file the run parses or deletes, this batch's and the others' (their references are written anew). */
  rewritten: ReadonlySet<string>;
  anchors: { nodes: NodeRowParam[]; contains: EdgeRowParam[] };
  batchRows: number;
  /**
   * First ingest of the repo (no File rows, so no fact of these files exists): the ids this run has
   * written so far. Nodes not in it are CREATEd instead of MERGEd — no index lookup before each
   * write. Ids several files share (a contract tag declared twice) still MERGE.
   */
  created?: Set<string>;
  /**
   * Keep the replaced files' relationships instead of deleting them first: the caller merges every
   * relationship again and prunes the ones not written (replace-and-link.ts), so an unchanged edge is
   * never deleted and re-created — a reader racing the commit cannot miss it.
   */
  keepEdges?: boolean;
}

export interface WriteBatchResult {
  nodes: Record<string, number>;
  edges: Record<string, number>;
  /** Intra-file edges whose endpoint was missing (an extractor pointed at an id it did not produce). */
  droppedEdges: number;
  deletedNodes: number;
  /** Lookup keys whose satisfying nodes appeared, vanished or changed: their references are re-resolved. */
  changedKeys: Set<string>;
  /** Ids of nodes created or deleted (references starting at them are re-resolved). */
  touchedIds: Set<string>;
}

/**
 * Replaces the facts of a batch of files in ONE write transaction: old relationships owned by the
 * files go, nodes no longer produced are detach-deleted, then nodes and edges are merged. A crash
 * mid-batch leaves the previous state of those files intact. References are linked later, by
 * ref-linker.ts, unless both run inside one transaction (replace-and-link.ts).
 */
export async function writeBatch(graph: Graph, input: WriteBatchInput): Promise<WriteBatchResult> {
  checkLabels(input);
  return graph.writeTx('ingest/write-batch', (tx) => writeBatchIn(tx, input), { timeoutMs: 300_000 });
}

/**
 * The same inside a transaction the caller owns. The result is built afresh on every call, so a
 * transaction the driver retries does not count twice.
 */
export async function writeBatchIn(tx: GraphTx, input: WriteBatchInput): Promise<WriteBatchResult> {
  const result: WriteBatchResult = { nodes: {}, edges: {}, droppedEdges: 0, deletedNodes: 0, changedKeys: new Set(), touchedIds: new Set() };
  const rows = checkLabels(input);
  const sent = new Pipelined();
  // Until record-snapshot clears it, the File rows may differ from Repo.snapshotId (known-files.ts).
  sent.add(tx.run(markRepoWriting, { repoId: input.repoId }));
  if (input.incremental) await replaceOwned(tx, input, rows, result);
  mergeAll(tx, sent, input.anchors.nodes, input.batchRows);
  bump(result.nodes, 'DomainAnchor', input.anchors.nodes.length);
  sent.add(mergeEdges(tx, sent, [{ type: 'CONTAINS', rows: input.anchors.contains }], input.batchRows));
  for (const row of rows) for (const label of row.labels) bump(result.nodes, label);
  const first = input.created !== undefined && !input.incremental;
  if (first) await createAll(tx, rows, input.batchRows, input.created as Set<string>);
  else mergeAll(tx, sent, rows, input.batchRows);
  const byType = groupBy(input.files.flatMap((f) => f.edges), (e) => e.type);
  const groups = [...byType].map(([type, list]) => ({ type, rows: list.map((e) => e.row) }));
  // A first ingest's file edges are new (each is owned by a file of this batch): created, not merged.
  const edges = sent.add(first ? createEdges((q, p) => tx.run(q, p), groups, input.batchRows) : mergeEdges(tx, sent, groups, input.batchRows));
  await sent.done();
  const written = await edges;
  for (const g of groups) {
    bump(result.edges, g.type, written.get(g.type) ?? 0);
    result.droppedEdges += g.rows.length - (written.get(g.type) ?? 0);
  }
  return result;
}

/** The batch's node rows, after checking every label against the allowlist. */
function checkLabels(input: WriteBatchInput): NodeRowParam[] {
  const rows = input.files.flatMap((f) => f.nodes);
  for (const row of rows) {
    const bad = row.labels.filter((l) => !isNodeLabel(l) && !INTERNAL_LABELS.has(l));
    if (bad.length) throw new Error(`label not in the allowlist: ${bad.join(', ')}`);
  }
  return rows;
}

/** CREATE for ids new to the run, MERGE for the few a second file repeats. */
async function createAll(tx: GraphTx, rows: NodeRowParam[], size: number, created: Set<string>): Promise<void> {
  const fresh: NodeRowParam[] = [];
  const again: NodeRowParam[] = [];
  for (const row of rows) {
    if (created.has(row.id)) again.push(row);
    else fresh.push(row), created.add(row.id);
  }
  // Only what CREATE uses goes over the wire (the id is in props; nothing to drop).
  for (const part of chunk(fresh, size)) await tx.run(createNodes, { rows: part.map(({ labels, props }) => ({ labels, props })) });
  for (const part of chunk(again, size)) await tx.run(mergeNodes, { rows: part });
}

function mergeAll(tx: GraphTx, sent: Pipelined, rows: NodeRowParam[], size: number): void {
  for (const part of chunk(rows, size)) sent.add(tx.run(mergeNodes, { rows: part }));
}

/** Sends the groups' merges; the counts of edges written by type once every answer is in. */
async function mergeEdges(tx: GraphTx, sent: Pipelined, groups: Array<{ type: keyof typeof MERGE_REL; rows: EdgeRowParam[] }>, size: number): Promise<Map<string, number>> {
  const written = new Map<string, number>();
  const answers: Array<Promise<void>> = [];
  for (const group of groups) {
    for (const part of chunk(group.rows, size)) {
      answers.push(sent.add(tx.run(MERGE_REL[group.type], { rows: part })).then(([row]) => {
        written.set(group.type, (written.get(group.type) ?? 0) + (row?.written ?? 0));
      }));
    }
  }
  await Promise.all(answers);
  return written;
}

interface OwnedNode {
  ownerFile: string;
  labels: string[];
  keyProps: Record<string, PropValue>;
}

/**
 * Pairs each stale node with a new node of the same file and labels, in order (a Usage that moved a
 * line down, a Symbol below an inserted import). Unpaired stale nodes are deleted.
 */
function pairStale(stale: string[], old: ReadonlyMap<string, OwnedNode>, fresh: ReadonlyMap<string, NodeRowParam>): Array<{ from: string; to: string }> {
  const kind = (ownerFile: unknown, labels: string[]): string => `${String(ownerFile)}\0${labels.filter((l) => l !== 'Fact').sort().join(':')}`;
  const free = new Map<string, string[]>();
  for (const [id, row] of fresh) {
    if (old.has(id)) continue;
    const key = kind(row.props.ownerFile, row.labels);
    const list = free.get(key);
    if (list) list.push(id);
    else free.set(key, [id]);
  }
  const pairs: Array<{ from: string; to: string }> = [];
  for (const id of stale) {
    const before = old.get(id) as OwnedNode;
    const to = free.get(kind(before.ownerFile, before.labels))?.shift();
    if (to !== undefined) pairs.push({ from: id, to });
  }
  return pairs;
}

/** Deletes what the replaced files owned and computes which reference keys that affects. */
async function replaceOwned(tx: GraphTx, input: WriteBatchInput, rows: NodeRowParam[], result: WriteBatchResult): Promise<void> {
  const { repoId } = input;
  const old = new Map<string, OwnedNode>();
  for (const paths of chunk(input.replacing, 500)) {
    for (const row of await tx.run(readOwnedNodes, { repoId, paths })) old.set(row.id, { ownerFile: row.ownerFile, labels: row.labels, keyProps: row.keyProps });
    if (input.keepEdges) continue;
    await tx.run(deleteRefEdges, { repoId, paths });
    await tx.run(deleteOwnedEdges, { repoId, paths });
  }
  const fresh = new Map(rows.map((r) => [r.id, r]));
  const stale = [...old.keys()].filter((id) => !fresh.has(id));
  // Other files' edge-only references into the stale nodes would vanish with their edges: persisted first
  // (a Ref node is never a reference's target, so stale Ref nodes are not looked at).
  const staleFacts = stale.filter((id) => !old.get(id)?.labels.includes('Ref'));
  if (staleFacts.length > 0) await persistEdgeRefsInto(tx, repoId, staleFacts, input.rewritten, input.batchRows);
  // A fact whose id moved (a line inserted above it) keeps its node: see reuse-nodes.cypher.
  const reused = new Set<string>();
  for (const part of chunk(pairStale(stale, old, fresh), input.batchRows)) {
    for (const row of await tx.run(input.keepEdges ? reuseNodesKeepEdges : reuseNodes, { rows: part })) row.reused.forEach((id) => reused.add(id));
  }
  result.deletedNodes += reused.size;
  for (const ids of chunk(stale.filter((id) => !reused.has(id)), input.batchRows)) {
    const [row] = await tx.run(deleteNodes, { ids });
    result.deletedNodes += row?.deleted ?? 0;
  }
  for (const [id, before] of old) {
    const now = fresh.get(id);
    const oldKeys = targetKeys(before.labels, before.keyProps);
    if (!now) {
      oldKeys.forEach((k) => result.changedKeys.add(k));
      result.changedKeys.add(`id:${id}`);
      result.touchedIds.add(id);
      continue;
    }
    now.drop = before.labels.filter((l) => l !== 'Fact' && !now.labels.includes(l));
    const newKeys = targetKeys(now.labels, now.props);
    for (const k of oldKeys) if (!newKeys.includes(k)) result.changedKeys.add(k);
    for (const k of newKeys) if (!oldKeys.includes(k)) result.changedKeys.add(k);
  }
  for (const [id, now] of fresh) {
    if (old.has(id)) continue;
    targetKeys(now.labels, now.props).forEach((k) => result.changedKeys.add(k));
    result.changedKeys.add(`id:${id}`);
    result.touchedIds.add(id);
  }
}
