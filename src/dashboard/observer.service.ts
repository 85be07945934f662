import type { Graph } from '../graph/index.js';
import { int } from '../graph/index.js';
import {
  listErrors, listGateRuns, listTurns, listWorks, readTurnClock, turnsAfter,
  type ErrorTurnRow, type GateRunRow, type TurnRow, type WorkRow,
} from './dashboard.queries.js';
import { turnEvents, type TurnEvents } from './stream-events.js';

/** Read-only views of one repository's episodic plane (works, turns, leases) for the observer console. */
export class ObserverService {
  constructor(private readonly options: { graph: Graph; repoId: string }) {}

  get repoId(): string {
    return this.options.repoId;
  }

  /**
   * The newest turns and the stream position to follow them from. The clock is read first in the same
   * transaction, so a turn committed in between shows in both (clients dedupe by id), never in neither.
   */
  async recentTurns(filter: { workId?: string; agentId?: string; limit: number }): Promise<{ cursor: number; turns: TurnRow[] }> {
    const { graph, repoId } = this.options;
    return graph.readTx('dashboard/recent-turns', async (tx) => {
      const [clock] = await tx.run(readTurnClock, { repoId });
      const rows = await tx.run(listTurns, { repoId, workId: filter.workId ?? null, agentId: filter.agentId ?? null, limit: int(filter.limit) });
      return { cursor: clock?.seq ?? 0, turns: rows.map((r) => r.turn) };
    });
  }

  /** The seq of the last committed turn: a stream without a resume position starts there. */
  async streamPosition(): Promise<number> {
    const [row] = await this.options.graph.read(readTurnClock, { repoId: this.options.repoId });
    return row?.seq ?? 0;
  }

  /** Turns committed after seq `after`, in commit order, at most `limit`, each with the events it gives (stream-events.ts). */
  async eventsAfter(after: number, limit: number): Promise<TurnEvents[]> {
    const rows = await this.options.graph.read(turnsAfter, { repoId: this.options.repoId, after: int(after), limit: int(limit) });
    return rows.map((r) => turnEvents(r.turn, r.gateRuns));
  }

  async works(limit: number): Promise<WorkRow[]> {
    const rows = await this.options.graph.read(listWorks, { repoId: this.options.repoId, limit: int(limit) });
    return rows.map((r) => r.work);
  }

  async errors(filter: { workId?: string; limit: number }): Promise<ErrorTurnRow[]> {
    const rows = await this.options.graph.read(listErrors, { repoId: this.options.repoId, workId: filter.workId ?? null, limit: int(filter.limit) });
    return rows.map((r) => r.turn);
  }

  /** Gate step runs (validation), newest first. */
  async gateRuns(filter: { workId?: string; limit: number }): Promise<GateRunRow[]> {
    const rows = await this.options.graph.read(listGateRuns, { repoId: this.options.repoId, workId: filter.workId ?? null, limit: int(filter.limit) });
    return rows.map((r) => r.run);
  }
}
