import { storeWholeNumbersAsIntegers } from '../../src/graph/index.js';
import { ids } from '../model/ids.js';
import type { NodeRowParam } from '../write/ingest.queries.js';
import type { EdgeRowParam } from '../write/rel-queries.js';
import { lexText } from '../../src/text/lex-text.js';

/** The root anchor's path. */
export const ROOT_ANCHOR = '.';

/**
 * The most specific domain anchor of a file: its folder cut to `depth` levels, stopping before the
 * first excluded folder name (a file in `src/assets/x` belongs to `src`). Top-level files belong to
 * the root anchor `.`.
 */
export function anchorOf(path: string, depth: number, exclude: readonly string[]): string {
  const folders = path.split('/').slice(0, -1);
  const kept: string[] = [];
  for (const folder of folders) {
    if (kept.length >= depth || exclude.includes(folder)) break;
    kept.push(folder);
  }
  return kept.length ? kept.join('/') : ROOT_ANCHOR;
}

/** An anchor and all its ancestors up to the root, root first. */
export function anchorChain(anchor: string): string[] {
  if (anchor === ROOT_ANCHOR) return [ROOT_ANCHOR];
  const parts = anchor.split('/');
  return [ROOT_ANCHOR, ...parts.map((_, i) => parts.slice(0, i + 1).join('/'))];
}

/** Parent of an anchor path (undefined for the root). */
export function parentAnchor(anchor: string): string | undefined {
  if (anchor === ROOT_ANCHOR) return undefined;
  const i = anchor.lastIndexOf('/');
  return i < 0 ? ROOT_ANCHOR : anchor.slice(0, i);
}

/**
 * Rows for a set of anchors (their whole chains): DomainAnchor nodes and parent-CONTAINS-child
 * edges. Anchors are repo-level facts: ownerFile is '' and they are pruned when empty, not per file.
 */
export function anchorRows(repoId: string, snapshotId: string, anchors: Iterable<string>): { nodes: NodeRowParam[]; contains: EdgeRowParam[] } {
  const all = new Set<string>();
  for (const a of anchors) for (const c of anchorChain(a)) all.add(c);
  const nodes: NodeRowParam[] = [];
  const contains: EdgeRowParam[] = [];
  for (const path of [...all].sort()) {
    const id = ids.anchor(repoId, path);
    const name = path === ROOT_ANCHOR ? ROOT_ANCHOR : (path.split('/').pop() as string);
    const depth = path === ROOT_ANCHOR ? 0 : path.split('/').length;
    nodes.push({ id, labels: ['DomainAnchor'], drop: [], props: storeWholeNumbersAsIntegers({ id, repoId, snapshotId, ownerFile: '', path, name, depth, searchText: lexText(path) }) });
    const parent = parentAnchor(path);
    if (parent !== undefined) contains.push({ from: ids.anchor(repoId, parent), to: id, ownerFile: '', props: { ownerFile: '', repoId } });
  }
  return { nodes, contains };
}
