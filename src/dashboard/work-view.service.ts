import { AppError } from '../errors/index.js';
import type { Graph } from '../graph/index.js';
import { int } from '../graph/index.js';
import { listGateRuns, listTurns, readWork, type GateRunRow, type WorkDetailRow } from './dashboard.queries.js';
import { statePath, type StateStep } from './state-path.js';

/** Turns read to draw a work's state path; a longer history shows its newest part (`statePathTruncated`). */
export const WORK_VIEW_TURNS = 500;
const WORK_VIEW_GATE_RUNS = 100;

export interface WorkView {
  work: WorkDetailRow;
  statePath: StateStep[];
  statePathTruncated: boolean;
  gateRuns: GateRunRow[];
}

/** One work as the console's work view shows it: its current plan with node outcomes, its state path, its gate runs. */
export class WorkViewService {
  constructor(private readonly options: { graph: Graph; repoId: string }) {}

  /** NOT_FOUND when the repository has no such work. Read in one transaction, so the three parts agree. */
  async work(workId: string): Promise<WorkView> {
    const { graph, repoId } = this.options;
    return graph.readTx('dashboard/work-view', async (tx) => {
      const [row] = await tx.run(readWork, { repoId, workId });
      if (!row) throw new AppError('NOT_FOUND', { message: `No work ${workId} in this repository.`, details: { workId } });
      const turns = await tx.run(listTurns, { repoId, workId, agentId: null, limit: int(WORK_VIEW_TURNS) });
      const gateRuns = await tx.run(listGateRuns, { repoId, workId, limit: int(WORK_VIEW_GATE_RUNS) });
      return {
        work: row.work,
        statePath: statePath(turns.map((t) => t.turn).reverse()),
        statePathTruncated: turns.length === WORK_VIEW_TURNS,
        gateRuns: gateRuns.map((r) => r.run),
      };
    });
  }
}
