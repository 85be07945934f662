import type { Integer } from 'neo4j-driver';
import { loadQuery } from '../graph/index.js';

export const createPackQuery = loadQuery<
  { packId: string; repoId: string; workId: string; ref: string; hash: string; paths: string[]; symbolIds: string[] },
  { fileCount: number; symbolCount: number; missing: string[] }
>('pack/create-pack.cypher');

export const findFiles = loadQuery<{ repoId: string; paths: string[] }, { path: string; sha256: string | null; size: number | null }>('pack/find-files.cypher');

export const listPackFiles = loadQuery<{ packId: string; repoId: string }, { path: string }>('pack/list-pack-files.cypher');

export const listPackSymbols = loadQuery<
  { repoId: string; paths: string[]; limit: Integer },
  { id: string; name: string; kind: string | null; path: string }
>('pack/list-pack-symbols.cypher');


/** One symbol definition as the pack-scoped lookups return it. */
export interface SymbolDefinition {
  id: string;
  name: string;
  kind: string | null;
  path: string;
  startLine: number | null;
  endLine: number | null;
  signature: string | null;
}

export const findSymbolInPack = loadQuery<
  { packId: string; repoId: string; overlay: { repoId: string | null; paths: string[] }; lookup: { name: string; kind: string | null }; limit: Integer },
  SymbolDefinition
>('pack/find-symbol-in-pack.cypher');

/** One neighbour edge of trace_symbol_graph. */
export interface NeighbourRow {
  from: { id: string; name: string | null; path: string | null; kind: string };
  rel: string;
  direction: 'in' | 'out';
  node: { id: string; name: string | null; path: string | null; kind: string | null; startLine: number | null; endLine: number | null; labels: string[] };
}

export const traceNeighbours = loadQuery<
  { repoId: string; overlay: { repoId: string | null; paths: string[] }; from: { symbol: string | null; path: string | null }; files: { paths: string[] }; relTypes: string[]; limit: Integer },
  NeighbourRow
>('pack/trace-neighbours.cypher');

export const recordPackQuery = loadQuery<
  {
    packId: string; repoId: string; workId: string; ref: string; hash: string; version: Integer; repoSnapshotId: string; outcome: string;
    strategyId: string; supersedes: string | null; symbolIds: string[]; memoryIds: string[]; proofChainsJson: string | null;
    files: Array<{ path: string; rank: Integer | null; score: number | null; reasons: string[]; lanes: string[] }>;
  },
  { applied: boolean; currentPackId: string | null; fileCount: number | null; symbolCount: number | null }
>('pack/record-pack.cypher');

/** One version of a work's context pack (list-work-packs). */
export interface WorkPackRow {
  workId: string;
  repoId: string;
  id: string;
  version: number | null;
  hash: string;
  ref: string | null;
  outcome: string | null;
  strategyId: string | null;
  repoSnapshotId: string | null;
  createdAt: string | null;
  fileCount: number;
  symbolCount: number;
  supersedes: string | null;
  current: boolean;
}

export const listWorkPacksQuery = loadQuery<{ workId: string; maxVersions: Integer }, WorkPackRow>('pack/list-work-packs.cypher');
