import type { Graph } from '../../src/graph/index.js';
import { chunk } from './batches.js';
import { writeBatchIn, type WriteBatchInput, type WriteBatchResult } from './fact-writer.js';
import { pruneAnchors } from './ingest.queries.js';
import type { RefRow } from './prepare-rows.js';
import { linkRefsIn, type LinkResult } from './ref-linker.js';

export interface ReplaceAndLinkInput {
  repoId: string;
  /** The changed files' batches, as parse-and-write prepared them (incremental: true). */
  batches: WriteBatchInput[];
  /** Files gone from disk: every fact they owned is deleted, then anchors left without a file. */
  deleted: string[];
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
 * An incremental update in ONE write transaction: delete the files' owned edges and references'
 * edges, delete stale nodes, merge the new nodes and intra-file edges, delete the facts of deleted
 * files and prune their anchors, then re-link the references (the changed files' own and those of
 * other files whose target key changed). Neo4j readers see committed data only, so a reader sees a
 * file's old facts or its new ones, never the file without its reference edges in between.
 * The caller bounds its size (settings.atomicMaxFiles; ingest/README.md, "Atomic updates").
 */
export async function replaceAndLink(graph: Graph, input: ReplaceAndLinkInput): Promise<ReplaceAndLinkResult> {
  const { repoId, batchRows } = input;
  return graph.writeTx('ingest/replace-and-link', async (tx) => {
    // Built afresh on every attempt: the driver may retry the whole function on a transient error.
    const started = performance.now();
    const writes: WriteBatchResult[] = [];
    for (const batch of input.batches) writes.push(await writeBatchIn(tx, batch));
    for (const paths of chunk(input.deleted, input.batchFiles)) {
      writes.push(await writeBatchIn(tx, { repoId, files: [], replacing: paths, incremental: true, anchors: { nodes: [], contains: [] }, batchRows }));
    }
    if (input.deleted.length) await tx.run(pruneAnchors, { repoId });
    const linkStarted = performance.now();
    const changedKeys = new Set<string>();
    const touchedIds = new Set<string>();
    for (const w of writes) {
      w.changedKeys.forEach((k) => changedKeys.add(k));
      w.touchedIds.forEach((id) => touchedIds.add(id));
    }
    const link = await linkRefsIn(tx, { repoId, refs: input.refs, incremental: true, changedKeys, touchedIds, batchRows });
    const done = performance.now();
    return { writes, link, writeMs: Math.round(linkStarted - started), linkMs: Math.round(done - linkStarted) };
  }, { timeoutMs: 300_000 });
}
