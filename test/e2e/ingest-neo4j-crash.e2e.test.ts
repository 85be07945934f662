import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GENERATE, generateWorkspace } from '../../bench/ingest/generate-workspace.js';
import { deleteRepository, ingestRepository, type IngestSummary } from '../../ingest/index.js';
import { Graph } from '../../src/graph/graph.js';
import { LocalNeo4j, migrateSchema } from '../../src/graph/index.js';
import { loadQuery } from '../../src/graph/query-registry.js';
import { silentLogger } from '../../src/runtime/logger.js';

const repoState = loadQuery<{ repoId: string }, { snapshotId: string | null; writing: boolean }>('ingest/read-repo.cypher');
const refsByStatus = loadQuery<{ repoId: string }, { status: string; count: number }>('test-support/ref-status-counts.cypher');

// A dedicated instance: this file kills its server in the middle of an ingest.
describe('an ingest whose Neo4j crashes mid-run', () => {
  const local = new LocalNeo4j({ log: silentLogger, instance: 'ingest-crash-test' });
  const root = mkdtempSync(join(tmpdir(), 'graphgate-crash-'));
  let graph: Graph;
  let reference: IngestSummary;

  const connect = async (): Promise<Graph> => {
    const status = (await local.start()).status;
    const password = readFileSync(status.passwordFile, 'utf8').trim();
    return new Graph({ connection: { uri: String(status.boltUri), username: 'neo4j', password, source: 'local' }, log: silentLogger });
  };

  beforeAll(async () => {
    // ~750 files: big enough that the crash lands while batches are still being written.
    generateWorkspace(root, { ...DEFAULT_GENERATE, features: 8 });
    graph = await connect();
    await migrateSchema(graph, 'test');
    await deleteRepository(graph, 'crash-ref');
    await deleteRepository(graph, 'crash-cut');
    reference = await ingestRepository({ graph, root, log: silentLogger, settings: { repoId: 'crash-ref' } });
  });
  afterAll(async () => {
    await graph?.close();
    await local.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('fails with a structured GRAPH_UNAVAILABLE, and the next run after a restart leaves exactly the facts of a clean run', async () => {
    let killed = false;
    const run = ingestRepository({
      graph, root, log: silentLogger, settings: { repoId: 'crash-cut', lockLeaseMs: 2_000 },
      onProgress: (p) => {
        // Past 500 files the first batch (250) has committed and the second is in flight.
        if (killed || p.phase !== 'parse' || p.done < 550) return;
        killed = true;
        // A crash, not a clean shutdown: the write in flight never commits.
        void local.status().then((s) => s.pid && process.kill(s.pid, 'SIGKILL'));
      },
    });
    const failure = await run.then(() => undefined, (e: unknown) => e);
    expect(killed).toBe(true);
    expect(failure).toMatchObject({ code: 'GRAPH_UNAVAILABLE', retryable: true });

    await graph.close();
    graph = await connect();
    // The crashed run had written some batches and marked the repo as being written.
    expect((await graph.read(repoState, { repoId: 'crash-cut' }))[0]).toMatchObject({ writing: true });

    const again = await ingestRepository({ graph, root, log: silentLogger, settings: { repoId: 'crash-cut', lockLeaseMs: 2_000 } });
    expect(again.files.parsed).toBe(reference.files.seen);
    expect(again.totals).toEqual(reference.totals);
    expect(again.snapshotId).toBe(reference.snapshotId);
    expect((await graph.read(repoState, { repoId: 'crash-cut' }))[0]).toMatchObject({ snapshotId: reference.snapshotId, writing: false });
    const statuses = Object.fromEntries((await graph.read(refsByStatus, { repoId: 'crash-cut' })).map((r) => [r.status, r.count]));
    const expected = Object.fromEntries((await graph.read(refsByStatus, { repoId: 'crash-ref' })).map((r) => [r.status, r.count]));
    expect(statuses).toEqual(expected);
    expect(statuses.pending).toBeUndefined();
  }, 300_000);
});
