import type { Node } from 'ts-morph';
import type { EdgeFact, FileFacts, NodeFact, ParseEventKind, PropValue, RefFact } from '../../model/facts.js';
import { lexText } from '../../../src/text/lex-text.js';
import { endLine, startLine } from './lines.js';

/** Location props every located node carries: repo-relative path and a 1-based inclusive line range. */
export function located(path: string, node: Node): { path: string; startLine: number; endLine: number } {
  return { path, startLine: startLine(node), endLine: endLine(node) };
}

interface ListIndex<T> {
  get(key: string): T | undefined;
  set(key: string, item: T): void;
}

const nodeIndexes = new WeakMap<object, { size: number; map: Map<string, NodeFact> }>();
const edgeIndexes = new WeakMap<object, { size: number; map: Map<string, EdgeFact> }>();
const refIndexes = new WeakMap<object, { size: number; map: Map<string, RefFact> }>();

function edgeKey(e: EdgeFact): string {
  return `${e.type}\u0000${e.from}\u0000${e.to}`;
}

function refKey(r: RefFact): string {
  return JSON.stringify([r.type, r.from, r.target]);
}

/**
 * A by-key index kept beside a fact list (O(1) merges on large files). It is rebuilt whenever the
 * list's length differs from what the index saw, so code that pushes to the list directly is safe.
 */
function indexOf<T>(cache: WeakMap<object, { size: number; map: Map<string, T> }>, list: T[], key: (item: T) => string): ListIndex<T> {
  let entry = cache.get(list);
  if (!entry || entry.size !== list.length) {
    const map = new Map<string, T>();
    for (const item of list) if (!map.has(key(item))) map.set(key(item), item);
    entry = { size: list.length, map };
    cache.set(list, entry);
  }
  const current = entry;
  return {
    get: (k) => current.map.get(k),
    set: (k, item) => {
      current.map.set(k, item);
      current.size = list.length;
    },
  };
}

/**
 * Adds a node, or merges it into a node with the same id already in `into` (labels united, props
 * overwritten key by key, searchText tokens united). Extractors that refine a node another extractor
 * emits (the Angular labels on a class Symbol) use this, so their order does not matter.
 */
export function upsertNode(into: FileFacts, node: NodeFact): NodeFact {
  const index = indexOf(nodeIndexes, into.nodes, (n) => n.id);
  const existing = index.get(node.id);
  if (!existing) {
    into.nodes.push(node);
    index.set(node.id, node);
    return node;
  }
  for (const label of node.labels) if (!existing.labels.includes(label)) existing.labels.push(label);
  Object.assign(existing.props, node.props);
  if (node.searchText !== undefined) existing.searchText = lexText(existing.searchText, node.searchText);
  return existing;
}

/** Adds an edge once per (type, from, to); props of repeats are merged (string arrays united). */
export function addEdge(into: FileFacts, edge: EdgeFact): void {
  const index = indexOf(edgeIndexes, into.edges, edgeKey);
  const existing = index.get(edgeKey(edge));
  if (!existing) {
    const copy = edge.props ? { ...edge, props: { ...edge.props } } : { ...edge };
    into.edges.push(copy);
    index.set(edgeKey(copy), copy);
    return;
  }
  if (!edge.props) return;
  existing.props = mergeProps(existing.props ?? {}, edge.props);
}

/** Adds a reference once per (type, from, target). */
export function addRef(into: FileFacts, ref: RefFact): void {
  const index = indexOf(refIndexes, into.refs, refKey);
  const key = refKey(ref);
  const existing = index.get(key);
  if (!existing) {
    into.refs.push(ref);
    index.set(key, ref);
  } else if (ref.props) existing.props = mergeProps(existing.props ?? {}, ref.props);
}

function mergeProps(a: Record<string, PropValue>, b: Record<string, PropValue>): Record<string, PropValue> {
  const out = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const prev = out[key];
    if (Array.isArray(prev) && Array.isArray(value) && prev.every((v) => typeof v === 'string') && value.every((v) => typeof v === 'string')) {
      out[key] = [...new Set([...(prev as string[]), ...(value as string[])])];
    } else out[key] = value;
  }
  return out;
}

/** Records a ParseEvent for the file being extracted. */
export function addEvent(into: FileFacts, parser: string, kind: ParseEventKind, message: string, line?: number): void {
  into.events.push(line === undefined ? { kind, parser, path: into.path, message } : { kind, parser, path: into.path, message, line });
}

/** Prefix of events that come from an exception inside an extractor (a bug or an input it did not foresee). */
export const EXTRACTOR_ERROR = 'extractor error in';

/**
 * Runs one unit of extraction; anything it throws becomes an `unsupported_syntax` ParseEvent at the
 * node's line instead of aborting the file. This is what keeps every extractor total.
 */
export function guarded(into: FileFacts, parser: string, node: Node | undefined, what: string, fn: () => void): void {
  try {
    fn();
  } catch (error) {
    let line: number | undefined;
    try {
      line = node ? startLine(node) : undefined;
    } catch {
      line = undefined;
    }
    addEvent(into, parser, 'unsupported_syntax', `${EXTRACTOR_ERROR} ${what}: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500), line);
  }
}
