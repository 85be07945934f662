import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../../ingest/index.js';
import { TurnResponseSchema, type TurnResponse } from '../../../src/controller/envelope.schema.js';
import type { TurnDispatcher } from '../../../src/controller/turn-dispatcher.js';
import type { Graph } from '../../../src/graph/graph.js';
import { loadQuery } from '../../../src/graph/query-registry.js';
import { contextPackSchema } from '../../../src/retrieval/pack/index.js';
import { packageRoot } from '../../../src/runtime/package-root.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { makeDispatcher } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { citedPaths } from '../../support/pack-citations.js';

type PackRow = { id: string; version: number; hash: string; ref: string; outcome: string; strategyId: string; current: boolean; supersedes: string[]; files: number; symbols: number };
const readWorkPacks = loadQuery<{ repoId: string; workId: string }, { packs: PackRow[]; attachments: string[]; memories: Array<{ id: string; state: string; anchors: string[] }> }>('test-support/read-work-packs.cypher');

const sha = (bytes: Buffer): string => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

describe('initialize_work and escalate on the ingested fixture (real Neo4j)', () => {
  let graph: Graph;
  let root: string;
  let ctl: TurnDispatcher;
  const repoId = testNamespace('init-work');
  const progress: string[] = [];
  const turn = async (args: Record<string, unknown>): Promise<TurnResponse> => TurnResponseSchema.parse(await ctl.turn(args, { progress: (m) => progress.push(m) }));

  beforeAll(async () => {
    graph = openTestGraph();
    root = join(realpathSync(mkdtempSync(join(tmpdir(), 'gg-init-'))), 'workspace');
    cpSync(join(packageRoot(), 'test', 'fixtures', 'workspace'), root, { recursive: true, filter: (src) => !src.includes(join('.ai', 'tmp')) });
    await ingestRepository({ graph, root, log: silentLogger, settings: { repoId } });
    mkdirSync(join(root, '.ai', 'memory', 'overrides'), { recursive: true });
    writeFileSync(join(root, '.ai', 'memory', 'overrides', 'orders-grid.json'), JSON.stringify({
      id: 'orders-grid-signal', enforcementType: 'strategy_signal', domainAnchorIds: ['projects/host/src'],
      strategySignal: { featureFlag: 'mentionsAgGrid', value: true, reason: 'orders screens are grid flows' }, note: 'treat orders work as grid work',
    }));
    writeFileSync(join(root, '.ai', 'memory', 'overrides', 'broken.json'), '{ not json');
    mkdirSync(join(root, '.ai', 'inbox'), { recursive: true });
    writeFileSync(join(root, '.ai', 'inbox', 'error.log'), 'TypeError: cannot read property id of undefined\n');
    ctl = makeDispatcher(graph, root, repoId);
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    rmSync(join(root, '..'), { recursive: true, force: true });
    await graph.close();
  });

  let init: TurnResponse;
  it('runs initialize_work in the v2 order and answers PLANNING with the pack summary, strategy and schema', async () => {
    init = await turn({
      verb: 'initialize_work', originalPrompt: 'Clicking the order id in the orders grid must open the order detail page',
      args: { lexemes: ['OrderDetailComponent'], attachments: [{ type: 'screenshot', ref: `inline:base64:${Buffer.from('png-bytes').toString('base64')}`, caption: 'the grid' }, { type: 'document', ref: '../../etc/passwd' }, { type: 'document', ref: '.ai/memory/overrides/orders-grid.json' }] },
    });
    expect(init.state).toBe('PLANNING');
    expect(init.outcome).toBe('ok');
    expect(init.knowledgeStrategy.strategyId).toBe('ui_aggrid_feature');
    const result = init.result as Record<string, any>;
    expect(citedPaths(result)).toContain('projects/host/src/app/orders/order-detail/order-detail.component.ts');
    // Anchor files carry their role in the citation's codes (E entrypoint, D definition).
    expect(result.contextPack.files.some((c: string) => /^\S+ [A-Z]*E/.test(c))).toBe(true);
    expect(JSON.stringify(result.contextPack).length + JSON.stringify(result.strategy).length).toBeLessThanOrEqual(6_000 * 4);
    expect(result.contextPack.more).toEqual({ uri: `graphgate://work/${init.workId}/pack`, verb: 'read_resource', omitted: expect.objectContaining({ files: 0 }) });
    expect(result.planGraphSchema.jsonSchema).toBeDefined();
    expect(result.strategy).toMatchObject({ strategyId: 'ui_aggrid_feature' });
    expect(Buffer.byteLength(JSON.stringify(init))).toBeLessThan(100_000);
    expect(progress.length).toBeGreaterThan(2);
  });

  it('processed the side channels before reading memories: overrides renamed, inbox and attachments stored', async () => {
    const result = init.result as Record<string, any>;
    expect(result.sideChannels.overrides.processed).toEqual([{ file: '.ai/memory/overrides/orders-grid.json', memoryId: 'orders-grid-signal', enforcementType: 'strategy_signal' }]);
    expect(result.sideChannels.overrides.rejected.map((r: { file: string }) => r.file)).toEqual(['.ai/memory/overrides/broken.json']);
    expect(existsSync(join(root, '.ai', 'memory', 'overrides', 'orders-grid.json.processed'))).toBe(true);
    expect(existsSync(join(root, '.ai', 'memory', 'overrides', 'broken.json.invalid'))).toBe(true);
    expect(result.contextPack.memories.map((m: string) => m.split(' ')[0])).toContain('orders-grid-signal');
    const statuses = result.sideChannels.attachments.map((a: { artifactId: string; status: string }) => `${a.artifactId}:${a.status}`);
    expect(statuses).toEqual(['att-inbox-001:stored', 'att-001:stored', 'att-002:rejected', 'att-003:rejected']);
    const facts = (await graph.read(readWorkPacks, { repoId, workId: init.workId as string }))[0]!;
    expect(facts.attachments.sort()).toEqual(['att-001', 'att-002', 'att-003', 'att-inbox-001']);
    expect(facts.memories).toEqual([{ id: 'orders-grid-signal', state: 'approved', anchors: ['projects/host/src'] }]);
  });

  it('writes context-pack.json whose SHA-256 is the reported hash, and a ContextPack node that INCLUDES its facts', async () => {
    const bytes = readFileSync(join(root, init.contextPack!.ref));
    expect(init.contextPack!.ref).toBe(`.ai/tmp/work/${init.workId}/context-pack.json`);
    expect(sha(bytes)).toBe(init.contextPack!.hash);
    const pack = contextPackSchema.parse(JSON.parse(bytes.toString('utf8')));
    expect(pack.header.workId).toBe(init.workId);
    expect(pack.attachments?.map((a) => a.artifactId)).toEqual(['att-001', 'att-inbox-001']);
    const [facts] = await graph.read(readWorkPacks, { repoId, workId: init.workId as string });
    expect(facts!.packs).toEqual([expect.objectContaining({ version: 1, current: true, supersedes: [], hash: init.contextPack!.hash, files: pack.evidence.files.length })]);
    expect(facts!.packs[0]!.symbols).toBeGreaterThan(0);
  });

  it('escalate grows the pack into a new version that supersedes the old one, which stays on disk', async () => {
    const before = citedPaths(init.result);
    const esc = await turn({
      verb: 'escalate', workId: init.workId, agentId: init.agentId,
      args: { need: 'I need the customer list and CustomerService', type: 'scope_expand', requestedEvidence: [{ type: 'symbol_lookup', detail: 'CustomerListComponent' }] },
    });
    expect(esc.state).toBe('PLANNING');
    const result = esc.result as Record<string, any>;
    // The service the need names is in the grown pack; added by this escalation unless the first pack already held it.
    const service = 'projects/host/src/app/core/customer.service.ts';
    expect(citedPaths(result)).toContain(service);
    expect(result.delta.addedFiles.length).toBeGreaterThan(0);
    expect(result.delta.addedFiles).toEqual(expect.arrayContaining(before.includes(service) ? [] : [service]));
    expect(result.delta.addedFiles.some((f: string) => before.includes(f))).toBe(false);
    expect(result.delta).toMatchObject({ previousVersion: 1, version: 2, previousHash: init.contextPack!.hash });
    expect(citedPaths(result)).toEqual(expect.arrayContaining(before));
    expect(esc.contextPack!.ref).toBe(`.ai/tmp/work/${init.workId}/context-pack.v2.json`);
    expect(sha(readFileSync(join(root, esc.contextPack!.ref)))).toBe(esc.contextPack!.hash);
    expect(sha(readFileSync(join(root, init.contextPack!.ref)))).toBe(init.contextPack!.hash);
    const [facts] = await graph.read(readWorkPacks, { repoId, workId: init.workId as string });
    expect(facts!.packs.map((p) => [p.version, p.current])).toEqual([[1, false], [2, true]]);
    expect(facts!.packs[1]!.supersedes).toEqual([facts!.packs[0]!.id]);
    const read = await turn({ verb: 'read_file_lines', workId: init.workId, agentId: init.agentId, args: { filePath: 'projects/host/src/app/core/customer.service.ts', startLine: 1, endLine: 2 } });
    expect(read.outcome).toBe('ok');
  });

  it('answers pack_insufficient for a task about something absent, with the escalation plan and blocked commands', async () => {
    const r = await turn({ verb: 'initialize_work', originalPrompt: 'Add a payroll export to the kangaroo invoices', args: { lexemes: ['KangarooPayrollExporter'] } });
    expect(r.outcome).toBe('pack_insufficient');
    expect(r.state).toBe('PLANNING');
    const result = r.result as Record<string, any>;
    // Words of the task match a few files, but the repository has no "kangaroo" nor "payroll": the evidence gate refuses it and names them.
    expect(result.escalationPlan.at(-1)).toMatchObject({ verb: 'escalate', args: { need: expect.stringMatching(/no file contains .*"kangaroo"/), requestedEvidence: expect.any(Array) } });
    expect(result.escalationPlan.at(-1).args.need).toMatch(/"payroll"/);
    expect(result.blockedCommands.map((b: { verb: string }) => b.verb)).toContain('submit_execution_plan');
    expect(r.suggestedAction?.verb).toBe('escalate');
  });
});
