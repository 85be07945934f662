import type { Graph, GraphTx } from '../../src/graph/index.js';
import { chunk } from './batches.js';
import { writeBatchIn, type WriteBatchInput, type WriteBatchResult } from './fact-writer.js';
import { deleteNodes, pruneAnchors, pruneOwnedEdges, pruneRefEdges } from './ingest.queries.js';
import { Pipelined } from './pipelined.js';
import type { RefRow } from './prepare-rows.js';
import { linkRefsIn, type LinkPruning, type LinkResult } from './ref-linker.js';
import { edgeKey } from './rel-queries.js';

export interface ReplaceAndLinkInput {
  repoId: string;
  /** The changed files' batches, as parse-and-write prepared them (incremental: true). */
  batches: WriteBatchInput[];
  /** Files gone from disk: every fact they owned is deleted, then anchors left without a file. */
  deleted: string[];
  /** Every file the run parses or deletes (fact-writer.ts WriteBatchInput.rewritten). */
  rewritten: ReadonlySet<string>;
  /** References produced by the changed files. */
  refs: RefRow[];
  batchFiles: number;
  batchRows: number;
}

export interface ReplaceAndLinkResult {
  writes: WriteBatchResult[];
  link: LinkResult;
  /** Time inside the transaction spent replacing facts, and linking (the attempt that committed). */
  writeMs: number;
  linkMs: number;
}

/**
 * An incremental update in ONE write transaction: delete stale nodes, merge the new nodes and
 * intra-file edges, delete the facts of deleted files and prune their anchors, re-link the references
 * (the changed files' own and those of other files whose target key changed), and only then delete
 * the relationships that were not written again. Neo4j applies a commit record by record without
 * blocking readers, so an edge deleted and re-created in one commit could be missed by a reader racing
 * it; kept, an unchanged edge is never absent. The caller bounds the size (settings.atomicMaxFiles;
 * ingest/README.md, "Atomic updates").
 */
export async function replaceAndLink(graph: Graph, input: ReplaceAndLinkInput): Promise<ReplaceAndLinkResult> {
  // Built afresh on every attempt: the driver may retry the whole function on a transient error.
  return graph.writeTx('ingest/replace-and-link', (tx) => replaceAndLinkIn(tx, input), { timeoutMs: 300_000 });
}

/** replaceAndLink's statements in a transaction the caller owns (a watcher's warm-up rehearses them in one it rolls back). */
export async function replaceAndLinkIn(tx: GraphTx, input: ReplaceAndLinkInput): Promise<ReplaceAndLinkResult> {
  const { repoId, batchRows } = input;
  const started = performance.now();
  const writes: WriteBatchResult[] = [];
  for (const batch of input.batches) writes.push(await writeBatchIn(tx, { ...batch, keepEdges: true }));
  for (const paths of chunk(input.deleted, input.batchFiles)) {
    writes.push(await writeBatchIn(tx, { repoId, files: [], replacing: paths, incremental: true, rewritten: input.rewritten, anchors: { nodes: [], contains: [] }, batchRows, keepEdges: true }));
  }
  if (input.deleted.length) await tx.run(pruneAnchors, { repoId });
  const linkStarted = performance.now();
  const changedKeys = new Set<string>();
  const touchedIds = new Set<string>();
  for (const w of writes) {
    w.changedKeys.forEach((k) => changedKeys.add(k));
    w.touchedIds.forEach((id) => touchedIds.add(id));
  }
  const link = await linkRefsIn(tx, { repoId, refs: input.refs, incremental: true, changedKeys, touchedIds, batchRows, keepEdges: true });
  await pruneUnwritten(tx, input, link.pruning as LinkPruning);
  const done = performance.now();
  return { writes, link, writeMs: Math.round(linkStarted - started), linkMs: Math.round(done - linkStarted) };
}

/** Deletes the replaced files' relationships and the re-resolved references' edges this transaction did not write again, then the Ref nodes resolved to their edge alone. */
async function pruneUnwritten(tx: GraphTx, input: ReplaceAndLinkInput, pruning: LinkPruning): Promise<void> {
  const keep = new Map<string, string[]>();
  const add = (path: string, key: string): void => {
    const list = keep.get(path);
    if (list) list.push(key);
    else keep.set(path, [key]);
  };
  for (const batch of input.batches) for (const f of batch.files) for (const e of f.edges) add(e.row.ownerFile, edgeKey(e.type, e.row.from, e.row.to));
  pruning.byOwner.forEach((keys, path) => keys.forEach((k) => add(path, k)));
  const paths = [...new Set([...input.batches.flatMap((b) => b.replacing), ...input.deleted])];
  const sent = new Pipelined();
  for (const part of chunk(paths, input.batchFiles)) {
    sent.add(tx.run(pruneOwnedEdges, { repoId: input.repoId, files: part.map((path) => ({ path, keep: keep.get(path) ?? [] })) }));
  }
  for (const rows of chunk(pruning.refs, input.batchRows)) sent.add(tx.run(pruneRefEdges, { rows }));
  for (const ids of chunk(pruning.nodeless, input.batchRows)) sent.add(tx.run(deleteNodes, { ids }));
  await sent.done();
}
