import { existsSync, lstatSync, readFileSync, symlinkSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnResponseSchema, type TurnResponse } from '../../../src/controller/envelope.schema.js';
import { TurnEvents, type TurnEvent } from '../../../src/controller/turn-events.js';
import { defineVerb, type VerbDefinition } from '../../../src/controller/verb.js';
import { defaultVerbs, VerbRegistry } from '../../../src/controller/verb-registry.js';
import { z } from 'zod';
import { TurnDispatcher } from '../../../src/controller/turn-dispatcher.js';
import { AppError } from '../../../src/errors/index.js';
import { Graph } from '../../../src/graph/graph.js';
import { PackStore } from '../../../src/pack/index.js';
import { silentLogger } from '../../../src/runtime/logger.js';
import { WorkStore } from '../../../src/session/index.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../../support/graph.js';
import { citedPaths } from '../../support/pack-citations.js';
import { int, makeDispatcher, makeFixtureRepo, readTurns, readWorkRetrospective, setWorkState, testConfig, writeFixtureFacts, type FixtureRepo } from '../../support/controller.js';
import type { Retrospective } from '../../../src/memory/index.js';

describe('controller_turn dispatcher (real Neo4j)', () => {
  let graph: Graph;
  let repoId: string;
  let repo: FixtureRepo;
  let ctl: TurnDispatcher;
  const events: TurnEvent[] = [];
  let workId: string;
  let agentId: string;

  const turn = async (args: Record<string, unknown>): Promise<TurnResponse> => {
    const response = await ctl.turn(args);
    expect(() => TurnResponseSchema.parse(response)).not.toThrow();
    return response;
  };
  const onWork = (verb: string, args: Record<string, unknown> = {}) => turn({ verb, workId, agentId, args });

  beforeAll(async () => {
    graph = openTestGraph();
    repoId = testNamespace('dispatch');
    repo = makeFixtureRepo();
    await writeFixtureFacts(graph, repoId);
    const bus = new TurnEvents();
    bus.on('turn', (e) => events.push(e));
    ctl = makeDispatcher(graph, repo.root, repoId, { events: bus });
    const init = await turn({ verb: 'initialize_work', originalPrompt: 'Rename the user list', args: { lexemes: ['user'] } });
    workId = init.workId as string;
    agentId = init.agentId as string;
  });
  afterAll(async () => {
    await cleanNamespace(graph, repoId);
    repo?.dispose();
    await graph.close();
  });

  describe('initialize_work', () => {
    it('creates a PLANNING work with a pack of the files matching the prompt', async () => {
      const init = await turn({ verb: 'initialize_work', originalPrompt: 'Rename the user list' });
      expect(init.state).toBe('PLANNING');
      expect(init.outcome).toBe('ok');
      expect(init.workId).toMatch(/^work-[0-9a-f]{16}$/);
      expect(init.contextPack?.fileCount).toBe(4);
      const files = citedPaths(init.result);
      expect(files).toContain('src/app/users/user-list.component.ts');
      expect(files).not.toContain('src/app/orders/order-grid.component.ts');
      expect(init.capabilities).toEqual(['read_file_lines', 'lookup_symbol_definition', 'trace_symbol_graph', 'search_codebase_text', 'read_resource', 'write_scratch_file', 'submit_execution_plan', 'escalate', 'signal_task_complete']);
      // The prompt is the agent's own: never echoed back, except on describe: true.
      expect(init).not.toHaveProperty('originalPrompt');
      const described = await turn({ verb: 'read_file_lines', workId: init.workId, agentId: init.agentId, describe: true, args: { filePath: 'src/app/users/user.service.ts' } });
      expect(described.originalPrompt).toBe('Rename the user list');
    });

    it('writes the pack file whose SHA-256 the envelope reports', async () => {
      const init = await turn({ verb: 'initialize_work', originalPrompt: 'user service' });
      const bytes = readFileSync(join(repo.root, init.contextPack!.ref));
      const { createHash } = await import('node:crypto');
      expect(`sha256:${createHash('sha256').update(bytes).digest('hex')}`).toBe(init.contextPack!.hash);
    });

    it('answers pack_insufficient (not an error) when nothing matches', async () => {
      const init = await turn({ verb: 'initialize_work', originalPrompt: 'zzqx nothing matches' });
      expect(init.outcome).toBe('pack_insufficient');
      expect(init.suggestedAction?.verb).toBe('escalate');
      const read = await turn({ verb: 'read_file_lines', workId: init.workId, agentId: init.agentId, args: { filePath: 'src/app/users/user.service.ts' } });
      expect(read.deny?.code).toBe('PACK_INSUFFICIENT');
    });

    it('is refused in PLANNING for an existing work', async () => {
      const r = await onWork('initialize_work');
      expect(r.deny?.code).toBe('ILLEGAL_TRANSITION');
      expect(r.state).toBe('PLANNING');
    });
  });

  describe('read_file_lines', () => {
    it('returns a line range of a pack file', async () => {
      const r = await onWork('read_file_lines', { filePath: 'src/app/users/user-list.component.ts', startLine: 4, endLine: 5 });
      expect(r.outcome).toBe('ok');
      expect(r.result).toMatchObject({ startLine: 4, endLine: 5, totalLines: 7, truncated: false });
      expect(r.result.content).toBe('export class UserListComponent {\n  constructor(private readonly users: UserService) {}');
    });

    it('refuses a file outside the pack with PLAN_SCOPE_VIOLATION and suggests escalate', async () => {
      const r = await onWork('read_file_lines', { filePath: 'src/app/orders/order-grid.component.ts' });
      expect(r.deny?.code).toBe('PLAN_SCOPE_VIOLATION');
      expect(r.suggestedAction?.verb).toBe('escalate');
    });

    it.each([
      ['../repo-evil/secret.ts', 'traversal'],
      ['/etc/passwd', 'absolute'],
      ['src/%2e%2e/%2e%2e/etc/passwd', 'url_encoded'],
      ['C:/Windows/win.ini', 'drive_letter'],
      ['src\\app\\users\\user.service.ts', 'backslash'],
      ['src/app/users/user.service.ts\u0000.png', 'nul_byte'],
      ['src/app/users/\u202euser.service.ts', 'invisible_character'],
    ])('rejects %j (%s) with PATH_REJECTED', async (filePath, reason) => {
      const r = await onWork('read_file_lines', { filePath });
      expect(r.deny?.code).toBe('PATH_REJECTED');
      expect(r.deny?.details.reason).toBe(reason);
    });

    it('refuses a pack symlink that escapes the repository (realpath before the scope check)', async () => {
      const r = await onWork('read_file_lines', { filePath: 'src/app/users/user-escape.ts' });
      expect(r.deny?.code).toBe('PATH_REJECTED');
      expect(JSON.stringify(r)).not.toContain('leaked');
    });

    it('refuses a pack symlink that points at a file outside the pack', async () => {
      const r = await onWork('read_file_lines', { filePath: 'src/app/users/user-alias.ts' });
      expect(r.deny?.code).toBe('PLAN_SCOPE_VIOLATION');
    });

    it('lists each bad argument and rejects unknown keys', async () => {
      const r = await onWork('read_file_lines', { filePath: 42, startLine: -1, extra: true });
      expect(r.deny?.code).toBe('INVALID_ARGS');
      const paths = (r.deny?.problems ?? []).map((p) => p.path).sort();
      expect(r.deny?.details).not.toHaveProperty('problems');
      expect(paths).toEqual(['args', 'args.filePath', 'args.startLine']);
    });
  });

  describe('lookup_symbol_definition and trace_symbol_graph', () => {
    it('finds a definition in the pack, with its source', async () => {
      const r = await onWork('lookup_symbol_definition', { symbol: 'UserListComponent', includeSource: true });
      expect(r.result.found).toBe(1);
      const [def] = r.result.definitions as Array<Record<string, unknown>>;
      expect(def).toMatchObject({ path: 'src/app/users/user-list.component.ts', startLine: 4, endLine: 7, kind: 'class' });
      expect(String(def!.source)).toContain('export class UserListComponent');
    });

    it('does not find a symbol defined outside the pack', async () => {
      const r = await onWork('lookup_symbol_definition', { symbol: 'OrderGridComponent' });
      expect(r.result.found).toBe(0);
    });

    it('traces neighbours inside the pack only', async () => {
      const r = await onWork('trace_symbol_graph', { filePath: 'src/app/users/user-list.component.ts' });
      const rels = (r.result.neighbours as Array<{ rel: string; node: { path: string; name: string | null } }>).map((n) => `${n.rel}:${n.node.name ?? n.node.path}`);
      expect(rels).toContain('IMPORTS:src/app/users/user.service.ts');
      expect(rels).toContain('DEFINES:UserListComponent');
      expect(r.result).not.toHaveProperty('fewShots');
    });

    it('requires exactly one of symbol or filePath', async () => {
      const r = await onWork('trace_symbol_graph', {});
      expect(r.deny?.code).toBe('INVALID_ARGS');
      const escape = await onWork('trace_symbol_graph', { filePath: '../repo-evil/secret.ts' });
      expect(escape.deny?.code).toBe('PATH_REJECTED');
    });
  });

  describe('search_codebase_text', () => {
    it('finds literal text across pack files, never in files outside the pack', async () => {
      const r = await onWork('search_codebase_text', { query: 'class', wholeWord: true });
      const paths = new Set((r.result.matches as Array<{ path: string }>).map((m) => m.path));
      expect(paths).toEqual(new Set(['src/app/users/user-list.component.ts', 'src/app/users/user.service.ts']));
      expect(r.result.skipped).toEqual(expect.arrayContaining([{ path: 'src/app/users/user-escape.ts', reason: 'PATH_REJECTED' }]));
    });

    it('keeps an answer within limits.searchAnswerChars and pages on with next.skip', async () => {
      const all = await onWork('search_codebase_text', { query: 'e' });
      const every = all.result.matches as Array<{ path: string; line: number; col: number; text: string }>;
      expect(all.result.truncated).toBe(false);
      expect(every.length).toBeGreaterThan(6);
      const small = makeDispatcher(graph, repo.root, repoId, { config: testConfig(repoId, { limits: { searchAnswerChars: 300 } }) });
      const pages: Array<typeof every> = [];
      let skip = 0;
      for (let guard = 0; guard < 100; guard++) {
        const r = await small.turn({ verb: 'search_codebase_text', workId, agentId, args: { query: 'e', skip } });
        const page = r.result.matches as typeof every;
        expect(JSON.stringify(page).length).toBeLessThanOrEqual(300 + page.length + 2);
        pages.push(page);
        const next = r.result.next as { skip: number } | undefined;
        if (!next) break;
        expect(r.result.truncated).toBe(true);
        expect(next.skip).toBe(skip + page.length);
        skip = next.skip;
      }
      expect(pages.length).toBeGreaterThan(1);
      expect(pages.flat()).toEqual(every);
    });

    it('treats regex and Lucene syntax as plain text', async () => {
      for (const query of ['.*', '"unbalanced', 'field:value', '*leading', '(a|b)+$']) {
        const r = await onWork('search_codebase_text', { query });
        expect(r.outcome).toBe('ok');
        expect(r.result.matches).toEqual([]);
      }
    });

    it('rejects a traversal pathPrefix', async () => {
      const r = await onWork('search_codebase_text', { query: 'x', pathPrefix: '../repo-evil' });
      expect(r.deny?.code).toBe('PATH_REJECTED');
    });
  });

  describe('write_scratch_file', () => {
    it('writes under .ai/tmp/work/{workId}/scratch/', async () => {
      const r = await onWork('write_scratch_file', { relativePath: 'notes/plan.md', content: '# plan\n' });
      expect(r.result.path).toBe(`.ai/tmp/work/${workId}/scratch/notes/plan.md`);
      expect(readFileSync(join(repo.root, r.result.path as string), 'utf8')).toBe('# plan\n');
    });

    it.each(['../../../../escape.md', '/tmp/abs.md', 'a/%2e%2e/b.md'])('rejects %j', async (relativePath) => {
      const r = await onWork('write_scratch_file', { relativePath, content: 'x' });
      expect(r.deny?.code).toBe('PATH_REJECTED');
    });

    it('never writes through a symlink planted in the scratch folder', async () => {
      const scratch = join(repo.root, '.ai/tmp/work', workId, 'scratch');
      mkdirSync(scratch, { recursive: true });
      symlinkSync(repo.evilSibling, join(scratch, 'linked'));
      const r = await onWork('write_scratch_file', { relativePath: 'linked/pwned.ts', content: 'x' });
      expect(r.deny?.code).toBe('PATH_REJECTED');
      expect(existsSync(join(repo.evilSibling, 'pwned.ts'))).toBe(false);
      symlinkSync(join(repo.evilSibling, 'secret.ts'), join(scratch, 'file-link.md'));
      const r2 = await onWork('write_scratch_file', { relativePath: 'file-link.md', content: 'x' });
      expect(r2.deny?.code).toBe('PATH_REJECTED');
      expect(readFileSync(join(repo.evilSibling, 'secret.ts'), 'utf8')).toContain('SECRET');
      expect(lstatSync(join(scratch, 'file-link.md')).isSymbolicLink()).toBe(true);
    });

    it('enforces the size limit', async () => {
      const small = makeDispatcher(graph, repo.root, repoId, { config: testConfig(repoId, { limits: { scratchMaxBytes: 8 } }) });
      const r = await small.turn({ verb: 'write_scratch_file', workId, agentId, args: { relativePath: 'big.md', content: '123456789' } });
      expect(r.deny?.code).toBe('INVALID_ARGS');
    });
  });

  describe('gating, identity and the turn log', () => {
    it('denies retired v1 verbs naming the replacement', async () => {
      const r = await onWork('request_evidence_guidance', { blockingReasons: ['x'] });
      expect(r.deny?.code).toBe('VERB_RETIRED');
      expect(r.suggestedAction?.verb).toBe('escalate');
    });

    it('denies an unknown workId and a workId of another repository', async () => {
      const r = await turn({ verb: 'read_file_lines', workId: 'work-0000000000000000', args: { filePath: 'a.ts' } });
      expect(r.deny?.code).toBe('NOT_FOUND');
      const other = makeDispatcher(graph, repo.root, `${repoId}-other`);
      const r2 = await other.turn({ verb: 'read_file_lines', workId, args: { filePath: 'src/app/users/user.service.ts' } });
      expect(r2.deny?.code).toBe('NOT_FOUND');
    });

    it('assigns a new agentId to a sub-agent and refuses an agentId of another work', async () => {
      const sub = await turn({ verb: 'read_file_lines', workId, args: { filePath: 'src/app/users/user.service.ts' } });
      expect(sub.outcome).toBe('ok');
      expect(sub.agentId).not.toBe(agentId);
      const otherWork = await turn({ verb: 'initialize_work', originalPrompt: 'user' });
      const r = await turn({ verb: 'read_file_lines', workId: otherWork.workId, agentId, args: { filePath: 'src/app/users/user.service.ts' } });
      expect(r.deny?.code).toBe('WORK_MISMATCH');
    });

    it('records turns, per-agent counters and friction events in Neo4j', async () => {
      const [row] = await graph.read(readTurns, { repoId, workId });
      expect(row!.turns.length).toBeGreaterThan(10);
      expect(row!.turns.every((t) => typeof t.latencyMs === 'number' && typeof t.tokens === 'number')).toBe(true);
      const main = row!.agents.find((a) => a.id === agentId)!;
      expect(main.actions).toBeGreaterThan(main.rejections);
      expect(main.rejections).toBeGreaterThan(0);
      expect(row!.friction.map((f) => f.code)).toEqual(expect.arrayContaining(['PLAN_SCOPE_VIOLATION', 'PATH_REJECTED', 'VERB_RETIRED']));
      expect(events.some((e) => e.workId === workId && e.outcome === 'denied')).toBe(true);
    });

    it('blocks non-safe verbs once the budget threshold is used, then allows only budget-safe ones', async () => {
      const init = await turn({ verb: 'initialize_work', originalPrompt: 'user list' });
      await graph.write(setWorkState, { workId: init.workId!, repoId, state: 'PLANNING', usedTokens: int(60_000), totalNodes: null, completedNodes: null });
      const r = await turn({ verb: 'read_file_lines', workId: init.workId, agentId: init.agentId, args: { filePath: 'src/app/users/user.service.ts' } });
      expect(r.deny?.code).toBe('BUDGET_EXHAUSTED');
      expect(r.state).toBe('BLOCKED_BUDGET');
      expect(r.budget.blocked).toBe(true);
      expect(r.capabilities).toEqual(['initialize_work', 'read_resource', 'escalate', 'signal_task_complete']);
      const done = await turn({ verb: 'signal_task_complete', workId: init.workId, agentId: init.agentId });
      expect(done.state).toBe('COMPLETED');
    });

    it('completes only when no plan node remains, then freezes', async () => {
      const init = await turn({ verb: 'initialize_work', originalPrompt: 'user list' });
      await graph.write(setWorkState, { workId: init.workId!, repoId, state: 'PLAN_ACCEPTED', usedTokens: null, totalNodes: int(3), completedNodes: int(1) });
      const early = await turn({ verb: 'signal_task_complete', workId: init.workId, agentId: init.agentId });
      expect(early.deny?.code).toBe('ILLEGAL_TRANSITION');
      expect(early.deny?.details).toMatchObject({ totalNodes: 3, remainingNodes: 2, pendingValidations: [] });
      await graph.write(setWorkState, { workId: init.workId!, repoId, state: 'PLAN_ACCEPTED', usedTokens: null, totalNodes: null, completedNodes: int(3) });
      const read = await turn({ verb: 'read_file_lines', workId: init.workId, agentId: init.agentId, args: { filePath: 'src/app/users/user.service.ts' } });
      expect(read.outcome).toBe('ok');
      const done = await turn({ verb: 'signal_task_complete', workId: init.workId, agentId: init.agentId, args: { summary: 'ok' } });
      expect(done.state).toBe('COMPLETED');
      expect((done.result.summary as { turns: number }).turns).toBeGreaterThanOrEqual(2);
      // The retrospective comes from the graph: the early refusal, the read's file, the turn counts.
      const retro = done.result.retrospective as Retrospective;
      expect(retro.friction).toMatchObject({ trend: [0, 1, 0, 0], open: [] });
      expect(retro.friction.signatures).toEqual([expect.objectContaining({ code: 'ILLEGAL_TRANSITION', here: 1 })]);
      expect(retro.hotspots).toEqual([{ path: 'src/app/users/user.service.ts', turns: 1 }]);
      const [stored] = await graph.read(readWorkRetrospective, { workId: init.workId!, repoId });
      expect(JSON.parse(stored?.json ?? 'null')).toEqual(retro);
      const after = await turn({ verb: 'read_file_lines', workId: init.workId, agentId: init.agentId, args: { filePath: 'src/app/users/user.service.ts' } });
      expect(after.deny?.code).toBe('ILLEGAL_TRANSITION');
      expect(after.capabilities).toEqual(['read_resource', 'signal_task_complete', 'execute_gated_side_effect']);
    });

    it('answers with a retryable GRAPH_UNAVAILABLE deny while Neo4j is down, and recovers', async () => {
      const dead = new Graph({ connection: { uri: 'bolt://127.0.0.1:1', username: 'neo4j', password: 'x', source: 'env' }, log: silentLogger, maxRetryMs: 200 });
      let up = false;
      const flaky = new TurnDispatcher({
        config: testConfig(repoId), repoRoot: repo.root, log: silentLogger,
        services: async () => {
          const g = up ? graph : dead;
          return { repoId, graph: g, sessions: new WorkStore({ graph: g, repoId }), packs: new PackStore({ graph: g, repoId, repoRoot: repo.root }) };
        },
      });
      const down = await flaky.turn({ verb: 'read_file_lines', workId, agentId, args: { filePath: 'src/app/users/user.service.ts' } });
      expect(down.deny).toMatchObject({ code: 'GRAPH_UNAVAILABLE', retryable: true, requiresHuman: true });
      expect(JSON.stringify(down)).not.toContain('x"');
      await dead.close();
      const failing = new TurnDispatcher({
        config: testConfig(repoId), repoRoot: repo.root, log: silentLogger,
        services: async () => {
          if (!up) throw new AppError('GRAPH_UNAVAILABLE');
          return { repoId, graph, sessions: new WorkStore({ graph, repoId }), packs: new PackStore({ graph, repoId, repoRoot: repo.root }) };
        },
      });
      expect((await failing.turn({ verb: 'initialize_work', originalPrompt: 'user' })).deny?.code).toBe('GRAPH_UNAVAILABLE');
      up = true;
      expect((await failing.turn({ verb: 'read_file_lines', workId, agentId, args: { filePath: 'src/app/users/user.service.ts' } })).outcome).toBe('ok');
    });

    it('tells the keeper while a turn runs, answered or refused, so its background warm-up can wait', async () => {
      let running = 0;
      const seenInTurn: number[] = [];
      const keeper = {
        ready: async () => { seenInTurn.push(running); },
        turnStarted: () => {
          running += 1;
          return () => { running -= 1; };
        },
      };
      const watched = new TurnDispatcher({
        config: testConfig(repoId), repoRoot: repo.root, log: silentLogger,
        services: async () => ({ repoId, graph, keeper, sessions: new WorkStore({ graph, repoId }), packs: new PackStore({ graph, repoId, repoRoot: repo.root }) }),
      });
      expect((await watched.turn({ verb: 'read_file_lines', workId, agentId, args: { filePath: 'src/app/users/user.service.ts' } })).outcome).toBe('ok');
      expect(running).toBe(0);
      expect((await watched.turn({ verb: 'read_file_lines', workId, agentId, args: { filePath: 42 } })).deny?.code).toBe('INVALID_ARGS');
      expect(running).toBe(0);
      // The ok turn reached the keeper while marked running.
      expect(seenInTurn).toEqual([1]);
    });

    it('answers a retryable GRAPH_UNAVAILABLE before the turn times out while the graph is still coming up, and the next turn finds it', async () => {
      const starting = new TurnDispatcher({
        config: testConfig(repoId, { mcp: { turnTimeoutMs: 2_000 } }), repoRoot: repo.root, log: silentLogger,
        // A local server's first start outlasts a turn; it goes on after the answer.
        services: () => new Promise((resolve) => setTimeout(() => resolve({ repoId, graph, sessions: new WorkStore({ graph, repoId }), packs: new PackStore({ graph, repoId, repoRoot: repo.root }) }), 2_500)),
      });
      const started = performance.now();
      const first = await starting.turn({ verb: 'read_file_lines', workId, agentId, args: { filePath: 'src/app/users/user.service.ts' } });
      expect(first.deny).toMatchObject({ code: 'GRAPH_UNAVAILABLE', retryable: true, details: { phase: 'connecting', retryAfterMs: 5_000 } });
      expect(performance.now() - started).toBeLessThan(2_000);
      await new Promise((r) => setTimeout(r, 1_500));
      expect((await starting.turn({ verb: 'read_file_lines', workId, agentId, args: { filePath: 'src/app/users/user.service.ts' } })).outcome).toBe('ok');
    });

    it('returns a TIMEOUT deny instead of hanging, and aborts the verb’s work (also on client cancellation)', async () => {
      let aborted = false;
      let onStart = (): void => {};
      const stuck = defineVerb({
        name: 'search_codebase_text', description: 'test double that never finishes', whenToUse: 'tests', states: ['PLANNING'],
        args: z.strictObject({ query: z.string().describe('ignored') }),
        run: ({ ctx }) => new Promise((_, reject) => {
          ctx.signal.addEventListener('abort', () => { aborted = true; reject(new Error('aborted')); });
          onStart();
        }),
      });
      const verbs = new VerbRegistry([...defaultVerbs().filter((v) => v.name !== 'search_codebase_text'), stuck as VerbDefinition]);
      // Long enough for the work to load on a busy machine: the timeout must hit the stuck verb, not the load.
      const slow = makeDispatcher(graph, repo.root, repoId, { verbs, config: testConfig(repoId, { mcp: { turnTimeoutMs: 1_000 } }) });
      const r = await slow.turn({ verb: 'search_codebase_text', workId, agentId, args: { query: 'x' } });
      expect(r.deny).toMatchObject({ code: 'TIMEOUT', retryable: true });
      expect(r.state).toBe('PLANNING');
      expect(aborted).toBe(true);
      aborted = false;
      const cancellable = makeDispatcher(graph, repo.root, repoId, { verbs });
      const cancel = new AbortController();
      // Cancel once the verb runs: a fixed delay could land while the work still loads on a busy machine.
      onStart = () => cancel.abort();
      const cancelled = await cancellable.turn({ verb: 'search_codebase_text', workId, agentId, args: { query: 'x' } }, { signal: cancel.signal });
      expect(aborted).toBe(true);
      expect(cancelled.outcome).toBe('denied');
      // Cancelled before it ran: the verb never starts.
      let started = false;
      onStart = () => { started = true; };
      const early = await cancellable.turn({ verb: 'search_codebase_text', workId, agentId, args: { query: 'x' } }, { signal: AbortSignal.abort() });
      expect(early.outcome).toBe('denied');
      expect(started).toBe(false);
    });
  });
});
