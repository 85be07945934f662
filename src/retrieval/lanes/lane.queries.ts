import type { Integer } from 'neo4j-driver';
import { loadQuery } from '../../graph/index.js';

/** A graph node as every lane query projects it. */
export interface LaneRow {
  id: string;
  labels: string[];
  name: string | null;
  path: string | null;
  line: number | null;
  symbolKind: string | null;
  snapshotId: string | null;
}

export interface LexicalRow extends LaneRow {
  bytes: number | null;
  index: string;
  score: number;
}

export interface GradedRow extends LaneRow {
  match: string;
  term: string | null;
  grade: number;
}

export interface IndexWeights {
  file: number;
  symbol: number;
  template: number;
  route: number;
  endpoint: number;
}

export const lexicalSearchQuery = loadQuery<{ repoId: string; search: { query: string }; scan: Integer; perIndex: Integer; weights: IndexWeights }, LexicalRow>('retrieval/lexical-search.cypher');

export const symbolLookupQuery = loadQuery<
  {
    repoId: string; limit: Integer;
    lookup: {
      nameQuery: string; names: string[]; selectors: string[]; routePaths: string[]; routeQuery: string; routeShapes: string[][];
      filePaths: string[]; fileQuery: string; fileNames: string[]; fields: string[];
    };
  },
  GradedRow
>('retrieval/symbol-lookup.cypher');

export const artifactEndpointsQuery = loadQuery<{ repoId: string; shapes: string[][]; limit: Integer }, GradedRow>('retrieval/artifact-endpoints.cypher');

/** A current policy-plane record (only the properties the pack uses). */
export interface PolicyRecordRow {
  label: string;
  recordId: string;
  version: number;
  props: Record<string, unknown>;
  anchorPaths: string[];
}

export const policyRecordsQuery = loadQuery<{ repoId: string; limit: Integer }, PolicyRecordRow>('retrieval/policy-records.cypher');

export const lexemeAliasesQuery = loadQuery<
  { repoId: string; limit: Integer },
  { id: string; term: string; aliases: string[]; negative: string[] | null; domain: string | null }
>('retrieval/lexeme-aliases.cypher');

/** An active memory record with its scope and the facts it names. */
export interface MemoryRow {
  id: string;
  state: string;
  enforcementType: string;
  declaredAnchors: string[];
  anchorPaths: string[];
  note: string | null;
  strategySignalJson: string | null;
  fewShotJson: string | null;
  planRuleJson: string | null;
  updatedAt: string | null;
  expiresAt: string | null;
  nodes: Array<{ id: string; path: string | null; labels: string[] }>;
}

export const activeMemoriesQuery = loadQuery<{ repoId: string; limit: Integer }, MemoryRow>('retrieval/active-memories.cypher');

/** What the reranker and the pack need to know about one candidate file. */
export interface FileDetailRow {
  path: string;
  sha256: string | null;
  bytes: number | null;
  snapshotId: string | null;
  inDegree: number;
  adpUsages: number;
  sdfUsages: number;
  adpTags: string[];
  gridTables: number;
  federation: boolean;
  symbols: Array<{ id: string; name: string | null; kind: string | null; line: number | null; endLine: number | null }>;
}

export const fileDetailsQuery = loadQuery<{ repoId: string; files: { paths: string[] }; maxSymbols: Integer }, FileDetailRow>('retrieval/file-details.cypher');

export const repoSnapshotQuery = loadQuery<{ repoId: string }, { snapshotId: string | null }>('retrieval/repo-snapshot.cypher');

/** One closure step: the seed, the edge followed, and the node reached. */
export interface ClosureRow {
  seedId: string;
  seedLabels: string[];
  edge: string;
  node: LaneRow & { framework: string | null };
}

export const closureExpandQuery = loadQuery<{ repoId: string; seedIds: string[]; perEdge: Integer }, ClosureRow>('retrieval/closure-expand.cypher');

/** A File ranked by one of the content indexes. */
export interface FileTextRow extends LaneRow {
  bytes: number | null;
  score: number;
}

export const fileTextSearchQuery = loadQuery<{ index: 'ft_file_content' | 'ft_file_fields'; search: { query: string }; repoId: string; limit: Integer }, FileTextRow>('retrieval/file-text-search.cypher');

export const termPresenceQuery = loadQuery<{ search: { probes: Array<{ term: string; query: string }> } }, { term: string; present: boolean }>('retrieval/term-presence.cypher');
