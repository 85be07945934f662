import type { Integer } from 'neo4j-driver';
import { loadQuery } from '../graph/index.js';

type Repo = { repoId: string };
type Pack = Repo & { packId: string };
/** A work's overlay (src/execution/overlay/): `overlay.paths` are read from `overlay.repoId`, the others from `repoId`. */
type Overlay = { overlay: { repoId: string | null; paths: string[] } };

export const readActivePack = loadQuery<Repo & { workId: string }, { id: string; ref: string; hash: string; repoSnapshotId: string | null; strategyId: string | null; folders: string[] }>('plan/read-active-pack.cypher');

export const readPackFiles = loadQuery<Pack & { files: { paths: string[] } }, {
  path: string; domainAnchorIds: string[]; federationAppId: string | null; gridTable: boolean; apiBound: boolean; extractionFailed: boolean;
}>('plan/read-pack-files.cypher');

export const readExistingSymbols = loadQuery<Repo & Overlay & { lookup: { refs: Array<{ file: string; name: string }> } }, { file: string; name: string }>('plan/read-existing-symbols.cypher');

export const readTagUsages = loadQuery<Repo & Overlay & { files: { paths: string[] }; limit: Integer }, {
  file: string; tag: string; family: string; lineStart: number | null; lineEnd: number | null; domainAnchorId: string | null;
}>('plan/read-tag-usages.cypher');

export const readComponentContracts = loadQuery<Repo & { request: { tags: string[] } }, { tag: string; props: string[]; events: string[] | null }>('plan/read-component-contracts.cypher');

export const readAggridChains = loadQuery<Pack & { limit: Integer }, { path: string; line: number | null; ownerFile: string | null; complete: boolean; hopFiles: string[] }>('plan/read-aggrid-chains.cypher');

export const readFederationChains = loadQuery<Pack & { limit: Integer }, { remote: string; key: string; complete: boolean; files: string[] }>('plan/read-federation-chains.cypher');

export const readContractAnchors = loadQuery<Pack & { limit: Integer }, {
  endpoints: Array<{ method: string | null; path: string | null; schemas: string[] }>;
  specs: Array<{ path: string; schemas: string[] }>;
}>('plan/read-contract-anchors.cypher');

export const readReservations = loadQuery<Repo & { workId: string; request: { resourceKeys: string[] } }, { resourceKey: string; heldByWorkId: string }>('plan/read-reservations.cypher');

export const readPlanRuleMemories = loadQuery<Repo & { limit: Integer }, {
  id: string; state: string; planRuleJson: string | null; expiresAt: string | null; note: string | null; anchorIds: string[]; declaredAnchors: string[];
}>('plan/read-plan-rule-memories.cypher');

export const readGraphPolicies = loadQuery<Repo & { limit: Integer }, {
  id: string; version: string | null; severity: string | null; statement: string | null; check: string | null; paramsJson: string | null;
  rejectionCode: string | null; planRuleJson: string | null; derivedFrom: string; fromMemory: string | null; anchorIds: string[]; declaredAnchors: string[]; groundedAnchorIds: string[];
}>('plan/read-graph-policies.cypher');

export const readMigrationRules = loadQuery<Repo & { limit: Integer }, {
  id: string; fromTag: string; toTag: string | null; status: string; propMappingsJson: string | null; fallbackPolicyId: string | null;
}>('plan/read-migration-rules.cypher');

/** One PlanNode as persisted (`nodeJson` is the node as accepted). */
export interface PlanNodeRow {
  nodeId: string;
  kind: string;
  ordinal: number;
  mapsToNodeIds: string[] | null;
  dependsOn: string[] | null;
  outcome: string | null;
  outcomeAt: string | null;
  targetFile: string | null;
  operation: string | null;
  targetSymbols: string[] | null;
  nodeJson: string | null;
  evidenceJson: string | null;
}

export interface PlanRow {
  id: string;
  fingerprint: string | null;
  schemaVersion: string | null;
  strategyId: string | null;
  contextPackRef: string | null;
  contextPackHash: string | null;
  repoSnapshotId: string | null;
  agentId: string | null;
  envelopeJson: string | null;
  acceptedAt: string | null;
}

export const persistPlan = loadQuery<Repo & {
  workId: string;
  plan: {
    id: string; props: Record<string, unknown>;
    nodes: Array<{ id: string; props: Record<string, unknown>; targetFile: string | null; symbolRefs: Array<{ file: string; name: string }> }>;
    edges: Array<{ from: string; to: string }>;
  };
  totalNodes: Integer;
}, { planId: string; nodes: number; edges: number }>('plan/persist-plan.cypher');

export const readWorkPlan = loadQuery<Repo & { workId: string }, {
  work: { id: string; state: string; version: number; totalNodes: number; completedNodes: number };
  plan: PlanRow | null;
  nodes: PlanNodeRow[];
}>('plan/read-work-plan.cypher');

export const lockWorkPlan = loadQuery<Repo & { workId: string }, {
  planId: string | null; state: string; nodes: Array<{ nodeId: string; kind: string; mapsToNodeIds: string[] | null; outcome: string | null }>;
}>('plan/lock-work-plan.cypher');

export const recordNodeOutcome = loadQuery<Repo & {
  workId: string; planId: string; record: { nodeId: string; outcome: string; evidenceJson: string | null }; completedNodes: Integer;
}, { nodeId: string; outcome: string }>('plan/record-node-outcome.cypher');

export const readWorkRepo = loadQuery<{ workId: string }, { repoId: string; root: string | null }>('plan/read-work-repo.cypher');

export const storeWaitingPlan = loadQuery<Repo & {
  workId: string; planId: string; planHash: string; fingerprint: string; nodeCount: Integer; stored: { planJson: string; files: string[] };
}, { planId: string; created: boolean; queuedAt: string }>('plan/store-waiting-plan.cypher');

export const readStoredPlan = loadQuery<Repo & { planId: string }, {
  planId: string; workId: string | null; status: string | null; current: boolean; planJson: string | null; planHash: string | null; storedAt: string | null;
}>('plan/read-stored-plan.cypher');

export const dropWaitingPlan = loadQuery<Repo & { workId: string; planId: string }, { planId: string }>('plan/drop-waiting-plan.cypher');
