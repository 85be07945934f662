/**
 * The plain facts that cross from parsing into the graph write step. Extractors produce them;
 * only the writer (ingest/write) turns them into Cypher. Nothing here knows about the driver.
 */

/** Node labels ingestion may write (an allowlist: labels are never taken from input). */
export const NODE_LABELS = [
  'Repo', 'Snapshot', 'File', 'DomainAnchor', 'Symbol', 'Component', 'NgModule', 'Service', 'Directive', 'Pipe',
  'Route', 'Usage', 'GridTable', 'ColumnDef', 'CellRenderer', 'NavTrigger', 'FederationRemote', 'RemoteExpose',
  'ContractComponent', 'Prop', 'Event', 'ApiSpec', 'Endpoint', 'Test', 'ConfigFlag', 'ParseEvent', 'TranslationKey', 'UiText',
] as const;
export type NodeLabel = (typeof NODE_LABELS)[number];

/** Relationship types ingestion may write; each has its own cypher/ingest/merge-rel-*.cypher file. */
export const REL_TYPES = [
  'CONTAINS', 'DEFINES', 'HAS_MEMBER', 'IMPORTS', 'TEMPLATES', 'STYLES', 'DECLARES', 'INJECTS',
  'ROUTES_TO', 'LOADS_CHILDREN', 'CHILD_OF', 'GUARDED_BY', 'RESOLVES', 'USES_SELECTOR', 'HAS_USAGE',
  'HAS_COLUMN', 'USES_RENDERER', 'TRIGGERS_NAV', 'TARGETS', 'LOADS_REMOTE', 'EXPOSES', 'HAS_PROP',
  'EMITS', 'HAS_ENDPOINT', 'CALLS_ENDPOINT', 'COVERS', 'IN_ANCHOR', 'REPORTED_IN', 'RENDERS_GRID', 'USES_PIPE',
  'USES_KEY',
] as const;
export type RelType = (typeof REL_TYPES)[number];

/** Property values Neo4j can store. */
export type PropValue = string | number | boolean | null | string[] | number[];

/** A 1-based, inclusive line range within a repo-relative POSIX path. */
export interface SourceRange {
  path: string;
  startLine: number;
  endLine: number;
}

export interface NodeFact {
  /** Globally unique and deterministic (see ids.ts), so re-ingesting merges instead of duplicating. */
  id: string;
  /** First label is the primary kind; extra labels refine it (e.g. ['Symbol', 'Component']). */
  labels: [NodeLabel, ...NodeLabel[]];
  props: Record<string, PropValue>;
  /** Lexical text for the full-text indexes (lexText()), when the node is searchable. */
  searchText?: string;
}

export interface EdgeFact {
  type: RelType;
  from: string;
  to: string;
  props?: Record<string, PropValue>;
}

/**
 * A reference the extractor cannot resolve from one file alone (a selector, a route path, a symbol
 * imported from elsewhere). The pipeline resolves it against all facts of the repo, then writes the
 * edge; unresolved references stay visible (an `unresolved` property or a ParseEvent), never dropped.
 */
export interface RefFact {
  type: RelType;
  from: string;
  target:
    /**
     * An element occurrence as a selector (`button[mat-button]`). `attrs`: its attributes that can
     * only mean a directive — extra lookup keys (`selector:[attr]`), so a directive that appears or
     * changes later re-links the occurrence.
     */
    | { kind: 'selector'; selector: string; attrs?: string[] }
    | { kind: 'contractTag'; tag: string }
    /** A pipe by its template name (`@Pipe({ name })` → `Pipe.pipeName`); Angular's own pipes stay unresolved. */
    | { kind: 'pipe'; name: string }
    | { kind: 'symbol'; name: string; fromPath?: string }
    /**
     * A URL to match against Route full paths. `from`: the repo-relative file the link is written in,
     * so that among equally good routes those of the same app win (a shell's `/` is not a remote's `/`).
     */
    | { kind: 'routePath'; path: string; from?: string }
    | { kind: 'file'; path: string }
    | { kind: 'endpoint'; method?: string; path: string }
    | { kind: 'remote'; remote: string; exposed: string }
    /** A translation key (or Angular message id): every TranslationKey with that `key` or `scopedKey`, all locales. */
    | { kind: 'translationKey'; key: string };
  props?: Record<string, PropValue>;
}

export type ParseEventKind = 'parse_error' | 'unsupported_syntax' | 'unresolved_reference' | 'ambiguous' | 'skipped';

/** A recorded problem: the run continues, nothing is skipped silently. */
export interface ParseEventFact {
  kind: ParseEventKind;
  parser: string;
  path: string;
  message: string;
  line?: number;
}

/** Everything derived from one source file (its facts are replaced together on re-ingest). */
export interface FileFacts {
  path: string;
  nodes: NodeFact[];
  edges: EdgeFact[];
  refs: RefFact[];
  events: ParseEventFact[];
}

export function emptyFacts(path: string): FileFacts {
  return { path, nodes: [], edges: [], refs: [], events: [] };
}
