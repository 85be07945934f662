import type { Candidate, CandidateKind, Lane } from '../rank/candidate.model.js';
import type { LaneRow } from './lane.queries.js';

/** Graph labels → candidate kind, most specific first (a renderer class is a Component too). */
const LABEL_KINDS: ReadonlyArray<[string, CandidateKind]> = [
  ['GridTable', 'grid_table'], ['ColumnDef', 'column_def'], ['CellRenderer', 'cell_renderer'], ['NavTrigger', 'nav_trigger'],
  ['Route', 'route'], ['Component', 'component'], ['NgModule', 'module'], ['Service', 'service'], ['Directive', 'directive'],
  ['Pipe', 'pipe'], ['RemoteExpose', 'remote_expose'], ['Endpoint', 'endpoint'], ['ContractComponent', 'contract_component'],
  ['Usage', 'usage'], ['Test', 'test'], ['ConfigFlag', 'config_flag'], ['ApiSpec', 'artifact'], ['FederationRemote', 'file'],
  ['Memory', 'memory'], ['ExampleRef', 'example'], ['Policy', 'policy'], ['Symbol', 'symbol'], ['File', 'file'],
];

/** The candidate kind of a node from its labels (`file` when nothing more specific applies). */
export function kindOfLabels(labels: readonly string[]): CandidateKind {
  for (const [label, kind] of LABEL_KINDS) if (labels.includes(label)) return kind;
  return 'file';
}

const clip = (s: string, n: number): string => (s.length > n ? s.slice(0, n) : s);

/**
 * A lane row as a Candidate: the row's file path (a node without one cannot put a file in a pack and
 * is dropped), its kind from its labels, and the lane's raw score and reasons. The node's own
 * `snapshotId` is not copied: facts of unchanged files keep the snapshot that wrote them, and the
 * assembly stamps the repository's current snapshot instead (see assemble-pack.ts).
 */
export function toCandidate(row: LaneRow, lane: Lane, rawScore: number, extra: { matched?: string[]; reasons?: string[]; bytes?: number | null } = {}): Candidate | null {
  if (!row.path || row.path.length > 1000 || !row.id) return null;
  const kind = kindOfLabels(row.labels);
  return {
    id: clip(row.id, 1000),
    kind,
    path: row.path,
    lane,
    rawScore: Number.isFinite(rawScore) ? rawScore : 0,
    ...(row.name ? { name: clip(row.name, 500) } : {}),
    ...(row.symbolKind && kind === 'symbol' ? { symbolKind: clip(row.symbolKind, 40) } : {}),
    ...(typeof row.line === 'number' && row.line >= 0 ? { line: Math.trunc(row.line) } : {}),
    ...(typeof extra.bytes === 'number' && extra.bytes >= 0 ? { bytes: Math.trunc(extra.bytes) } : {}),
    ...(extra.matched && extra.matched.length > 0 ? { matched: extra.matched.slice(0, 64).map((m) => clip(m, 512)) } : {}),
    ...(extra.reasons && extra.reasons.length > 0 ? { reasons: extra.reasons.slice(0, 16).map((r) => clip(r, 500)) } : {}),
  };
}

/** Candidates from rows, dropping rows without a file. */
export function toCandidates<R extends LaneRow>(rows: readonly R[], lane: Lane, map: (row: R) => { score: number; matched?: string[]; reasons?: string[]; bytes?: number | null }): Candidate[] {
  return rows.flatMap((row) => {
    const m = map(row);
    const c = toCandidate(row, lane, m.score, m);
    return c ? [c] : [];
  });
}
