import { z } from 'zod';

/** Ingest runs `/metrics` lists (the newest that recorded a snapshot). */
export const RECENT_INGESTS = 10;

const ms = z.number().finite().min(0);

/** What an ingest run stores on its Snapshot (`timingsJson`, ingest/pipeline/summary.ts `recordedTimings`). */
const storedTimings = z.object({
  mode: z.string().max(40),
  filesSeen: z.number().int().min(0),
  filesParsed: z.number().int().min(0),
  totalMs: ms,
  phases: z.record(z.string().max(40), ms),
  extractors: z.record(z.string().max(80), ms).optional(),
});

/** One recent ingest run as `/metrics` shows it: phases in run order, milliseconds each. */
export interface IngestRun {
  snapshotId: string;
  ingestedAt: string;
  mode: string;
  filesSeen: number;
  filesParsed: number;
  /** From the run's start to its snapshot record. */
  totalMs: number;
  phases: Array<{ phase: string; ms: number }>;
  /** The slowest extractors (parse time inside `parseMs`), at most 5. */
  extractors: Array<{ extractor: string; ms: number }>;
}

/** A stored record as an IngestRun; a record that is not one (another version, hand-edited) is left out. */
export function ingestRun(row: { snapshotId: string; ingestedAt: string; timingsJson: string }): IngestRun | null {
  let parsed;
  try {
    parsed = storedTimings.safeParse(JSON.parse(row.timingsJson));
  } catch {
    return null;
  }
  if (!parsed.success) return null;
  const t = parsed.data;
  return {
    snapshotId: row.snapshotId, ingestedAt: row.ingestedAt, mode: t.mode, filesSeen: t.filesSeen, filesParsed: t.filesParsed, totalMs: t.totalMs,
    phases: Object.entries(t.phases).slice(0, 20).map(([phase, value]) => ({ phase: phase.replace(/Ms$/, ''), ms: value })),
    extractors: Object.entries(t.extractors ?? {}).sort((a, b) => b[1] - a[1]).slice(0, 5).map(([extractor, value]) => ({ extractor, ms: value })),
  };
}
