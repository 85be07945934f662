/**
 * The seam between the pure plan rules and the query layer. Every question a check asks about "what
 * exists / how it is connected" goes through this interface, in batches, so the Neo4j-backed
 * implementation runs a handful of parameterised queries per validation and unit tests pass plain data.
 * Paths given to and returned by these methods are canonical repo-relative POSIX paths.
 */
export interface PlanFacts {
  /** The work's active pack and the snapshot it was built from; null when the work has no pack. */
  activePack(): Promise<ActivePackFact | null>;
  /** Of `paths`, the files that are in the active pack, with their traits. */
  packFiles(paths: readonly string[]): Promise<readonly PackFileFact[]>;
  /** Of `refs`, the (file, symbol) pairs defined in the pack's snapshot (`Class.member` for members). */
  existingSymbols(refs: readonly SymbolRef[]): Promise<readonly SymbolRef[]>;
  /** Template tag usages (families adp and sdf) in `paths`. */
  tagUsages(paths: readonly string[]): Promise<readonly UsageFact[]>;
  /** Contracts (from components.d.ts) of the given custom-element tags; unknown tags are absent. */
  componentContracts(tags: readonly string[]): Promise<readonly ComponentContractFact[]>;
  /** Proof chains and API contract anchors held by the active pack. */
  packAnchors(): Promise<PackAnchorsFact>;
  /** Of `resourceKeys` (`file:<path>` or `side_effect:<type>:<payloadRef>`), those reserved by another live work. */
  reservedByOthers(resourceKeys: readonly string[]): Promise<readonly ReservationFact[]>;
}

export interface ActivePackFact {
  ref: string;
  hash: string;
  repoSnapshotId: string;
  scopeAllowlistRef: string;
  /** Folders in which a `create` may add a new file (canonical, repo-relative; '' is the root). */
  createFolders: readonly string[];
}

export interface PackFileFact {
  path: string;
  /** Domain anchors of the file, most specific first (the anchor hierarchy, expanded). */
  domainAnchorIds: readonly string[];
  /** The federated app (host or remote name) the file belongs to, when the repo is federated. */
  federationAppId: string | null;
  /** True when the file defines or hosts an ag-Grid table, column def or cell renderer. */
  gridTable: boolean;
  /** True when the file calls an API endpoint or defines a DTO bound to one. */
  apiBound: boolean;
  /** True when extraction of this file failed (the pack is insufficient for it). */
  extractionFailed: boolean;
}

export interface SymbolRef {
  file: string;
  name: string;
}

export interface UsageFact {
  file: string;
  tag: string;
  family: 'adp' | 'sdf';
  lineStart: number;
  lineEnd: number;
  domainAnchorId: string | null;
}

export interface ComponentContractFact {
  tag: string;
  /** Property names as declared (camelCase). */
  props: readonly string[];
  /** Event names as declared; null when the contract does not list events. */
  events: readonly string[] | null;
}

export interface ProofChainFact {
  id: string;
  kind: 'federation' | 'aggrid_origin';
  /** True when every hop resolved; an incomplete origin chain is ORIGIN_UNKNOWN. */
  complete: boolean;
  /** Files the chain passes through. */
  files: readonly string[];
}

export interface ContractAnchorFact {
  id: string;
  kind: 'endpoint' | 'schema' | 'api_spec';
}

export interface PackAnchorsFact {
  proofChains: readonly ProofChainFact[];
  contractAnchors: readonly ContractAnchorFact[];
}

export interface ReservationFact {
  resourceKey: string;
  heldByWorkId: string;
}
