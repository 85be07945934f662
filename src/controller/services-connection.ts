import type { Graph } from '../graph/index.js';
import type { PackStore } from '../pack/index.js';
import type { PlanService } from '../plan/plan-service.js';
import type { WorkStore } from '../session/index.js';
import { TurnDenial } from './deny.js';

/** Process-wide services the dispatcher needs from the graph (connected lazily, on the first turn). */
export interface ControllerServices {
  /** The repository's id in the graph (configured, or derived the way ingestion derives it). */
  repoId: string;
  graph: Graph;
  sessions: WorkStore;
  packs: PackStore;
  /** Defaults to a PlanService on `graph` for this repository and configuration. */
  plans?: PlanService;
  /** Keeps the repository's facts current (graphgate mcp: src/mcp/repo-keeper.ts); awaited before each verb. */
  keeper?: {
    ready(call: { signal?: AbortSignal; progress?: (message: string) => void; fresh?: boolean; deadline?: number }): Promise<void>;
    /** Marks a turn as running until the returned function is called: the keeper's background work yields to turns. */
    turnStarted?(): () => void;
  };
}

/**
 * The dispatcher's services, opened on the first turn that needs them and opened again by a later turn
 * after a failure (a local server still starting, a graph that was down).
 */
export class ServicesConnection {
  /** The services once connected (what background work, such as the turn outbox, may use). */
  current: ControllerServices | undefined;
  private opening: Promise<ControllerServices> | undefined;

  constructor(private readonly open: () => Promise<ControllerServices>, private readonly onConnected: () => void) {}

  /** Whether a connection is open or being opened (the first turn tells its caller it may wait). */
  get started(): boolean {
    return this.opening !== undefined;
  }

  connect(): Promise<ControllerServices> {
    this.opening ??= this.open().then((services) => {
      this.current = services;
      this.onConnected();
      return services;
    }, (error: unknown) => {
      this.opening = undefined;
      throw error;
    });
    return this.opening;
  }

  /**
   * The services, or the retryable GRAPH_UNAVAILABLE at `deadline` while they are still coming up (a
   * local server's first start takes 10–30 s; it goes on, and a later turn finds it ready).
   */
  async connectBy(deadline: number): Promise<ControllerServices> {
    const connecting = this.connect();
    if (this.current) return connecting;
    connecting.catch(() => undefined); // answered late: its failure is the next turn's to report
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new TurnDenial('GRAPH_UNAVAILABLE', {
        message: 'graphgate is still connecting to Neo4j (a local server may be starting); call again in a few seconds.',
        details: { phase: 'connecting', retryAfterMs: 5_000 },
        suggestedAction: { verb: 'initialize_work', reason: 'retry in a few seconds' },
      })), Math.max(0, deadline - performance.now()));
    });
    try {
      return await Promise.race([connecting, late]);
    } finally {
      clearTimeout(timer);
    }
  }
}
