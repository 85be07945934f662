import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import { acquireIngestLock } from '../../../ingest/pipeline/ingest-lock.js';
import type { Graph } from '../../../src/graph/graph.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { packageRoot } from '../../../src/runtime/package-root.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { lockHolder } from '../../support/ingest-queries.js';
import { miniExtractors } from '../../support/mini-extractor.js';
import { MINI_FILES, removeWorkspace, writeWorkspace } from '../../support/mini-workspace.js';

describe('concurrent ingests of one repository', () => {
  let graph: Graph;
  let root: string;
  const repoId = testNamespace('ingest-lock');
  const ingest = (settings: Record<string, unknown> = {}) => ingestRepository({ graph, root, log: silentLogger, settings: { repoId, ...settings }, extractors: miniExtractors, totals: false });

  beforeAll(() => {
    graph = openTestGraph();
    root = writeWorkspace(MINI_FILES);
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    await graph.close();
    removeWorkspace(root);
  });

  it('serialises two ingests started together: one writes, the other waits and finds nothing to do', async () => {
    const [a, b] = await Promise.all([ingest(), ingest()]);
    const wrote = [a, b].filter((s) => s.files.parsed > 0);
    expect(wrote).toHaveLength(1);
    expect([a, b].find((s) => s.files.parsed === 0)).toMatchObject({ wrote: false, files: { unchanged: 8 } });
    expect(await graph.read(lockHolder, { repoId })).toEqual([]);
  });

  it('gives up with TIMEOUT when another holder keeps the lock, and runs once it is released', async () => {
    const held = await acquireIngestLock(graph, repoId, { leaseMs: 60_000, waitMs: 0, log: silentLogger });
    await expect(ingest({ lockWaitMs: 300 })).rejects.toMatchObject({ code: 'TIMEOUT' });
    await held.release();
    await expect(ingest({ lockWaitMs: 300 })).resolves.toMatchObject({ wrote: false });
  });

  it('takes over at once the lock of a holder killed on this host, long before its lease lapses', async () => {
    const dist = join(packageRoot(), 'dist');
    const script = `
      const { Graph } = await import(${JSON.stringify(join(dist, 'src', 'graph', 'graph.js'))});
      const { acquireIngestLock } = await import(${JSON.stringify(join(dist, 'ingest', 'pipeline', 'ingest-lock.js'))});
      const { silentLogger } = await import(${JSON.stringify(join(dist, 'src', 'runtime', 'logger.js'))});
      const graph = new Graph({ connection: JSON.parse(process.env.TEST_NEO4J), log: silentLogger });
      await acquireIngestLock(graph, process.env.TEST_REPO, { leaseMs: 120_000, waitMs: 0, log: silentLogger });
      process.kill(process.pid, 'SIGKILL');`;
    const env = { ...process.env, TEST_NEO4J: JSON.stringify(inject('neo4j')), TEST_REPO: repoId };
    const died = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { env, timeout: 60_000 }).catch((e: { signal?: string }) => e);
    expect((died as { signal?: string }).signal).toBe('SIGKILL');
    expect((await graph.read(lockHolder, { repoId }))[0]?.owner).toMatch(/^[^:]+:\d+:/);
    const summary = await ingest({ lockWaitMs: 10_000 });
    expect(summary.wrote).toBe(false);
    expect(summary.timings.lockWaitMs).toBeLessThan(10_000);
    expect(await graph.read(lockHolder, { repoId })).toEqual([]);
  });

  it('takes over a lock whose lease expired (a crashed holder)', async () => {
    // A holder that never renews nor releases, as after a crash.
    await acquireIngestLock(graph, repoId, { leaseMs: 1_000, waitMs: 0, log: silentLogger, renew: false });
    const summary = await ingest({ lockWaitMs: 10_000 });
    expect(summary.wrote).toBe(false);
    expect(summary.timings.lockWaitMs).toBeGreaterThanOrEqual(500);
  });
});
