/** The two proof chains of the seeds (002 §5.1): the ag-Grid origin chain and the federation chain. */
export const CHAIN_KINDS = ['aggrid-origin', 'federation'] as const;
export type ChainKind = (typeof CHAIN_KINDS)[number];

/** Hops of the ag-Grid origin chain, in order. */
export const AGGRID_ROLES = ['Table', 'ColumnDef', 'CellRenderer', 'NavTrigger', 'Route', 'Component', 'Service', 'Definition'] as const;
/** Hops of the federation chain, in order. */
export const FEDERATION_ROLES = ['HostRoute', 'FederationMapping', 'RemoteExpose', 'RemoteModule', 'DestinationComponent'] as const;

export type AggridRole = (typeof AGGRID_ROLES)[number];
export type FederationRole = (typeof FEDERATION_ROLES)[number];
export type HopRole = AggridRole | FederationRole;

/**
 * How far a chain got:
 * - `complete` — every hop exists;
 * - `ORIGIN_UNKNOWN` — a hop is missing (`gap` says which, why, and the expression that could not be followed);
 * - `AMBIGUOUS` — a hop has several candidates and the graph cannot choose (`gap.candidates`);
 * - `NO_NAVIGATION` — (ag-Grid) the column's renderer exists and navigates nowhere: the chain ends there by design.
 */
export const CHAIN_STATUSES = ['complete', 'ORIGIN_UNKNOWN', 'AMBIGUOUS', 'NO_NAVIGATION'] as const;
export type ChainStatus = (typeof CHAIN_STATUSES)[number];

/** A graph node on a chain, located in the repository. */
export interface ChainNode {
  id: string;
  /** The node's most specific graph label (`GridTable`, `Component`, `RemoteExpose` …). */
  label: string;
  labels: string[];
  name: string;
  /** Repo-relative POSIX path of the file holding it (null for nodes without a place, e.g. built-in renderers). */
  path: string | null;
  /** 1-based start line (null when unknown). */
  line: number | null;
  endLine: number | null;
}

/** One hop: a node in its role, with the relationship that led to it and role-specific details. */
export interface ChainHop extends ChainNode {
  role: HopRole;
  /** The relationship (or inference) from the previous hop, e.g. `HAS_COLUMN`, `USES_RENDERER(cellRenderer)`. */
  via: string | null;
  /** Small, flat facts that explain the hop (field, expression, registry key, alternatives …). */
  details: Record<string, string | number | boolean>;
}

/** Why a chain stops: the first hop that is missing or ambiguous. */
export interface ChainGap {
  /** The hop that could not be established. */
  hop: HopRole;
  code: 'ORIGIN_UNKNOWN' | 'FEDERATION_UNRESOLVED' | 'FEDERATION_AMBIGUOUS' | 'AMBIGUOUS';
  reason: string;
  /** The source expression that could not be followed (a string-built URL, a registry key …). */
  expression: string | null;
  /** Nodes that could fill the hop: candidates of an ambiguity, or near matches offered as leads (never chosen). */
  candidates: ChainNode[];
}

export interface ProofChain {
  kind: ChainKind;
  /** Stable key: the ids of the hops joined (same graph → same key). */
  key: string;
  status: ChainStatus;
  hops: ChainHop[];
  gap: ChainGap | null;
}

/** A node as the proof-chain queries project it (`n{.id, name, path, line, endLine, labels}` + extras). */
export interface NodeRow {
  id: string;
  name?: string | null;
  path?: string | null;
  line?: number | null;
  endLine?: number | null;
  labels?: string[] | null;
  [extra: string]: unknown;
}

const GENERIC_LABELS = new Set(['Fact', 'Symbol']);
const LABEL_PRIORITY = [
  'GridTable', 'ColumnDef', 'CellRenderer', 'NavTrigger', 'Route', 'Component', 'Service', 'NgModule', 'Directive', 'Pipe',
  'FederationRemote', 'RemoteExpose', 'File', 'Usage',
];

/** The most specific label of a node (Component over Symbol; CellRenderer over Component for renderer classes). */
export function primaryLabel(labels: readonly string[] | null | undefined): string {
  const list = labels ?? [];
  for (const label of LABEL_PRIORITY) if (list.includes(label)) return label;
  return list.find((l) => !GENERIC_LABELS.has(l)) ?? list.find((l) => l !== 'Fact') ?? 'Node';
}

/** A query row's node as a ChainNode. */
export function toNode(row: NodeRow, name?: string): ChainNode {
  const labels = [...(row.labels ?? [])].filter((l) => l !== 'Fact').sort();
  return {
    id: row.id,
    label: primaryLabel(row.labels),
    labels,
    name: name ?? (typeof row.name === 'string' && row.name ? row.name : row.id),
    path: typeof row.path === 'string' ? row.path : null,
    line: typeof row.line === 'number' ? row.line : null,
    endLine: typeof row.endLine === 'number' ? row.endLine : null,
  };
}

/** A hop from a node row. */
export function toHop(role: HopRole, row: NodeRow, via: string | null, details: ChainHop['details'] = {}, name?: string): ChainHop {
  return { ...toNode(row, name), role, via, details };
}

/** Keeps only flat, present values (drops null/undefined/empty strings). */
export function flatDetails(values: Record<string, unknown>): ChainHop['details'] {
  const out: ChainHop['details'] = {};
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'string' && value !== '') out[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = value;
  }
  return out;
}

/** A chain with its key computed from its hops (and the gap's hop, so partial chains stay distinct). */
export function makeChain(kind: ChainKind, hops: ChainHop[], status: ChainStatus, gap: ChainGap | null): ProofChain {
  const key = [...hops.map((h) => h.id), ...(gap ? [`?${gap.hop}`] : [])].join(' > ');
  return { kind, key, status, hops, gap };
}
