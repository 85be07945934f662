import type { Integer } from 'neo4j-driver';
import { loadQuery } from '../../src/graph/index.js';
import type { PropValue } from '../model/facts.js';
import type { HistoryStateRow } from '../history/history.queries.js';

type Repo = { repoId: string };
type Paths = Repo & { paths: string[] };

export interface NodeRowParam {
  id: string;
  labels: string[];
  /** Labels the node had before and must lose (a class that stopped being a Component). */
  drop: string[];
  props: Record<string, PropValue>;
}

export interface PersistedRef {
  id: string;
  ownerFile: string;
  relType: string;
  fromId: string;
  kind: string;
  key: string;
  target: string;
  propsJson: string;
  /** Set on `id` references from a node of their own file (prepare-rows.ts RefRow.edgeOnly). */
  edgeOnly?: boolean | null;
}

export const mergeNodes = loadQuery<{ rows: NodeRowParam[] }, { written: number }>('ingest/merge-nodes.cypher');
export const createNodes = loadQuery<{ rows: Array<Pick<NodeRowParam, 'labels' | 'props'>> }, { written: number }>('ingest/create-nodes.cypher');
export const readOwnedNodes = loadQuery<Paths, { id: string; ownerFile: string; labels: string[]; keyProps: Record<string, PropValue> }>('ingest/read-owned-nodes.cypher');
export const deleteOwnedEdges = loadQuery<Paths, { deleted: number }>('ingest/delete-owned-edges.cypher');
export const deleteRefEdges = loadQuery<Paths, { deleted: number }>('ingest/delete-ref-edges.cypher');
export const deleteNodes = loadQuery<{ ids: string[] }, { deleted: number }>('ingest/delete-nodes.cypher');
export const reuseNodes = loadQuery<{ rows: Array<{ from: string; to: string }> }, { reused: string[] }>('ingest/reuse-nodes.cypher');
export const reuseNodesKeepEdges = loadQuery<{ rows: Array<{ from: string; to: string }> }, { reused: string[] }>('ingest/reuse-nodes-keep-edges.cypher');
export const pruneOwnedEdges = loadQuery<Repo & { files: Array<{ path: string; keep: string[] }> }, { deleted: number }>('ingest/prune-owned-edges.cypher');
export const pruneRefEdges = loadQuery<{ rows: Array<{ refId: string; fromId: string; keep: string[] }> }, { deleted: number }>('ingest/prune-ref-edges.cypher');
export const readFileHashes = loadQuery<Repo, { path: string; sha256: string; blob: string; executable: boolean; reads: string[]; mountReads: string[]; mountSig: string | null }>('ingest/read-file-hashes.cypher');
/** The Repo node's bookkeeping (ingest/read-repo.cypher). */
export interface RepoRow { snapshotId: string | null; seedHash: string | null; memoryHash: string | null; anchorSetHash: string | null; extractionKey: string | null; writing: boolean }
export const readRepo = loadQuery<Repo, RepoRow>('ingest/read-repo.cypher');
export const markRepoWriting = loadQuery<Repo, { id: string }>('ingest/mark-repo-writing.cypher');
/** Snapshot records a repository keeps at least (a watcher records one per save; the dashboard shows the last 10). */
export const SNAPSHOTS_KEPT = 100;
export const recordSnapshot = loadQuery<
  Repo & { snapshotId: string; root: string; remote: string | null; summary: string; timingsJson: string; props: Record<string, PropValue>; keep: Integer },
  { id: string }
>('ingest/record-snapshot.cypher');
export const setRepoHashes = loadQuery<Repo & { props: Record<string, PropValue> }, { id: string }>('ingest/set-repo-hashes.cypher');
export const pruneAnchors = loadQuery<Repo, { deleted: number }>('ingest/prune-anchors.cypher');
export const countFacts = loadQuery<Repo, { label: string; count: number }>('ingest/count-facts.cypher');
export const awaitFulltextRefresh = loadQuery<Record<string, never>, never>('ingest/await-fulltext-refresh.cypher');

/** The lock, and for its holder the Repo row and history state its run reads first (null when not acquired; `repo` null without a Repo node). */
export const acquireLock = loadQuery<
  Repo & { owner: string; leaseMs: Integer },
  { acquired: boolean; holder: string; expiresAt: number; repo: RepoRow | null; history: HistoryStateRow | null }
>('ingest/acquire-lock.cypher');
export const renewLock = loadQuery<Repo & { owner: string; leaseMs: Integer }, { renewed: boolean }>('ingest/renew-lock.cypher');
export const takeOverLock = loadQuery<Repo & { deadOwner: string; owner: string; leaseMs: Integer }, { acquired: boolean }>('ingest/take-over-lock.cypher');
export const releaseLock = loadQuery<Repo & { owner: string }, { released: number }>('ingest/release-lock.cypher');

export const findRefsByKey = loadQuery<Repo & { keys: string[] }, { ref: PersistedRef }>('ingest/find-refs-by-key.cypher');
export const findRefsByAttrKey = loadQuery<Repo & { keys: string[] }, { ref: PersistedRef }>('ingest/find-refs-by-attr-key.cypher');
export const findRefsByFrom = loadQuery<Repo & { ids: string[] }, { ref: PersistedRef }>('ingest/find-refs-by-from.cypher');
export const readEdgeRefsInto = loadQuery<
  Repo & { ids: string[] },
  { id: string; ownerFile: string; relType: string; fromId: string; toId: string; snapshotId: string; props: Record<string, PropValue> }
>('ingest/read-edge-refs-into.cypher');
export const deleteEdgesOfRefs = loadQuery<{ rows: Array<{ refId: string; fromId: string }> }, { deleted: number }>('ingest/delete-edges-of-refs.cypher');
export const setRefStatus = loadQuery<
  { rows: Array<{ id: string; status: string; targetIds: string[]; candidates: Integer; reason: string | null }> },
  { updated: number }
>('ingest/set-ref-status.cypher');
export const candidatesSelector = loadQuery<Repo, { id: string; selector: string; labels: string[]; ownerFile: string }>('ingest/candidates-selector.cypher');
export const candidatesContract = loadQuery<Repo & { tags: string[] }, { id: string; tag: string }>('ingest/candidates-contract.cypher');
export const candidatesPipe = loadQuery<Repo & { names: string[] }, { id: string; name: string; ownerFile: string }>('ingest/candidates-pipe.cypher');
export const candidatesSymbol = loadQuery<Repo & { names: string[] }, { id: string; name: string; ownerFile: string; member: boolean; exported: boolean }>('ingest/candidates-symbol.cypher');
export const candidatesRoute = loadQuery<Repo, { id: string; fullPath: string; fullPaths: string[]; file: string }>('ingest/candidates-route.cypher');
export const candidatesFile = loadQuery<Paths, { id: string; path: string }>('ingest/candidates-file.cypher');
export const candidatesEndpoint = loadQuery<Repo, { id: string; method: string; path: string }>('ingest/candidates-endpoint.cypher');
export const candidatesRemote = loadQuery<Repo, { id: string; remote: string; exposed: string }>('ingest/candidates-remote.cypher');
export const candidatesId = loadQuery<{ ids: string[] }, { id: string }>('ingest/candidates-id.cypher');
