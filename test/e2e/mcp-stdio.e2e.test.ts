import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnResponseSchema, type TurnResponse } from '../../src/controller/envelope.schema.js';
import { RETIRED_VERBS, VERB_NAMES } from '../../src/controller/states.js';
import { defaultVerbs, VerbRegistry } from '../../src/controller/verb-registry.js';
import type { Graph } from '../../src/graph/graph.js';
import { int, makeFixtureRepo, setWorkState, writeFixtureFacts, type FixtureRepo } from '../support/controller.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';
import { connectClient } from '../support/mcp-process.js';

/** Good arguments for each verb, given a pack built from the prompt "user list". */
const GOOD_ARGS: Record<string, Record<string, unknown>> = {
  initialize_work: { lexemes: ['user'] },
  read_file_lines: { filePath: 'src/app/users/user.service.ts', startLine: 1, endLine: 2 },
  lookup_symbol_definition: { symbol: 'UserService' },
  trace_symbol_graph: { symbol: 'UserListComponent' },
  search_codebase_text: { query: 'UserService' },
  read_resource: { uri: 'graphgate://schema/plan-graph' },
  write_scratch_file: { relativePath: 'notes.md', content: 'hello' },
  submit_execution_plan: { planGraph: { nodes: [] } },
  escalate: { need: 'the orders grid' },
  signal_task_complete: { summary: 'done' },
  apply_code_patch: { planNodeId: 'n1', targetFile: 'src/app/users/user.service.ts', edits: [{ type: 'replace_text', oldText: 'all()', newText: 'list()' }] },
  run_sandboxed_code: { planNodeId: 'n1', code: '(async () => 1)()', returns: { type: 'integer' } },
  execute_gated_side_effect: { planNodeId: 'n1', sideEffectType: 'git_commit' },
  run_automation_recipe: { recipeId: 'run_targeted_validation', planNodeId: 'n1', artifactBundleRef: 'a', diffSummaryRef: 'd', params: { step: 'unit' } },
};
/** Verbs whose GOOD_ARGS are well-formed arguments but a refused request (an empty PlanGraph; a patch without an accepted plan). */
const REFUSED: Record<string, string> = { submit_execution_plan: 'PLAN_MISSING_REQUIRED_FIELDS', apply_code_patch: 'ILLEGAL_TRANSITION', run_sandboxed_code: 'ILLEGAL_TRANSITION', run_automation_recipe: 'ILLEGAL_TRANSITION', execute_gated_side_effect: 'ILLEGAL_TRANSITION' };

describe('graphgate mcp over stdio with the SDK client', () => {
  let graph: Graph;
  let repoId: string;
  let repo: FixtureRepo;
  let client: Client;
  let transport: StdioClientTransport;

  async function call(args: Record<string, unknown>, c: Client = client): Promise<{ envelope: TurnResponse; isError: boolean }> {
    const result = await c.callTool({ name: 'controller_turn', arguments: args });
    const envelope = TurnResponseSchema.parse(result.structuredContent);
    const [text] = result.content as Array<{ type: string; text: string }>;
    expect(text?.type).toBe('text');
    expect(JSON.parse(text!.text)).toEqual(result.structuredContent);
    expect(Boolean(result.isError)).toBe(envelope.outcome === 'denied');
    return { envelope, isError: Boolean(result.isError) };
  }

  beforeAll(async () => {
    graph = openTestGraph();
    repoId = testNamespace('e2e-mcp');
    repo = makeFixtureRepo();
    await writeFixtureFacts(graph, repoId);
    ({ client, transport } = await connectClient(repo.root, repoId));
  });
  afterAll(async () => {
    await client?.close();
    await cleanNamespace(graph, repoId);
    repo?.dispose();
    await graph.close();
  });

  it('initializes as graphgate and lists exactly one tool with input and output schemas', async () => {
    expect(client.getServerVersion()?.name).toBe('graphgate');
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['controller_turn']);
    const [tool] = tools;
    expect(tool!.inputSchema).toMatchObject({ type: 'object', required: ['verb'], additionalProperties: false });
    expect(Object.keys(tool!.inputSchema.properties ?? {}).sort()).toEqual(['agentId', 'args', 'describe', 'originalPrompt', 'runSessionId', 'traceMeta', 'verb', 'workId']);
    expect(tool!.outputSchema).toMatchObject({ type: 'object' });
    expect(tool!.annotations).toMatchObject({ readOnlyHint: false, openWorldHint: false });
    await expect(client.ping()).resolves.toEqual({});
  });

  it('reports progress while the first call connects the graph, when the client asks for it', async () => {
    const messages: string[] = [];
    const result = await client.callTool({ name: 'controller_turn', arguments: { verb: 'list_scoped_files' } }, undefined, { onprogress: (p) => messages.push(String(p.message)) });
    expect(result.isError).toBe(true);
    expect(messages).toEqual([expect.stringContaining('connecting to Neo4j')]);
  });

  it('in UNINITIALIZED, allows only initialize_work; every other verb is denied with a suggestion', async () => {
    for (const verb of [...VERB_NAMES, ...Object.keys(RETIRED_VERBS)]) {
      if (verb === 'initialize_work') continue;
      const { envelope, isError } = await call({ verb, args: GOOD_ARGS[verb] ?? {} });
      expect(isError).toBe(true);
      expect(envelope.state).toBe('UNINITIALIZED');
      expect(envelope.deny?.code).toBe(verb in RETIRED_VERBS ? 'VERB_RETIRED' : 'ILLEGAL_TRANSITION');
      expect(envelope.suggestedAction?.verb).toBe('initialize_work');
      expect(envelope.capabilities).toEqual(['initialize_work']);
    }
  });

  it('returns bad arguments as a deny envelope (isError), not a protocol error', async () => {
    const { envelope } = await call({ verb: 'initialize_work', originalPrompt: 'x', args: { lexemes: 'user' }, surprise: 1 });
    expect(envelope.deny?.code).toBe('INVALID_ARGS');
    expect(envelope.deny?.problems?.length).toBeGreaterThan(0);
    const missing = await call({});
    expect(missing.envelope.deny?.problems).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'verb' })]));
  });

  it('refuses an unknown tool with a protocol error', async () => {
    await expect(client.callTool({ name: 'other_tool', arguments: {} })).rejects.toThrow(/Unknown tool/);
  });

  it('runs every verb in PLANNING with good and bad arguments', async () => {
    const { envelope: init } = await call({ verb: 'initialize_work', originalPrompt: 'Rename the user list', args: GOOD_ARGS.initialize_work });
    expect(init.state).toBe('PLANNING');
    const ids = { workId: init.workId, agentId: init.agentId };
    for (const verb of VERB_NAMES) {
      if (verb === 'signal_task_complete') continue;
      const good = await call({ verb, ...ids, args: GOOD_ARGS[verb] });
      if (!init.capabilities.includes(verb)) expect(good.envelope.deny?.code, verb).toBe('ILLEGAL_TRANSITION');
      else if (REFUSED[verb]) expect(good.envelope.deny?.code, verb).toBe(REFUSED[verb]);
      else expect(good.envelope.outcome, `${verb}: ${JSON.stringify(good.envelope.deny)}`).toBe('ok');
      const bad = await call({ verb, ...ids, args: { ...GOOD_ARGS[verb], unexpectedKey: true } });
      expect(bad.envelope.deny?.code, verb).toBe(init.capabilities.includes(verb) ? 'INVALID_ARGS' : 'ILLEGAL_TRANSITION');
      expect(bad.envelope.state).toBe('PLANNING');
    }
    const done = await call({ verb: 'signal_task_complete', ...ids, args: GOOD_ARGS.signal_task_complete });
    expect(done.envelope.state).toBe('COMPLETED');
    const frozen = await call({ verb: 'read_file_lines', ...ids, args: GOOD_ARGS.read_file_lines });
    expect(frozen.envelope.deny?.code).toBe('ILLEGAL_TRANSITION');
  });

  it.each(['PLAN_ACCEPTED', 'BLOCKED_BUDGET', 'FAILED', 'COMPLETED'] as const)('runs every verb in %s with good and bad arguments', async (state) => {
    const { envelope: init } = await call({ verb: 'initialize_work', originalPrompt: 'user list' });
    const ids = { workId: init.workId, agentId: init.agentId };
    for (const verb of VERB_NAMES) {
      await graph.write(setWorkState, { workId: init.workId!, repoId, state, usedTokens: int(state === 'BLOCKED_BUDGET' ? 60_000 : 0), totalNodes: int(0), completedNodes: int(0) });
      const good = await call({ verb, ...ids, args: GOOD_ARGS[verb] });
      const allowed = new VerbRegistry(defaultVerbs()).capabilities(state).includes(verb);
      if (!allowed) expect(good.envelope.deny?.code, `${state} ${verb}`).toBe('ILLEGAL_TRANSITION');
      else if (REFUSED[verb]) expect(good.envelope.deny?.code, `${state} ${verb}`).toBe(REFUSED[verb]);
      else expect(good.envelope.outcome, `${state} ${verb}: ${JSON.stringify(good.envelope.deny)}`).not.toBe('denied');
      await graph.write(setWorkState, { workId: init.workId!, repoId, state, usedTokens: int(state === 'BLOCKED_BUDGET' ? 60_000 : 0), totalNodes: int(0), completedNodes: int(0) });
      const bad = await call({ verb, ...ids, args: { ...GOOD_ARGS[verb], unexpectedKey: true } });
      expect(bad.isError).toBe(true);
      expect(['INVALID_ARGS', 'ILLEGAL_TRANSITION']).toContain(bad.envelope.deny?.code);
    }
  });

  it('keeps a work across a server restart', async () => {
    const { envelope: init } = await call({ verb: 'initialize_work', originalPrompt: 'user list' });
    await call({ verb: 'write_scratch_file', workId: init.workId, agentId: init.agentId, args: { relativePath: 'a.md', content: 'a' } });
    await client.close();
    ({ client, transport } = await connectClient(repo.root, repoId));
    // describe: true shows the whole work view (pack, run session) that a plain turn leaves out.
    const { envelope } = await call({ verb: 'read_file_lines', workId: init.workId, agentId: init.agentId, describe: true, args: GOOD_ARGS.read_file_lines });
    expect(envelope.outcome).toBe('ok');
    expect(envelope.state).toBe('PLANNING');
    expect(envelope.contextPack?.hash).toBe(init.contextPack?.hash);
    expect(envelope.runSessionId).toBe(init.runSessionId);
  });

  it('survives a cancelled request and answers the next one', async () => {
    const { envelope: init } = await call({ verb: 'initialize_work', originalPrompt: 'user list' });
    const controller = new AbortController();
    const pending = client.callTool({ name: 'controller_turn', arguments: { verb: 'search_codebase_text', workId: init.workId, args: { query: 'x' } } }, undefined, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow();
    const { envelope } = await call({ verb: 'lookup_symbol_definition', workId: init.workId, agentId: init.agentId, args: { symbol: 'UserService' } });
    expect(envelope.outcome).toBe('ok');
    expect(transport.pid).toBeTypeOf('number');
  });
});
