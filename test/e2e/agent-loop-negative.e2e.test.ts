import { readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestRepository } from '../../ingest/index.js';
import type { TurnResponse } from '../../src/controller/envelope.schema.js';
import type { Graph } from '../../src/graph/graph.js';
import type { PlanGraph, PlanGraphSchemaDocument } from '../../src/plan/index.js';
import { silentLogger } from '../../src/runtime/logger.js';
import { CHECK_STEP, git, gitFixtureCopy, NEGATIVE_GATES, turnCaller } from '../support/agent-loop-fixture.js';
import { agentLoopPlan, LINES, LOOP_LEXEMES, LOOP_PROMPT, ORDER_COLUMNS, ORDER_LINK_RENDERER, ORDERS_LIST_HTML, ORDERS_LIST_TS, ORDERS_ROUTING } from '../support/agent-loop-plan.js';
import { cleanNamespace, openTestGraph, testNamespace } from '../support/graph.js';
import { nodesByLabel } from '../support/ingest-queries.js';
import { connectClient } from '../support/mcp-process.js';
import type { EnvelopeValues } from '../support/plan-fixture.js';

const CHAIN = `chain:aggrid:${ORDERS_LIST_HTML}:3`;

// The refusals of the execution plane over MCP stdio, against the built server on a git copy of the
// fixture: EXEC_* codes, idempotent retries, a hanging gate step, sandbox escape attempts and symlinks
// out of the worktree. Tests run in order and share work A (accepted plan of support/agent-loop-plan).
// The mutation-time collision of two accepted works is in agent-loop-collision.e2e.test.ts.
describe('agent loop refusals over MCP stdio', () => {
  let graph: Graph;
  let fixture: ReturnType<typeof gitFixtureCopy>;
  let client: Client;
  const repoId = testNamespace('agent-neg');
  const call = turnCaller(() => client);
  let ids: { workId: string; agentId: string };
  let worktree: string;
  const recipe = (planNodeId: string, recipeId: string, params: Record<string, unknown>, operationId?: string) => {
    const dir = `.ai/tmp/work/${ids.workId}/artifacts/${planNodeId}`;
    return call({ verb: 'run_automation_recipe', ...ids, args: { recipeId, planNodeId, params, artifactBundleRef: dir, diffSummaryRef: `${dir}/diff.summary.json`, ...(operationId ? { operationId } : {}) } });
  };
  const patch = (planNodeId: string, targetFile: string, edits: Array<Record<string, unknown>>, operationId?: string) =>
    call({ verb: 'apply_code_patch', ...ids, args: { planNodeId, targetFile, edits, ...(operationId ? { operationId } : {}) } });
  const startWork = async (): Promise<{ ids: { workId: string; agentId: string }; plan: PlanGraph }> => {
    const init = await call({ verb: 'initialize_work', originalPrompt: LOOP_PROMPT, args: { lexemes: LOOP_LEXEMES } });
    const schema = init.result.planGraphSchema as PlanGraphSchemaDocument;
    return { ids: { workId: init.workId!, agentId: init.agentId! }, plan: { ...agentLoopPlan(schema.envelope as unknown as EnvelopeValues, CHAIN), knowledgeStrategyId: schema.strategyId ?? 'ui_aggrid_feature' } };
  };
  const usages = async () => (await graph.read(nodesByLabel, { repoId, label: 'RecipeUsage' })).map((r) => r.props).filter((p) => p.workId === ids.workId);

  beforeAll(async () => {
    graph = openTestGraph();
    fixture = gitFixtureCopy(NEGATIVE_GATES);
    await ingestRepository({ graph, root: fixture.root, log: silentLogger, settings: { repoId } });
    ({ client } = await connectClient(fixture.root, repoId));
    const a = await startWork();
    ids = a.ids;
    const early = await call({ verb: 'apply_code_patch', ...ids, args: { planNodeId: 'c-total-column', targetFile: ORDERS_LIST_TS, edits: [{ type: 'replace_text', oldText: LINES.status, newText: LINES.total }] } });
    expect(early.deny?.code).toBe('ILLEGAL_TRANSITION');
    const accepted = await call({ verb: 'submit_execution_plan', ...ids, args: { planGraph: a.plan } });
    expect(accepted.state).toBe('PLAN_ACCEPTED');
    worktree = join(fixture.root, '.worktrees', ids.workId);
  }, 180_000);
  afterAll(async () => {
    await client?.close();
    await cleanNamespace(graph, repoId);
    fixture?.dispose();
    await graph?.close();
  });

  it('applies a patch once when it is retried with the same operationId, and refuses the id for other arguments', async () => {
    const edits = [{ type: 'replace_text', oldText: LINES.status, newText: `${LINES.status}\n${LINES.total}` }];
    const first = await patch('c-total-column', ORDERS_LIST_TS, edits, 'op-neg-total-0001');
    expect(first.result).toMatchObject({ applied: true, operationId: 'op-neg-total-0001' });
    expect(first.result.replayed).toBeUndefined();
    const retry = await patch('c-total-column', ORDERS_LIST_TS, edits, 'op-neg-total-0001');
    expect(retry.deny).toBeUndefined();
    expect(retry.result).toMatchObject({ applied: true, replayed: true, operationId: 'op-neg-total-0001', diff: first.result.diff });
    expect(readFileSync(join(worktree, ORDERS_LIST_TS), 'utf8').split(LINES.total).length).toBe(2);
    const reused = await patch('c-total-column', ORDERS_LIST_TS, [{ type: 'replace_text', oldText: LINES.total, newText: LINES.status }], 'op-neg-total-0001');
    expect(reused.deny?.code).toBe('INVALID_ARGS');
    expect(readFileSync(join(worktree, ORDERS_LIST_TS), 'utf8').split(LINES.total).length).toBe(2);

    // The same for a recipe: one replacement, one recipe_usage event, the retry replays the recorded result.
    const before = (await usages()).length;
    const lexeme = await recipe('c-actor-header', 'replace_lexeme_in_file', { file: ORDER_COLUMNS, from: 'Who', to: 'Actor', expectedCount: 1 }, 'op-neg-actor-0001');
    expect(lexeme.result).toMatchObject({ replacements: 1 });
    const again = await recipe('c-actor-header', 'replace_lexeme_in_file', { file: ORDER_COLUMNS, from: 'Who', to: 'Actor', expectedCount: 1 }, 'op-neg-actor-0001');
    expect(again.deny).toBeUndefined();
    expect(again.result).toMatchObject({ replacements: 1, replayed: true, usageId: lexeme.result.usageId });
    expect((await usages()).length).toBe(before + 1);
    expect(readFileSync(join(worktree, ORDER_COLUMNS), 'utf8')).toContain(LINES.actorHeader);
  });

  it('refuses patches outside the plan binding with structured codes', async () => {
    const cases: Array<[string, TurnResponse, string]> = [
      ['validate node', await patch('v-orders-grid', ORDERS_LIST_TS, [{ type: 'replace_text', oldText: LINES.status, newText: LINES.total }]), 'PLAN_SCOPE_VIOLATION'],
      ['another node\'s file', await patch('c-total-column', ORDER_COLUMNS, [{ type: 'replace_text', oldText: LINES.helpersImport, newText: LINES.helpersImportEsm }]), 'PLAN_SCOPE_VIOLATION'],
      ['path traversal', await patch('c-total-column', `../${ORDERS_LIST_TS}`, [{ type: 'replace_text', oldText: 'a', newText: 'b' }]), 'PATH_REJECTED'],
      ['ambiguous replace_text', await patch('c-route-table', ORDERS_ROUTING, [{ type: 'replace_text', oldText: 'OrderDetailComponent', newText: 'X' }]), 'INVALID_ARGS'],
      ['codemod that changes nothing', await patch('c-route-table', ORDERS_ROUTING, [{ type: 'ast_codemod', codemod: 'rename_identifier_in_file', params: { from: 'absentName', to: 'other' } }]), 'INVALID_ARGS'],
      ['unknown codemod', await patch('c-route-table', ORDERS_ROUTING, [{ type: 'ast_codemod', codemod: 'rm_rf', params: {} }]), 'INVALID_ARGS'],
      ['unknown recipe', await recipe('c-route-table', 'shell', { cmd: 'rm -rf /' }), 'INVALID_ARGS'],
      ['unconfigured gate step', await recipe('c-route-table', 'run_targeted_validation', { step: 'npm-test' }), 'INVALID_ARGS'],
      ['option-like target', await recipe('c-route-table', 'run_targeted_validation', { step: CHECK_STEP, target: '--require=/tmp/x.js' }), 'INVALID_ARGS'],
      ['lexeme in another file', await recipe('c-actor-header', 'replace_lexeme_in_file', { file: ORDERS_ROUTING, from: 'routes', to: 'orderRoutes' }), 'PLAN_SCOPE_VIOLATION'],
    ];
    expect(cases.map(([what, res]) => [what, res.deny?.code])).toEqual(cases.map(([what, , code]) => [what, code]));
    expect(cases[3]![1].deny?.details).toMatchObject({ matchLines: [4, 9, 10] });
    expect(git(worktree, 'diff', '--name-only', '--', ORDERS_ROUTING)).toBe('');
  });

  it('kills a gate step that outlives its timeout and records a failed, timed-out GateRun', async () => {
    const began = Date.now();
    const res = await recipe('c-route-table', 'run_targeted_validation', { step: 'hangs' });
    expect(Date.now() - began).toBeLessThan(20_000);
    expect(res.deny).toBeUndefined();
    expect(res.result).toMatchObject({ recipeId: 'run_targeted_validation', passed: false, timedOut: true, exitCode: null });
    const run = (await graph.read(nodesByLabel, { repoId, label: 'GateRun' })).map((r) => r.props).find((r) => r.id === res.result.gateRunId);
    expect(run).toMatchObject({ stepName: 'hangs', passed: false, timedOut: true, timeoutSeconds: 1, nodeId: 'c-route-table' });
  });

  it('denies a destructive gate step with EXEC_UNGATED_SIDE_EFFECT and leaves the worktree where it was', async () => {
    const head = git(worktree, 'rev-parse', 'HEAD');
    const res = await recipe('c-route-table', 'run_targeted_validation', { step: 'reset-worktree' });
    expect(res.deny?.code).toBe('EXEC_UNGATED_SIDE_EFFECT');
    expect(git(worktree, 'rev-parse', 'HEAD')).toBe(head);
    expect(readFileSync(join(worktree, ORDERS_LIST_TS), 'utf8')).toContain(LINES.total);
    const denied = (await usages()).filter((u) => u.errorCode === 'EXEC_UNGATED_SIDE_EFFECT');
    expect(denied).toHaveLength(1);
    expect(denied[0]).toMatchObject({ outcome: 'denied', recipeId: 'run_targeted_validation', nodeId: 'c-route-table' });
  });

  it('rejects a second work whose plan edits files the first work holds (EXEC_SIDE_EFFECT_COLLISION)', async () => {
    const b = await startWork();
    expect(b.ids.workId).not.toBe(ids.workId);
    const res = await call({ verb: 'submit_execution_plan', ...b.ids, args: { planGraph: b.plan } });
    expect(res.state).toBe('PLANNING');
    // The validator (held reservations) or the acceptance lease check refuses it; either way the code is the collision.
    const codes = (res.deny?.details.codes as string[] | undefined) ?? [res.deny?.code];
    expect(codes).toContain('EXEC_SIDE_EFFECT_COLLISION');
    const evidence = JSON.stringify(res.deny);
    expect(evidence).toContain(ORDER_COLUMNS);
    expect(evidence).toContain(ids.workId);
    // B never got a workspace, and A's worktree is unchanged by B.
    expect(git(fixture.root, 'worktree', 'list')).not.toContain(b.ids.workId);
  });

  describe('run_sandboxed_code escape attempts', () => {
    const sandbox = (code: string, extra: Record<string, unknown> = {}) =>
      call({ verb: 'run_sandboxed_code', ...ids, args: { planNodeId: 'c-route-table', code, returns: { type: 'string' }, ...extra } });
    // Reaches the real `process` past the static preflight (a computed key), so the child process itself is what refuses.
    const escape = (body: string) => `(async () => { const k = ['constr', 'uctor'].join(''); const proc = (() => 0)[k]('return process')(); ${body} })()`;

    it('computes over a declared pack file (the control)', async () => {
      const res = await sandbox('(async () => pack.read(pack.files[0]).split("\\n").filter((l) => l.includes("path:")).map((l) => l.trim()).join("|"))()', { packFiles: [ORDERS_ROUTING] });
      expect(res.deny).toBeUndefined();
      expect(res.result.value).toContain("{ path: ':id', component: OrderDetailComponent");
    });

    it('has no network', async () => {
      const direct = await sandbox("(async () => { const r = await fetch('http://127.0.0.1:9/'); return r.statusText; })()");
      expect(direct.deny).toMatchObject({ code: 'SANDBOX_DENIED', details: { reason: 'preflight' } });
      for (const body of [
        "const g = (() => 0)[k]('return globalThis')(); return String(await g.fetch('http://127.0.0.1:9/'));",
        "return String(proc.getBuiltinModule('node:net').connect(9, '127.0.0.1'));",
        "return String(proc.getBuiltinModule('node:http').get('http://127.0.0.1:9/'));",
        "return String(proc.getBuiltinModule('node:dns').lookup('example.org', () => {}));",
      ]) {
        const res = await sandbox(escape(body));
        expect([body, res.deny?.code, res.deny?.details.reason]).toEqual([body, 'SANDBOX_DENIED', 'access_denied']);
      }
    });

    it('cannot read or write outside the declared pack files, nor spawn processes', async () => {
      const main = join(fixture.root, ORDERS_ROUTING);
      const text = readFileSync(main, 'utf8');
      const traversal = await sandbox("(async () => pack.read('../../../../etc/passwd'))()");
      expect(traversal.deny).toMatchObject({ code: 'SANDBOX_DENIED', details: { reason: 'access_denied' } });
      const undeclared = await sandbox('(async () => "x")()', { packFiles: ['../../../etc/passwd'] });
      expect(['PATH_REJECTED', 'PLAN_SCOPE_VIOLATION']).toContain(undeclared.deny?.code);
      for (const body of [
        "return proc.getBuiltinModule('node:fs').readFileSync('/etc/passwd', 'utf8');",
        `return proc.getBuiltinModule('node:fs').readFileSync(${JSON.stringify(join(fixture.root, ORDER_LINK_RENDERER))}, 'utf8');`,
        `proc.getBuiltinModule('node:fs').writeFileSync(${JSON.stringify(main)}, 'owned'); return 'written';`,
        "return String(proc.getBuiltinModule('node:child_process').execSync('id'));",
        "return Object.keys(proc.env).join(',') || String(proc.binding('fs'));",
        // Raw signals and the inspector switch reach other same-user processes (here the server itself; signal 0 only probes).
        'return String(proc._kill(proc.ppid, 0));',
        'return String(proc._debugProcess(2147483646));',
      ]) {
        const res = await sandbox(escape(body));
        expect([body, res.deny?.code, res.deny?.details.reason]).toEqual([body, 'SANDBOX_DENIED', 'access_denied']);
      }
      expect(readFileSync(main, 'utf8')).toBe(text);
    });

    it('stops an infinite loop at its timeout and a memory blow-up at the cap', async () => {
      let began = Date.now();
      const loop = await sandbox('(async () => { while (true) {} })()', { timeoutMs: 1_000 });
      expect(loop.deny).toMatchObject({ code: 'SANDBOX_DENIED', details: { reason: 'timeout' } });
      expect(Date.now() - began).toBeLessThan(15_000);
      began = Date.now();
      const memory = await sandbox('(async () => { const hog = []; while (true) hog.push(new Array(1e6).fill(hog.length)); })()', { timeoutMs: 20_000 });
      expect(memory.deny).toMatchObject({ code: 'SANDBOX_DENIED', details: { reason: 'memory' } });
      expect(Date.now() - began).toBeLessThan(20_000);
      // Typed arrays live outside the JS heap (--max-old-space-size does not see them); 1 GiB must still be refused.
      const offHeap = await sandbox('(async () => { const keep = []; for (let i = 0; i < 16; i += 1) keep.push(new Uint8Array(64 * 1024 * 1024).fill(1)); return String(keep.length); })()', { timeoutMs: 20_000 });
      expect(offHeap.deny).toMatchObject({ code: 'SANDBOX_DENIED', details: { reason: 'memory' } });
    });
  });

  describe('symlinks out of the worktree', () => {
    it('refuses to patch or rewrite a worktree file that was replaced by a link to the main checkout', async () => {
      const target = join(fixture.root, ORDER_LINK_RENDERER);
      const mainText = readFileSync(target, 'utf8');
      rmSync(join(worktree, ORDER_LINK_RENDERER));
      symlinkSync(target, join(worktree, ORDER_LINK_RENDERER));
      const res = await patch('c-link-button', ORDER_LINK_RENDERER, [{ type: 'ast_codemod', codemod: 'rewrite_template_tag', params: { from: 'a', to: 'button' } }]);
      expect(res.deny?.code).toBe('PATH_REJECTED');
      expect(readFileSync(target, 'utf8')).toBe(mainText);

      const columns = join(fixture.root, ORDER_COLUMNS);
      const columnsText = readFileSync(columns, 'utf8');
      rmSync(join(worktree, ORDER_COLUMNS));
      symlinkSync(columns, join(worktree, ORDER_COLUMNS));
      const lexeme = await recipe('c-helpers-import', 'replace_lexeme_in_file', { file: ORDER_COLUMNS, from: 'textColumn', to: 'plainColumn' });
      expect(lexeme.deny?.code).toBe('PATH_REJECTED');
      expect(readFileSync(columns, 'utf8')).toBe(columnsText);
    });

    const OTHER = 'projects/host/src/app/app.component.ts';
    it('refuses a patch through a link to another worktree file outside the node scope', async () => {
      rmSync(join(worktree, ORDER_COLUMNS));
      symlinkSync(join(worktree, OTHER), join(worktree, ORDER_COLUMNS));
      const otherText = readFileSync(join(worktree, OTHER), 'utf8');
      const patched = await patch('c-helpers-import', ORDER_COLUMNS, [{ type: 'replace_text', oldText: 'AppComponent', newText: 'OwnedComponent' }]);
      expect(patched.deny?.code).toBe('PATH_REJECTED');
      expect(readFileSync(join(worktree, OTHER), 'utf8')).toBe(otherText);
    });

    it('refuses a replace_lexeme_in_file edit through the same link', async () => {
      const otherText = readFileSync(join(worktree, OTHER), 'utf8');
      const lexeme = await recipe('c-helpers-import', 'replace_lexeme_in_file', { file: ORDER_COLUMNS, from: 'AppComponent', to: 'OwnedComponent' });
      expect(readFileSync(join(worktree, OTHER), 'utf8')).toBe(otherText);
      expect(lexeme.deny?.code).toBe('PATH_REJECTED');
    });

    it('refuses a gate step whose cwd is a link out of the worktree', async () => {
      symlinkSync(fixture.root, join(worktree, 'linked-out'));
      const res = await recipe('c-route-table', 'run_targeted_validation', { step: 'linked-cwd' });
      expect(res.deny?.code).toBe('PATH_REJECTED');
      expect(git(fixture.root, 'status', '--porcelain')).toBe('');
    });
  });
});
