import { createHash, randomUUID } from 'node:crypto';
import { loadQuery, type Graph } from '../../graph/index.js';

type Scope = { repoId: string; workId: string };

/** One run_sandboxed_code run as stored: hashes of what ran, never the code, inputs or value themselves. */
export interface SandboxRunEvent {
  id: string; nodeId: string; agentId: string; runSessionId: string | null;
  codeHash: string; inputsHash: string; packFiles: string[];
  outcome: 'succeeded' | 'denied'; reason: string | null; valueHash: string | null;
  durationMs: number; startedAt: string; finishedAt: string;
  [key: string]: unknown;
}

const recordSandboxRun = loadQuery<Scope & { event: SandboxRunEvent }, { id: string }>('execution/sandbox-record-run.cypher');
export const listSandboxRuns = loadQuery<Scope, { event: SandboxRunEvent & { type: string; recordedAt: string } }>('execution/sandbox-list-runs.cypher');

const sha256 = (value: unknown) => createHash('sha256').update(JSON.stringify(value ?? null)).digest('hex');

export interface SandboxRunRecord {
  workId: string; nodeId: string; agentId: string; runSessionId: string | null;
  code: string; inputs: unknown; packFiles: string[];
  startedAt: Date; outcome: 'succeeded' | 'denied'; reason?: string; value?: unknown;
}

/** Records a sandbox run as `(:Work)-[:HAS_EVENT]->(:SandboxRun)<-[:RAN_SANDBOX]-(:PlanNode)`, so every computation leaves evidence. */
export async function recordSandboxRunEvidence(graph: Graph, repoId: string, run: SandboxRunRecord): Promise<string> {
  const finished = new Date();
  const event: SandboxRunEvent = {
    id: `${repoId}:sandbox:${randomUUID()}`, nodeId: run.nodeId, agentId: run.agentId, runSessionId: run.runSessionId,
    codeHash: sha256(run.code), inputsHash: sha256(run.inputs), packFiles: [...run.packFiles].sort(),
    outcome: run.outcome, reason: run.reason ?? null, valueHash: run.outcome === 'succeeded' ? sha256(run.value) : null,
    durationMs: finished.getTime() - run.startedAt.getTime(), startedAt: run.startedAt.toISOString(), finishedAt: finished.toISOString(),
  };
  const [row] = await graph.write(recordSandboxRun, { repoId, workId: run.workId, event });
  return row?.id ?? event.id;
}
