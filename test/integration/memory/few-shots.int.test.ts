import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnResponseSchema, type TurnResponse } from '../../../src/controller/envelope.schema.js';
import type { Graph } from '../../../src/graph/graph.js';
import type { FewShotExample } from '../../../src/memory/few-shots.js';
import { makeDispatcher, makeFixtureRepo, testConfig, writeFixtureFacts, type FixtureRepo } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';

const USERS_SHOT = {
  instruction: 'Load users through UserService, never with HttpClient in the component',
  before: 'this.http.get("/api/users")',
  after: 'this.users.all()',
  whyWrong: 'components that call the API directly skip the cache and the error mapping',
};

// Issue 13, enforcement: few_shot memories appear in trace_symbol_graph for the files their anchors cover.
describe('trace_symbol_graph shows the few-shot memories of the traced files (real Neo4j)', () => {
  let graph: Graph;
  let repo: FixtureRepo;
  const repoId = testNamespace('few-shots');
  const turnOn = async (enable: boolean, args: Record<string, unknown>): Promise<TurnResponse> => {
    const ctl = makeDispatcher(graph, repo.root, repoId, { config: testConfig(repoId, { memory: { enableFewShotInjection: enable } }) });
    return TurnResponseSchema.parse(await ctl.turn(args));
  };
  let ids: { workId: string; agentId: string };

  beforeAll(async () => {
    graph = openTestGraph();
    repo = makeFixtureRepo();
    await writeFixtureFacts(graph, repoId);
    const dir = join(repo.root, '.ai', 'memory', 'overrides');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'users.json'), JSON.stringify({ id: 'mem-users-service', enforcementType: 'few_shot', domainAnchorIds: ['src/app/users'], fewShot: USERS_SHOT }));
    writeFileSync(join(dir, 'orders.json'), JSON.stringify({ id: 'mem-orders-grid', enforcementType: 'few_shot', domainAnchorIds: ['src/app/orders'], fewShot: { instruction: 'Orders only' } }));
    writeFileSync(join(dir, 'note.json'), JSON.stringify({ id: 'mem-users-note', enforcementType: 'informational', domainAnchorIds: ['src/app/users'], note: 'not a few-shot' }));
    // initialize_work reads the drop folder (approved memories), then builds the pack.
    const init = await turnOn(true, { verb: 'initialize_work', originalPrompt: 'Rename the user list', args: { lexemes: ['user'] } });
    ids = { workId: init.workId!, agentId: init.agentId! };
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    repo?.dispose();
    await graph.close();
  });

  it('lists the few-shot whose anchor covers the traced file, and only that one', async () => {
    const r = await turnOn(true, { verb: 'trace_symbol_graph', ...ids, args: { filePath: 'src/app/users/user-list.component.ts' } });
    expect(r.deny).toBeUndefined();
    expect(r.result.fewShots as FewShotExample[]).toEqual([{ memoryId: 'mem-users-service', state: 'approved', ...USERS_SHOT }]);
  });

  it('finds it from a symbol too (the file that defines it)', async () => {
    const r = await turnOn(true, { verb: 'trace_symbol_graph', ...ids, args: { symbol: 'UserListComponent' } });
    expect((r.result.fewShots as FewShotExample[]).map((f) => f.memoryId)).toEqual(['mem-users-service']);
  });

  it('shows none with memory.enableFewShotInjection off', async () => {
    const r = await turnOn(false, { verb: 'trace_symbol_graph', ...ids, args: { filePath: 'src/app/users/user-list.component.ts' } });
    expect(r.result).not.toHaveProperty('fewShots');
    expect((r.result.neighbours as unknown[]).length).toBeGreaterThan(0);
  });
});
