import { storeWholeNumbersAsIntegers, type GraphTx } from '../../src/graph/index.js';
import type { PropValue, RelType } from '../model/facts.js';
import { chunk } from './batches.js';
import { mergeNodes, readEdgeRefsInto } from './ingest.queries.js';
import { refNodeRow, type RefRow } from './prepare-rows.js';
import { isRelType } from './validate-facts.js';

/** Properties the link step adds to every reference edge (ref-linker.ts): not the reference's own. */
const LINK_PROPS = new Set(['ownerFile', 'repoId', 'refId', 'ambiguous']);

/**
 * A resolved edge-only reference is its edge alone (prepare-rows.ts RefRow.edgeOnly). Before nodes
 * it points at are deleted or re-keyed, such references of files this run does not write again
 * (`rewritten`: the files it parses or deletes) get their Ref node back, rebuilt from the edge. The
 * link step then finds them by key (`id:<target>`) like any persisted reference, marks them
 * unresolved, and links them again if the target returns. Returns how many were persisted.
 */
export async function persistEdgeRefsInto(tx: GraphTx, repoId: string, ids: readonly string[], rewritten: ReadonlySet<string>, batchRows: number): Promise<number> {
  let persisted = 0;
  for (const part of chunk([...ids], 1000)) {
    const rows = await tx.run(readEdgeRefsInto, { repoId, ids: part });
    const nodes = rows.flatMap((row) => {
      // A file this run writes again produces its references anew (a Ref node of its own would be left over).
      if (!isRelType(row.relType) || rewritten.has(row.ownerFile)) return [];
      const props = Object.fromEntries(Object.entries(row.props).filter(([k]) => !LINK_PROPS.has(k))) as Record<string, PropValue>;
      const ref: RefRow = { id: row.id, ownerFile: row.ownerFile, relType: row.relType as RelType, fromId: row.fromId, target: { kind: 'id', id: row.toId }, key: `id:${row.toId}`, props, edgeOnly: true };
      const node = refNodeRow(ref, { repoId, snapshotId: row.snapshotId, ownerFile: row.ownerFile });
      storeWholeNumbersAsIntegers(node.props);
      return [node];
    });
    for (const batch of chunk(nodes, batchRows)) await tx.run(mergeNodes, { rows: batch });
    persisted += nodes.length;
  }
  return persisted;
}
