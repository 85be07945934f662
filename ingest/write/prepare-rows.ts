import type { FileDeps } from '../pipeline/known-files.js';
import { createHash } from 'node:crypto';
import { storeWholeNumbersAsIntegers } from '../../src/graph/index.js';
import type { FileTextFields } from '../../src/text/file-text.js';
import { lexText } from '../../src/text/lex-text.js';
import { repoSearchKey } from '../../src/text/repo-search-key.js';
import type { FileFacts, ParseEventFact, PropValue, RelType } from '../model/facts.js';
import { factId, ids } from '../model/ids.js';
import type { SourceInfo } from '../pipeline/read-files.js';
import type { NodeRowParam } from './ingest.queries.js';
import { refAttrKeys, refKey, type RefTarget } from './ref-keys.js';
import type { EdgeRowParam } from './rel-queries.js';

/** A reference as the writer persists it (a `:Fact:Ref` node owned by the file). */
export interface RefRow {
  id: string;
  ownerFile: string;
  relType: RelType;
  fromId: string;
  target: RefTarget;
  key: string;
  props: Record<string, PropValue>;
  /**
   * An `id` reference starting at a node its own file owns: resolved, it is its edge alone (no Ref
   * node); the edge holds everything needed to persist it again should its target go (edge-refs.ts).
   */
  edgeOnly: boolean;
}

/** The properties every row of one file carries. */
export interface RowBase {
  repoId: string;
  snapshotId: string;
  ownerFile: string;
}

/** A Ref node not built yet (a first ingest builds only those the link step writes: refNodeOf). */
export interface DeferredRefNode {
  ref: RefRow;
  base: RowBase;
}

/** Everything one file contributes to the graph, ready for UNWIND. */
export interface PreparedFile {
  path: string;
  sha256: string;
  anchor: string;
  nodes: NodeRowParam[];
  edges: Array<{ type: RelType; row: EdgeRowParam }>;
  refs: RefRow[];
  events: ParseEventFact[];
  base: RowBase;
}

const MAX_MESSAGE = 2000;

function refId(repoId: string, path: string, relType: string, from: string, target: RefTarget): string {
  const digest = createHash('sha1').update(`${relType}|${from}|${JSON.stringify(target)}`).digest('hex').slice(0, 20);
  return factId(repoId, 'ref', path, digest);
}

/**
 * Turns one file's validated facts into rows. Every node gets repoId, snapshotId and ownerFile; the File
 * node gets its searchable text (`text`: src/text/file-text.ts, computed with the extraction).
 * An edge whose two ends are not both owned by this file (its File node counts) becomes a
 * reference of kind `id`: it is persisted and re-linked like any other reference, so it survives
 * (and is repaired) when the other file is re-ingested. With `deferRefNodes` (a first ingest) the Ref
 * nodes are left out of `nodes`: the link step builds only those that stay nodes (refNodeOf), and most
 * references resolve to their edge alone (65 % of ever-gauzy's).
 */
export function prepareFile(
  repoId: string, snapshotId: string, source: SourceInfo, facts: FileFacts, anchor: string, deps: FileDeps, text: FileTextFields, options: { deferRefNodes?: boolean } = {},
): PreparedFile {
  const path = source.path;
  const fileId = ids.file(repoId, path);
  const base: RowBase = { repoId, snapshotId, ownerFile: path };
  const nodes: NodeRowParam[] = [];
  const fileProps: Record<string, PropValue> = {
    ...base, id: fileId, path, name: path.split('/').pop() as string, kind: source.kind, size: source.size,
    sha256: source.sha256, blob: source.blob, executable: source.executable, anchor, reads: deps.reads, mountReads: deps.mountReads, searchText: lexText(path),
    ftRepo: repoSearchKey(repoId), ...text,
  };
  if (deps.mountSig !== null) fileProps.mountSig = deps.mountSig;
  if (source.skipReason) fileProps.skipped = source.skipReason;
  nodes.push({ id: fileId, labels: ['File'], drop: [], props: fileProps });
  const seen = new Set<string>([fileId]);
  for (const node of facts.nodes) {
    if (seen.has(node.id)) continue;
    seen.add(node.id);
    const props: Record<string, PropValue> = { ...node.props, ...base, id: node.id };
    if (node.searchText) props.searchText = node.searchText;
    nodes.push({ id: node.id, labels: [...new Set(node.labels)], drop: [], props });
  }
  const edges: PreparedFile['edges'] = [];
  const refs: RefRow[] = [];
  const addRef = (relType: RelType, from: string, target: RefTarget, props: Record<string, PropValue>): void => {
    const id = refId(repoId, path, relType, from, target);
    const edgeOnly = target.kind === 'id' && seen.has(from);
    if (!seen.has(id)) refs.push({ id, ownerFile: path, relType, fromId: from, target, key: refKey(target), props, edgeOnly }), seen.add(id);
  };
  const anchorId = ids.anchor(repoId, anchor);
  edges.push({ type: 'IN_ANCHOR', row: { from: fileId, to: anchorId, ownerFile: path, props: { ownerFile: path, repoId } } });
  for (const edge of facts.edges) {
    const props = { ...(edge.props ?? {}), ownerFile: path, repoId };
    if (seen.has(edge.from) && seen.has(edge.to)) edges.push({ type: edge.type, row: { from: edge.from, to: edge.to, ownerFile: path, props } });
    else addRef(edge.type, edge.from, { kind: 'id', id: edge.to }, edge.props ?? {});
  }
  for (const ref of facts.refs) addRef(ref.type, ref.from, ref.target, ref.props ?? {});
  const events = [...facts.events];
  if (source.skipReason) events.push({ kind: 'skipped', parser: 'pipeline', path, message: `not parsed: ${source.skipReason}` });
  const perParser = new Map<string, number>();
  for (const event of events) {
    const n = (perParser.get(event.parser) ?? 0) + 1;
    perParser.set(event.parser, n);
    const id = ids.parseEvent(repoId, path, event.parser, n);
    const props: Record<string, PropValue> = {
      ...base, id, kind: event.kind, parser: event.parser, path, message: event.message.slice(0, MAX_MESSAGE), line: event.line ?? null,
    };
    nodes.push({ id, labels: ['ParseEvent'], drop: [], props });
    edges.push({ type: 'REPORTED_IN', row: { from: id, to: fileId, ownerFile: path, props: { ownerFile: path, repoId } } });
  }
  for (const node of nodes) storeWholeNumbersAsIntegers(node.props);
  if (!options.deferRefNodes) for (const ref of refs) nodes.push(refNodeOf({ ref, base }));
  for (const edge of edges) storeWholeNumbersAsIntegers(edge.row.props);
  return { path, sha256: source.sha256, anchor, nodes, edges, refs, events, base };
}

/** The row of a Ref node, ready for UNWIND. */
export function refNodeOf(deferred: DeferredRefNode): NodeRowParam {
  const row = refNodeRow(deferred.ref, deferred.base);
  storeWholeNumbersAsIntegers(row.props);
  return row;
}

/** The Ref node of a reference (status `pending` until the link step resolves it). */
export function refNodeRow(ref: RefRow, base: RowBase): NodeRowParam {
  const attrKeys = refAttrKeys(ref.target);
  return {
    id: ref.id, labels: ['Ref'], drop: [],
    props: {
      ...base, id: ref.id, relType: ref.relType, fromId: ref.fromId, kind: ref.target.kind, key: ref.key, target: JSON.stringify(ref.target), propsJson: sortedJson(ref.props), status: 'pending',
      ...(attrKeys.length ? { attrKeys } : {}), ...(ref.edgeOnly ? { edgeOnly: true } : {}),
    },
  };
}

/** JSON of a flat property map with its keys sorted: the same text whether it came from an extractor or back from an edge. */
export function sortedJson(props: Record<string, PropValue>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(props).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
}
