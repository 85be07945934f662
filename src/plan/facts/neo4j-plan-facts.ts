import { overlayParams } from '../../execution/overlay/fact-overlay.js';
import { WorkOverlays } from '../../execution/overlay/work-overlays.js';
import { int, type Graph, type GraphReader, type RunOptions } from '../../graph/index.js';
import {
  readActivePack, readAggridChains, readComponentContracts, readContractAnchors, readExistingSymbols, readFederationChains,
  readPackFiles, readReservations, readTagUsages,
} from '../plan.queries.js';
import { aggridChainId, apiSpecAnchorId, endpointAnchorId, federationChainId, schemaAnchorId } from './anchor-ids.js';
import type { ActivePackFact, ContractAnchorFact, PackAnchorsFact, PlanFacts, ProofChainFact, UsageFact } from './plan-facts.js';

/** Caps that keep one validation bounded whatever the repository size. */
export const PLAN_FACT_LIMITS = { usages: 2_000, chains: 200, contractAnchors: 500, symbolRefs: 2_000, paths: 2_000 } as const;

export interface Neo4jPlanFactsOptions {
  graph: Graph;
  /** Where the facts are read (default: the graph, a transaction per question; validation passes its one transaction). */
  reader?: GraphReader;
  repoId: string;
  workId: string;
  run?: RunOptions;
}

/** The active pack as the Neo4j facts know it (with the pack id the other questions are pinned to). */
export interface ActivePackRow extends ActivePackFact {
  id: string;
  /** The strategy retrieval selected when it built the pack (null for packs that record none). */
  strategyId: string | null;
}

const uniqueSorted = (values: Iterable<string>): string[] => [...new Set(values)].sort();

/** The scope allowlist of a pack is its file list; the plan names it by the pack id. */
export const scopeAllowlistRefOf = (packId: string): string => `${packId}#files`;

/**
 * PlanFacts answered by parameterised Cypher (cypher/plan/) against the work's active pack. The pack
 * is resolved once per instance and every later question is pinned to that pack id, so one
 * validation sees one pack even if an escalation replaces it meanwhile. Create one per validation.
 */
export class Neo4jPlanFacts implements PlanFacts {
  private pack: Promise<ActivePackRow | null> | undefined;
  private overlay: Promise<ReturnType<typeof overlayParams>> | undefined;

  private readonly reader: GraphReader;

  constructor(private readonly options: Neo4jPlanFactsOptions) {
    this.reader = options.reader ?? options.graph;
  }

  /** The active pack with its id (memoised). */
  activePackRow(): Promise<ActivePackRow | null> {
    this.pack ??= (async () => {
      const { repoId, workId, run } = this.options;
      const [row] = await this.reader.read(readActivePack, { repoId, workId }, run);
      if (!row) return null;
      return {
        id: row.id, strategyId: row.strategyId, ref: row.ref, hash: row.hash, repoSnapshotId: row.repoSnapshotId ?? '',
        scopeAllowlistRef: scopeAllowlistRefOf(row.id), createFolders: uniqueSorted(row.folders),
      };
    })();
    return this.pack;
  }

  /**
   * The work's overlay (memoised): the files it changed in its worktree are judged by its own facts, the
   * others by the base's (src/execution/README.md, "Work isolation"). A work that changed nothing has none.
   */
  private overlayOf(): Promise<ReturnType<typeof overlayParams>> {
    const { graph, repoId, workId, run } = this.options;
    this.overlay ??= new WorkOverlays({ graph, repoId }).view(workId, run, this.reader).then(overlayParams);
    return this.overlay;
  }

  async activePack(): Promise<ActivePackFact | null> {
    const row = await this.activePackRow();
    if (!row) return null;
    const { id: _id, strategyId: _strategy, ...fact } = row;
    return fact;
  }

  async packFiles(paths: readonly string[]) {
    const pack = await this.activePackRow();
    if (!pack || paths.length === 0) return [];
    const { repoId, run } = this.options;
    return this.reader.read(readPackFiles, { repoId, packId: pack.id, files: { paths: uniqueSorted(paths).slice(0, PLAN_FACT_LIMITS.paths) } }, run);
  }

  async existingSymbols(refs: readonly { file: string; name: string }[]) {
    if (refs.length === 0) return [];
    const { repoId, run } = this.options;
    const unique = [...new Map(refs.map((r) => [`${r.file}\u0000${r.name}`, { file: r.file, name: r.name }])).values()];
    return this.reader.read(readExistingSymbols, { repoId, ...(await this.overlayOf()), lookup: { refs: unique.slice(0, PLAN_FACT_LIMITS.symbolRefs) } }, run);
  }

  async tagUsages(paths: readonly string[]): Promise<UsageFact[]> {
    if (paths.length === 0) return [];
    const { repoId, run } = this.options;
    const rows = await this.reader.read(readTagUsages, { repoId, ...(await this.overlayOf()), files: { paths: uniqueSorted(paths) }, limit: int(PLAN_FACT_LIMITS.usages) }, run);
    return rows.flatMap((u) => (u.family === 'adp' || u.family === 'sdf') && u.lineStart !== null
      ? [{ file: u.file, tag: u.tag, family: u.family, lineStart: u.lineStart, lineEnd: u.lineEnd ?? u.lineStart, domainAnchorId: u.domainAnchorId }]
      : []);
  }

  async componentContracts(tags: readonly string[]) {
    if (tags.length === 0) return [];
    const { repoId, run } = this.options;
    return this.reader.read(readComponentContracts, { repoId, request: { tags: uniqueSorted(tags) } }, run);
  }

  async packAnchors(): Promise<PackAnchorsFact> {
    const pack = await this.activePackRow();
    if (!pack) return { proofChains: [], contractAnchors: [] };
    const { repoId, run } = this.options;
    const params = { repoId, packId: pack.id };
    const [grids, federations, [contracts]] = await Promise.all([
      this.reader.read(readAggridChains, { ...params, limit: int(PLAN_FACT_LIMITS.chains) }, run),
      this.reader.read(readFederationChains, { ...params, limit: int(PLAN_FACT_LIMITS.chains) }, run),
      this.reader.read(readContractAnchors, { ...params, limit: int(PLAN_FACT_LIMITS.contractAnchors) }, run),
    ]);
    const proofChains: ProofChainFact[] = [
      ...grids.map((g) => ({
        id: aggridChainId(g.path, g.line), kind: 'aggrid_origin' as const, complete: g.complete,
        files: uniqueSorted([g.path, ...(g.ownerFile ? [g.ownerFile] : []), ...g.hopFiles]),
      })),
      ...federations.map((f) => ({ id: federationChainId(f.remote, f.key), kind: 'federation' as const, complete: f.complete, files: uniqueSorted(f.files) })),
    ];
    const anchors = new Map<string, ContractAnchorFact>();
    for (const e of contracts?.endpoints ?? []) {
      if (e.method && e.path) anchors.set(endpointAnchorId(e.method, e.path), { id: endpointAnchorId(e.method, e.path), kind: 'endpoint' });
      for (const name of e.schemas) anchors.set(schemaAnchorId(name), { id: schemaAnchorId(name), kind: 'schema' });
    }
    for (const s of contracts?.specs ?? []) {
      anchors.set(apiSpecAnchorId(s.path), { id: apiSpecAnchorId(s.path), kind: 'api_spec' });
      for (const name of s.schemas) anchors.set(schemaAnchorId(name), { id: schemaAnchorId(name), kind: 'schema' });
    }
    return { proofChains, contractAnchors: [...anchors.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)) };
  }

  async reservedByOthers(resourceKeys: readonly string[]) {
    if (resourceKeys.length === 0) return [];
    const { repoId, workId, run } = this.options;
    return this.reader.read(readReservations, { repoId, workId, request: { resourceKeys: uniqueSorted(resourceKeys) } }, run);
  }
}
