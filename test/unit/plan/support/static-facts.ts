import type {
  ActivePackFact, ComponentContractFact, PackAnchorsFact, PackFileFact, PlanFacts, ReservationFact, SymbolRef, UsageFact,
} from '../../../../src/plan/index.js';

/** Plain data answering PlanFacts questions: the seam's contract, not a graph fake. */
export interface FactsData {
  activePack: ActivePackFact | null;
  packFiles: PackFileFact[];
  symbols: SymbolRef[];
  usages: UsageFact[];
  contracts: ComponentContractFact[];
  anchors: PackAnchorsFact;
  reservations: ReservationFact[];
}

/** PlanFacts over plain data, filtering exactly as the interface documents. */
export function staticFacts(data: FactsData): PlanFacts {
  return {
    activePack: async () => data.activePack,
    packFiles: async (paths) => data.packFiles.filter((f) => paths.includes(f.path)),
    existingSymbols: async (refs) => refs.filter((r) => data.symbols.some((s) => s.file === r.file && s.name === r.name)),
    tagUsages: async (paths) => data.usages.filter((u) => paths.includes(u.file)),
    componentContracts: async (tags) => data.contracts.filter((c) => tags.includes(c.tag)),
    packAnchors: async () => data.anchors,
    reservedByOthers: async (keys) => data.reservations.filter((r) => keys.includes(r.resourceKey)),
  };
}
