import type { Integer } from 'neo4j-driver';
import { loadQuery } from '../../graph/index.js';

type Repo = { repoId: string; workId: string };

/** A GateRun as stored: primitives only (reports as JSON strings). */
export interface GateRunProps {
  id: string; nodeId: string | null; hookId: string | null; stepName: string; cmdJson: string; cwd: string;
  passed: boolean; exitCode: number | null; signal: string | null; timedOut: boolean; spawnError: string | null;
  timeoutSeconds: number; startedAt: string; durationMs: number; overheadMs: number; output: string;
  junitJson: string | null; lcovJson: string | null; [key: string]: unknown;
}

export const recordGateRun = loadQuery<Repo & { run: GateRunProps }, { id: string; linkedNode: boolean }>('execution/gate-record-run.cypher');

export const listGateRuns = loadQuery<Repo & { nodeId: string | null; limit: Integer }, {
  run: { id: string; nodeId: string | null; hookId: string | null; stepName: string; passed: boolean; exitCode: number | null; timedOut: boolean; durationMs: number; overheadMs: number; startedAt: string; junitJson: string | null; lcovJson: string | null; output: string };
}>('execution/gate-list-runs.cypher');
