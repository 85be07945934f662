import { NODE_LABELS, REL_TYPES, type FileFacts, type NodeLabel, type ParseEventFact, type PropValue, type RelType } from '../model/facts.js';

const LABELS = new Set<string>(NODE_LABELS);
const RELS = new Set<string>(REL_TYPES);
const TARGET_KINDS = new Set(['selector', 'contractTag', 'pipe', 'symbol', 'routePath', 'file', 'endpoint', 'remote', 'translationKey']);
/** Properties the pipeline owns on every node; an extractor cannot set them. */
export const RESERVED_PROPS = new Set(['id', 'repoId', 'snapshotId', 'ownerFile', 'searchText']);

export function isNodeLabel(label: string): label is NodeLabel {
  return LABELS.has(label);
}

export function isRelType(type: string): type is RelType {
  return RELS.has(type);
}

function isPropValue(v: unknown): v is PropValue {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true;
  if (typeof v === 'number') return Number.isFinite(v);
  if (!Array.isArray(v)) return false;
  return v.every((x) => typeof x === 'string') || v.every((x) => typeof x === 'number' && Number.isFinite(x));
}

function validId(id: unknown): id is string {
  return typeof id === 'string' && id.length > 0 && id.length <= 1024;
}

/**
 * Drops what the writer must not receive (labels or relationship types outside the allowlists,
 * malformed ids, values Neo4j cannot store) and records each drop as a ParseEvent, so a buggy or
 * surprised extractor degrades into visible events instead of a failed batch.
 */
export function validateFacts(facts: FileFacts): FileFacts {
  const events: ParseEventFact[] = [...facts.events];
  const drop = (message: string): void => void events.push({ kind: 'skipped', parser: 'fact-validator', path: facts.path, message });
  const nodes = facts.nodes.flatMap((node) => {
    if (!validId(node.id)) return (drop('node without a valid id dropped'), []);
    const bad = (node.labels ?? []).filter((l) => !LABELS.has(l));
    if (!node.labels?.length || bad.length) return (drop(`node ${node.id}: labels not allowed: ${bad.join(', ') || '(none)'}`), []);
    const props: Record<string, PropValue> = {};
    for (const [key, value] of Object.entries(node.props ?? {})) {
      if (RESERVED_PROPS.has(key)) continue;
      if (value === undefined) continue;
      if (isPropValue(value)) props[key] = value;
      else drop(`node ${node.id}: property "${key}" has a value Neo4j cannot store`);
    }
    return [{ ...node, props }];
  });
  const edges = facts.edges.flatMap((edge) => {
    if (!RELS.has(edge.type) || !validId(edge.from) || !validId(edge.to)) return (drop(`edge ${String(edge.type)} ${String(edge.from)} -> ${String(edge.to)} dropped`), []);
    return [{ ...edge, props: cleanProps(edge.props) }];
  });
  const refs = facts.refs.flatMap((ref) => {
    if (!RELS.has(ref.type) || !validId(ref.from) || !TARGET_KINDS.has(ref.target?.kind)) return (drop(`reference ${String(ref.type)} from ${String(ref.from)} dropped`), []);
    return [{ ...ref, props: cleanProps(ref.props) }];
  });
  return { path: facts.path, nodes, edges, refs, events };
}

function cleanProps(props: Record<string, PropValue> | undefined): Record<string, PropValue> {
  const out: Record<string, PropValue> = {};
  for (const [k, v] of Object.entries(props ?? {})) if (!RESERVED_PROPS.has(k) && isPropValue(v)) out[k] = v;
  return out;
}
