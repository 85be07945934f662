import { createHash } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import { TurnResponseSchema, type TurnResponse } from '../../../src/controller/envelope.schema.js';
import type { Graph } from '../../../src/graph/graph.js';
import { startGraphqlServer, type GraphqlServer } from '../../../src/graphql/index.js';
import { listWorkPacks } from '../../../src/pack/index.js';
import { packageRoot } from '../../../src/runtime/package-root.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { makeDispatcher } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';

const sha = (bytes: Buffer): string => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
const QUERY = `query($workId: String!) { workPacks(workId: $workId) {
  id workId repoId version hash ref outcome strategyId repoSnapshotId createdAt fileCount symbolCount supersedes current } }`;

interface WorkPack { id: string; workId: string; repoId: string; version: number; hash: string; ref: string; createdAt: string; fileCount: number; symbolCount: number; supersedes: string | null; current: boolean }

describe('GraphQL workPacks: a work\'s pack versions and their SUPERSEDES chain (real Neo4j)', () => {
  let graph: Graph;
  let root: string;
  let server: GraphqlServer;
  const repoId = testNamespace('work-packs');
  const ask = async (query: string, variables: Record<string, unknown>) => {
    const res = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
    return (await res.json()) as { data?: { workPacks: WorkPack[] }; errors?: Array<{ message: string; extensions?: { code?: string } }> };
  };

  beforeAll(async () => {
    graph = openTestGraph();
    root = join(realpathSync(mkdtempSync(join(tmpdir(), 'gg-work-packs-'))), 'workspace');
    cpSync(join(packageRoot(), 'test', 'fixtures', 'workspace'), root, { recursive: true, filter: (src) => !src.includes(join('.ai', 'tmp')) });
    await ingestRepository({ graph, root, log: silentLogger, settings: { repoId } });
    server = await startGraphqlServer({ graph, port: 0, log: silentLogger, config: {} });
  });
  afterAll(async () => {
    await server?.close();
    await cleanNamespace(graph, repoId);
    rmSync(join(root, '..'), { recursive: true, force: true });
    await graph.close();
  });

  it('lists version 2 (current) superseding version 1, with the hashes of the files on disk and their file counts', async () => {
    const ctl = makeDispatcher(graph, root, repoId);
    const turn = async (args: Record<string, unknown>): Promise<TurnResponse> => TurnResponseSchema.parse(await ctl.turn(args));
    const init = await turn({ verb: 'initialize_work', originalPrompt: 'Clicking the order id in the orders grid must open the order detail page', args: { lexemes: ['OrderDetailComponent'] } });
    const workId = init.workId as string;
    const first = await ask(QUERY, { workId });
    expect(first.errors).toBeUndefined();
    expect(first.data!.workPacks).toEqual([expect.objectContaining({ workId, repoId, version: 1, current: true, supersedes: null, hash: init.contextPack!.hash })]);

    const esc = await turn({ verb: 'escalate', workId, agentId: init.agentId, args: { need: 'I need the customer list and CustomerService', type: 'scope_expand', requestedEvidence: [{ type: 'symbol_lookup', detail: 'CustomerListComponent' }] } });
    expect(esc.outcome).toBe('ok');
    const { data, errors } = await ask(QUERY, { workId });
    expect(errors).toBeUndefined();
    const packs = data!.workPacks;
    expect(packs.map((p) => [p.version, p.current])).toEqual([[2, true], [1, false]]);
    expect(packs[0]!.supersedes).toBe(packs[1]!.id);
    expect(packs[1]!.supersedes).toBeNull();
    for (const p of packs) {
      // The recorded hash is the hash of the bytes on disk, and the counts are what the pack file lists.
      const bytes = readFileSync(join(root, p.ref));
      expect(sha(bytes)).toBe(p.hash);
      const file = JSON.parse(bytes.toString('utf8')) as { evidence: { files: unknown[] } };
      expect(p.fileCount).toBe(file.evidence.files.length);
      expect(Number.isNaN(Date.parse(p.createdAt))).toBe(false);
    }
    expect(packs[0]!.fileCount).toBeGreaterThanOrEqual(packs[1]!.fileCount);
    expect(packs[0]!.hash).toBe(esc.contextPack!.hash);
    // The service behind the resolver answers the same rows.
    expect((await listWorkPacks(graph, workId)).map((p) => p.id)).toEqual(packs.map((p) => p.id));
  });

  it('answers an empty list for an unknown work and INVALID_ARGS for an empty id', async () => {
    expect((await ask(QUERY, { workId: 'work-does-not-exist' })).data!.workPacks).toEqual([]);
    const bad = await ask(QUERY, { workId: '' });
    expect(bad.errors?.[0]?.extensions?.code).toBe('INVALID_ARGS');
  });
});
