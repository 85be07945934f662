import type { Graph } from '../graph/index.js';
import { int } from '../graph/index.js';
import { memoryMetrics, type MemoryMetrics } from '../memory/index.js';
import { frictionHeatmap, ingestTimings, packOutcomes, rejectionCounts, verbLatency, verbLatencySeries } from './dashboard.queries.js';
import { ingestRun, RECENT_INGESTS, type IngestRun } from './ingest-timings.js';

export interface VerbLatency { verb: string; turns: number; p50: number; p95: number; p99: number; max: number }
export interface RejectionCount { code: string; verb: string; count: number }
export interface HeatmapCell { code: string; anchorId: string; anchor: string | null; events: number; works: number }

/** Latencies a sparkline shows per verb (the newest turns of the window). */
export const SPARKLINE_POINTS = 40;
/** Cells of the rejection heatmap at most (the most frequent first). */
export const HEATMAP_CELLS = 400;

export interface Metrics {
  windowHours: number;
  since: string;
  latency: VerbLatency[];
  /** Per verb, the latencies (ms) of its newest turns in the window, oldest first. */
  latencySeries: Array<{ verb: string; latencies: number[] }>;
  /** Refusals per deny code (all verbs), most frequent first. */
  rejections: Array<{ code: string; count: number }>;
  /** The same per code and verb. */
  rejectionsByVerb: RejectionCount[];
  /** Friction (refusals the memory plane recorded) per deny code and domain anchor in the window. */
  rejectionHeatmap: HeatmapCell[];
  /** How the window's initialize_work turns ended (the pack a work starts with). */
  packOutcomes: Array<{ outcome: string; count: number }>;
  /** src/memory's metrics over all time: friction resolution rate, memories per state, plans held to memories. */
  memory: MemoryMetrics;
  /** The newest ingest runs that recorded a snapshot (whatever the window), newest first, with their phase timings. */
  ingests: IngestRun[];
}

/** The console's `/metrics`: turn latency and refusals of a time window, and the memory plane's health. */
export class MetricsService {
  constructor(private readonly options: { graph: Graph; repoId: string; now?: () => Date }) {}

  async metrics(windowHours: number): Promise<Metrics> {
    const { graph, repoId } = this.options;
    const since = new Date((this.options.now?.() ?? new Date()).getTime() - windowHours * 3_600_000).toISOString();
    const turnMetrics = graph.readTx('dashboard/metrics', async (tx) => {
      const latency = await tx.run(verbLatency, { repoId, since });
      return {
        latency,
        // A sparkline for each verb of the table: each is read from its newest turns only.
        latencySeries: await tx.run(verbLatencySeries, { repoId, since, verbs: latency.map((l) => l.verb), points: int(SPARKLINE_POINTS) }),
        byVerb: await tx.run(rejectionCounts, { repoId, since }),
        heatmap: await tx.run(frictionHeatmap, { repoId, since, limit: int(HEATMAP_CELLS) }),
        packs: await tx.run(packOutcomes, { repoId, since }),
        ingests: await tx.run(ingestTimings, { repoId, limit: int(RECENT_INGESTS) }),
      };
    });
    const [turns, memory] = await Promise.all([turnMetrics, memoryMetrics(graph, repoId)]);
    const totals = new Map<string, number>();
    for (const row of turns.byVerb) totals.set(row.code, (totals.get(row.code) ?? 0) + row.count);
    const rejections = [...totals].map(([code, count]) => ({ code, count })).sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));
    return {
      windowHours, since, latency: turns.latency, latencySeries: turns.latencySeries, rejections, rejectionsByVerb: turns.byVerb,
      rejectionHeatmap: turns.heatmap, packOutcomes: turns.packs, memory,
      ingests: turns.ingests.flatMap((row) => ingestRun(row) ?? []),
    };
  }
}
