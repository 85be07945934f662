import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { IngestProgress } from '../../ingest/pipeline/progress.js';

/**
 * The daemon's wire format: one JSON object per line over its Unix socket. A client sends one request
 * and reads answers until `result`, `error` or `status`; `progress` lines come before an ingest's result.
 * Kept free of zod and the driver so the client side loads in a few milliseconds (the server validates).
 */
export const PROTOCOL_VERSION = 1;

/** The largest request line the daemon reads; a longer one is refused. */
export const MAX_REQUEST_BYTES = 64 * 1024;

export interface IngestSettingsWire {
  repoId?: string;
  include?: string[];
  exclude?: string[];
  anchorDepth?: number;
  projectMaxFiles?: number | 'auto';
}

export type DaemonRequest =
  | { v: number; build: string; op: 'ingest'; root: string; settings: IngestSettingsWire; warmPlans: boolean; progress: boolean }
  | { v: number; build: string; op: 'status' }
  | { v: number; build: string; op: 'stop' };

export interface DaemonStatus {
  pid: number;
  build: string;
  startedAt: string;
  /** Ingests answered since the start. */
  served: number;
  /** The Neo4j URI the daemon writes to. */
  neo4j: string;
  rssMb: number;
}

export type DaemonAnswer =
  | { type: 'progress'; progress: IngestProgress }
  | { type: 'result'; value: Record<string, unknown> }
  | { type: 'status'; status: DaemonStatus }
  | { type: 'stopping' }
  /** The daemon runs another build of graphgate: the client runs the ingest itself. */
  | { type: 'build-mismatch'; build: string }
  | { type: 'error'; error: { code: string; message: string; details?: Record<string, unknown> } };

/**
 * Which build of graphgate this is: the version and when this file was built. A daemon started before
 * `npm run build` (or an upgrade) would run old extractors, so client and daemon must agree on it.
 */
export function buildId(): string {
  let stamp = 0;
  try {
    stamp = Math.round(statSync(fileURLToPath(import.meta.url)).mtimeMs);
  } catch {
    // A bundled or virtual file system: the version alone decides.
  }
  return `0.1.0+${stamp}`;
}
