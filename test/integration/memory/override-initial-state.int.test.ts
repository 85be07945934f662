import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnResponseSchema } from '../../../src/controller/envelope.schema.js';
import type { Graph } from '../../../src/graph/graph.js';
import { listMemories } from '../../../src/memory/review.js';
import { makeDispatcher, makeFixtureRepo, testConfig, writeFixtureFacts, type FixtureRepo } from '../../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';

// Seed 000 `humanOverrideInitialState`: the state a memory dropped into .ai/memory/overrides/ starts in.
describe('memory.humanOverrideInitialState (real Neo4j)', () => {
  let graph: Graph;
  let repo: FixtureRepo;
  const repoId = testNamespace('override-initial-state');

  beforeAll(async () => {
    graph = openTestGraph();
    repo = makeFixtureRepo();
    await writeFixtureFacts(graph, repoId);
    const dir = join(repo.root, '.ai', 'memory', 'overrides');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'users.json'), JSON.stringify({ id: 'mem-users-shot', enforcementType: 'few_shot', domainAnchorIds: ['src/app/users'], fewShot: { instruction: 'Use UserService' } }));
    const ctl = makeDispatcher(graph, repo.root, repoId, { config: testConfig(repoId, { memory: { humanOverrideInitialState: 'pending' } }) });
    const init = TurnResponseSchema.parse(await ctl.turn({ verb: 'initialize_work', originalPrompt: 'Rename the user list', args: { lexemes: ['user'] } }));
    expect(init.deny).toBeUndefined();
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    repo?.dispose();
    await graph.close();
  });

  it('starts a dropped memory in the configured state (pending: it waits for a person, nothing enforces it)', async () => {
    const memories = await listMemories(graph, repoId);
    expect(memories.map((m) => [m.memoryId, m.state])).toEqual([['mem-users-shot', 'pending']]);
    const ctl = makeDispatcher(graph, repo.root, repoId, { config: testConfig(repoId, { memory: { humanOverrideInitialState: 'pending' } }) });
    const init = TurnResponseSchema.parse(await ctl.turn({ verb: 'initialize_work', originalPrompt: 'Rename the user list', args: { lexemes: ['user'] } }));
    const trace = TurnResponseSchema.parse(await ctl.turn({ verb: 'trace_symbol_graph', workId: init.workId, agentId: init.agentId, args: { filePath: 'src/app/users/user-list.component.ts' } }));
    expect(trace.result).not.toHaveProperty('fewShots');
  });
});
