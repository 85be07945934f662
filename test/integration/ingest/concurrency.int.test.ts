import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
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
  /** A new file, so that the next run has something to write and needs the lock. */
  let edits = 0;
  const edit = (): void => writeFileSync(join(root, `src/app/edit-${++edits}.ts`), `export const edit${edits} = ${edits};\n`);

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
    edit();
    const held = await acquireIngestLock(graph, repoId, { leaseMs: 60_000, waitMs: 0, log: silentLogger });
    await expect(ingest({ lockWaitMs: 300 })).rejects.toMatchObject({ code: 'TIMEOUT' });
    await held.release();
    await expect(ingest({ lockWaitMs: 300 })).resolves.toMatchObject({ wrote: true, files: { added: 1 } });
  });

  it('confirms an unchanged repository without the lock, while another holder keeps it (K servers starting at once)', async () => {
    await ingest();
    const held = await acquireIngestLock(graph, repoId, { leaseMs: 60_000, waitMs: 0, log: silentLogger });
    try {
      const summary = await ingest({ lockWaitMs: 300 });
      expect(summary).toMatchObject({ wrote: false, files: { parsed: 0, added: 0, changed: 0, deleted: 0 }, history: { status: 'no-git' } });
      expect(summary.files.unchanged).toBeGreaterThan(0);
      expect(summary.timings.lockWaitMs).toBe(0);
      // The holder still holds it: the check took nothing over.
      expect((await graph.read(lockHolder, { repoId }))[0]?.owner).toBeDefined();
    } finally {
      await held.release();
    }
  });

  it('hands its holder the Repo row and history state read with the lock; a writing run frees it in its snapshot commit', async () => {
    edit();
    const wrote = await ingest();
    expect(wrote.wrote).toBe(true);
    expect(await graph.read(lockHolder, { repoId })).toEqual([]);
    const held = await acquireIngestLock(graph, repoId, { leaseMs: 60_000, waitMs: 0, log: silentLogger });
    try {
      expect(held.seen?.repo).toMatchObject({ snapshotId: wrote.snapshotId, writing: false });
      // Not a git checkout: no history stored, the state's values are empty.
      expect(held.seen?.history).toEqual({ head: null, bound: null, prefix: null, version: null, commits: 0, syncing: false });
    } finally {
      await held.release();
    }
    // The lock of a repository never ingested: no Repo row.
    const other = await acquireIngestLock(graph, `${repoId}-none`, { leaseMs: 60_000, waitMs: 0, log: silentLogger });
    expect(other.seen?.repo).toBeUndefined();
    await other.release();
    expect(await graph.read(lockHolder, { repoId: `${repoId}-none` })).toEqual([]);
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
    edit();
    const summary = await ingest({ lockWaitMs: 10_000 });
    expect(summary.wrote).toBe(true);
    expect(summary.timings.lockWaitMs).toBeLessThan(10_000);
    expect(await graph.read(lockHolder, { repoId })).toEqual([]);
  });

  it('takes over a lock whose lease expired (a crashed holder)', async () => {
    // A holder that never renews nor releases, as after a crash.
    await acquireIngestLock(graph, repoId, { leaseMs: 1_000, waitMs: 0, log: silentLogger, renew: false });
    edit();
    const summary = await ingest({ lockWaitMs: 10_000 });
    expect(summary.wrote).toBe(true);
    expect(summary.timings.lockWaitMs).toBeGreaterThanOrEqual(500);
  });
});
