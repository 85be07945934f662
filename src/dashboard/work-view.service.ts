import { AppError } from '../errors/index.js';
import type { Graph } from '../graph/index.js';
import { int } from '../graph/index.js';
import { parseStoredProofChains, type StoredProofChain } from '../pack/index.js';
import { listGateRuns, listTurns, readWork, readWorkPack, type GateRunRow, type WorkDetailRow, type WorkPackRow } from './dashboard.queries.js';
import { reviewBundleOf, type ReviewBundleLink } from './review-bundle.service.js';
import { statePath, type StateStep } from './state-path.js';

/** Turns read to draw a work's state path; a longer history shows its newest part (`statePathTruncated`). */
export const WORK_VIEW_TURNS = 500;
const WORK_VIEW_GATE_RUNS = 100;
/** Pack files shown, best ranked first (the pack file on disk has them all). */
export const WORK_VIEW_PACK_FILES = 100;

export interface WorkPackView extends Omit<WorkPackRow, 'proofChainsJson'> {
  /** `fileCount` is larger than the files listed. */
  filesTruncated: boolean;
  proofChains: StoredProofChain[];
}

export interface WorkView {
  work: WorkDetailRow;
  statePath: StateStep[];
  statePathTruncated: boolean;
  gateRuns: GateRunRow[];
  /** The work's current context pack (null before one is recorded). */
  pack: WorkPackView | null;
  /** The newest review bundle of the current plan (null: none written yet). */
  reviewBundle: ReviewBundleLink | null;
}

/** One work as the console's work view shows it: its current plan with node outcomes, its state path, its gate runs, its pack. */
export class WorkViewService {
  /** `bundlesServed`: the console knows the checkout, so it can serve review bundle files (`/work/review-bundle`). */
  constructor(private readonly options: { graph: Graph; repoId: string; bundlesServed: boolean }) {}

  /** NOT_FOUND when the repository has no such work. Read in one transaction, so the parts agree. */
  async work(workId: string): Promise<WorkView> {
    const { graph, repoId } = this.options;
    return graph.readTx('dashboard/work-view', async (tx) => {
      const [row] = await tx.run(readWork, { repoId, workId });
      if (!row) throw new AppError('NOT_FOUND', { message: `No work ${workId} in this repository.`, details: { workId } });
      const turns = await tx.run(listTurns, { repoId, workId, agentId: null, limit: int(WORK_VIEW_TURNS) });
      const gateRuns = await tx.run(listGateRuns, { repoId, workId, limit: int(WORK_VIEW_GATE_RUNS) });
      const [packRow] = await tx.run(readWorkPack, { repoId, workId, fileLimit: int(WORK_VIEW_PACK_FILES) });
      return {
        work: row.work,
        statePath: statePath(turns.map((t) => t.turn).reverse()),
        statePathTruncated: turns.length === WORK_VIEW_TURNS,
        gateRuns: gateRuns.map((r) => r.run),
        pack: packRow ? packView(packRow.pack) : null,
        reviewBundle: reviewBundleOf(workId, row.work.nodes, this.options.bundlesServed),
      };
    });
  }
}

function packView(row: WorkPackRow): WorkPackView {
  const { proofChainsJson, ...pack } = row;
  return { ...pack, filesTruncated: pack.fileCount > pack.files.length, proofChains: parseStoredProofChains(proofChainsJson) };
}
