import { int, loadQuery, type Query } from '../../src/graph/index.js';
import type { PropValue, RelType } from '../model/facts.js';
import { chunk } from './batches.js';
import type { RunQuery } from './runner.js';
import { isRelType } from './validate-facts.js';

export interface EdgeRowParam {
  from: string;
  to: string;
  ownerFile: string;
  /** All properties of the relationship, ownerFile and repoId included. */
  props: Record<string, PropValue>;
}
type EdgeParams = { rows: EdgeRowParam[] };
type Written = { written: number };

/**
 * One MERGE statement per relationship type, keyed by RelType: relationship types are never
 * dynamic in a MERGE (the planner would scan every relationship), and the map is the allowlist.
 * A first ingest creates instead (createEdges below).
 */
export const MERGE_REL: Record<RelType, Query<EdgeParams, Written>> = {
  CONTAINS: loadQuery<EdgeParams, Written>('ingest/merge-rel-contains.cypher'),
  DEFINES: loadQuery<EdgeParams, Written>('ingest/merge-rel-defines.cypher'),
  HAS_MEMBER: loadQuery<EdgeParams, Written>('ingest/merge-rel-has-member.cypher'),
  IMPORTS: loadQuery<EdgeParams, Written>('ingest/merge-rel-imports.cypher'),
  TEMPLATES: loadQuery<EdgeParams, Written>('ingest/merge-rel-templates.cypher'),
  STYLES: loadQuery<EdgeParams, Written>('ingest/merge-rel-styles.cypher'),
  DECLARES: loadQuery<EdgeParams, Written>('ingest/merge-rel-declares.cypher'),
  INJECTS: loadQuery<EdgeParams, Written>('ingest/merge-rel-injects.cypher'),
  ROUTES_TO: loadQuery<EdgeParams, Written>('ingest/merge-rel-routes-to.cypher'),
  LOADS_CHILDREN: loadQuery<EdgeParams, Written>('ingest/merge-rel-loads-children.cypher'),
  CHILD_OF: loadQuery<EdgeParams, Written>('ingest/merge-rel-child-of.cypher'),
  GUARDED_BY: loadQuery<EdgeParams, Written>('ingest/merge-rel-guarded-by.cypher'),
  RESOLVES: loadQuery<EdgeParams, Written>('ingest/merge-rel-resolves.cypher'),
  USES_SELECTOR: loadQuery<EdgeParams, Written>('ingest/merge-rel-uses-selector.cypher'),
  HAS_USAGE: loadQuery<EdgeParams, Written>('ingest/merge-rel-has-usage.cypher'),
  HAS_COLUMN: loadQuery<EdgeParams, Written>('ingest/merge-rel-has-column.cypher'),
  USES_RENDERER: loadQuery<EdgeParams, Written>('ingest/merge-rel-uses-renderer.cypher'),
  TRIGGERS_NAV: loadQuery<EdgeParams, Written>('ingest/merge-rel-triggers-nav.cypher'),
  TARGETS: loadQuery<EdgeParams, Written>('ingest/merge-rel-targets.cypher'),
  LOADS_REMOTE: loadQuery<EdgeParams, Written>('ingest/merge-rel-loads-remote.cypher'),
  EXPOSES: loadQuery<EdgeParams, Written>('ingest/merge-rel-exposes.cypher'),
  HAS_PROP: loadQuery<EdgeParams, Written>('ingest/merge-rel-has-prop.cypher'),
  EMITS: loadQuery<EdgeParams, Written>('ingest/merge-rel-emits.cypher'),
  HAS_ENDPOINT: loadQuery<EdgeParams, Written>('ingest/merge-rel-has-endpoint.cypher'),
  CALLS_ENDPOINT: loadQuery<EdgeParams, Written>('ingest/merge-rel-calls-endpoint.cypher'),
  COVERS: loadQuery<EdgeParams, Written>('ingest/merge-rel-covers.cypher'),
  IN_ANCHOR: loadQuery<EdgeParams, Written>('ingest/merge-rel-in-anchor.cypher'),
  REPORTED_IN: loadQuery<EdgeParams, Written>('ingest/merge-rel-reported-in.cypher'),
  RENDERS_GRID: loadQuery<EdgeParams, Written>('ingest/merge-rel-renders-grid.cypher'),
  USES_PIPE: loadQuery<EdgeParams, Written>('ingest/merge-rel-uses-pipe.cypher'),
  USES_KEY: loadQuery<EdgeParams, Written>('ingest/merge-rel-uses-key.cypher'),
};

/** A relationship's identity for pruning: what MERGE matches on, besides its owner file (prune-*-edges.cypher). */
export function edgeKey(type: string, from: string, to: string): string {
  return `${type}\u001f${from}\u001f${to}`;
}

interface CreateRelRow {
  type: RelType;
  from: string;
  to: string;
  props: Record<string, PropValue>;
  /** How many input rows this relationship stands for (MERGE counted each). */
  n: ReturnType<typeof int>;
}
const CREATE_RELS = loadQuery<{ rows: CreateRelRow[] }, { type: string; written: number }>('ingest/create-rels.cypher');

/**
 * Writes relationships that cannot exist yet (a first ingest) with one statement for all types: on a
 * cold server each statement costs 100–500 ms (planning and cold code), and MERGE_REL has one per type.
 * The result is what MERGE_REL would have written: one relationship per (type, from, to, owner file),
 * carrying the last row's properties, and every input row counted as written when its ends exist.
 */
export async function createEdges(write: RunQuery, groups: Array<{ type: RelType; rows: EdgeRowParam[] }>, size: number): Promise<Map<string, number>> {
  const unique = new Map<string, { row: EdgeRowParam & { type: RelType }; n: number }>();
  for (const { type, rows } of groups) {
    if (!isRelType(type)) throw new Error(`relationship type not in the allowlist: ${type}`);
    for (const row of rows) {
      const key = `${edgeKey(type, row.from, row.to)}\u001f${row.ownerFile}`;
      unique.set(key, { row: { ...row, type }, n: (unique.get(key)?.n ?? 0) + 1 });
    }
  }
  const rows: CreateRelRow[] = [...unique.values()].map(({ row: { type, from, to, props }, n }) => ({ type, from, to, props, n: int(n) }));
  const written = new Map<string, number>();
  for (const part of chunk(rows, size)) {
    for (const row of await write(CREATE_RELS, { rows: part })) written.set(row.type, (written.get(row.type) ?? 0) + Number(row.written));
  }
  return written;
}
